import { capitaliseFirst } from '../text/wording';
import { lexiconTag } from './part-of-speech';
import { COUNT_NOUNS, GENERIC_WORDS, STOPWORDS } from './stopwords';

/**
 * How English writes some words whatever the comments do: viewers type "html", "python" and
 * "french" in lower case, and a heading read "Questions about web and html", "Thoughts on french".
 * Only words with one clear reading in comments are here (not "mac", "ram", "apple", "swift",
 * "windows", "excel").
 */
const ACRONYMS =
  'html html5 css css3 php sql json xml api ui ux ide sdk gui cli jvm jdk npm gpu cpu ssd hdd usb ' +
  'hdmi pc ps4 ps5 dna rna nasa fbi cia nba nfl nhl mlb ufc wwe fifa uefa uk usa ai vr tv dlc ' +
  'mvp rpg fps mmo lgbt lgbtq covid asmr diy faq pdf gif url vpn wifi ceo stl oop cdc ny nyc';

/** Programming languages and products written one way. */
const PRODUCTS: readonly [string, string][] = [
  ['python', 'Python'],
  ['java', 'Java'],
  ['javascript', 'JavaScript'],
  ['typescript', 'TypeScript'],
  ['jquery', 'jQuery'],
  ['mysql', 'MySQL'],
  ['postgresql', 'PostgreSQL'],
  ['mongodb', 'MongoDB'],
  ['github', 'GitHub'],
  ['linux', 'Linux'],
  ['ubuntu', 'Ubuntu'],
  ['iphone', 'iPhone'],
  ['ipad', 'iPad'],
  ['ios', 'iOS'],
  ['macos', 'macOS'],
  ['android', 'Android'],
  ['playstation', 'PlayStation'],
  ['xbox', 'Xbox'],
  ['minecraft', 'Minecraft'],
  ['fortnite', 'Fortnite'],
  ['roblox', 'Roblox'],
  ['tiktok', 'TikTok'],
  ['instagram', 'Instagram'],
  ['netflix', 'Netflix'],
  ['photoshop', 'Photoshop'],
  ['django', 'Django'],
  ['pycharm', 'PyCharm'],
  ['samsung', 'Samsung'],
  ['huawei', 'Huawei'],
  ['xiaomi', 'Xiaomi'],
  ['nintendo', 'Nintendo'],
  ['microsoft', 'Microsoft'],
  ['nvidia', 'Nvidia'],
  ['spotify', 'Spotify'],
  ['wordpress', 'WordPress'],
  ['mingw', 'MinGW'],
  ['notepad', 'Notepad'],
  ['tkinter', 'Tkinter'],
  ['vscode', 'VS Code'],
  ['codeblocks', 'Code::Blocks'],
  ['google', 'Google'],
  ['gcc', 'GCC'],
];

const NAMES: ReadonlyMap<string, string> = new Map([
  ...ACRONYMS.split(' ').map((w): [string, string] => [w, w.toUpperCase()]),
  // their plurals ("APIs", not "APIS")
  ...'api gpu cpu ssd pc ide dlc mvp rpg'
    .split(' ')
    .map((w): [string, string] => [`${w}s`, `${w.toUpperCase()}s`]),
  // languages and peoples
  ...(
    'english french spanish german italian portuguese russian chinese japanese korean hindi urdu ' +
    'arabic turkish dutch swedish norwegian danish finnish polish greek hebrew persian indonesian ' +
    'vietnamese thai filipino tagalog bengali punjabi tamil ukrainian romanian hungarian czech ' +
    'american americans british canadian canadians australian australians indian indians mexican ' +
    'mexicans brazilian brazilians european europeans african africans asian asians scandinavian ' +
    'swede swedes irish scottish welsh latino latina christian christians muslim muslims jewish ' +
    'catholic'
  )
    .split(' ')
    .map((w): [string, string] => [w, capitaliseFirst(w)]),
  ...PRODUCTS,
]);

/**
 * Products of two words, each of which alone has another reading ("visual", "text"): written so only
 * together.
 */
