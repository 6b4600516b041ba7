import {
  hasUnspacedScript,
  isUnspacedFunctionWord,
  WORD,
  WORD_MARK,
  wordsOfRun,
} from '../text/words';
import { isOtherScriptStopword } from './language';
import { STOPWORDS } from './stopwords';

export interface Token {
  /** Matching key: lower case, apostrophes dropped, a plural "s" removed. */
  key: string;
  /** The word as written (for display), without a leading "#". */
  surface: string;
  /** Written as a hashtag ("#MoreSidemen"). */
  hashtag?: boolean;
  /** A word of a script written without spaces (Chinese, Japanese, Thai: text/words.ts). */
  unspaced?: boolean;
}

/**
 * Words that end like a plural but are not one (their key would read wrongly in a heading or tag).
 * Endings the folding already leaves alone (-ss, -us, -is, -ous, -ics, words of 3 letters) need no entry.
 */
const NOT_PLURAL = new Set(
  (
    'always perhaps sometimes nowadays besides towards afterwards backwards upwards downwards forwards ' +
    'whereas does goes news lens canvas christmas texas paris kansas chaos atlas alias bias its hers ' +
    'ours yours theirs anyways maths species series diabetes herpes mumps measles'
  ).split(' '),
);

/** Singular nouns ending in "-ie": their plural drops only the "s" ("movies" -> "movie", not "movy"). */
const IE_SINGULAR = new Set(
  (
    'movie cookie zombie selfie rookie hoodie brownie genie calorie pixie indie goalie aussie techie ' +
    'newbie freebie smoothie veggie sweetie auntie birdie boogie beanie foodie magpie prairie lingerie ' +
    'eerie hippie yuppie bestie cutie homie roomie groupie junkie bookie collie'
  ).split(' '),
);

/**
 * Light plural folding so "recipes" and "recipe" count together; keeps "series", "this", "boss",
 * and words that only look plural ("always", "news").
 */
