/** English function words plus comment filler that never makes a useful topic tag on its own. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all almost also am an and any anyone anything are aren arent as at be because been before being below ' +
    'between both but by can cannot cant could couldn did didn didnt do does doesn doesnt doing don dont done down during each either else even ever every ' +
    'everyone everything few for from further get gets getting got gonna gotta had hadn has hasn hasnt have haven havent having he her here hers herself him ' +
    'himself his how i id if ill im in into is isn isnt it its itself ive just know let lets ll me might mine more most much must my myself need ' +
    'no nor not now of off oh ok okay on once one only or other our ours ourselves out over own re really s same say says said see seem shall she should ' +
    'shouldn shouldnt so some someone something still such t than that thats the their theirs them themselves then there theres these they theyre this ' +
    'those though through thing things to too u under until up upon ur us use used very via want wanna was wasn wasnt way we well were weren what whats ' +
    'when where which while who whom whose why will with without won wont would wouldn wouldnt y ya yall yeah yes yet you youd youll your youre yours ' +
    'yourself youve ve d m o al ah eh hey hi hmm um uh lol lmao lmfao rofl haha hahaha xd omg wow yo bro bruh dude guys guy man people person ' +
    'make makes made also always never go going goes went come comes came look looks like likes liked actually literally basically pretty lot lots ' +
    'time times day today year years watch watching watched video videos vid vids channel youtube comment comments first new back think thought ' +
    'feel feels take took give gave put keep kept maybe sure probably definitely another many etc vs versus ' +
    // Chat shorthand that says how, never what ("cute af", "tbh", "ngl", "fr", "rn", "smh"): no tag
    // beside a topic ("emma, dna, af")
    'af asf tbh tbf ngl fr frfr imo imho smh idk idc btw irl rn ikr istg tho thru jk lmaoo lmaooo hahah ahah ' +
    // Swearing says how strongly, never what about ("Thoughts on Emma" is not tagged "fuck, emma, proud")
    'fuck fucking fucked fuckin shit shitty crap wtf ' +
    // Contractions as tokenise() keys them (apostrophes dropped): "he’s" -> "hes".
    'hes shes whos hows wheres theyll theyve theyd weve wouldve couldve shouldve aint itll thatll ' +
    // The most frequent function words of Spanish, Portuguese, French, German and Italian: mixed-language
    // comment sections otherwise get tags like "de" or "que".
    'de la el los las que en y es lo un una por para con se le les del al su sus mas muy pero como esta este ' +
    'da do das dos em um uma os não nao é e o ao na no com mais mas eu ele ela isso ' +
    'du des et est pas je il elle ne ce qui dans sur au aux une avec pour tout vous nous ' +
    'der die das und ist nicht ich ein eine zu mit den sie es auf von dem auch ' +
    'il di che non per una sono ma si mi ti'
  ).split(' '),
);

/**
 * Words that carry the comment's intent or sentiment rather than its topic ("great", "please").
 * They may appear as tags when nothing better exists, but never become a heading's subject:
 * "Praise for the great" is not a heading.
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set(
  (
    'great good nice awesome amazing love loved loving best better cool thanks thank please pls plz beautiful wonderful excellent perfect ' +
    'fantastic incredible brilliant epic fire lit favourite favorite bad worst terrible awful hate hated boring stupid trash cringe sad ' +
    'funny hilarious question questions request requests help helpful wish hope hoping keep work job content stuff much super ' +
    'absolutely totally honestly seriously truly glad happy enjoyed enjoy enjoying appreciate appreciated agree true right wrong ' +
    // praise given, not its subject ("huge respect", "kudos to the editor", "he's the GOAT")
    'respect kudos props goat ' +
    // exclamations: a reaction, never its subject ("General complaints" may still show "wth"; "wtf"
    // is swearing, a stopword)
    'wth'
  ).split(' '),
);

/**
 * Frequent verbs and adverbs in comments. Without a part-of-speech tagger these keep headings from
 * naming an action as a topic ("Praise for explain"); they remain valid tags.
 */
