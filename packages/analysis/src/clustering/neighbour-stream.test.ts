import { describe, expect, it } from 'vitest';
import { pipelineInline as inlineRunner, pipelinePool } from '../pipeline/runners';
import { discoverClusters } from './discover-clusters';
import { clusterLead, clusterWeights, leadItems } from './lead';
import { createNeighbourStream, finishNeighbours, streamItems } from './neighbour-stream';
import { findNeighbours } from './neighbours';
import { createRandom } from './random';
import {
  buildSpace,
  embeddingRows,
  projectCentredRows,
  whitenedRows,
  type EmbeddingRows,
} from './space';

/** `n` items around 12 topics (own direction, own words), every 9th a zero-weight copy. */
function data(n: number) {
  const random = createRandom(11);
  const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const dim = 24;
  const centres = Array.from({ length: 12 }, () => Float32Array.from({ length: dim }, gauss));
  const vectors: Float32Array[] = [];
  const texts: string[] = [];
  const weights: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = i % 12;
    const v = Float32Array.from(centres[t]!, (x) => x + 0.9 * gauss());
    const norm = Math.hypot(...v);
    vectors.push(v.map((x) => x / norm));
    texts.push(`topic${t} word${Math.floor(random() * 40)} thing${Math.floor(random() * 300)}`);
    weights.push(i % 9 === 8 ? 0 : 1);
  }
  return { vectors, texts, weights: clusterWeights(n, weights) };
}

/** The chunk's embeddings as rows of one block, in the chunk's order. */
function rowsOf(vectors: readonly Float32Array[], items: Int32Array): EmbeddingRows {
  return embeddingRows(Array.from(items, (i) => vectors[i]!));
}

describe('neighbour stream', () => {
  it('finds exactly the batch search’s neighbours whatever order and chunks the items arrive in', async () => {
    const n = 4200;
    const { vectors, texts, weights } = data(n);
    const sample = leadItems(weights, 2);
    const lead = await clusterLead(
      { texts, weights, lead: sample, leadVectors: sample.map((i) => vectors[i]!) },
      { seed: 2 },
      inlineRunner,
    );
    expect(lead.cells).not.toBeNull();
    const { basis } = lead;
    const projected = projectCentredRows(embeddingRows(vectors), lead.mean, basis, 0, n);
    const space = buildSpace(
      whitenedRows(projected, n, basis, lead.whiten),
      basis.r,
      lead.tfidf,
      lead.lexicalWeight,
    );
    const active = Array.from({ length: n }, (_, i) => i).filter((i) => weights[i]! > 0);
    const batch = await findNeighbours(
      space,
      30,
      active,
      createRandom(1),
      inlineRunner,
      8,
      lead.cells,
    );

    const stream = createNeighbourStream(lead, weights, 30);
    // Lead items first (as the pipeline embeds them), then the rest shuffled, in uneven chunks.
    const rest = Array.from({ length: n }, (_, i) => i).filter((i) => !sample.includes(i));
    const random = createRandom(5);
    for (let i = rest.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [rest[i], rest[j]] = [rest[j]!, rest[i]!];
    }
    const order = [...sample, ...rest];
    const pool = pipelinePool(1);
    try {
      for (let at = 0, size = 1; at < n; at += size, size = size * 2 + 7) {
        const items = Int32Array.from(order.slice(at, at + size));
        // Half the chunks on a worker thread: the stream lives in shared memory.
        if (size % 2 === 0) streamItems(stream, lead, items, rowsOf(vectors, items));
        else
          await pool.run('streamNeighbours', { stream, lead, items, rows: rowsOf(vectors, items) });
      }
    } finally {
      await pool.close();
    }
    const streamed = finishNeighbours(stream);
    expect(Array.from(stream.space.dense)).toEqual(Array.from(space.dense));
    expect(streamed.k).toBe(batch.k);
    expect(Array.from(streamed.neighbours)).toEqual(Array.from(batch.neighbours));
    expect(Array.from(streamed.sims)).toEqual(Array.from(batch.sims));
    // Zero-weight items get neighbours but are nobody's neighbour.
    expect(streamed.neighbours.some((j) => weights[j] === 0)).toBe(false);

    // Given the lead and the streamed space, clustering needs no embeddings and finds the same.
    const given = await discoverClusters(
      { vectors: [], texts, weights: Array.from(weights) },
      { seed: 2, lead, streamed: { space: stream.space, knn: streamed }, runner: inlineRunner },
    );
    const alone = await discoverClusters(
      { vectors, texts, weights: Array.from(weights) },
      { seed: 2, runner: inlineRunner },
    );
    expect(Array.from(given.assignments)).toEqual(Array.from(alone.assignments));
    expect(Array.from(given.centrality)).toEqual(Array.from(alone.centrality));
    expect(given.centroids).toEqual([]);
    expect(alone.centroids).toHaveLength(alone.k);
    await expect(
      discoverClusters({ vectors: [], texts, weights: Array.from(weights) }, { seed: 2, lead }),
    ).rejects.toThrow(/differ in length/);
  });

  it('refuses an item twice, an unfinished stream and a lead without cells', async () => {
    const small = data(3300); // 2,934 candidates: the search is exact, there are no cells
    const smallSample = leadItems(small.weights, 1);
    const exact = await clusterLead(
      {
        texts: small.texts,
        weights: small.weights,
        lead: smallSample,
        leadVectors: smallSample.map((i) => small.vectors[i]!),
      },
      { seed: 1 },
      inlineRunner,
    );
    expect(() => createNeighbourStream(exact, small.weights, 10)).toThrow(/no cells/);
    const { vectors, texts, weights } = data(3600);
    const sample = leadItems(weights, 1);
    const lead = await clusterLead(
      { texts, weights, lead: sample, leadVectors: sample.map((i) => vectors[i]!) },
      { seed: 1 },
      inlineRunner,
    );
    const stream = createNeighbourStream(lead, weights, 10);
    const items = Int32Array.from([0, 1, 2]);
    streamItems(stream, lead, items, rowsOf(vectors, items));
    expect(() => finishNeighbours(stream)).toThrow(/has not arrived/);
    expect(() => streamItems(stream, lead, items, rowsOf(vectors, items))).toThrow(/twice/);
  });
});
