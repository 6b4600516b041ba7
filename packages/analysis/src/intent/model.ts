import { INTENT_PRECEDENCE, type Intent } from '@app/contracts';
import { scoreSentiment } from '../sentiment/sentiment';
import { classifyNormalised, normaliseForIntent } from './classify';

/**
 * The learned part of the intent classifier: a multinomial logistic regression over
 * - the rule classifier's output (which intents its cues found, and its single answer),
 * - the tone (VADER compound, binned) and surface shape (question marks, length, a reply's "@"),
 * - word unigrams and bigrams of the normalised text (stopwords kept: "can you", "how do" carry intent),
 * trained on the hand-labelled development set (scripts/train-intent.ts). The rules know the
 * guideline's precedence and negation; the regression learns how much to trust each cue and the
 * words the cues miss. Everything is offline and deterministic.
 */
export interface IntentModel {
  /** Classes in weight-row order. */
  classes: Intent[];
  /** Word and bigram terms; feature index = FIXED_FEATURES.length + position. */
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

/** Names of the fixed (non-word) features, in index order. */
export const FIXED_FEATURES: readonly string[] = [
  'rule:Request',
  'rule:Question',
  'rule:Criticism',
  'rule:Praise',
  'answer:Request',
  'answer:Question',
  'answer:Criticism',
  'answer:Praise',
  'answer:Opinion',
  'tone:very-negative',
  'tone:negative',
  'tone:neutral',
  'tone:positive',
  'tone:very-positive',
  'shape:has-question-mark',
  'shape:ends-with-question-mark',
  'shape:reply',
  'shape:words-1-3',
  'shape:words-4-10',
  'shape:words-11-30',
  'shape:words-31+',
  'shape:timestamp',
  'shape:exclamation',
];

const FIXED_INDEX = new Map(FIXED_FEATURES.map((f, i) => [f, i]));

/** Word tokens of normalised text: words (with inner apostrophes), "?", "!" and emoji each count. */
function wordTokens(t: string): string[] {
  return t.match(/[\p{L}\p{N}]+(?:'[\p{L}]+)*|[?!]|\p{Extended_Pictographic}/gu) ?? [];
}

/** The word terms of a text: unigrams, bigrams and the opening word (marked "^"). */
export function intentTerms(text: string): string[] {
  return termsOfNormalised(normaliseForIntent(text));
}

function termsOfNormalised(t: string): string[] {
  const toks = wordTokens(t).map((w) => w.replace(/'/g, ''));
  const terms = new Set<string>();
  if (toks[0] !== undefined) terms.add(`^${toks[0]}`);
  for (let i = 0; i < toks.length; i++) {
    terms.add(toks[i]!);
    if (i + 1 < toks.length) terms.add(`${toks[i]} ${toks[i + 1]}`);
  }
  return [...terms];
}

/** Sparse feature vector: indices and values (word features scaled so a long comment does not dominate). */
export interface IntentFeatures {
  indices: number[];
  values: number[];
}

export function intentFeatures(
  text: string,
  vocabIndex: ReadonlyMap<string, number>,
): IntentFeatures {
  const indices: number[] = [];
  const values: number[] = [];
  const fixed = (name: string): void => {
    indices.push(FIXED_INDEX.get(name)!);
    values.push(1);
  };
  // normalised once, tone computed at most once, for the rules and the features alike
  const t = typeof text === 'string' ? normaliseForIntent(text) : '';
  let toneMemo: number | undefined;
  const compound = (): number => (toneMemo ??= t === '' ? 0 : scoreSentiment(t).score);
  const rule = classifyNormalised(t, compound);
  for (const i of rule.matched) if (i !== 'Opinion') fixed(`rule:${i}`);
  fixed(`answer:${rule.intent}`);
  const tone = compound();
  fixed(
    tone <= -0.5
      ? 'tone:very-negative'
      : tone <= -0.05
        ? 'tone:negative'
        : tone < 0.05
          ? 'tone:neutral'
          : tone < 0.5
            ? 'tone:positive'
            : 'tone:very-positive',
  );
  if (t.includes('?')) fixed('shape:has-question-mark');
  if (/\?\s*\W*$/u.test(t)) fixed('shape:ends-with-question-mark');
  if (/^[^\p{L}@]*@/u.test(t)) fixed('shape:reply');
  const words = t === '' ? 0 : t.split(' ').length;
  fixed(
    words <= 3
      ? 'shape:words-1-3'
      : words <= 10
        ? 'shape:words-4-10'
        : words <= 30
          ? 'shape:words-11-30'
          : 'shape:words-31+',
  );
  if (t.includes('timestamp')) fixed('shape:timestamp');
  if (t.includes('!')) fixed('shape:exclamation');
  const found: number[] = [];
  for (const term of termsOfNormalised(t)) {
    const j = vocabIndex.get(term);
    if (j !== undefined) found.push(FIXED_FEATURES.length + j);
  }
  const scale = found.length > 0 ? 1 / Math.sqrt(found.length) : 0;
  for (const j of found) {
    indices.push(j);
    values.push(scale);
  }
  return { indices, values };
}

/** Class scores (logits) of one feature vector and, for an embedding model, the comment's vector. */
export function intentLogits(
  model: IntentModel,
  f: IntentFeatures,
  vector?: Float32Array,
): number[] {
  const textWidth = FIXED_FEATURES.length + model.vocab.length;
  const emb = model.embedding;
  if (emb && (!vector || vector.length !== emb.dims))
    throw new Error(`this intent model needs ${emb.dims}-dimensional ${emb.model} vectors`);
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

const vocabCache = new WeakMap<IntentModel, Map<string, number>>();

/** The model's intent for one comment (ties go to the higher-precedence intent). */
export function predictIntent(model: IntentModel, text: string, vector?: Float32Array): Intent {
  let vocabIndex = vocabCache.get(model);
  if (!vocabIndex) {
    vocabIndex = new Map(model.vocab.map((w, i) => [w, i]));
    vocabCache.set(model, vocabIndex);
  }
  const logits = intentLogits(model, intentFeatures(text, vocabIndex), vector);
  let best = -1;
  for (let c = 0; c < logits.length; c++) {
    if (
      best < 0 ||
      logits[c]! > logits[best]! ||
      (logits[c] === logits[best] &&
        INTENT_PRECEDENCE.indexOf(model.classes[c]!) <
          INTENT_PRECEDENCE.indexOf(model.classes[best]!))
    )
      best = c;
  }
  return model.classes[best]!;
}
