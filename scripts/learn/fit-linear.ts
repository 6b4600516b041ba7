/**
 * Fits a multinomial logistic regression over sparse feature vectors: the training core shared by
 * scripts/train-intent.ts and scripts/train-sentiment.ts. Deterministic (full-batch Adam from zero
 * weights), class-weighted mean cross-entropy plus L2 on the weights (not the biases).
 */
import { writeFileSync } from 'node:fs';
import { type LinearModel } from '@app/analysis/eval';

/** Sparse feature vector: parallel indices and values. */
export interface SparseRow {
  indices: ArrayLike<number>;
  values: ArrayLike<number>;
}

export interface FitOptions {
  /** Number of classes; labels are 0..classes-1. */
  classes: number;
  /** Feature vector width. */
  width: number;
  l2: number;
  epochs: number;
  /** Class weights (n / (K n_c))^balanced: 1 fully balanced, 0 none. */
  balanced: number;
}

export interface LinearFit {
  /** classes x width weights, row-major. */
  w: Float64Array;
  b: Float64Array;
}

/** One Adam step (learning rate 0.05) on `param` from the summed gradient `grad` / `norm` plus `l2` * param. */
function adamStep(
  param: Float64Array,
  grad: Float64Array,
  norm: number,
  l2: number,
  m: Float64Array,
  v: Float64Array,
  it: number,
): void {
  const [lr, b1, b2, eps] = [0.05, 0.9, 0.999, 1e-8];
  for (let j = 0; j < param.length; j++) {
    const g = grad[j]! / norm + l2 * param[j]!;
    m[j] = b1 * m[j]! + (1 - b1) * g;
    v[j] = b2 * v[j]! + (1 - b2) * g * g;
    param[j]! -= (lr * (m[j]! / (1 - b1 ** it))) / (Math.sqrt(v[j]! / (1 - b2 ** it)) + eps);
  }
}

export function fitLinear(
  feats: readonly SparseRow[],
  y: readonly number[],
  options: FitOptions,
): LinearFit {
  const { classes: K, width: W, l2, epochs, balanced } = options;
  const counts = Array.from({ length: K }, (_, c) => y.filter((v) => v === c).length);
  const cw = counts.map((n) => (feats.length / (K * Math.max(1, n))) ** balanced);
  const w = new Float64Array(K * W);
  const b = new Float64Array(K);
  const mw = new Float64Array(K * W);
  const vw = new Float64Array(K * W);
  const mb = new Float64Array(K);
  const vb = new Float64Array(K);
  const z = new Float64Array(K);
  for (let it = 1; it <= epochs; it++) {
    const gw = new Float64Array(K * W);
    const gb = new Float64Array(K);
    let norm = 0;
    for (let i = 0; i < feats.length; i++) {
      const f = feats[i]!;
      let max = -Infinity;
      for (let c = 0; c < K; c++) {
        let s = b[c]!;
        for (let p = 0; p < f.indices.length; p++) s += w[c * W + f.indices[p]!]! * f.values[p]!;
        z[c] = s;
        if (s > max) max = s;
      }
      let sum = 0;
      for (let c = 0; c < K; c++) sum += z[c] = Math.exp(z[c]! - max);
      const weight = cw[y[i]!]!;
      norm += weight;
      for (let c = 0; c < K; c++) {
        const g = weight * (z[c]! / sum - (c === y[i] ? 1 : 0));
        gb[c]! += g;
        for (let p = 0; p < f.indices.length; p++) gw[c * W + f.indices[p]!]! += g * f.values[p]!;
      }
    }
    adamStep(w, gw, norm, l2, mw, vw, it);
    adamStep(b, gb, norm, 0, mb, vb, it);
  }
  return { w, b };
}

/** A trainer's command line: its numeric options and the flags both trainers share. */
export function trainerArgs(args: readonly string[]) {
  const num = (name: string, d: number): number =>
    args.includes(name) ? Number(args[args.indexOf(name) + 1]) : d;
  return {
    num,
    write: args.includes('--write'),
    l2: num('--l2', 0.003),
    minDf: num('--min-df', 3),
    epochs: num('--epochs', 300),
    balanced: num('--balanced', 0.5),
    embed: args.includes('--embed'),
    embedScale: num('--embed-scale', 3),
  };
}

/** The vocabulary: terms found in at least `minDf` of the texts, sorted. */
export function buildVocab(
  texts: readonly string[],
  termsOf: (text: string) => readonly string[],
  minDf: number,
): string[] {
  const df = new Map<string, number>();
  for (const text of texts) for (const t of termsOf(text)) df.set(t, (df.get(t) ?? 0) + 1);
  return [...df.entries()]
    .filter(([, c]) => c >= minDf)
    .map(([t]) => t)
    .sort();
}

/** `f` with a sentence vector appended after the first `width` features, scaled by `scale`. */
export function withEmbedding(
  f: { indices: number[]; values: number[] },
  vector: Float32Array,
  width: number,
  scale: number,
): { indices: number[]; values: number[] } {
  return {
    indices: [...f.indices, ...Array.from(vector, (_, j) => width + j)],
    values: [...f.values, ...Array.from(vector, (x) => x * scale)],
  };
}

/** The fitted weights as a product model; with `embedScale` it also reads USE-lite vectors. */
export function asLinearModel<C extends string>(
  classes: C[],
  vocab: string[],
  fit: LinearFit,
  embedScale: number | null,
): LinearModel<C> {
  return {
    classes,
    vocab,
    weights: fit.w,
    bias: fit.b,
    ...(embedScale !== null
      ? { embedding: { model: 'universal-sentence-encoder-lite', dims: 512, scale: embedScale } }
      : {}),
  };
}

/**
 * Writes a model as a data file of packages/analysis/data/models (weights and biases rounded to 4
 * decimals), one JSON object whose `about` says how it was made; the analysis reads it with
 * readModelJson.
 */
export function writeModelFile(options: {
  file: string;
  about: string;
  model: LinearModel<string>;
}): void {
  const { file, about, model } = options;
  const round = (x: number) => Math.round(x * 1e4) / 1e4;
  const out = {
    about,
    ...model,
    weights: Array.from(model.weights, round),
    bias: Array.from(model.bias, round),
  };
  writeFileSync(file, `${JSON.stringify(out)}\n`);
}