export const NOT_A_SUBJECT: ReadonlySet<string> = new Set(
  (
    'explain explained explains understand understood learn learned learnt learning help helped helps using use ' +
    'try tried trying start started stop stopped show showed shows tell told call called ask asked find found ' +
    'wait waiting hear heard read write wrote play played playing run running work worked working thank ' +
    'guess mean means meant seem seems hope wish wanted needed loved liked watched making doing getting going ' +
    'saying said talking talk ahead already again almost enough anyway though soon later ago able gonna ' +
    'simple easy hard difficult whole same last next only real big little small long short full free clear ' +
    'different important entire actual certain main old young high low true false ' +
    'together forever instead especially exactly absolute complete total sometimes often usually everywhere ' +
    'somewhere anywhere someday tomorrow yesterday tonight away around past round early late quick quickly ' +
    'fast slow slowly better worse least several ' +
    'insane crazy wild weird strange legendary iconic underrated overrated wholesome brutal savage fake smart ' +
    'dumb toxic random rare ' +
    // prepositions left over from names ("among" from "Among Us") are not topics either
    'among between across through during without within against toward towards upon about above below ' +
    'under behind beyond despite except inside outside since until unless onto into than ' +
    'anymore anyways still ever never always yet also even just really very everytime everyday anytime ' +
    // swearing, exclamations and chat noise are what people say, never what they talk about
    // ("bloody hell", "what the heck")
    'fuck fucking fucked shit shitty damn dammit crap wtf lol lmao omg bruh bro dude ' +
    'hell heck gosh jeez geez dang darn ' +
    // nouns that point at what follows them ("the fact that…", "the amount of talent", "the kind of
    // video"): the topic is that, not them ("Complaints about the fact and the child")
    'fact amount kind sort reason lack bunch ton ' +
    // units of time ("2 hours ago", "the last minute") and forms of address ("thank you mam")
    'hour minute min sec second week month sir mam maam madam ' +
    'ass asses asshole assholes bitch bitches dick dicks bastard bullshit piss pissed'
  ).split(' '),
);

/** A word that names no thing: a describing or function word (NOT_A_SUBJECT) or a verb or adverb form. */
export function namesNoThing(word: string): boolean {
  return NOT_A_SUBJECT.has(word) || /(?:ed|ly|ing)$/.test(word);
}

/**
 * Short forms and other spellings viewers write for a word (keys, a plural already folded: "subs"
 * -> "sub"). A heading names one of the two, never both: a cluster of "he deserves more subs" and
 * "deserves more subscribers" is not "Praise for subs and subscribers".
 */
const SHORT_FORMS: ReadonlyMap<string, string> = new Map([
  ['sub', 'subscriber'],
  ['subbie', 'subscriber'],
  ['vid', 'video'],
  ['pic', 'picture'],
  ['cam', 'camera'],
  ['mic', 'microphone'],
  ['convo', 'conversation'],
  ['ep', 'episode'],
  ['info', 'information'],
  ['intro', 'introduction'],
  ['bday', 'birthday'],
  ['fav', 'favorite'],
  ['fave', 'favorite'],
  ['favourite', 'favorite'],
  ['colour', 'color'],
]);

/** A word's full form (its key when it has none): "sub" and "subscriber" are one word to a heading. */
export function fullForm(key: string): string {
  return SHORT_FORMS.get(key) ?? key;
}

/**
 * Abstract nouns English names without an article ("Thoughts on life", "Opinions on religion"): one
 * "this life" among three uses would make "Thoughts on the life". They take "the" only when most uses do.
 */
export const ABSTRACT_NOUNS: ReadonlySet<string> = new Set(
  (
    'life love death money religion politics humanity society happiness freedom faith peace ' +
    'karma success education health history science nature reality justice racism war'
  ).split(' '),
);

/**
 * Things a video and its comments talk about that English names with an article ("Praise for the
 * tutorial", "Thoughts on the bot"), also when viewers mostly write them without one ("great
 * tutorial", "bot lol"). Mass nouns ("music", "editing", "content", "advice") are not here.
 */
export const COUNT_NOUNS: ReadonlySet<string> = new Set(
  (
    'tutorial teacher lecturer instructor lecture course lesson class video intro outro ending beginning ' +
    'song track album beat thumbnail title caption bot program script function method variable loop ' +
    'tag file folder website app browser editor compiler library framework project youtuber creator ' +
    'host guest narrator presenter streamer channel series episode season chapter part game map mod ' +
    'level boss character movie film trailer book camera mic microphone phone laptop computer keyboard ' +
    'background voice accent face shirt hoodie outfit kid baby dog cat car house recipe dish ' +
    'challenge prank collab giveaway contest list ranking tier vlog podcast interview speech ' +
    'explanation example question answer comment picture photo photograph pic selfie drawing painting ' +
    'account profile password server'
  ).split(' '),
);
