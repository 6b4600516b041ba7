/**
 * Which language a cluster's comments are written in, when it is not English. The sentence embedder
 * is English, so a video's Portuguese or Vietnamese comments gather in a cluster of their own whose
 * English keyphrases mean nothing ("Praise for muito"); such a cluster is better headed "Praise in
 * Portuguese". franc-min (MIT, pure JavaScript, trigram profiles of the languages with 8 million
 * speakers or more, plus scripts) reads each of up to SAMPLE comments; one comment is too short to
 * trust (franc reads "Great video thanks" as Swedish), so the cluster's answer needs most of its
 * comments: English on at most 35% of those read, few English function words in all its comments
 * (see MAX_ENGLISH_WORDS), and one language (or two, such as Portuguese and
 * Spanish, which franc confuses on short texts) on most of the rest. On real comments (four
 * datasets, 42 clusters) English clusters read as English on 45-100% of their comments (the lowest
 * are small clusters of short slang), a Portuguese and Spanish cluster on 15% and a mixed one
 * (Malayalam, Hindi, Malay and English) on 29%.
 */
import { franc } from 'franc-min';
import { stopwordList } from '../text/words';
import { escapeRegExp, lexiconTag } from './part-of-speech';

/**
 * Languages told apart (ISO 639-3): the ones YouTube audiences comment in most, Latin-script ones
 * kept few so that English slang does not read as Scots, Ilocano or Hausa.
 */
const LANGUAGES = [
  'eng',
  'spa',
  'por',
  'fra',
  'deu',
  'ita',
  'nld',
  'pol',
  'ron',
  'swe',
  'ces',
  'hun',
  'tur',
  'ind',
  'zlm',
  'tgl',
  'vie',
  'rus',
  'ukr',
  'bul',
  'arb',
  'pes',
  'urd',
  'hin',
  'mar',
  'ben',
  'tam',
  'tel',
  'kan',
  'mal',
  'guj',
  'pan',
  'tha',
  'cmn',
  'jpn',
  'kor',
  'ell',
];

/** Comments read per cluster, spread evenly over it. */
const SAMPLE = 80;
/** Shorter comments are skipped: franc needs a few words. */
const MIN_CHARS = 20;
/**
 * ...but in Chinese, Japanese, Korean or Thai a few characters are a sentence, and franc tells
 * these languages by their script ("素敵なピアノをありがとう", 12 characters, is Japanese). Such a
 * comment needs only this many characters: otherwise a cluster of them goes unread, and its heading
 * names a word of it ("Praise for いつも", "always").
 */
const MIN_DENSE_CHARS = 6;
const DENSE_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/gu;

/** The characters a comment needs for franc to read it. */
function minCharsOf(text: string): number {
  const dense = text.match(DENSE_SCRIPT)?.length ?? 0;
  return dense * 2 >= text.replace(/\s/g, '').length ? MIN_DENSE_CHARS : MIN_CHARS;
}
/** Characters of a comment read (franc's time grows with the text; a sentence tells the language). */
const MAX_CHARS = 160;
/**
 * Fewer comments read than this: no answer; a small cluster needs most of its comments read, and at
 * least MIN_READ_SMALL (a video with ten comments, all Indonesian, splits into clusters of five:
 * "Frustration with dan and sudah", "Questions about untuk and apa").
 */
const MIN_READ = 10;
const MIN_READ_SMALL = 3;
const SMALL_READ_SHARE = 0.6;
/** A cluster is non-English when English is at most this share of the comments read. */
const MAX_ENGLISH = 0.35;
/** ...and one language has this share of the others (else two together 0.75, each 0.25). */
const ONE_LANGUAGE = 0.6;
const TWO_LANGUAGES = 0.75;
const EACH_OF_TWO = 0.25;

/**
 * English function words that other languages' comments seldom contain (not "a", "i", "to", "is",
 * "no", "me", "he", "my", "so": Portuguese, Polish, Dutch or Spanish words too).
 */
const ENGLISH_WORDS = new Set(
  (
    'the and you your this that with for of it its have has what how why who will just like ' +
    'they she we be not but if at from can are was were would could should about when there ' +
    "their them been do does did dont don't im i'm u ur"
  ).split(' '),
);
/**
 * ...and English function words make less than this share of the cluster's words. franc alone read
 * a cluster of short English comments as French ("Definitely skilled !!!", "Dude Perfect should do
 * a collab"): 21% of its words were these, against 5-8% in the non-English clusters and at least
 * 13.6% in every English one of the four datasets.
 */
