/**
 * Lexical features for clustering: a simple tokeniser (keeps emoji, `c#`, `c++`, `asp.net`; splits
 * Chinese, Japanese and Thai into their words), English stopwords, and a sublinear TF-IDF matrix
 * in CSR form with a vocabulary capped by document frequency, so memory stays bounded on 50k
 * comments.
 */
import { hasUnspacedScript, isUnspacedFunctionWord, WORD_MARK, wordsOfRun } from '../text/words';

/** Row-compressed sparse matrix with L2-normalised rows (empty rows stay empty). */
export interface SparseMatrix {
  rows: number;
  cols: number;
  indptr: Int32Array;
  indices: Int32Array;
  values: Float32Array;
}

const STOPWORDS = new Set(
  (
    'a about above after again against all also am an and any are aren as at be because been before being below ' +
    'between both but by can cannot could couldn did didn do does doesn doing don down during each else ever few for ' +
    'from further get gets got had hadn has hasn have haven having he her here hers herself him himself his how i ' +
    'if in into is isn it its itself just let ll me might more most much must mustn my myself no nor not now of off ' +
    'on once only or other ought our ours ourselves out over own re s same shall shan she should shouldn so some ' +
    'such t than that the their theirs them themselves then there these they this those through to too under until ' +
    'up us ve very was wasn we were weren what when where which while who whom why will with won would wouldn you ' +
    'your yours yourself yourselves d m o y ain im ive youre dont doesnt didnt cant wont isnt thats theres whats ' +
    'its lol oh yeah ya u ur really like one'
  ).split(' '),
);

/** A character inside a word: a letter, digit, "_", "+", "#" or a combining mark (text/words.ts). */
const WORD_CHAR = String.raw`(?:[\p{L}\p{N}_+#]|${WORD_MARK})`;
const TOKEN_RE = new RegExp(
  String.raw`\p{Extended_Pictographic}|[\p{L}\p{N}_]${WORD_CHAR}*(?:['.-]${WORD_CHAR}+)*`,
  'gu',
);

/** Folds a plural/possessive ending so "videos" and "video's" count as "video". */
function fold(token: string): string {
  let t = token;
  if (t.endsWith("'s")) t = t.slice(0, -2);
  if (t.length > 4 && t.endsWith('ies')) return `${t.slice(0, -3)}y`;
  if (
    t.length > 3 &&
    t.endsWith('s') &&
    !t.endsWith('ss') &&
    !t.endsWith('us') &&
    !t.endsWith('is')
  )
    return t.slice(0, -1);
  return t;
}

/**
 * The parts of an identifier written in camelCase or snake_case ("QTcpSocket" -> Tcp, Socket;
 * "NSPanel" -> NS, Panel; "eav_attribute" -> eav, attribute; "iPhone" -> Phone), or nothing for a plain word. Code names,
 * brands and hashtags then share words with texts that spell them out: StackOverflow NMI +1.1.
 */
function identifierParts(token: string): string[] {
  if (!/[A-Z_]/.test(token)) return [];
  const parts = token
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter((p) => p.length > 1);
  return parts.length > 1 ? parts : [];
}

/**
 * Lower-cased content tokens of a text; emoji are kept as tokens of their own, and an identifier's
 * parts (identifierParts) follow the identifier itself.
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  const push = (raw: string): void => {
    if (STOPWORDS.has(raw)) return;
    if (raw.length === 1 && /[a-z0-9]/.test(raw)) return;
    if (/^\d+$/.test(raw)) return;
    const t = fold(raw);
    if (!STOPWORDS.has(t)) out.push(t);
  };
  // asked of the text once: most comments hold no word of a script written without spaces
  const unspaced = hasUnspacedScript(text);
  for (const m of text.matchAll(TOKEN_RE)) {
    // Chinese, Japanese or Thai: the words in the run (text/words.ts), not the run as one word,
    // and no particles or inflections (の, を, てる); an @handle ("@プリムスリハード") is a name, one word
    if (unspaced && hasUnspacedScript(m[0]) && text[m.index - 1] !== '@') {
      for (const word of wordsOfRun(m[0].toLowerCase()))
        if (!isUnspacedFunctionWord(word)) push(word);
      continue;
    }
    push(m[0].toLowerCase());
    for (const part of identifierParts(m[0])) push(part.toLowerCase());
  }
  return out;
}

export interface TfidfOptions {
  /** Largest vocabulary kept (most frequent terms by document frequency). */
  maxFeatures?: number;
  /** Terms in fewer documents are dropped (they cannot link two texts). */
  minDf?: number;
  /** Terms in more than this share of documents are dropped. */
  maxDfRatio?: number;
}

/** Builds the L2-normalised sublinear TF-IDF matrix of `texts`. */
export function buildTfidf(texts: readonly string[], options: TfidfOptions = {}): SparseMatrix {
  const n = texts.length;
  const minDf = options.minDf ?? (n >= 50 ? 2 : 1);
  const maxDf = Math.max(minDf, Math.floor((options.maxDfRatio ?? 0.5) * n));
  const maxFeatures = options.maxFeatures ?? 30000;
  const docs: string[][] = texts.map(tokenize);
  const df = new Map<string, number>();
  for (const toks of docs) for (const t of new Set(toks)) df.set(t, (df.get(t) ?? 0) + 1);
  const kept = [...df.entries()]
    .filter(([, c]) => c >= minDf && c <= maxDf)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, maxFeatures);
  const vocab = new Map<string, number>();
  const idf = new Float32Array(kept.length);
  kept.forEach(([term, c], i) => {
    vocab.set(term, i);
    idf[i] = Math.log((1 + n) / (1 + c)) + 1;
  });
  const indptr = new Int32Array(n + 1);
  const idx: number[] = [];
  const val: number[] = [];
  for (let r = 0; r < n; r++) {
    const tf = new Map<number, number>();
    for (const t of docs[r]!) {
      const j = vocab.get(t);
      if (j !== undefined) tf.set(j, (tf.get(j) ?? 0) + 1);
    }
    const cols = [...tf.keys()].sort((a, b) => a - b);
    let norm = 0;
    const vs = cols.map((j) => {
      const v = (1 + Math.log(tf.get(j)!)) * idf[j]!;
      norm += v * v;
      return v;
    });
    norm = Math.sqrt(norm) || 1;
    cols.forEach((j, k) => {
      idx.push(j);
      val.push(vs[k]! / norm);
    });
    indptr[r + 1] = idx.length;
  }
  return {
    rows: n,
    cols: kept.length,
    indptr,
    indices: Int32Array.from(idx),
    values: Float32Array.from(val),
  };
}
