/**
 * Cue patterns for the offline intent classifier. Every pattern runs on normalised text (lower case, squeezed
 * letter repeats, straight quotes, single spaces); see normaliseForIntent in classify.ts.
 * Cues were written from the guideline (docs/intent-guideline.md) and the dev set's tune split only.
 */

/** Verbs a viewer asks a creator to do. */
const DO =
  '(make|do|upload|post|share|create|film|record|start|continue|keep|react|review|cover|explain|show|teach|try|add|bring|consider|include|put|release|drop|fix|change|turn|stop|remove|redo|sort|zoom|slow|speak|talk|go|play|visit|test|compare|collab|collaborate|invite|interview|tackle|read|sing|build|give|tell|link|send|email|upload|publish|update|mention|answer|tutorial)';

/** Things a viewer asks for. */
const CONTENT =
  '(video|videos|vid|vids|part|episode|ep|series|tutorial|tutorials|one|more|another|sequel|follow ?up|season|stream|livestream|collab|reaction|review|version|course|playlist|guide|q ?& ?a|qna|vlog|song|cover|mixtape|album)';

/**
 * Requests in other languages: Japanese ("…てください", "お願いします", "…てほしい"), Chinese ("请多…",
 * "求更新", "能不能出…"), Korean ("…주세요", "부탁드려요"), and "make a video", "could you make…",
 * "keep making videos", "when is part 2" in Spanish, Portuguese, French, German, Italian and
 * Indonesian, Hindi and Arabic, Vietnamese's "mong anh làm…" and "cho em xin", and Tagalog's "pa
 * shout out" and "gawa kayo ng …". Neither learned model can read these (USE-lite's pieces are
 * English, and the dev set holds few such comments), so a match the rules keep overrides them
 * (foreignRequest in classify.ts).
 */
