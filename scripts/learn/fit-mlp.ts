/**
 * Experiment only (scripts/learn/_intent-mlp.ts; not used by the product, see docs/intent-guideline.md).
 * Fits a one-hidden-layer perceptron (MLP) classifier over sparse feature vectors: input -> hidden (ReLU or
 * tanh) -> softmax. The first layer is sparse (a row touches only its nonzero features' weight columns).
 * Mini-batch AdamW with decoupled weight decay on the weights (not the biases), class-weighted
 * cross-entropy, a fixed number of epochs. Deterministic: weights are initialised and rows shuffled
 * from a seeded PRNG (mulberry32), and every sum runs in a fixed order.
 */
import type { SparseRow } from './fit-linear';
import { createRandom } from '../../packages/analysis/src/clustering/random';

export interface MlpOptions {
  classes: number;
  /** Input width (feature indices are 0..width-1). */
  width: number;
  hidden: number;
  activation: 'relu' | 'tanh';
  epochs: number;
  batch: number;
  /** Adam learning rate. */
  lr: number;
  /** Decoupled weight decay (AdamW), per step, times lr. */
  decay: number;
  /** Class weights (n / (K n_c))^balanced. */
  balanced: number;
  seed: number;
  /** Dropout on the hidden units while training (0 = none). */
  dropout?: number;
}

export interface MlpFit {
  width: number;
  hidden: number;
  activation: 'relu' | 'tanh';
  /** width x hidden, feature-major: the hidden weights of feature j are w1[j*hidden .. (j+1)*hidden). */
  w1: Float64Array;
  b1: Float64Array;
  /** classes x hidden, row-major. */
  w2: Float64Array;
  b2: Float64Array;
}

/**
 * mulberry32 seeded with `seed` itself: the analysis core's PRNG (createRandom) mixes its seed with
 * 0x9e3779b9 first, so the same mix is undone here (the recorded experiment figures used this stream).
 */
export function mulberry32(seed: number): () => number {
  return createRandom((seed ^ 0x9e3779b9) | 0);
}

/** Hidden activations of one row into `h` (pre-activation into `pre` when given). */
function hiddenOf(m: MlpFit, f: SparseRow, h: Float64Array, pre?: Float64Array): void {
  const H = m.hidden;
  h.set(m.b1);
  for (let p = 0; p < f.indices.length; p++) {
    const o = f.indices[p]! * H;
    const v = f.values[p]!;
    if (v === 0) continue;
    for (let k = 0; k < H; k++) h[k]! += m.w1[o + k]! * v;
  }
  if (pre) pre.set(h);
  if (m.activation === 'relu') for (let k = 0; k < H; k++) h[k] = h[k]! > 0 ? h[k]! : 0;
  else for (let k = 0; k < H; k++) h[k] = Math.tanh(h[k]!);
}

/** Class scores (logits) of one row. */
export function mlpLogits(m: MlpFit, f: SparseRow): number[] {
  const H = m.hidden;
  const K = m.b2.length;
  const h = new Float64Array(H);
  hiddenOf(m, f, h);
  const z: number[] = [];
  for (let c = 0; c < K; c++) {
    let s = m.b2[c]!;
    for (let k = 0; k < H; k++) s += m.w2[c * H + k]! * h[k]!;
    z.push(s);
  }
  return z;
}

export function fitMlp(feats: readonly SparseRow[], y: readonly number[], o: MlpOptions): MlpFit {
  const { classes: K, width: W, hidden: H, epochs, batch, lr, decay, balanced } = o;
  const dropout = o.dropout ?? 0;
  const rand = mulberry32(o.seed);
  const counts = Array.from({ length: K }, (_, c) => y.filter((v) => v === c).length);
  const cw = counts.map((n) => (feats.length / (K * Math.max(1, n))) ** balanced);
  // Glorot-uniform over the hidden layer; inputs are roughly unit-norm groups, so the fan-in used is small
  const r1 = Math.sqrt(6 / (16 + H));
  const r2 = Math.sqrt(6 / (H + K));
  const m: MlpFit = {
    width: W,
    hidden: H,
    activation: o.activation,
    w1: Float64Array.from({ length: W * H }, () => (2 * rand() - 1) * r1),
    b1: new Float64Array(H),
    w2: Float64Array.from({ length: K * H }, () => (2 * rand() - 1) * r2),
    b2: new Float64Array(K),
  };
  const params = [m.w1, m.b1, m.w2, m.b2];
  const grads = params.map((p) => new Float64Array(p.length));
  const mom = params.map((p) => new Float64Array(p.length));
  const vel = params.map((p) => new Float64Array(p.length));
  const decays = [decay, 0, decay, 0];
  const order = Array.from(feats, (_, i) => i);
  const h = new Float64Array(H);
  const pre = new Float64Array(H);
  const dh = new Float64Array(H);
  const mask = new Float64Array(H);
  const z = new Float64Array(K);
  const [b1m, b2m, eps] = [0.9, 0.999, 1e-8];
  let step = 0;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (let start = 0; start < order.length; start += batch) {
      const rows = order.slice(start, start + batch);
      for (const g of grads) g.fill(0);
      let norm = 0;
      for (const r of rows) {
        const f = feats[r]!;
        hiddenOf(m, f, h, pre);
        if (dropout > 0)
          for (let k = 0; k < H; k++) {
            mask[k] = rand() < dropout ? 0 : 1 / (1 - dropout);
            h[k]! *= mask[k]!;
          }
        let max = -Infinity;
        for (let c = 0; c < K; c++) {
          let s = m.b2[c]!;
          for (let k = 0; k < H; k++) s += m.w2[c * H + k]! * h[k]!;
          z[c] = s;
          if (s > max) max = s;
        }
        let sum = 0;
        for (let c = 0; c < K; c++) sum += z[c] = Math.exp(z[c]! - max);
        const weight = cw[y[r]!]!;
        norm += weight;
        dh.fill(0);
        for (let c = 0; c < K; c++) {
          const g = weight * (z[c]! / sum - (c === y[r] ? 1 : 0));
          grads[3]![c]! += g;
          for (let k = 0; k < H; k++) {
            grads[2]![c * H + k]! += g * h[k]!;
            dh[k]! += g * m.w2[c * H + k]!;
          }
        }
        for (let k = 0; k < H; k++) {
          let d = dh[k]!;
          if (dropout > 0) d *= mask[k]!;
          d *= m.activation === 'relu' ? (pre[k]! > 0 ? 1 : 0) : 1 - h[k]! * h[k]!;
          dh[k] = d;
          grads[1]![k]! += d;
        }
        for (let p = 0; p < f.indices.length; p++) {
          const j = f.indices[p]!;
          const v = f.values[p]!;
          const off = j * H;
          for (let k = 0; k < H; k++) grads[0]![off + k]! += dh[k]! * v;
        }
      }
      step++;
      const c1 = 1 - b1m ** step;
      const c2 = 1 - b2m ** step;
      params.forEach((p, pi) => {
        const g = grads[pi]!;
        const mm = mom[pi]!;
        const vv = vel[pi]!;
        const wd = decays[pi]!;
        // every weight decays and keeps its momentum (AdamW); first-layer columns of features absent from the batch have gradient 0
        for (let j = 0; j < p.length; j++) {
          const gj = g[j]! / norm;
          mm[j] = b1m * mm[j]! + (1 - b1m) * gj;
          vv[j] = b2m * vv[j]! + (1 - b2m) * gj * gj;
          p[j]! -= lr * (mm[j]! / c1 / (Math.sqrt(vv[j]! / c2) + eps) + wd * p[j]!);
        }
      });
    }
  }
  return m;
}
