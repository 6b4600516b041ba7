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
 * Function words of conversation that the `stopword` package's lists, written from news text, lack,
 * by its language codes.
 * - Chinese: words of two or more characters, in simplified characters. ICU's dictionary keeps them
 *   whole ("我们|都|很喜欢|这个|视频|真的|非常|好看"), while the package's Chinese list holds single
 *   characters only (的, 们, 个), so "我们", "这个" or "一個" would be clustering terms and tags:
 *   pronouns, demonstratives, question words, conjunctions, adverbs of degree and time, modal and
 *   thinking verbs; and Cantonese's own (嘅, 咗, 係, 我哋), since Hong Kong viewers write it.
 * - Japanese: adverbs of degree ("めっちゃ", "本当に"), honorific suffixes ("ちゃん", "さん"), pronouns
 *   ("私", "みんな") and fillers ("なんか", "やっぱり"); two hiragana or fewer are function words
 *   already (`isUnspacedFunctionWord`).
 * - Thai: particles of politeness and mood (ครับ, ค่ะ, นะ, ไหม) and pronouns (ผม, คุณ), which close
 *   or open most spoken Thai sentences.
 * - Spanish and Portuguese: forms of "to be" and "to have", demonstratives, "todo"/"tudo", "aquí",
 *   "então", chat spellings ("vc", "pra", "xq") and laughter ("jaja", "kkkk"); their lists lack them,
 *   so "todo" was a tag of a Spanish praise cluster. Words English has too ("son",
 *   "era", "hay", "yo", "pro", "ta", "rs") are left out: these lists also tell Spanish comments from
 *   English ones (`label/language.ts`).
 * - Korean: adverbs of degree ("너무", "정말", "진짜", "많이"), "같아요" ("it seems") and laughter
 *   written in letters ("ㅋㅋ", "ㅎㅎ", "ㅠㅠ"), which would be the tags of a Korean praise cluster.
 * - Hindi: personal and possessive pronouns ("हमारे", "उसको"), question words ("क्या") and the
 *   auxiliaries "गया"/"गई", "होता", "रहा"; its list has "आप", "है" and "था" but not these, which were
 *   half the tags of a real Hindi cluster.
 */
const CONVERSATION_WORDS: Readonly<Record<string, string>> = {
  zho:
    '我们 你们 他们 她们 它们 咱们 自己 大家 这个 那个 哪个 这些 那些 这样 那样 这么 那么 这里 那里 ' +
    '哪里 这边 那边 这种 那种 这次 什么 甚么 怎么 怎样 怎么样 为什么 为何 一个 一些 一下 一样 一点 ' +
    '有点 一直 一起 一定 没有 不是 就是 还是 只是 但是 可是 而是 而且 或者 然后 所以 因为 因此 如果 ' +
    '虽然 不过 已经 可以 可能 应该 需要 知道 觉得 认为 现在 时候 的话 真的 非常 特别 比较 其实 当然 ' +
    '还有 只有 所有 之后 以后 以前 之前 不会 不要 不能 好像 起来 出来 下来 ' +
    '嘅 咗 係 唔 咁 啲 佢 喺 嗰 咩 俾 畀 嘢 囉 啦 喇 呀 哋 我哋 你哋 佢哋 呢个 嗰个 点解 乜嘢 而家 ' +
    '依家 真系 就系 唔系 好似',
  jpn:
    'けど けれど 本当に 本当 ほんと ほんとに とても すごく めっちゃ めちゃ めちゃめちゃ めちゃくちゃ ' +
    'ちゃん さん くん 様 やっぱり やっぱ なんか ちょっと 私 僕 俺 あなた 自分 みんな 皆さん',
  tha:
    'ครับ คับ ค่ะ คะ ค่า นะ จ้า จ้ะ ฮะ เนอะ สิ ล่ะ หรอ เหรอ ไหม มั้ย ฉัน ผม คุณ มัน เธอ หนู พวกเรา ' +
    'พวกเขา นี่ นั่น โน่น',
  spa:
    'es fue estar está están estoy esta este esto estos estas todo toda todos todas usted ustedes ' +
    'unos unas algo nada así aquí ahí pues soy eres somos tiene tienen tengo hace puede pueden creo ' +
    'jaja jajaja jajajaja xq pq',
  por:
    'é são foi estar está tá tô tudo todo toda todos todas aqui aí lá então vc vcs pra tem ter faz ' +
    'pode né kkk kkkk kkkkk',
  kor:
    '너무 너무너무 정말 진짜 많이 같아요 같은 그냥 완전 다들 저도 나도 제가 ' +
    'ㅋㅋ ㅋㅋㅋ ㅋㅋㅋㅋ ㅎㅎ ㅎㅎㅎ ㅠㅠ ㅜㅜ ㅠㅠㅠ',
  hin:
    'मैं मेरा मेरी मेरे हम हमारा हमारी हमारे हमें हमे हमको तुम तुम्हारा तुम्हारी तेरा तेरी तेरे तू ' +
    'आपका आपकी आपके आपलोग वो वह वे उसको उसका उसकी उसके उनका उनकी उनके उन्हें इसको इसका इसकी इसके ' +
    'क्या क्यों कैसे कब कहाँ कहां कौन नही गया गई गयी गए होता होती होते होगा होगी रहा रही',
};