export const FOREIGN_REQUEST: readonly RegExp[] = [
  /(?<![\p{L}\p{N}_])(?<!\b(tu|vous|je|j'ai|ai|on|il|elle|qui|que|eu|ele|ela|voc[eê]|du|er|sie|es|ich|wir|io|lui|lei|[ée]l|ella|yo) )((haz|hagan|haga|fa[cç]a|fa[cç]am|faz|fais|faites|fai|fate|mach|macht)( (tu|vous|ihr|sie))? (un|una|uma|um|une|des|ein|eine|mais|m[aá]s|plus|mehr|pi[uù]|otro|otra|outro|outra|altri|altro|v[ií]deos?|vid[eé]os?)|(podr[ií]as|podr[ií]an|puedes|pueden|poderia|poderiam|pode|podia|pourrais|pourriez|peux|pouvez|potresti|potreste|puoi|potete)([- ](tu|vous|voc[eê]s?))?[- ](hacer|fazer|faire|fare|subir|postar|mostrar|explicar|gravar|grabar)|(kannst|k[oö]nntest|k[oö]nnt|k[oö]nnen) (du|ihr|sie)\b[^.?!]{0,40}\b(machen|zeigen|erkl[aä]ren|drehen|hochladen)|(bikin|bikinin|buatin|buat) (video|konten|part|tutorial|lagi)|(sigue|sigan|segue|continua|continue|continuem|contin[uú]a|continuez|continuate|weiter) (haciendo|subiendo|creando|fazendo|postando|trazendo|faire|à faire|a fare|so)( (m[aá]s|mais|plus))? (videos|v[ií]deos|vid[eé]os|contenido|conte[uú]dos?|ce genre|das)|(cu[aá]ndo|quando|quand|wann)\b[^.!]{0,30}\b((parte|partie|teil) ?(2|dos|dois|deux|zwei|due)|(segunda|seconde|zweite[rn]?|seconda) (parte|partie|teil)))(?![\p{L}\p{N}_])/u,
  /(कृपया|बनाइए|बनाइये|बनाओ|बनाएं|बनाये|من فضلك|أرجو|ارجو|ياريت|يا ريت|(اعمل|سوي|سوّي|نزل|نزّل) (فيديو|فديو|حلقة))/u,
  /(ください|下さい|お願いします|おねがいします|お願い致します|てほしい|て欲しい)/u,
  /((请|請)(你|您|多|继续|繼續|再|出|做|拍|更新|一定|翻译|翻譯)|求(更新|出|翻译|翻譯|教程|续集|續集)|(能不能|可不可以)(出|做|拍|翻|教|更新|再))/u,
  /(주세요|부탁(드려요|드립니다|해요|합니다))/u,
  // Vietnamese: "hope you make / react / give …" ("mong anh làm…", not "mong Mono sẽ…", about someone
  // else), "give me the link / name" ("cho em xin"), "can you … ?" ("anh có thể … được không"), an
  // episode asked for ("tập 6 luôn nha"), and a making verb closed by "đi"/"nha"/"nhé" and a word
  // to the creator ("làm nốt tập 6 luôn đi anh", "p2 đi ạ", stretched "luôn điii anhh"; not "nên đi làm
  // thám tử đi", to a viewer)
  /(?<![\p{L}\p{N}_])((mong|hy vọng|hi vọng) (anh|chị|bạn|a|c|chú|kênh|ad|các anh) (làm|ra|cho|react|reaction|rect|tiếp tục|quay|up|đăng|share)|cho (em|mình|tôi|e|m|t|cháu) xin|(có thể|để|share|up)[^.!?\n]{0,60}(được|đc) (không|ko|k|hok|hông)|(tập|phần|part|p|ep) ?\d+ (luôn|đii?|nhaa?|nhée?)|(làm|ra|quay|up|đăng|react)[^.!?\n]{0,40}? (đii?|nhaa?|nhée?) (ạ|anhh?|chị|chú|ad|a|em)(?![\p{L}\p{N}_]))/u,
  // Tagalog: a shout-out asked for ("pa shout out", "shout out po", "shout out idol"; not thanks "sa pa
  // shout out", for one given),
  // "play / cook / make … (please)" ("laro ka po ulit", "magluto naman kayo ng …", "gawa kayo ng …"),
  // "hope you notice / make …" (not "sana all", a meme)
  /(?<![\p{L}\p{N}_])(?<!\b(sa|for|the) )(pa ?shout ?out|pa-shout ?out|shout ?out (naman|po|idol)|sana (ma-?notice|mapansin|gumawa|gawa|next)|(laro|luto|magluto|gawa|gumawa|mag-?vlog) (ka|kayo|naman|po kayo|ulit))(?![\p{L}\p{N}_])/u,
];

/** Request: asks the creator to do something (new content, a change, a fix). */
export const REQUEST_CUES: readonly RegExp[] = [
  // please/pls + a verb or content ("please do a part 2", "pls share some more", "plz make more")
  new RegExp(`\\b(please|pls|plz|plzz|plss|pleas|plis|kindly)\\b[^.!?]{0,40}?\\b${DO}\\b`),
  new RegExp(`\\b${CONTENT}\\b[^.!?]{0,15}\\b(please|pls|plz)\\b`),
  new RegExp(`\\b(please|pls|plz)\\b[^.!?]{0,25}\\b(part|season|episode) ?(2|two|3|three|ii)\\b`),
  // can/could/would/will you (please) make/do ... ("Can you make a video on X?")
  new RegExp(
    `\\b(can|could|would|will|cant|can't|won't|wont) (you|u|ya|you guys|y'all|yall|ye)( please| pls| plz| maybe| possibly| guys| also| ever)? ${DO}\\b`,
  ),
  /\b(can|could) (we|i|us) (get|have|see|request) (a|an|more|another|the|part|some|season|episode|video|same|this|that|one|something|similar)\b/,
  new RegExp(
    `\\b(can|could|will|would) (?!you|u|we|i|someone|somebody|anyone|anybody|it|this|that|there|they|he|she|they)[a-z]+ (please )?(show|make|do|explain|teach|review|react|try|cover)( us)?\\b`,
  ),
  /^(can|could) (you|u|you guys|y'all) [a-z]+ ?\?/,
  /\b(would|will) (you|u) (ever )?(be )?(interested in|consider|mind)\b/,
  // you should / you guys should / you need to (advice to the creator)
  /\b(you|u|you guys|y'all|yall|ya) (should|need to|gotta|have to|must|ought to)\b(?! (have|of|'ve|be ashamed|know|see|check your|watch))/,
  /\b(you|u) (could|might) (also )?(try|consider|make|do|increase|improve|add|use|speak)\b/,
  // wishes and hopes addressed to the channel
  /\bi (really |just )?(wish|hope) (you|u|he|she|they|we|there (is|was|were|will be)|(?!i\b)[a-z]+) (would|will|could|can|did|start|make|do|go|bring|get|had more|were more|uploaded|continue|keep|tackle|review|react|try)\b/,
  /\bi wish there (were|was) more\b/,
  /\bhopefully (you|u|he|she|they) (can|will|could|do|make|tackle|review)\b/,
  /\b(i'd|i would|i'd really|i would really|we'd|we would) (love|like|want|enjoy) (to see|to watch|to hear|if you|you to|a|an|more|another)\b/,
  /(?<!what )\bi (really |just )?(want|wanna|need) (to see|to watch|you to|more|a part|another|part)\b/,
  /\bi (request|suggest|recommend) (you|u|that|for|a|an|the|making|doing)\b/,
  /\b(we|i) (need|want|deserve|demand) (a |an |more |another )?(part|season|episode|sequel|video|vid|more|series|update|follow ?up|collab|tutorial)/,
  /\b(we|i) need more\b/,
  /\bneed (a )?(part|season) ?(2|two|3|three)\b/,
  new RegExp(
    `\\b(make|do|upload|bring|post|give us|need) (a |an |some )?(more|another|part 2|part two|next|second|new|updated|follow ?up|sequel)\\b`,
  ),
  new RegExp(
    `\\b(make|do|upload|post|film|record) (a |an )?(video|tutorial|series|episode|one|vid|part|review|reaction|vlog) (on|about|of|for|with|explaining|covering|where|reviewing|reacting)\\b`,
  ),
  /\b(part|episode|season) ?(2|two|3|three|ii)\b[^.!]{0,20}(\?|please|pls|plz|soon|when|need|want|waiting)/,
  /\b(when|how soon|how regular|how often) (is|will|are|does|do|can|'s|s|would|should|are you|r u)\b[^.!?]{0,25}\b(next|new|part|episode|upload|uploads|video|videos|season|collab|coming out|come out|come back|coming back|return|be back|continue|resume)\b/,
  /\bwill there be (a |an |another )?(part|season|episode|sequel|follow ?up|video|more)\b/,
  /\b(more|another) (of (these|this|that)|videos?|vids?|content|tutorials?|episodes?|of this kind)( like this)?( please| pls| plz|\?)/,
  /\b(keep|continue) (doing|making|posting|uploading|these|this series|the series|us updated|to keep us|publishing)\b/,
  /\bplease continue\b/,
  // imperatives at the start of a sentence ("Try X", "React to Y", "Do one on Z")
  /(^|[.!?] )(try|react to|review|cover|do (a|an|one|more)|make (a|an|one|more)|bring back|add|consider|stop|upload|show us|teach us|explain|go back to|collab with|play)\b(?! (my|me|our) channel)/,
  /\b(how about|what about) (a |an |doing|making|the name|you|reviewing|reacting|some|trying|more|another)\b/,
  /\bwould it (also )?be (good|nice|cool|great|possible) (to|if)\b/,
  /\bhave you (ever )?(heard of|tried|considered|thought about|seen)\b/,
  /\b(next|new) (video|episode|vid|collab|tutorial|review)\b[^.!]{0,20}\b(should|could|would|please|pls)\b/,
  /\b(next|new) (video|episode|vid|tutorial) (on|about)\b[^.!]{0,30}\?/,
  /\b(soon|next)\s*\?/,
  // suggestions put impersonally, as feature requests are ("It would be nice if...", "Allow users to...",
  // "There should be an option...", "We need a way to..."): the same asks a viewer makes of a channel
  /\b(would|'d|could|might) (also |really |definitely |honestly )?be (a |really |so |very |super |much |a lot |even |also |way |[a-z]+ly )?(nice|great|cool|awesome|helpful|useful|good|better|amazing|interesting|handy|convenient|wonderful|fun|lovely|welcome|ideal|neat|fantastic|beneficial|perfect|appreciated)( idea)?,? (if|to [a-z]+|for you to)\b/,
  /\bit (will|'ll) be (a |very |really |so |super )?(nice|great|good|useful|helpful|cool|awesome|better)( idea)? if (you|u|we|there|they|users?|developers|the|it (could|can|would))\b/,
  /\b(i|we)('d| would)( really)? like to be able to\b/,
  /\b(i|we)('d| would)( really)? (like|love) (you|u|them|him|her|the [a-z]+|[a-z]+ (team|devs|developers)) to\b/,
  /\b(should|needs to|has to|must) (also )?(include|add|allow|support|offer|let (us|me|users|you))\b/,
  /\bshould (also )?have (the option|an option|an? (button|setting|toggle|option|feature|way|mode|filter))\b/,
  /\bneeds? to be (fixed|changed|improved|addressed|added|updated|patched)\b/,
  /\b(support|option|feature|button|setting|mode|integration|version) (for [a-z]+ )?would be (really |very |so )?(great|nice|awesome|cool|helpful|useful|appreciated|welcome)\b/,
  /\b(how about|what about) (allowing|adding|having|letting|giving|supporting|an option)\b/,
  /\bi (would |'d )?(strongly |highly |really )?(suggest|propose) (to|adding|that)\b|\bi (strongly|highly) recommend (to|that|adding)\b/,
  /(^|[.!?] )(please |also |and )?(include|improve|let (us|me) (?!know)|offer|integrate|reduce|increase) /,
  /(^|[.!?] )(please |pls |plz |also |and )?(allow|enable|provide(?! me)|implement|introduce|expand|give us|make it (possible|easier|so))\b/,
  /\bplease (allow|enable|provide(?! me)|implement|introduce|expand|support|improve|let us)\b/,
  /\bthere (should|needs to|ought to) be (a|an|some|more|the option|an option|a way|the ability|support)\b/,
  /\b(we|i|users|developers|people|viewers) (need|want|would like|'d like|would love|'d love) (a|an|the|some)? ?(way|option|ability|feature|button|setting|toggle|mode|choice|possibility) to\b/,
  /\bneed (an|a|the) (option|way|button|feature|setting|ability|toggle|mode) to\b/,
  /\b(my|one|a|another|small|quick|a small|a quick) suggestion\b|\bsuggestion ?:/,
  /\bshould (also )?(be (made (easier|possible|available)|added|included|optional|customi[sz]able)|have (the option|an option|the ability|support for))\b/,
  // non-English requests (only common, unambiguous forms)
  /\b(por favor|porfavor|porfa|s'il (te|vous) pla[iî]t|bitte|per favore|tolong|lütfen)\b/,
  /(пожалуйста|сделай|сделайте|сними|снимите)/u,
  /(?<![\p{L}\p{N}_])(haz|hagan|fa[cç]a|fa[cç]am) (un|uma|mais|m[aá]s)(?![\p{L}\p{N}_])/u,
  /\bnext video (kab|kb)\b/,
  // Hinglish (Hindi in Latin letters): "ek video iPhone pe bhi banao", "part 2 bana do", "upload karo"
  /\b(banao|bana do|banaiye|banaye|banayein|bana dijiye|upload karo|dalo|daal do|lao)\b/,
  /\b(làm|lam) (video|clip)\b/,
  ...FOREIGN_REQUEST,
];

/** Phrases that look like requests but are not (spam, general pleas, notes). Checked before REQUEST_CUES. */
export const NOT_REQUEST: readonly RegExp[] = [
  /^.*\b(my|our) (channel|page|insta|instagram|tiktok)\b.*$/,
  /\b(sub(scribe)?( to)?|check out|visit|watch|go to) (to )?(my|me|our)\b/,
  /\b(please|pls|plz) (help|pray|note:|like|someone|anyone|somebody|reply|respond|forgive|don't judge)\b/,
  /\bplease note:/,
  /\b(please|pls|plz|can you|could you|can u)( please| pls)? (tell|explain to|show) me (why|how|what|where|if|whether)\b/,
  /\bneed more (tips|help|advice|practice|time|info)\b/,
  // "my channel" in Japanese, Chinese and Korean ("私のチャンネルも見てください"), "please watch" and "please subscribe"
  /^.*(私の|僕の|俺の|うちの|我的|제|내) ?(チャンネル|频道|頻道|채널).*$/u,
  /(見て|観て|チャンネル登録)(ください|下さい|お願いします)|(봐|시청해|구독[^.!?]{0,20}) ?주세요|(请|請)(看|订阅|訂閱)/u,
];

/** Question: seeks information or help. */
export const QUESTION_START =
  /(^|[.!?:] |\n)(how|what|whats|what's|why|where|when|which|who|whom|whose|is|are|am|was|were|does|do|did|doesn't|dont|don't|didn't|can|could|should|shall|will|would|has|have|anyone|anybody|any one|somebody|someone|is there|are there|hey can|hi can|any tips|any idea|any ideas|any suggestions)\b/;

export const QUESTION_CUES: readonly RegExp[] = [
  /\b(please|pls|plz|plzz|kindly|somebody|someone|anyone|any|can you|could you|can u|could u|pls someone)\s*help\b/,
  /\bhelp (me|please|pls|plz|needed)\b/,
  /^help\b/,
  /\b(can|could) (someone|somebody|anyone|any one|you) (tell|explain|answer|help)\b/,
  /\b(i have|i've got|got) (a|one|some) (question|doubt|query|problem|issue)\b/,
  /\b(i was wondering|i am wondering|i'm wondering|my question is|quick question|may i ask|can i ask|i want to know|i wanna know|i'd like to know|i would like to know|want to know (why|how|what|where|if|whether))\b/,
  /\b(but|so|and|also|then) (can|could|do|does|did|is|are|will|should) (you|u|i|we|it|this|there) (?!believe|imagine)[a-z]+[^.!]{0,60}(\?|$)/,
  /\b(am i|did i) (doing|do|missing|miss|do anything|doing anything|doing something)\b/,
  /\bwhat (should|do|can) i do\b/,
  /\b(doesn't|doesnt|does not|dont|don't|didn't|didnt|did not|won't|wont|isn't|isnt|is not|not) (work|working|run|running|compile|compiling|show|showing|load|loading|open|opening)( for me| on my)?\b/,
  /\b(error|errors|exception|bug|undefined|cannot be resolved|could not be resolved|couldnt be resolved|couldn't be resolved|not declared|cannot find|can't find|couldnt find|couldn't find|cannot run|unresolved|not recognized|nothing happens|it says|it shows|shows nothing|throws)\b[^.]{0,80}(\bhelp\b|\?|what|why|how|fix|anyone)/,
  /\b(error|exception|cannot be resolved|could not be resolved|couldnt be resolved|couldn't be resolved|not declared|cannot run|unresolved|not recognized|red underline|red line|no build button)\b/,
  /\b(i'm|im|i am) (having|getting) (an? )?(issue|problem|error|trouble)\b/,
  /\b(is it (ok|okay|possible|necessary|worth|bad|good|safe|right|true)|is that (right|true|correct|bad|ok))\b/,
  /\bsong\s*\?/,
  /\b(how (do|can|could|would|should|did) (i|we|one)|what (do|should|can|would) i|(will|would|do|should|can|could|must) i (need|have to|be able|use|get|do|start|learn|install|download|watch|know)|is there (a|any) (way|difference|reason|alternative|version|link|source)|how to (get|make|do|fix|use|install|run|change|download|solve|add|set|create|learn)|what is the (difference|name|point|best way)|any (way|idea|ideas|advice|tips|suggestions) (to|on|how|for)\b)/,
  /\bname of (the|this|that) (song|music|track|game|app|program|software|font|editor)\b/,
  /^\s*(song|music|game|app|editor|font|ide|mic|camera)\s*(name)?\s*\??\s*$/,
  // Japanese "…ですか" / "…ますか", Chinese "…吗" / "请问" asked without a question mark; Russian "подскажите" (tell me)
  /(подскажите|подскажи)/u,
  /(ですか|ますか|でしょうか|吗|嗎)(?=[\s。.,，!?]|$)|(请问|請問)/u,
];

/** Question-shaped phrases that are not real questions (roll calls, rhetorical praise). */
export const RHETORICAL: readonly RegExp[] = [
  /\bwho('s| is| else|s)? (here|watching|still|listening|came|else)\b/,
  /\bwho else\b/,
  /\b(can|could) we (all )?(agree|take a (moment|second|minute)|just|appreciate|talk about)\b/,
  /\bam i the only one\b/,
  /\bhow (is|are|does|do|did|has|have) (this|these|he|she|they|it|you|u|his|her|this guy|this man|this woman|this channel|this video|nobody|no one|no1)\b[^?]{0,40}\b(so|not|still|only|even|always|never|this)\b[^?]{0,30}\b(good|great|amazing|underrated|famous|funny|talented|beautiful|perfect|popular|viral|relaxing|satisfying|well|calming|awesome|cute|more)\b/,
  /\bwhy (am i|is this|are these|did i|do i)\b[^?]{0,40}\b(crying|laughing|so (good|funny|satisfying|addictive|relaxing)|watching|addicted|smiling|enjoy)\b/,
  /\bwhat (a|an) [a-z]+( [a-z]+)?\s*[!?]/,
  /\b(right|innit|isn't it|ain't it|no)\s*\?+\s*$/,
  /\bwho (needs|cares|asked)\b/,
  /\bhow else\b/,
  /\b(nobody|no one|no1)('s| is)? (gonna|going to) (talk|mention)\b/,
  /\b(aren't|arent|isn't|isnt) (we|it|this|that|he|she|they) (all )?(so )?(fortunate|lucky|amazing|great|beautiful|crazy|funny|wild|insane)\b/,
  /\bever heard of\b/,
  /\bhow come (you|u|they|he|she) (don't|dont|didn't|didnt|never|won't|wont|can't|cant)\b/,
  // tag questions and "you know?" invite agreement, they do not ask
  /, ?(did|do|does|is|are|was|were|isn't|aren't|didn't|don't|doesn't|wasn't|won't|wouldn't|can't|right|no|eh) ?(they|it|he|she|you|we|i|there)?\s*\?+\s*$/,
  /\b(you know|amirite|ammirite|am i right|innit)\s*\?+\s*$/,
  /\b(why would anyone|why would you|how (the (fuck|hell|heck) )?(did|does|is|has) (this|it) (get|have|even|still))\b/,
  /^i wonder\b/,
  /\b(y'all|yall|you all) (ever|remember)\b/,
];

/**
 * Complaints in other languages: boring, bad, awful, a waste of time, "I didn't like it" (Spanish,
 * Portuguese, French, German, Italian, Dutch, Polish, Turkish, Indonesian; Russian; Japanese,
 * Chinese, Korean; Hindi, Arabic, Persian). The learned models cannot read them: USE-lite's
 * vocabulary is English pieces and the dev set holds few such comments, so "Pésimo video" and "No
 * me gustó el video" were Praise, positive. A match that the rules keep (not negated, no request or
 * question first) overrides the models (foreignComplaint).
 */
export const FOREIGN_CRITICISM: readonly RegExp[] = [
  /(?<![\p{L}\p{N}_])(aburrid[oa]s?|malísim[oa]|no me gust[oóa]|no me ha gustado|p[eé]s?sim[oa]s?|(muy|tan|qu[eé]|bien|bem|muito) mal[oa]|decepcionante|una basura|qu[eé] basura|una porquer[ií]a|p[eé]rdida de tiempo|muito ruim|muy ruin|chat[oa] demais|muito chat[oa]|horr[ií]vel|n[aã]o gostei|perda de tempo|uma merda|nul|nulle|c'est nul|ennuyeu(x|se)|d[eé]cevant|perte de temps|schlecht|langweilig|schrecklich|entt[aä]uschend|zeitverschwendung|noios[oa]|deludente|non mi [eè] piaciut[oa]|fa schifo|saai|slecht|nudn[ey]|beznadziejn[ey]|kiepsk[iea]|çok kötü|(video|bölüm) kötü|kötü (video|bölüm)|berbat|sıkıcı|rezalet|beğenmedim|jelek|payah|membosankan)(?![\p{L}\p{N}_])(?! değil)/u,
  /(?<![\p{L}\p{N}_])(?<!не )(скучн[оыа]я?|ужасн[оыа]|отстой|не понравил[оса]сь|разочарован[оаы]?|фигня|хрень)(?![\p{L}\p{N}_])/u,
  // Japanese, Chinese, Korean: boring, the worst, disappointed, trash, a waste of time (Chinese
  // 无聊 and 失望 only as a judgement, "so boring", "very disappointed": alone they also tell a story)
  /(つまらない|つまんない|最悪|がっかり|時間の無駄|(太|好|很|真|超|非常)(无聊|無聊|难看|難看)|(无聊|無聊)死|(太|好|很|真|令人|有点|有點)失望|垃圾|浪费时间|浪費時間|노잼|최악|실망|시간 ?낭비)/u,
  // Hindi, Arabic and Persian in their own scripts: the Hinglish judgements below ("bakwas",
  // "bekar", "ghatiya", "time waste") and boring, the worst, a waste of time; not after an Arabic
  // "not" ("ليس مملا") or before a Hindi one ("बकवास नहीं है")
  /(?<!ليس |مش |غير |مو |لا )(बकवास|बेकार|घटिया|फालतू|फ़ालतू|समय की बर्बादी|टाइम वेस्ट|سيء جدا|سيئ جدا|ممل|مضيعة للوقت|أسوأ|اسوأ|خیلی بد|مزخرف)(?! नहीं| नही)/u,
];

/** Criticism aimed at the video, creator or product: counts unless negated ("not boring"). */
export const DIRECT_CRITICISM: readonly RegExp[] = [
  // Hinglish: useless, nonsense, worthless, shoddy (judgements of their own)
  /\b(bekar|bekaar|bakwas|bakwaas|faltu|ghatiya|time waste)\b/,
  ...FOREIGN_CRITICISM,
  /\b(disappointed|disappointing|disappointment|let down|letdown|unsubscribed|unsubscribing|unsubbed|dislike button|thumbs down|clickbait|click bait|unwatchable|waste of (my )?time|wasted my|you (goofed|messed up|screwed up|got it wrong|are wrong|'re wrong|re wrong)|goofed|not for beginners|hard to (follow|understand|hear|see|read)|bad (video|tutorial|content|quality|audio|editing|explanation|advice|review|take|movie|game|song|product|phone|episode|teacher|acting|writing)|boring|cringe|cringy|cringey|overrated|overpriced)\b/,
  /\btoo (long|short|fast|slow|loud|quiet|much talking|many ads|repetitive|expensive|complicated|confusing|basic|dark|quick)\b/,
  /\b(you|u|he|she|they) (made|make|have|had) (a |an |some )?(mistake|mistakes|error|errors|typo|typos)\b/,
  /\b(there('s| is| are) (a |an )?(mistake|error|typo|bug)|(mistake|error|typo) (at|in|on) (timestamp|the video|line|slide|minute))\b/,
  /\bshould (have|'ve) been\b/,
  /\b(this|the|your|ur|that) (video|vid|tutorial|content|editing|audio|sound|mic|music|voice ?over|translation|intro|thumbnail|title|ending|explanation|lesson|quality|camera|lighting|episode|series|channel|movie|film|trailer|game|phone|product|update|design|skit|song|album|show|remake|season|acting|plot)\b[^.!?]{0,30}\b(is|was|are|were|sucks|sucked|looks|sounds|feels|got|gets|seems|seemed)\b[^.!?]{0,25}\b(bad|terrible|awful|horrible|annoying|boring|trash|garbage|worse|worst|poor|weak|off|wrong|confusing|misleading|cringe|mid|meh|lame|slow|rushed|disappointing|overrated|overpriced|pathetic|stupid|dumb|ridiculous|a joke|a mess|a waste|useless|pointless)\b/,
  /\b(i|we) (don't|dont|do not|didn't|didnt|did not) (like|get|enjoy|understand) (this|the|your|his|her|their|it|that)\b/,
  /[👎🤮🤢💩😡😠🤬🙄]/u,
  // a judgement with a copula: "this is so boring", "the ending was terrible" (not "i'm so lazy")
  /(?<!\b(i|i'm|im|i am|we|we're|i was|we were) )\b(is|are|was|were|'s|s|looks|look|sounds|sound|seems|feels|gets|got) (so |really |very |pretty |kinda |kind of |absolutely |just |honestly |actually |literally |such )*(a |an )?(bad|terrible|awful|horrible|trash|garbage|boring|annoying|overrated|overpriced|cringe|cringy|mid|lame|pathetic|useless|ridiculous|disappointing|unwatchable|worse|the worst|a joke|a mess|a waste|a scam|misleading|stupid|dumb)\b/,
  /\b(don't|dont|do not|never) (buy|waste your|bother|recommend)\b/,
  // wishes about what the video or product should have been ("i wish they expanded on", "i wish it was more like")
  /\bi (really |just )?wish (they|you|u|it|this|the video|the movie|the game|he|she) (had|was|were|would have|'d have|expanded|included|explained|showed|covered|went|spent|talked|made|used|kept)\b/,
  /\b(you|u)('ve| have| had)? (forgot|forgotten|missed|skipped|left out)\b/,
  /\b(doesn't|doesnt|does not|don't|dont|didn't|didnt) (look|sound|seem|feel|taste|work) (good|great|right|appealing|tasty|well|properly)\b/,
  /\bi (hate|can't stand|cant stand) (when|how|that|it when|this|these|the way|his|her|their)\b/,
  /\b(would|could|should) (have|'ve) been (better|shorter|longer|explained|mentioned|included)\b/,
  /\bhow come (you|u|they|he|she) (don't|dont|didn't|didnt|never|won't|wont|can't|cant)\b/,
  /\b((is|was|are|were|'s|s) not|isn't|isnt|wasn't|wasnt|aren't|arent) (that |very |really |even |at all )?(good|great|funny|worth it|worth watching|helpful|interesting|accurate|correct|true|clear|entertaining)\b/,
  /\b(why would anyone|why would you|how (the (fuck|hell|heck) )?(did|does|is|has) (this|it) (get|have|even|still))\b/,
];

/** Negative judgement words in general: Criticism only when the whole comment reads negative. */
export const GENERAL_CRITICISM: readonly RegExp[] = [
  /\b(wack|whack|shameless|worst|terrible|horrible|awful|atrocious|pathetic|garbage|trash|rubbish|crap|crappy|shitty|sucks|suck|sucked|lame|annoying|irritating|useless|pointless|ridiculous|stupid|dumb|idiotic|disgusting|disgrace|disgraceful|embarrassing|unbearable|mediocre|meh|mid|misleading|scam|ripoff|rip off|lazy|sloppy|poorly|badly|hypocrisy|hypocrite|hypocrites|bs|bullshit|nonsense|non-sense|shame on|lies|liar|liars|greedy|inferior|waste|wasted|ugly|mess|fail|failed|failure|flop|joke)\b/,
  /\b(bad|worse|poor|weak|confusing|rushed|monotonous|unclear|misses|lacks|lacking|(is|are|was|were|got it|you're|youre|'s|s) (so |totally |completely |just )?wrong)\b/,
  /\b(hate|hated|dislike|disliked|can't stand|cant stand|don't like|dont like|didn't like|didnt like|do not like|not a fan|not good|not great|not funny|not worth|isnt great|isn't great|isn't good|isnt good|wasn't good|wasnt good|not impressed|not helpful|no sense|doesn't make sense|doesnt make sense|makes no sense|don't get|dont get)\b/,
  /\b(mistake|mistakes|typo|typos|error|errors|incorrect|inaccurate|misinformation|misspelled|mispronounced|you forgot|you missed|not true)\b/,
  /\b(way too|what a waste|why would anyone|nobody asked|no one asked|who asked|steal|stole|stolen|copied|copying|rip-off|scammed)\b/,
];

/**
 * Praise in other languages: Hinglish, the commonest praise of Latin-script languages (Vietnamese,
 * Tagalog and Indonesian thanks too), and Russian, Japanese, Chinese, Korean, Thai, Hindi, Bengali,
 * Arabic and Persian. The learned sentiment models cannot read most of it ("Muito bom o vídeo",
 * "谢谢分享" were neutral), so praise the rules read from these cues is positive where they say
 * neutral (foreignPraise in classify.ts).
 */
export const FOREIGN_PRAISE: readonly RegExp[] = [
  // Hinglish: "maza aa gaya", "bahut accha laga", "shandar", "kamaal"
  /\b(maza aa gaya|mazaa aa gaya|maja aa gaya|bahut accha|bohot accha|bahut acha|bohot acha|bahut achha|accha laga|acha laga|achha laga|badhiya|shandar|shaandar|kamaal|kamal ka|lajawab|mast video)\b/,
  /(?<![\p{L}\p{N}_])(muy buen[oa]?|muito bo[nm]|sehr gut(es|er)?|sehr sch[öo]n|tr[eè]s bien|tr[eè]s bon(ne)?|molto bell[oa]|buen video|gran (video|vídeo|trabajo|canci[oó]n|contenido)|incre[ií]ble|fajn[a-z]*|świetn[a-z]*|maravilh[a-z]*|incr[ií]ve[a-z]*|lind[oa]s?|hermos[oa]|preciosa?|bell[oa]|bravissim[oa]|buenísimo|buenisimo|excelente|genial|genio|geniaal|te amo|los amo|lo mejor|que lindo|trop bien|g[eé]nial|magnifique|bravo|super|top|incr[ií]vel|maravilh|lindo|linda|perfeito|melhor|parab[eé]ns|obrigad[oa]|gracias|merci|danke|grazie|bellissim[oa]|bagus|mantap|keren|mashallah|masha allah|kya baat|bahut badhiya|zabardast|shukriya|dhanyavad|sugoi|kawaii|saranghae|daebak|harika|muhtesem|çok güzel|continua così|continua cosi|continue assim|continua assim|sigue así|sigue asi|sigan así|siga assim|weiter so|continuez comme ça|continue comme ça)(?![\p{L}\p{N}_])/u,
  /(класс|круто|спасибо|супер|лучший|красиво|отлично|топ|шикарно|молодец|молодцы|люблю|обожаю|обажаю|(?<!не ?)кайф|восхитительн|потрясающ|(?<!не ?)аппетитно|(?<!не ?)вкусно|милота|в том же духе|дякую|чудов|最高|素晴らしい|ありがとう|すごい|かわいい|可愛い|かっこいい|面白い|감사|최고|대박|좋아|멋지|멋있|귀여|사랑해|太棒|好棒|太好了|谢谢|謝謝|感谢|感謝|好听|好聽|好看|厉害|厲害|喜欢|喜歡|शानदार|धन्यवाद|बहुत अच्छा)/u,
  // Vietnamese, Tagalog, Indonesian and Thai thanks and praise: "cảm ơn", "hay quá" (so good; not
  // "rất hay", which is also "very often"), "tuyệt vời", "salamat", "ang galing", "ang sarap" (so
  // delicious, or so delightful: "ang sarap ninyong panuoring kumain"), "terima kasih",
  // "ขอบคุณ", "สุดยอด"
  /(?<![\p{L}\p{N}_])(cảm ơn|cám ơn|hay quá|quá hay|tuyệt vời|hữu ích|salamat|ang galing|galing mo|galing nyo|galing niyo|ang ganda|ang sarap|ansarap|sarap naman|sobrang sarap|napakasarap|terima kasih|makasih)(?![\p{L}\p{N}_])|ขอบคุณ|สุดยอด|ดีมาก|เก่งมาก|ชอบมาก|น่ารักมาก/u,
  // Hindi, Bengali, Arabic and Persian in their own scripts: the praise their Latin-script speakers'
  // cues above say ("badhiya", "maza aa gaya", "mashallah", "shukriya"), and the commonest thanks
  /(बढ़िया|बढिया|मज़ा आ गया|मजा आ गया|मज़ा आया|मजा आया|जबरदस्त|ज़बरदस्त|कमाल|लाजवाब|बेहतरीन|अद्भुत|शुक्रिया|ধন্যবাদ|অসাধারণ|দারুণ|খুব ভালো|شكرا|شكراً|رائع|ممتاز|مبدع|ما شاء الله|ماشاء الله|ماشاءالله|أحسنت|احسنت|تبارك الله|يعطيك العافية|عالی|ممنون|خیلی خوب)/u,
];

/** Praise: positive judgement of the video, creator or subject, thanks, support. */
export const PRAISE_CUES: readonly RegExp[] = [
  /\b(great|awesome|amazing|excellent|brilliant|fantastic|fabulous|wonderful|superb|incredible|outstanding|phenomenal|perfect|perfectly|beautiful|beautifully|gorgeous|stunning|lovely|impressive|impressed|masterpiece|masterclass|epic|legendary|legend|legends|goat|goated|iconic|underrated|genius|talented|inspiring|inspired|inspirational|helpful|useful|informative|insightful|educational|wholesome|hilarious|funniest|adorable|cute|cutest|cool|nice|good|best|favorite|favourite|fav|fave|banger|bangers|fire|lit|dope|gem|solid|satisfying|relaxing|calming|soothing|enjoyable|entertaining|interesting|fascinating|valuable|clear|concise|thorough|on point|spot on|top notch|beast|killed it|killing it|kills it|nailed it|slaps|bops|vibes|vibe|rocks|rock|rocked|smashed|smash|yummy|delicious|sweet|proud|respect|props|kudos|bravo|congrats|congratulations|appreciate|appreciated|appreciates|appreciating|appreciation|glad|funnier|uplifting|addicted to (this|watching|rewatching|these|your)|(should|deserves to|needs to) be (on netflix|in theaters|in theatres|on tv|famous|trending|viral|number one|#1|more popular)|(sounds?|looks?) (so )?(good|great|amazing|well|perfect) together|humble|down to earth|wholesome|heartwarming|loveable|lovable|grateful|blessed|blessing|king|queen|hero|the man|lifesaver|life saver|real one|deserves|deserve|well done|well explained|well made|good job|great job|nice job|good work|great work|thanks|thank|thanx|thx|tysm|ty|thankyou|thanku|love|loved|loving|luv|adore|enjoyed|enjoy|liked this|liked it)\b/,
  /\b(keep it up|keep up the|keep going|keep doing what|never disappoints?|never fails?|can't wait|cant wait|so good|too good|so funny|so much fun|made my day|makes my day|deserves more|deserve more|more subs|more views|more recognition|subscribed|subbed|instant sub|i'm hooked|so happy|literally crying)\b/,
  /[😍🥰😘💕💖💗💓💞♥❤🧡💛💚💙💜🤍🖤🔥👏🙌💯👌👍🥹🤩⭐🌟✨🏆👑💪🙏🤘]/u,
  // faint and rhetorical praise: "not bad at all", "how is this guy not famous yet?"
  /\bnot (bad|too bad|half bad)\b/,
  /\b(how|why) (is|are|does|do|has|have|isn't|aren't) (this|these|he|she|they|it|this guy|this man|this channel|this song|this video|you)\b[^?.!]{0,30}\b(not|n't|only) (more )?(famous|popular|viral|bigger|trending|known|recognized|recognised|subscribed|more views|have more)\b/,
  ...FOREIGN_PRAISE,
];

/** Weak praise words that need support (a target like "video"/"you", or strong positive sentiment) to count. */
export const WEAK_PRAISE =
  /^(good|nice|cool|like|love|loved|loving|enjoy|fire|lit|solid|clear|sweet|king|queen|rock|rocks|best|favorite|favourite|fav|fave|interesting|fascinating|deserve|deserves|super|top|proud|respect|vibe|vibes|cute|beast|smash|ty|glad|sweet|inspired|epic|the man|hero|blessed|like this|like it|like the|like how|like his|like her|like their|like your|liked this|liked it|can't wait|cant wait|so happy|enjoyed|happy)$/;

/** Sarcasm markers: flip surface praise to criticism when present. Only cheap, high-precision ones. */
export const SARCASM: readonly RegExp[] = [
  /(^|\s)\/s\b/,
  /\bthanks for nothing\b/,
  /\b(yeah|ya|yea) right\b/,
  /\bsure jan\b/,
  /\b(just|exactly) what (i|we) needed\b[^.!]*\b(another|more|again)\b/,
  /\b(another|more|again)\b[^.!?]{0,40}\b(just|exactly) what (i|we) (needed|wanted|asked for)\b/,
  /\bperfect bed ?time story\b/,
  /\bcould not become more sleepy\b|\bcouldn't be more bored\b/,
  /\bnice clickbait\b/,
];
