/**
 * The shape shared by the learned classifiers (intent, sentiment): a multinomial logistic regression
 * over a task's fixed features, word terms and, optionally, the comment's sentence embedding. The
 * weights are fitted offline (scripts/learn/fit-linear.ts) and shipped as generated TypeScript.
 */
export interface LinearModel<C extends string> {
  /** Classes in weight-row order. */
  classes: C[];
  /** Word and bigram terms; feature index = (number of fixed features) + position. */
  vocab: string[];
  /** classes x (fixed + vocab [+ embedding dims]) weights, row-major. */
  weights: ArrayLike<number>;
  bias: ArrayLike<number>;
  /**
   * Present when the model also reads sentence embeddings: which model made them (vectors of any
   * other model mean something else), their length, and the factor they are scaled by.
   */
  embedding?: { model: string; dims: number; scale: number };
}

/** Sparse feature vector: indices and values. */
export interface SparseFeatures {
  indices: number[];
  values: number[];
}

/**
 * Sets a model's fixed (non-word) features by name: `set(f, name, value = 1)` appends that feature to
 * `f`. Each model lists its fixed feature names once; their order is their index.
 */
export function fixedFeatureSetter(
  names: readonly string[],
): (f: SparseFeatures, name: string, value?: number) => void {
  const index = new Map(names.map((name, i) => [name, i]));
  return (f, name, value = 1) => {
    const i = index.get(name);
    if (i === undefined) throw new Error(`unknown feature ${name}`);
    f.indices.push(i);
    f.values.push(value);
  };
}

/** The length feature of normalised (single-spaced) text: its number of words, binned. */
export function lengthFeature(normalised: string): string {
  const words = normalised === '' ? 0 : normalised.split(' ').length;
  return words <= 3
    ? 'shape:words-1-3'
    : words <= 10
      ? 'shape:words-4-10'
      : words <= 30
        ? 'shape:words-11-30'
        : 'shape:words-31+';
}

