/**
 * Words of scripts written without spaces between them. Chinese, Japanese, Thai, Lao, Khmer and
 * Burmese put no space between words, so "这是什么" or "とても面白い動画" is one run of letters to
 * a tokeniser that splits on spaces and punctuation: one "word", shared by no other comment. ICU's
 * word segmentation (Intl.Segmenter, with the dictionaries Node's full ICU ships) splits such a run
 * into its words: 这|是|什么, とても|面白い|動画. Texts in other scripts are left to the callers'
 * own splitting, unchanged.
 */
import { createRequire } from 'node:module';

/**
 * A combining mark inside a word: the vowel signs of Hindi, Bengali, Tamil or Thai ("भाई" is भ, ा,
 * ई; "ทำให้" carries two), accents written apart. A pattern of letters alone cuts such words into
 * pieces ("भ", "ई"). Not a variation selector (an emoji's "️"). For use inside a character class's
 * alternation: `(?:[\p{L}\p{N}]|${WORD_MARK})`.
 */
export const WORD_MARK = '(?![\\uFE00-\\uFE0F])[\\p{Mn}\\p{Mc}]';

/**
 * A word, as the tags' and the deep dive's tokenisers read one: letters and digits with their
 * combining marks, and inner apostrophes ("don't", "Aaron’s"). A pattern source, for `new RegExp`.
 */
export const WORD = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}]|${WORD_MARK})*(?:['’](?:\p{L}|${WORD_MARK})+)*`;

/** A letter of a script written without spaces between words. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Stretches of scripts written without spaces, and stretches of anything else. */
const UNSPACED_OR_OTHER = new RegExp(`${UNSPACED.source}+|(?:(?!${UNSPACED.source}).)+`, 'gu');
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

let segmenter: Intl.Segmenter | null = null;

/** Whether a text holds a letter of a script written without spaces between words. */
export function hasUnspacedScript(text: string): boolean {
  return UNSPACED.test(text);
}

/**
 * The words of a run of letters with no space in it: the run itself, or where it holds a script
 * written without spaces, the words ICU finds in that script's stretches, the rest staying whole
 * ("とても面白い動画" -> とても, 面白い, 動画; "Runaちゃん可愛い" -> Runa, ちゃん, 可愛い;
 * "ChillJ4ckッ" -> ChillJ4ck, ッ). Where one or two Chinese characters and no kana sit against
 * other letters, the run stays whole: that is Latin text decoded with the wrong charset
 * ("consacr茅" for "consacré", "鈥攚hat" for "—what"), whose pieces would be words linking
 * unrelated texts (SearchSnippets holds 50 such snippets: NMI 75.2 -> 74.2 when they were split).
 */
export function wordsOfRun(run: string): string[] {
  if (!UNSPACED.test(run)) return [run];
  const parts = run.match(UNSPACED_OR_OTHER) ?? [run];
  if (parts.length === 1) return segment(run);
  const misread = (part: string) => !KANA.test(part) && [...part].length < 3;
  if (parts.some((part) => UNSPACED.test(part) && misread(part))) return [run];
  return parts.flatMap((part) =>
    UNSPACED.test(part) ? segment(part) : /[\p{L}\p{N}]/u.test(part) ? [part] : [],
  );
}

/** The word-like segments ICU finds in a text. */
function segment(text: string): string[] {
  segmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
  const words: string[] = [];
  for (const part of segmenter.segment(text)) if (part.isWordLike) words.push(part.segment);
  return words;
}

/**
 * How many words a text has: its space-separated words, a run in a script written without spaces
 * counted by the words in it ("这是什么？" is three, "Great video!" two).
 */
export function countWords(text: string): number {
  let n = 0;
  for (const word of text.split(/\s+/)) {
    if (word === '') continue;
    n += UNSPACED.test(word) ? Math.max(1, wordsOfRun(word).length) : 1;
  }
  return n;
}

let lists: Readonly<Record<string, unknown>> | null = null;

/**
 * One language's list of the `stopword` package (MIT), by its code ("por", "zho"; empty for a code
 * it has no list for), the package loaded on first use (it has no types, hence require).
 */
export function stopwordList(code: string): readonly string[] {
  lists ??= createRequire(import.meta.url)('stopword') as Readonly<Record<string, unknown>>;
  const list = lists[code];
  return Array.isArray(list) ? list.filter((w): w is string => typeof w === 'string') : [];
}

let functionWords: ReadonlySet<string> | null = null;

/**
 * A function word of Chinese, Japanese, Thai or Burmese (the `stopword` package's lists: 的, 了,
 * これ, として, ที่, กับ), or a piece of Japanese that names nothing: a lone kana, or hiragana of
 * one or two letters, which is what ICU's dictionary leaves of particles and inflections ("の",
 * "を", "てる", "って" in "微笑みをむけてくれてる"). No clustering term, tag or theme, as English
 * stopwords are none: split into words, such function words had grouped comments by language.
 */
export function isUnspacedFunctionWord(word: string): boolean {
  if (/^(?:\p{Script=Hiragana}{1,2}|\p{Script=Katakana})$/u.test(word)) return true;
  if (!UNSPACED.test(word)) return false;
  functionWords ??= new Set(['zho', 'jpn', 'tha', 'mya'].flatMap(stopwordList));
  return functionWords.has(word);
}