const MAX_ENGLISH_WORDS = 0.1;

/**
 * Hindi and Urdu written in Latin letters ("Hinglish"), which Indian and Pakistani audiences comment
 * in widely and franc cannot read (it has no profile for it): its most frequent function words and
 * particles, none an English word ("main", "to", "par", "the", "so" left out).
 */
const HINGLISH_WORDS = new Set(
  (
    'hai hain nahi nahin nhi kya kyu kyun kyon bhai bhi aur yaar bahut bohot bht accha acha achha ' +
    'kuch mujhe tum aap hum tha thi kar karo karna kiya raha rahe rahi gaya gayi hoga wala wale ' +
    'wali liye mein ka ki ke ko se pe ye yeh woh hota hoti bhot sab ek apna apne isme usme kaise ' +
    'kab koi'
  ).split(' '),
);
/**
 * A cluster is Hinglish when these words make at least this share of its words, more than English
 * function words do, over at least MIN_HINGLISH_WORDS words. On youtube_statistics_top_comments
 * the 41 comments with "hai", "nahi", "kya", "bhai", "bahut" or "bohot" hold 15.8% of them (and
 * 12.7% English function words), the comments of its most Hinglish videos 14-39%; English comment
 * sets 0.01-0.05%.
 */
const MIN_HINGLISH = 0.12;
const MIN_HINGLISH_WORDS = 40;

/** A text's words in lower case, with a curly apostrophe written straight ("don’t" -> "don't"). */
function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}'’]+/gu) ?? []).map((w) => w.replace('’', "'"));
}

/** How many of the texts' words there are, and how many are ENGLISH_WORDS and HINGLISH_WORDS. */
function wordCounts(texts: readonly string[]): {
  words: number;
  english: number;
  hinglish: number;
} {
  const counts = { words: 0, english: 0, hinglish: 0 };
  for (const text of texts)
    for (const word of wordsOf(text)) {
      counts.words++;
      if (ENGLISH_WORDS.has(word)) counts.english++;
      if (HINGLISH_WORDS.has(word)) counts.hinglish++;
    }
  return counts;
}

/** The code `clusterLanguage` gives Hinglish (not an ISO 639-3 code: it is Hindi or Urdu). */
const HINGLISH = 'hinglish';

const displayNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** The English name of an ISO 639-3 code, or null when Intl has none ("zlm" stays "zlm"). */
function languageName(code: string): string | null {
  try {
    const name = displayNames.of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/** A cluster's language: a phrase for its heading and the ISO 639-3 codes it was read in. */
export interface ClusterLanguage {
  /** "Portuguese", "Portuguese and Spanish", "other languages". */
  name: string;
  /** The languages read in at least a tenth of its non-English comments, most first. */
  codes: string[];
}

/** A language's share of the non-English comments read for its stopwords to be dropped from tags. */
const TAGGED_LANGUAGE_SHARE = 0.1;

/**
 * The language(s) most of a cluster's comments are written in, or null when they are English or it
 * cannot tell. Deterministic.
 */
export function clusterLanguage(texts: readonly string[]): ClusterLanguage | null {
  const words = wordCounts(texts);
  if (
    words.words >= MIN_HINGLISH_WORDS &&
    words.hinglish >= MIN_HINGLISH * words.words &&
    words.hinglish > words.english
  )
    return { name: 'Hinglish', codes: [HINGLISH] };
  // Checked before franc reads anything: most clusters are English, and this needs no reading.
  if (words.english >= MAX_ENGLISH_WORDS * words.words) return null;
  const long = texts.filter((t) => t.length >= minCharsOf(t));
  const picks = Math.min(SAMPLE, long.length);
  const counts = new Map<string, number>();
  for (let s = 0; s < picks; s++) {
    const text = long[Math.floor((s * long.length) / picks)]!;
    const code = franc(text.slice(0, MAX_CHARS), { only: LANGUAGES, minLength: minCharsOf(text) });
    if (code !== 'und') counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  const detected = [...counts.values()].reduce((a, b) => a + b, 0);
  const needed = Math.min(
    MIN_READ,
    Math.max(MIN_READ_SMALL, Math.ceil(SMALL_READ_SHARE * texts.length)),
  );
  if (detected < needed) return null;
  // A small cluster's few readings are trusted only when most of its comments are plainly in another
  // language by their words: franc reads "brilliant stuff mate" as French, and has no Hinglish (three
  // such comments read as Italian and Turkish)
  if (
    detected < MIN_READ &&
    (words.hinglish * 20 >= words.words || texts.filter(isForeignText).length * 2 <= texts.length)
  )
    return null;
  if ((counts.get('eng') ?? 0) > MAX_ENGLISH * detected) return null;
  counts.delete('eng');
  const others = [...counts.values()].reduce((a, b) => a + b, 0);
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const codes = ranked.filter(([, n]) => n >= TAGGED_LANGUAGE_SHARE * others).map(([c]) => c);
  const [first, second] = ranked;
  const firstName = first ? languageName(first[0]) : null;
  if (first && firstName && first[1] >= ONE_LANGUAGE * others) return { name: firstName, codes };
  const secondName = second ? languageName(second[0]) : null;
  if (
    first &&
    second &&
    firstName &&
    secondName &&
    second[1] >= EACH_OF_TWO * others &&
    first[1] + second[1] >= TWO_LANGUAGES * others
  )
    return { name: `${firstName} and ${secondName}`, codes };
  return { name: 'other languages', codes };
}

/** franc's codes where the stopword package files a language under another ISO 639-3 code. */
const STOPWORD_CODE: Readonly<Record<string, string>> = {
  zlm: 'msa',
  arb: 'ara',
  pes: 'fas',
  cmn: 'zho',
  pan: 'panGu',
};

/**
 * The stopwords of these languages (the `stopword` package, MIT): "muito", "esse", "và" are no
 * tags for a Portuguese or Vietnamese cluster. Languages it has no list for add nothing.
 */
export function stopwordsOf(codes: readonly string[]): ReadonlySet<string> {
  const words = new Set<string>();
  for (const code of codes) {
    if (code === HINGLISH) for (const w of HINGLISH_WORDS) words.add(w);
    for (const w of stopwordList(STOPWORD_CODE[code] ?? code)) words.add(w.toLowerCase());
  }
  return words;
}

/**
 * Scripts and the languages (ISO 639-3, franc's codes) written in them whose stopwords are known.
 * Latin-script languages are left out: their function words overlap English names and words.
 */
const SCRIPT_LANGUAGES: readonly (readonly [RegExp, readonly string[]])[] = [
  [/\p{Script=Arabic}/u, ['arb', 'pes', 'urd']],
  [/\p{Script=Cyrillic}/u, ['rus', 'ukr', 'bul']],
  [/\p{Script=Devanagari}/u, ['hin', 'mar']],
  [/\p{Script=Bengali}/u, ['ben']],
  [/\p{Script=Greek}/u, ['ell']],
  [/\p{Script=Hebrew}/u, ['heb']],
  [/\p{Script=Thai}/u, ['tha']],
  [/\p{Script=Hangul}/u, ['kor']],
];

/** SCRIPT_LANGUAGES' stopwords, each script's read on first use. */
const scriptStopwords: ReadonlySet<string>[] = [];

/**
 * Whether a word in another script is a function word of a language written in it ("من", "и",
 * "के"): no tag, also in a cluster of mixed languages that no language was read for (two Arabic
 * keyboard mashes had given a cluster of short replies the tag "من").
 */
export function isOtherScriptStopword(word: string): boolean {
  if (/^[\p{Script=Latin}\p{N}\s'’-]*$/u.test(word)) return false;
  return SCRIPT_LANGUAGES.some(([script, codes], i) => {
    if (!script.test(word)) return false;
    const words = (scriptStopwords[i] ??= stopwordsOf(codes));
    return words.has(word.toLowerCase());
  });
}

/** Romance languages whose function words turn up in English comment sections most. */
const ROMANCE = ['spa', 'por', 'fra', 'ita'];
let romanceStopwords: ReadonlySet<string> | null = null;

/**
 * Whether a word of four or more letters is a Spanish, Portuguese, French or Italian function word
 * that English does not have (compromise's lexicon does not know it): "essa", "muito", "pero",
 * "questo". A short one may be English ("con", "sus", "era", "op"), and a French "aura" is an
 * English word the lexicon lacks. The caller exempts names.
 */
export function isRomanceFunctionWord(word: string): boolean {
  if (word.length < 4 || word === 'aura' || !/^\p{L}+$/u.test(word)) return false;
  romanceStopwords ??= stopwordsOf(ROMANCE);
  return romanceStopwords.has(word) && lexiconTag(word) === undefined;
}

/**
 * Languages in Latin letters whose function words (those English's list lacks) mark a comment as
 * written in one of them.
 */
const LATIN_LANGUAGES = [
  'spa',
  'por',
  'fra',
  'ita',
  'deu',
  'nld',
  'ind',
  'tgl',
  'tur',
  'pol',
  'ron',
];
let latinStopwords: ReadonlySet<string> | null = null;

/**
 * Whether a comment is written in another language: letters mostly outside the Latin script, or
 * a function word of a Latin-script language English lacks ("para", "muito", "nicht") and none of
 * English's or Hinglish's. A short comment with neither ("Pewds W") is not.
 */
function isForeignText(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return false;
  const latin = letters.filter((l) => /\p{Script=Latin}/u.test(l)).length;
  if (latin * 2 < letters.length) return true;
  if (!latinStopwords) {
    const english = stopwordsOf(['eng']);
    latinStopwords = new Set([...stopwordsOf(LATIN_LANGUAGES)].filter((w) => !english.has(w)));
  }
  let foreign = false;
  for (const word of wordsOf(text)) {
    const latinStopword = word.length >= 2 && latinStopwords.has(word);
    // Hinglish names its topics in English ("mustang gt in dono masa koi la lo bhai"), but a word
    // it shares with Spanish or Portuguese ("se": "Y habrá gente que se compre el iphone") says
    // nothing
    if (ENGLISH_WORDS.has(word) || (HINGLISH_WORDS.has(word) && !latinStopword)) return false;
    if (latinStopword) foreign = true;
  }
  return foreign;
}

/** A cluster's language as the tags and the deep dive's themes read it. */
export interface LanguageReading {
  /** clusterLanguage's answer. */
  language: ClusterLanguage | null;
  /** The stopwords of its languages (stopwordsOf), null for an English cluster. */
  stopwords: ReadonlySet<string> | null;
  /**
   * Whether a phrase is one only its comments in another language use (`isForeignPhrase`, every
   * comment read) while the cluster reads as English: no other language read for it and most of
   * its comments not plainly in one (short comments in another language, "素敵なピアノをありがとう",
   * are too short for franc to read). "compre" ("buy") in two Spanish comments among English ones
   * about the iPhone. Whether it reads as English is asked of every comment, so only when a phrase
   * is foreign, and then once.
   */
  foreignOnly: (phrase: string) => boolean;
}

/** How a cluster with these texts is read for its language (LanguageReading). */
export function readLanguage(texts: readonly string[]): LanguageReading {
  const language = clusterLanguage(texts);
  let english: boolean | undefined;
  const readsAsEnglish = (): boolean =>
    (english ??= !language && texts.filter(isForeignText).length * 2 < texts.length);
  return {
    language,
    stopwords: language ? stopwordsOf(language.codes) : null,
    foreignOnly: (phrase) => isForeignPhrase(phrase, texts, true) && readsAsEnglish(),
  };
}

/** Comments asked per phrase: enough to outvote one odd comment. */
const FOREIGN_SAMPLE = 9;

/**
 * Whether a phrase is another language's: English does not know its words (compromise's lexicon,
 * or another script) and most of the comments using it (`every`: all those read) are written in
 * another language. A mixed cluster that no language was read for would be "Praise for dormir and
 * mejor" and "Praise for спасибо за and лучший". Not asked of names ("Messi es el mejor" is about
 * Messi).
 */
export function isForeignPhrase(phrase: string, texts: readonly string[], every = false): boolean {
  const words = phrase.split(' ');
  if (words.some((w) => /^[\p{Script=Latin}\p{N}'’-]+$/u.test(w) && lexiconTag(w) !== undefined))
    return false;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join('\\s+')}`, 'iu');
  let using = 0;
  let foreign = 0;
  for (const text of texts) {
    if (using >= FOREIGN_SAMPLE) break;
    if (!pattern.test(text)) continue;
    using++;
    if (isForeignText(text)) foreign++;
  }
  return using > 0 && (every ? foreign === using : foreign * 2 > using);
}
