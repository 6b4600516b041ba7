/**
 * The task table shared by the inline runner and the worker threads (see runner.ts).
 */
import { classifyIntents } from '../intent/classify-many';
import { assignRange, sphericalKMeans, type KMeansOptions } from '../clustering/kmeans';
import { nearestCells, searchCells, type CellMembers } from '../clustering/neighbours';
import { createRandom } from '../clustering/random';
import {
  projectCentredRows,
  type EmbeddingRows,
  type FusedSpace,
  type PcaBasis,
  type ScoringCentroids,
} from '../clustering/space';
import { classifySentiments } from '../sentiment/classify-many';

export const tasks = {
  /** One spherical k-means run from k-means++ seeds drawn with `seed` (or `options.initial`). */
  kmeans: (input: {
    space: FusedSpace;
    k: number;
    weights: Float64Array;
    seed: number;
    options?: KMeansOptions;
  }) =>
    sphericalKMeans(input.space, input.k, input.weights, createRandom(input.seed), input.options),
  assign: (input: { space: FusedSpace; cents: ScoringCentroids; from: number; to: number }) =>
    assignRange(input.space, input.cents, input.from, input.to),
  projectCentred: (input: {
    rows: EmbeddingRows;
    mean: Float64Array;
    basis: PcaBasis;
    from: number;
    to: number;
  }) => projectCentredRows(input.rows, input.mean, input.basis, input.from, input.to),
  nearestCells: (input: {
    space: FusedSpace;
    cents: ScoringCentroids;
    probes: number;
    from: number;
    to: number;
  }) => nearestCells(input.space, input.cents, input.probes, input.from, input.to),
  searchCells: (input: {
    space: FusedSpace;
    members: CellMembers;
    itemCells: Int32Array;
    probes: number;
    k: number;
    from: number;
    to: number;
  }) => {
    const { space, members, itemCells, probes, k, from, to } = input;
    return searchCells(space, members, itemCells, probes, k, from, to);
  },
  /** Intents and sentiments of every text (they need no clusters, so they run beside clustering). */
  classify: (input: { texts: string[]; vectors: Float32Array[]; embedder: string }) => {
    const embeddings = { vectors: input.vectors, embedder: input.embedder };
    return {
      intents: classifyIntents(input.texts, embeddings),
      sentiments: classifySentiments(input.texts, embeddings),
    };
  },
};