const TWO_WORD_NAMES: readonly [RegExp, string][] = (
  [
    ['visual studio', 'Visual Studio'],
    ['sublime text', 'Sublime Text'],
    ['code blocks', 'Code::Blocks'],
    ['android studio', 'Android Studio'],
    ['google chrome', 'Google Chrome'],
  ] as const
).map(([words, name]) => [
  new RegExp(`(?<![\\p{L}\\p{N}])${words}(?![\\p{L}\\p{N}])`, 'giu'),
  name,
]);

/** Devices among the products above: "the iPhone", where software, services and makers go bare. */
const DEVICES = new Set(['iPhone', 'iPad', 'PlayStation', 'Xbox']);

/**
 * Names that a heading writes without "the" whatever the comments do: programming languages,
 * software, services and makers ("Questions about Visual Studio", not "the Visual Studio"), but not
 * devices or languages and peoples ("the French").
 */
const BARE_NAMES = new Set([
  ...PRODUCTS.map(([, name]) => name).filter((name) => !DEVICES.has(name)),
  ...TWO_WORD_NAMES.map(([, name]) => name),
]);

/** Whether a heading writes this name (as `withUsualCasing` gives it) without "the". */
export function isBareName(display: string): boolean {
  return BARE_NAMES.has(display);
}

/** The usual written form of a lower-case word, or undefined when it is written as it comes. */
export function usualCasing(word: string): string | undefined {
  return NAMES.get(word);
}

/**
 * A phrase with each word that has a usual written form written so ("doctype html" -> "doctype
 * HTML"); other words as they are.
 */
export function withUsualCasing(phrase: string): string {
  const named = TWO_WORD_NAMES.reduce((text, [words, name]) => text.replace(words, name), phrase);
  return named
    .split(' ')
    .map((w) => usualCasing(w.toLowerCase()) ?? w)
    .join(' ');
}

/** compromise's lexicon tags of a word that is a first name and nothing else (not "mark", "grace"). */
const ONLY_A_NAME = new Set(['MaleName', 'FemaleName']);

/** A word the lexicon knows only as a first name, capitalised ("peggy" -> "Peggy"); else undefined. */
export function givenName(word: string): string | undefined {
  const tags = lexiconTag(word);
  if (!tags || !tags.every((t) => ONLY_A_NAME.has(t)) || !/^\p{Ll}{3,}$/u.test(word))
    return undefined;
  return capitaliseFirst(word);
}

/** compromise's lexicon tags of a word that opens a person's full name. */
const FIRST_NAME_TAGS = new Set(['MaleName', 'FemaleName', 'FirstName', 'Honorific']);
/** ...and of a word that can close one ("morgan freeman"). */
const LAST_NAME_TAGS = new Set(['LastName', 'MaleName', 'FemaleName', 'FirstName']);

/**
 * A two-word phrase written in lower case that is a person's full name, in title case ("david
 * dobrik" -> "David Dobrik", "mr beast" -> "Mr Beast"), else undefined: a first name English knows
 * (compromise's lexicon) followed by a surname it knows or a word it does not know at all. A word of
 * the video's things ("simon video") or an everyday word ("mark down", "will smith": "will" is a
 * verb first) is not one.
 */
export function personName(phrase: string): string | undefined {
  const words = phrase.split(' ');
  if (words.length !== 2 || phrase !== phrase.toLowerCase()) return undefined;
  const [first, last] = words as [string, string];
  if (!/^\p{L}{2,}$/u.test(first) || !/^\p{L}{3,}$/u.test(last)) return undefined;
  if (STOPWORDS.has(last) || GENERIC_WORDS.has(last) || COUNT_NOUNS.has(last)) return undefined;
  const firstTags = lexiconTag(first);
  if (
    !firstTags?.some((t) => FIRST_NAME_TAGS.has(t)) ||
    !firstTags.every((t) => FIRST_NAME_TAGS.has(t) || t === 'Abbreviation')
  )
    return undefined;
  const lastTags = lexiconTag(last);
  if (lastTags && !lastTags.every((t) => LAST_NAME_TAGS.has(t))) return undefined;
  return `${capitaliseFirst(first)} ${capitaliseFirst(last)}`;
}