/**
 * One language's function words, by the `stopword` package's code ("por", "zho"; empty for a code
 * it has no list for): its list (MIT; the package loaded on first use, and it has no types, hence
 * require) and `CONVERSATION_WORDS`. Thai's words come in both spellings of "ำ" (`composedSaraAm`).
 */
export function stopwordList(code: string): readonly string[] {
  lists ??= createRequire(import.meta.url)('stopword') as Readonly<Record<string, unknown>>;
  const list = lists[code];
  const words = [
    ...(Array.isArray(list) ? list.filter((w): w is string => typeof w === 'string') : []),
    ...(CONVERSATION_WORDS[code]?.split(' ') ?? []),
  ];
  return code === 'tha' ? words.flatMap((w) => [w, composedSaraAm(w)]) : words;
}

/**
 * Thai's vowel "ำ" (sara am) as one character, where NFKC writes it as two ("ํา"), as the `stopword`
 * package's Thai list does ("ทําให้"): comments mostly type the one, so "ทำให้" had not been found.
 */
function composedSaraAm(word: string): string {
  return word.replaceAll('\u0E4D\u0E32', '\u0E33');
}

/**
 * Traditional and variant forms of the characters of Chinese function words, with the simplified
 * form each stands for at the same place in `SIMPLIFIED`: the stopword lists are simplified, and
 * Taiwanese and Hong Kong viewers write 們, 這個, 沒有, 覺得.
 */
const TRADITIONAL =
  '們這個與對為於會說説還麼麽嗎誰幾時兒著該並請來沒樣裡裏點從後應認覺現經當讓種雖實較別過關妳係';
const SIMPLIFIED =
  '们这个与对为于会说说还么么吗谁几时儿着该并请来没样里里点从后应认觉现经当让种虽实较别过关你系';

/** A Chinese word in simplified characters, as far as its function words go. */
function simplified(word: string): string {
  let out = '';
  for (const ch of word) {
    const at = TRADITIONAL.indexOf(ch);
    out += at < 0 ? ch : SIMPLIFIED[at]!;
  }
  return out;
}

/** Whether a word of Chinese characters is function words only: "都没有" is 都 + 没有. */
function onlyFunctionWords(word: string, words: ReadonlySet<string>): boolean {
  const chars = [...word];
  // can[i]: chars[0..i) splits into function words (a word is at most four characters)
  const can = new Array<boolean>(chars.length + 1).fill(false);
  can[0] = true;
  for (let i = 1; i <= chars.length; i++)
    for (let len = 1; len <= Math.min(4, i) && !can[i]; len++)
      can[i] = can[i - len]! && words.has(chars.slice(i - len, i).join(''));
  return can[chars.length]!;
}

const HAN_ONLY = /^\p{Script=Han}+$/u;

let functionWords: ReadonlySet<string> | null = null;

/**
 * A function word of Chinese, Japanese, Thai or Burmese (the `stopword` package's lists: 的, 了,
 * これ, として, ที่, กับ, with the words of conversation they lack, `CONVERSATION_WORDS`: 我们,
 * めっちゃ, ครับ), or a piece of Japanese that names nothing: a lone kana, or hiragana of one or two
 * letters, which is what ICU's dictionary leaves of particles and inflections ("の", "を", "てる",
 * "って" in "微笑みをむけてくれてる"). A Chinese word counts in traditional characters too ("這個",
 * "們"), and when it is function words only ("都沒有"). No clustering term, tag or theme, as English
 * stopwords are none: split into words, such function words had grouped comments by language.
 */
export function isUnspacedFunctionWord(word: string): boolean {
  if (/^(?:\p{Script=Hiragana}{1,2}|\p{Script=Katakana})$/u.test(word)) return true;
  if (!UNSPACED.test(word)) return false;
  functionWords ??= new Set(['zho', 'jpn', 'tha', 'mya'].flatMap(stopwordList));
  if (functionWords.has(word)) return true;
  return HAN_ONLY.test(word) && onlyFunctionWords(simplified(word), functionWords);
}
