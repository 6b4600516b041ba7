// Experiment: iterative classification (Rakib et al. 2020) after the product's clustering.
import { discoverClusters } from '../../packages/analysis/src/clustering/index';
import { normalizedMutualInfo, clusteringAccuracy } from '../../packages/analysis/src/eval/index';
import { createRandom } from '../../packages/analysis/src/clustering/random';
import { cachedEmbeddings, loadLabelledDataset } from '../bench/embedding-cache';

const args = process.argv.slice(2);
const flag = (n: string, d: number) => (args.includes(n) ? Number(args[args.indexOf(n) + 1]) : d);
const sets = (args.includes('--sets') ? args[args.indexOf('--sets') + 1]! : 'agnews').split(',');
const seeds = (args.includes('--seeds') ? args[args.indexOf('--seeds') + 1]! : '1,2,3').split(',').map(Number);
const ITERS = flag('--iters', 10);
const EPOCHS = flag('--epochs', 4);
const L2 = flag('--l2', 1e-4);
const ESCALE = flag('--escale', 1);
const WSCALE = flag('--wscale', 1);
const KEEP = flag('--keep', 0.8);
const PLO = flag('--plo', 0.5), PHI = flag('--phi', 0.8);

function tfidf(texts: string[]) {
  const toks = texts.map((t) => [...new Set((t.toLowerCase().match(/\p{L}[\p{L}\p{N}']*|\p{N}+/gu) ?? []))]);
  const df = new Map<string, number>();
  for (const ts of toks) for (const w of ts) df.set(w, (df.get(w) ?? 0) + 1);
  const n = texts.length;
  const vocab = new Map<string, number>();
  for (const [w, c] of df) if (c >= 2 && c <= n * 0.3) vocab.set(w, vocab.size);
  return {
    V: vocab.size,
    rows: toks.map((ts) => {
      const idx: number[] = [], val: number[] = [];
      for (const w of ts) { const j = vocab.get(w); if (j !== undefined) { idx.push(j); val.push(Math.log(n / df.get(w)!)); } }
      const norm = Math.sqrt(val.reduce((a, b) => a + b * b, 0)) || 1;
      return { idx: Int32Array.from(idx), val: Float64Array.from(val, (v) => (v / norm) * WSCALE) };
    }),
  };
}

function train(X: { dense: Float32Array[]; rows: { idx: Int32Array; val: Float64Array }[]; V: number }, items: number[], y: Int32Array, K: number, rnd: () => number) {
  const D = X.dense[0]!.length, W = D + X.V;
  const w = new Float64Array(K * W), b = new Float64Array(K);
  const m = new Float64Array(K * W), v = new Float64Array(K * W), mb = new Float64Array(K), vb = new Float64Array(K);
  const g = new Float64Array(K * W), gb = new Float64Array(K), z = new Float64Array(K);
  const B = 256; let step = 0;
  const order = items.slice();
  for (let ep = 0; ep < EPOCHS; ep++) {
    for (let i = order.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [order[i], order[j]] = [order[j]!, order[i]!]; }
    for (let s = 0; s < order.length; s += B) {
      g.fill(0); gb.fill(0);
      const batch = order.slice(s, s + B);
      const touched = new Set<number>();
      for (const i of batch) {
        const d = X.dense[i]!, r = X.rows[i]!;
        let max = -Infinity;
        for (let c = 0; c < K; c++) {
          let acc = b[c]!; const o = c * W;
          for (let j = 0; j < D; j++) acc += w[o + j]! * d[j]! * ESCALE;
          for (let p = 0; p < r.idx.length; p++) acc += w[o + D + r.idx[p]!]! * r.val[p]!;
          z[c] = acc; if (acc > max) max = acc;
        }
        let sum = 0; for (let c = 0; c < K; c++) sum += z[c] = Math.exp(z[c]! - max);
        for (let c = 0; c < K; c++) {
          const gr = z[c]! / sum - (c === y[i] ? 1 : 0); gb[c]! += gr; const o = c * W;
          for (let j = 0; j < D; j++) g[o + j]! += gr * d[j]! * ESCALE;
          for (let p = 0; p < r.idx.length; p++) g[o + D + r.idx[p]!]! += gr * r.val[p]!;
        }
        for (let p = 0; p < r.idx.length; p++) touched.add(D + r.idx[p]!);
      }
      step++;
      const lr = 0.01, b1 = 0.9, b2 = 0.999;
      const upd = (j: number) => {
        const gg = g[j]! / batch.length + L2 * w[j]!;
        m[j] = b1 * m[j]! + (1 - b1) * gg; v[j] = b2 * v[j]! + (1 - b2) * gg * gg;
        w[j]! -= (lr * m[j]! / (1 - b1 ** step)) / (Math.sqrt(v[j]! / (1 - b2 ** step)) + 1e-8);
      };
      for (let c = 0; c < K; c++) { const o = c * W; for (let j = 0; j < D; j++) upd(o + j); for (const j of touched) upd(o + j); }
      for (let c = 0; c < K; c++) { const gg = gb[c]! / batch.length; mb[c] = b1 * mb[c]! + (1 - b1) * gg; vb[c] = b2 * vb[c]! + (1 - b2) * gg * gg; b[c]! -= (lr * mb[c]! / (1 - b1 ** step)) / (Math.sqrt(vb[c]! / (1 - b2 ** step)) + 1e-8); }
    }
  }
  return (i: number) => {
    const d = X.dense[i]!, r = X.rows[i]!; let best = 0, bv = -Infinity;
    for (let c = 0; c < K; c++) { let acc = b[c]!; const o = c * W; for (let j = 0; j < D; j++) acc += w[o + j]! * d[j]! * ESCALE; for (let p = 0; p < r.idx.length; p++) acc += w[o + D + r.idx[p]!]! * r.val[p]!; if (acc > bv) { bv = acc; best = c; } }
    return best;
  };
}

for (const name of sets) {
  const ds = loadLabelledDataset(name);
  const vectors = await cachedEmbeddings(name, ds.texts);
  const K = new Set(ds.labels).size;
  const tf = tfidf(ds.texts);
  const X = { dense: vectors, rows: tf.rows, V: tf.V };
  const n = ds.texts.length;
  const before: number[] = [], after: number[] = [], accB: number[] = [], accA: number[] = [];
  for (const seed of seeds) {
    const r = await discoverClusters({ vectors, texts: ds.texts }, { k: K, seed });
    before.push(normalizedMutualInfo(ds.labels, r.assignments)); accB.push(clusteringAccuracy(ds.labels, r.assignments));
    let y = Int32Array.from(r.assignments);
    const rnd = createRandom(seed + 1234);
    const trace: string[] = [];
    for (let it = 0; it < ITERS; it++) {
      // centroids in USE space; drop the lowest-similarity (1-KEEP) of each cluster; sample P of the rest
      const cen = Array.from({ length: K }, () => new Float64Array(512));
      for (let i = 0; i < n; i++) { const c = cen[y[i]!]!; const d = vectors[i]!; for (let j = 0; j < 512; j++) c[j]! += d[j]!; }
      const sims = new Float64Array(n);
      for (let i = 0; i < n; i++) { const c = cen[y[i]!]!; let s = 0, nn = 0; const d = vectors[i]!; for (let j = 0; j < 512; j++) { s += c[j]! * d[j]!; nn += c[j]! * c[j]!; } sims[i] = s / Math.sqrt(nn || 1); }
      const P = PLO + (PHI - PLO) * rnd();
      const trainItems: number[] = [];
      for (let c = 0; c < K; c++) {
        const mem = [] as number[]; for (let i = 0; i < n; i++) if (y[i] === c) mem.push(i);
        mem.sort((a, b) => sims[b]! - sims[a]!);
        const kept = mem.slice(0, Math.ceil(mem.length * KEEP));
        for (const i of kept) if (rnd() < P) trainItems.push(i);
      }
      const isTrain = new Uint8Array(n); for (const i of trainItems) isTrain[i] = 1;
      const predict = train(X, trainItems, y, K, rnd);
      const ny = Int32Array.from(y);
      let changed = 0;
      for (let i = 0; i < n; i++) if (!isTrain[i]) { ny[i] = predict(i); if (ny[i] !== y[i]) changed++; }
      y = ny;
      trace.push(`${(100 * normalizedMutualInfo(ds.labels, y)).toFixed(1)}(${changed})`);
    }
    after.push(normalizedMutualInfo(ds.labels, y)); accA.push(clusteringAccuracy(ds.labels, y));
    console.log(`${name} seed ${seed}: ${(100 * before.at(-1)!).toFixed(1)} -> ${trace.join(' ')}`);
  }
  const mean = (a: number[]) => (100 * a.reduce((x, y) => x + y, 0) / a.length).toFixed(1);
  console.log(`${name}: NMI ${mean(before)} -> ${mean(after)}; ACC ${mean(accB)} -> ${mean(accA)}`);
}