/** Word tokens of normalised text: words (with inner apostrophes), "?", "!" and emoji each count. */
function wordTokens(t: string): string[] {
  return t.match(/[\p{L}\p{N}]+(?:'[\p{L}]+)*|[?!]|\p{Extended_Pictographic}/gu) ?? [];
}

/** The word terms of normalised text: unigrams, bigrams and the opening word (marked "^"). */
export function wordTerms(normalised: string): string[] {
  const toks = wordTokens(normalised).map((w) => w.replace(/'/g, ''));
  const terms = new Set<string>();
  if (toks[0] !== undefined) terms.add(`^${toks[0]}`);
  for (let i = 0; i < toks.length; i++) {
    terms.add(toks[i]!);
    if (i + 1 < toks.length) terms.add(`${toks[i]} ${toks[i + 1]}`);
  }
  return [...terms];
}

/**
 * Appends the text's known terms to `f`, each valued 1/sqrt(number found) so a long comment does
 * not outweigh a short one. Term j has feature index `offset + j`.
 */
export function addTermFeatures(
  f: SparseFeatures,
  terms: readonly string[],
  vocabIndex: ReadonlyMap<string, number>,
  offset: number,
): void {
  const found: number[] = [];
  for (const term of terms) {
    const j = vocabIndex.get(term);
    if (j !== undefined) found.push(offset + j);
  }
  const scale = found.length > 0 ? 1 / Math.sqrt(found.length) : 0;
  for (const j of found) {
    f.indices.push(j);
    f.values.push(scale);
  }
}

/** Class scores (logits) of one feature vector and, for an embedding model, the comment's vector. */
export function linearLogits<C extends string>(
  model: LinearModel<C>,
  fixedCount: number,
  f: SparseFeatures,
  vector?: Float32Array,
): number[] {
  const textWidth = fixedCount + model.vocab.length;
  const emb = model.embedding;
  if (emb && (!vector || vector.length !== emb.dims))
    throw new Error(`this model needs ${emb.dims}-dimensional ${emb.model} vectors`);
  const width = textWidth + (emb?.dims ?? 0);
  return model.classes.map((_, c) => {
    let s = model.bias[c]!;
    const o = c * width;
    for (let p = 0; p < f.indices.length; p++)
      s += model.weights[o + f.indices[p]!]! * f.values[p]!;
    if (emb && vector) {
      let e = 0;
      for (let j = 0; j < emb.dims; j++) e += model.weights[o + textWidth + j]! * vector[j]!;
      s += emb.scale * e;
    }
    return s;
  });
}

const vocabCache = new WeakMap<object, Map<string, number>>();

/** term -> position of a model's vocabulary (built once per model). */
export function vocabIndexOf(model: LinearModel<string>): ReadonlyMap<string, number> {
  let index = vocabCache.get(model);
  if (!index) {
    index = new Map(model.vocab.map((w, i) => [w, i]));
    vocabCache.set(model, index);
  }
  return index;
}

/** Class probabilities from logits (softmax, shifted by the largest logit so nothing overflows). */
export function softmax(logits: readonly number[]): number[] {
  const max = Math.max(...logits);
  const e = logits.map((v) => Math.exp(v - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

/** The best-scoring class; ties go to the class listed first in `precedence` (if given). */
export function argmaxClass<C extends string>(
  classes: readonly C[],
  logits: readonly number[],
  precedence: readonly C[] = classes,
): C {
  let best = -1;
  for (let c = 0; c < logits.length; c++) {
    if (
      best < 0 ||
      logits[c]! > logits[best]! ||
      (logits[c] === logits[best] &&
        precedence.indexOf(classes[c]!) < precedence.indexOf(classes[best]!))
    )
      best = c;
  }
  return classes[best]!;
}

/** Sentence embeddings of the texts and the name of the embedder that made them. */
export interface TextEmbeddings {
  vectors: readonly Float32Array[];
  /** TextEmbedder.name, e.g. `onnx:universal-sentence-encoder-lite:q8`. */
  embedder: string;
}

/**
 * Whether USE-lite's vector of `text` says anything: its vocabulary is English pieces, so a text
 * without a single Latin letter is unknown pieces to it. Texts of unknown pieces only get one and
 * the same vector ("🔥🔥🔥", "👍", "👎" and "すごい動画です" alike, cosine 1.00), and Russian praise
 * and complaint sit at 0.93. The models with vectors were fitted with those vectors on a mix of labels,
 * so these texts go to the words-only models, which read the emoji and the words the dev set
 * taught them: out of fold, on the 64 such comments of the dev set's train and tune splits, 46
 * right against 39 (and on the 20 without any letter 18 against 15).
 */
export function vectorReadable(text: string): boolean {
  return /[A-Za-z]/.test(text);
}

/** True when `e` holds one vector per text from the embedder `model` was trained on. */
function embeddingsFit(
  model: LinearModel<string>,
  e: TextEmbeddings | undefined,
  n: number,
): e is TextEmbeddings {
  const emb = model.embedding;
  return (
    e !== undefined &&
    emb !== undefined &&
    e.embedder.includes(emb.model) &&
    e.vectors.length === n &&
    e.vectors.every((v) => v.length === emb.dims)
  );
}

/**
 * One answer per text from a pair of models: `withVectors` reads a text's vector when the embeddings
 * fit it and its embedder can read the text (vectorReadable); every other text, and every text when
 * the embeddings do not fit (another embedder's vectors mean something else to its weights), goes to
 * `wordsOnly`.
 */
export function predictEach<C extends string, R>(
  models: { withVectors: LinearModel<C>; wordsOnly: LinearModel<C> },
  texts: readonly string[],
  e: TextEmbeddings | undefined,
  predict: (model: LinearModel<C>, text: string, vector?: Float32Array) => R,
): R[] {
  const fit = embeddingsFit(models.withVectors, e, texts.length);
  return texts.map((t, i) =>
    fit && vectorReadable(t)
      ? predict(models.withVectors, t, e.vectors[i])
      : predict(models.wordsOnly, t),
  );
}