export function foldPlural(word: string): string {
  if (NOT_PLURAL.has(word)) return word;
  if (word.length > 4 && word.endsWith('ies'))
    return IE_SINGULAR.has(word.slice(0, -1)) ? word.slice(0, -1) : `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is|ous|ics)$/.test(word))
    return word.slice(0, -1);
  return word;
}

const POSSESSIVE = /['’]s$/i;

/** Links, and handles in any script (their vowel signs too: text/words.ts). */
const HANDLES_AND_LINKS = new RegExp(
  String.raw`\bhttps?:\/\/\S+|\bwww\.\S+|@(?:[\p{L}\p{N}_.-]|${WORD_MARK})+`,
  'giu',
);
/** A word (text/words.ts), "#" before it for a hashtag. */
const WORDS = new RegExp(`#?${WORD}`, 'gu');

/** Word tokens of a comment: letters/digits with inner apostrophes, URLs and @handles removed. */
export function tokenise(text: string): Token[] {
  const words =
    text
      // handles in any script: "@プリムスリハード" addresses someone, it is no topic
      .replace(HANDLES_AND_LINKS, ' ')
      .match(WORDS) ?? [];
  // asked of the text once: most comments hold no word of a script written without spaces
  const unspaced = hasUnspacedScript(text);
  const tokens: Token[] = [];
  for (const word of words) {
    const hashtag = word.startsWith('#');
    // Chinese, Japanese or Thai: the words ICU reads in the run, not the run as one word
    if (unspaced && !hashtag && hasUnspacedScript(word)) {
      for (const w of wordsOfRun(word))
        tokens.push({ key: w.toLowerCase(), surface: w, unspaced: true });
      continue;
    }
    // "JJ's" is JJ: a possessive (or a contraction, "he's", whose rest is a stopword) is its word.
    const written = hashtag ? word.slice(1) : word;
    const surface = written.length > 3 ? written.replace(POSSESSIVE, '') : written;
    const lower = surface.toLowerCase().replace(/['’]/g, '');
    tokens.push(
      hashtag ? { key: foldPlural(lower), surface, hashtag } : { key: foldPlural(lower), surface },
    );
  }
  return tokens;
}

/**
 * A unigram can be a tag when it is a word (not a number) of 2+ letters and not a stopword, English
 * or a function word of another script ("за", "من", "के"), which also joins no phrase ("спасибо за").
 */
export function isContentWord(key: string): boolean {
  let known = CONTENT_CACHE.get(key);
  if (known === undefined) {
    known =
      key.length >= 2 &&
      !STOPWORDS.has(key) &&
      /\p{L}/u.test(key) &&
      !/^\d/.test(key) &&
      !LAUGHTER.test(key) &&
      !isUnspacedFunctionWord(key) &&
      !isOtherScriptStopword(key) &&
      !isStretched(key);
    // Bounded: a long tail of rare words must not grow the cache without limit.
    if (CONTENT_CACHE.size < 200_000) CONTENT_CACHE.set(key, known);
  }
  return known;
}

const CONTENT_CACHE = new Map<string, boolean>();

/** Written laughter in several languages ("hahaha", "jajaja", "kkkk", "xddd", "rsrsrs"). */
const LAUGHTER = /^(?:(?:ha|ja|he|hi|ka|ah|rs|xa)+h?|k{3,}|x+d+|lo+l|lmf?ao+)$/;

/**
 * A word stretched for emphasis ("slayyyyy", "goooood", "hmmm"): a letter three times in a row
 * beside other letters, which English words do not have. It says how, not what ("Praise for Life and
 * slayyyyyyyyyyyy"); "AAA" alone stays a word.
 */
function isStretched(key: string): boolean {
  return /(\p{L})\1\1/u.test(key) && !/^(\p{L})\1+$/u.test(key);
}

/**
 * Words inside a title ("Game of Thrones", "Attack on Titan", "Lord of the Rings"); not "in", which
 * more often starts a place ("Apple Pay in South Africa").
 */
const TITLE_LINKS: ReadonlySet<string> = new Set(['of', 'on', 'at']);

/** A title's small word ("of", "on", "at", or the "the" after them), which names nothing by itself. */
export function isTitleSmallWord(word: string): boolean {
  return TITLE_LINKS.has(word) || word === 'the';
}

/** Starts with a capital letter. */
const CAPITAL = /^\p{Lu}/u;

/**
 * The end of a title that starts at tokens[i]: a capitalised content word, "of", "on" or "at", an
 * optional "the", and another capitalised content word ("Call of Duty", "Sea of Thieves"). Returns
 * the index of its last word, or -1.
 */
function titleEnd(tokens: readonly Token[], i: number): number {
  const first = tokens[i]!;
  if (!CAPITAL.test(first.surface) || !isContentWord(first.key)) return -1;
  if (!TITLE_LINKS.has(tokens[i + 1]?.key ?? '')) return -1;
  const last = tokens[i + 2]?.key === 'the' ? i + 3 : i + 2;
  const end = tokens[last];
  return end && CAPITAL.test(end.surface) && isContentWord(end.key) ? last : -1;
}

/** A comment that capitalises most of its words ("Thanks For The Video") says nothing about titles. */
function isHeadline(tokens: readonly Token[]): boolean {
  return (
    tokens.length >= 4 &&
    tokens.filter((t) => CAPITAL.test(t.surface)).length >= 0.6 * tokens.length
  );
}

/** Whether the words `parts` (keys) are written one after another from tokens[i]. */
export function runAt(tokens: readonly Token[], i: number, parts: readonly string[]): boolean {
  if (i + parts.length > tokens.length) return false;
  for (let j = 0; j < parts.length; j++) if (tokens[i + j]!.key !== parts[j]) return false;
  return true;
}

/**
 * Unigram and bigram terms of one comment (each at most once: the caller counts documents).
 * A bigram joins two adjacent content words, or a content word and a number ("part 2", "iphone 15").
 * A title written with capitals is one term, its small words included ("game of throne", shown as
 * viewers write it: "Game of Thrones"), where its words alone would read "game" and "throne".
 * `phrases` (keys) are terms wherever they occur, whatever their words ("dude perfect", the channel).
 */
export function commentTerms(
  tokens: readonly Token[],
  phrases: readonly (readonly string[])[] = [],
): Set<string> {
  const terms = new Set<string>();
  let headline: boolean | undefined;
  for (let i = 0; i < tokens.length; i++) {
    for (const phrase of phrases) if (runAt(tokens, i, phrase)) terms.add(phrase.join(' '));
    const a = tokens[i]!.key;
    const aContent = isContentWord(a);
    if (aContent) terms.add(a);
    const b = tokens[i + 1]?.key;
    if (b === undefined) continue;
    const bContent = isContentWord(b);
    const bNumber = /^\d{1,4}$/.test(b);
    // no phrase of words written without spaces: it would read with one ("素敵な 音楽")
    const spaced = !tokens[i]!.unspaced && !tokens[i + 1]!.unspaced;
    if (aContent && (bContent || bNumber) && a !== b && spaced) terms.add(`${a} ${b}`);
    const end = titleEnd(tokens, i);
    if (end > 0 && !(headline ??= isHeadline(tokens)))
      terms.add(
        tokens
          .slice(i, end + 1)
          .map((t) => t.key)
          .join(' '),
      );
  }
  return terms;
}
