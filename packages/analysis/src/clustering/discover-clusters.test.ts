import { describe, expect, it } from 'vitest';
import { allFixtureComments } from '../comment-fixtures.test-support';
import { clusteringAccuracy, normalizedMutualInfo } from '../eval/metrics';
import { discoverClusters, maxKForSize, minKForSize } from './index';
import { pipelineInline as inlineRunner, pipelinePool } from '../pipeline/runners';
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
    const pool = pipelinePool(2);
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

  it('reports intermediate progress on one thread and gives the host turns while it runs', async () => {
    const data = synthetic(6, 120, 3);
    const seen: number[] = [];
    // A host task that re-queues itself: it runs only when the clustering lets the event loop turn.
    let turns = 0;
    let stop = false;
    const spin = () => {
      turns += 1;
      if (!stop) setImmediate(spin);
    };
    setImmediate(spin);
    const turnsAtReport: number[] = [];
    const expected = await discoverClusters(data, { seed: 9, runner: inlineRunner });
    const result = await discoverClusters(data, {
      seed: 9,
      runner: inlineRunner,
      onProgress: (f) => {
        seen.push(f);
        turnsAtReport.push(turns);
      },
    });
    stop = true;
    // the same clusters with or without the turns
    expect(Array.from(result.assignments)).toEqual(Array.from(expected.assignments));
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((f, i) => i === 0 || f > seen[i - 1]!)).toBe(true);
    const between = seen.filter((f) => f > 0 && f < 1);
    expect(between.length).toBeGreaterThanOrEqual(10);
    // every phase of the clustering is reported: its first quarter, its middle and its end
    expect(between.some((f) => f < 0.25)).toBe(true);
    expect(between.some((f) => f >= 0.4 && f < 0.75)).toBe(true);
    expect(between.some((f) => f >= 0.9)).toBe(true);
    // the host ran between reports, so what was reported could be written and read meanwhile
    const advanced = turnsAtReport.filter((t, i) => i > 0 && t > turnsAtReport[i - 1]!).length;
    expect(advanced).toBeGreaterThanOrEqual(Math.floor(seen.length / 2));
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

/**
 * A deterministic stand-in for a sentence embedder: each word hashed into one of 256 dimensions,
 * L2-normalised. Comments about one topic share words, so they share directions.
 */
function hashedVectors(texts: readonly string[], dim = 256): Float32Array[] {
  return texts.map((text) => {
    const v = new Float32Array(dim);
    for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? ['empty']) {
      let h = 0x811c9dc5;
      for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 0x01000193);
      v[(h >>> 0) % dim]! += 1;
    }
    const norm = Math.hypot(...v) || 1;
    return v.map((x) => x / norm);
  });
}

// NMI and ACC of the product's clustering with real sentence vectors on real, labelled short texts
// are quality figures: `npm run bench -- clustering` measures them.
describe('discoverClusters on invented comments', () => {
  /** Ten distinct complaints and questions from the invented videos, each hand-labelled with its topic. */
  const TOPICS = [
    'criticism:audio',
    'criticism:intro',
    'criticism:measurement',
    'question:flour',
    'question:oven',
    'criticism:font',
    'question:code',
    'question:effect',
    'question:cost',
    'criticism:music',
  ];
  const rows = allFixtureComments().filter((r) => TOPICS.includes(r.topic));
  const texts = rows.map((r) => r.text);
  const labels = rows.map((r) => TOPICS.indexOf(r.topic));
  const vectors = hashedVectors(texts);

  it('separates distinct topics (audio too quiet, long intro, wrong measurements, ...) far above chance', async () => {
    expect(rows.length).toBeGreaterThan(70);
    const r = await discoverClusters({ vectors, texts }, { k: TOPICS.length, seed: 1 });
    const nmi = normalizedMutualInfo(labels, r.assignments);
    // Chance level: the same cluster sizes, shuffled over the comments.
    const random = createRandom(9);
    const dealt = [...r.assignments];
    for (let i = dealt.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [dealt[i], dealt[j]] = [dealt[j]!, dealt[i]!];
    }
    const chance = normalizedMutualInfo(labels, dealt);
    expect(nmi).toBeGreaterThan(0.7);
    expect(nmi).toBeGreaterThan(chance + 0.3);
    expect(clusteringAccuracy(labels, r.assignments)).toBeGreaterThan(0.6);
    // The comments saying the audio is too quiet mostly end up together.
    const audio = r.assignments.filter((_, i) => rows[i]!.topic === 'criticism:audio');
    const most = Math.max(...audio.map((c) => audio.filter((x) => x === c).length));
    expect(most / audio.length).toBeGreaterThanOrEqual(0.6);

    const auto = await discoverClusters({ vectors, texts }, { seed: 1 });
    expect(auto.k).toBeGreaterThanOrEqual(minKForSize(texts.length));
    expect(auto.k).toBeLessThanOrEqual(maxKForSize(texts.length, 15));
    expect(normalizedMutualInfo(labels, auto.assignments)).toBeGreaterThan(0.6);
  });

  it('splits every invented comment into several readable topics with no cluster of a few strays, and honours a fixed K', async () => {
    const all = allFixtureComments().map((r) => r.text);
    const allVectors = hashedVectors(all);
    const r = await discoverClusters({ vectors: allVectors, texts: all }, { seed: 42 });
    const sizes = Array.from(
      { length: r.k },
      (_, c) => r.assignments.filter((x) => x === c).length,
    );
    expect(r.k).toBeGreaterThanOrEqual(6);
    expect(r.k).toBeLessThanOrEqual(15);
    expect(Math.max(...sizes) / all.length).toBeLessThan(0.45);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(minClusterSize(all.length));
    const fixed = await discoverClusters({ vectors: allVectors, texts: all }, { seed: 42, k: 15 });
    expect(new Set(fixed.assignments).size).toBe(15);
  });
});
