/**
 * The first phase of cluster discovery, which needs the texts but the embeddings of a sample only
 * (the "lead" sample): the words (TF-IDF), the centre and principal directions of the embeddings,
 * the whitening strength, and the cells of the approximate neighbour search. The analysis pipeline
 * embeds the lead sample first and runs this phase on a worker thread while the other texts are
 * still being embedded (ONNX Runtime leaves about one core idle there), so less is left to do once
 * the embedding ends. `discoverClusters` runs the same function itself when it is given no lead, so
 * the result does not depend on who computed it.
 */
import { normalizedMutualInfo } from '../eval/metrics';
import { inlineRunner, type TaskRunner } from '../parallel/runner';
import { buildTfidf, type SparseMatrix } from './lexical';
import {
  cellCentroids,
  EXACT_NEIGHBOURS_LIMIT,
  neighbourTasks,
  type NeighbourTasks,
} from './neighbours';
import { createRandom, sampleIndices } from './random';
import {
  buildSpace,
  centredRow,
  embeddingMean,
  embeddingRows,
  pcaBasis,
  projectCentredRows,
  sharedMatrix,
  sparseRows,
  whitenedRows,
  scoringCentroids,
  type FusedSpace,
  type PcaBasis,
  type ScoringCentroids,
} from './space';

/**
 * Items in the lead sample: enough for the principal directions (PCA_SAMPLE), the whitening probe
 * (STABILITY_SAMPLE) and the neighbour-search cells (learned on all of it).
 */
export const LEAD_SAMPLE = 3000;
const PCA_SAMPLE = 1200;
const STABILITY_SAMPLE = 2000;
/** Whitening at or above this is checked against half of it by clustering stability. */
const STRONG_WHITENING = 0.3;
const STABILITY_MARGIN = 0.1;

/** What the lead phase depends on besides the data (a subset of ClusterOptions). */
export interface LeadOptions {
  seed?: number;
  /** Fixed number of clusters (it sets the k of the whitening probe). */
  k?: number;
  lexicalWeight?: number;
  whiten?: number;
  dimensions?: number;
}

export interface ClusterLead {
  /** Every text's TF-IDF row (shared memory). */
  tfidf: SparseMatrix;
  /** Share of the fused cosine given to words (0 when there are no words). */
  lexicalWeight: number;
  /** Weighted mean of the lead sample's embeddings: every embedding is centred on it. */
  mean: Float64Array;
  basis: PcaBasis;
  /** Whitening exponent chosen for the principal components. */
  whiten: number;
  /** The neighbour search's cells (scored as centroids), or null when the search is exact. */
  cells: ScoringCentroids | null;
}

/** Per-item weights as clustering uses them: negative ones are 0, and all 0 counts as all 1. */
export function clusterWeights(n: number, weights?: readonly number[]): Float64Array {
  const w = Float64Array.from({ length: n }, (_, i) => Math.max(0, weights?.[i] ?? 1));
  return w.some((x) => x > 0) ? w : new Float64Array(n).fill(1);
}

/** Items that shape the clusters (weight > 0), in order. */
export function activeItems(weights: Float64Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < weights.length; i++) if (weights[i]! > 0) out.push(i);
  return out;
}

/** The lead sample: up to LEAD_SAMPLE active items drawn with the seed, in item order. */
export function leadItems(weights: Float64Array, seed = 42): number[] {
  return sampleIndices(activeItems(weights), LEAD_SAMPLE, createRandom(seed + 41));
}

/**
 * Whitening helps large sets (many topics spread over many directions: +4 to +19 NMI points on
 * the 8k-20k benchmark sets) but amplifies noise on small ones (a 200-text sample drops from
 * 0.65 to 0.15 NMI), so it ramps in from 1,000 to 5,000 items.
 */
export function defaultWhitening(n: number): number {
  return 0.5 * Math.min(1, Math.max(0, (n - 1000) / 4000));
}

/**
 * Smallest K the automatic choice considers for n items: about 1.6 ln(n / 10), so 100 comments
 * get at least 4 topics, 500 at least 6, 2,000 at least 8 and 10,000 at least 11, while fewer than
 * 30 may get a single one. Sample silhouette alone is biased towards 2 on real comment sets (a
 * "short reactions" bucket against everything else), which is useless to a creator.
 */
export function minKForSize(n: number): number {
  if (n < 20) return 1;
  return Math.max(2, Math.round(1.6 * Math.log(n / 10)));
}

/** Dimensions kept after PCA: few items cannot support many directions. */
export function pcaDimensions(d: number, active: number, dimensions = 128): number {
  return Math.min(d, dimensions, Math.max(8, Math.floor(active / 8)));
}

/**
 * Agreement (mean pairwise NMI) of three k-means runs with different seeds: a label-free sign of
 * how clearly the space separates k groups.
 */
async function stability(
  space: FusedSpace,
  k: number,
  weights: Float64Array,
  seed: number,
  runner: TaskRunner<NeighbourTasks>,
): Promise<number> {
  const runs = (
    await Promise.all(
      [0, 1, 2].map((t) =>
        runner.run('kmeans', {
          space,
          k,
          weights,
          seed: seed * 7727 + 101 * t,
          options: { maxIterations: 15 },
        }),
      ),
    )
  ).map((run) => run.assignments);
  return (
    (normalizedMutualInfo(runs[0]!, runs[1]!) +
      normalizedMutualInfo(runs[0]!, runs[2]!) +
      normalizedMutualInfo(runs[1]!, runs[2]!)) /
    3
  );
}

export interface LeadInput {
  /** Every item's cleaned text. */
  texts: readonly string[];
  /** Every item's weight (clusterWeights). */
  weights: Float64Array;
  /** The lead sample (leadItems) and its items' embeddings, in the same order. */
  lead: readonly number[];
  leadVectors: readonly Float32Array[];
  /** Every item's TF-IDF rows when already built (else built here). */
  tfidf?: SparseMatrix;
}

/**
 * The lead phase (see the file comment): a pure function of the texts, the weights and the lead
 * sample's embeddings; the runner only decides where its k-means runs go.
 */
export async function clusterLead(
  input: LeadInput,
  options: LeadOptions,
  runner: TaskRunner<NeighbourTasks>,
): Promise<ClusterLead> {
  const { weights, lead, leadVectors } = input;
  const seed = options.seed ?? 42;
  const tfidf = input.tfidf ?? sharedMatrix(buildTfidf(input.texts));
  const lexicalWeight = tfidf.cols > 0 ? (options.lexicalWeight ?? 0.7) : 0;
  const activeCount = activeItems(weights).length;
  const d = leadVectors[0]!.length;
  const leadWeights = Float64Array.from(lead, (i) => weights[i]!);
  // Embeddings are centred (and re-normalised) row by row where they are used: the PCA sample is
  // centred into a small block, projections centre each row on the fly (no n x d copy).
  const mean = embeddingMean(leadVectors, leadWeights);
  const r = pcaDimensions(d, activeCount, options.dimensions);
  const positions = Array.from({ length: lead.length }, (_, t) => t);
  const pcaSample = sampleIndices(positions, PCA_SAMPLE, createRandom(seed + 17));
  const sampleRows = new Float32Array(pcaSample.length * d);
  pcaSample.forEach((t, row) => centredRow(leadVectors[t]!, mean, sampleRows, row * d));
  const basis = pcaBasis(
    sampleRows,
    d,
    r,
    pcaSample.map((_, row) => row),
    createRandom(seed + 29),
  );
  const projected = projectCentredRows(embeddingRows(leadVectors), mean, basis, 0, lead.length);
  const leadTfidf = sparseRows(tfidf, lead);
  const leadSpace = (whiten: number, rows: readonly number[] = positions): FusedSpace => {
    const picked = new Float32Array(rows.length * r);
    rows.forEach((t, row) => picked.set(projected.subarray(t * r, (t + 1) * r), row * r));
    return buildSpace(
      whitenedRows(picked, rows.length, basis, whiten),
      r,
      rows === positions ? leadTfidf : sparseRows(leadTfidf, rows),
      lexicalWeight,
    );
  };

  const fullWhiten = defaultWhitening(activeCount);
  let whiten = options.whiten ?? fullWhiten;
  if (options.whiten === undefined && fullWhiten >= STRONG_WHITENING) {
    // Full whitening helps some large inputs and hurts others (it can lift noise directions to
    // the level of topics). Half whitening is kept only when it clusters clearly more stably
    // (agreement across seeds higher by STABILITY_MARGIN): on the benchmark sets the gap is
    // 0.2-0.6 where half whitening is better and below 0.07 either way where it is not.
    const kProbe = options.k ?? Math.max(2, minKForSize(activeCount));
    const probe = sampleIndices(positions, STABILITY_SAMPLE, createRandom(seed + 43));
    const probeWeights = Float64Array.from(probe, (t) => leadWeights[t]!);
    const [halfScore, strongScore] = await Promise.all([
      stability(leadSpace(fullWhiten / 2, probe), kProbe, probeWeights, seed, runner),
      stability(leadSpace(fullWhiten, probe), kProbe, probeWeights, seed, runner),
    ]);
    whiten = halfScore > strongScore + STABILITY_MARGIN ? fullWhiten / 2 : fullWhiten;
  }

  // The neighbour search's cells (neighbours.ts), learned on the lead sample in the space the
  // search runs in (its words keep every column, so no widening).
  const cells =
    activeCount > EXACT_NEIGHBOURS_LIMIT
      ? scoringCentroids(
          await cellCentroids(leadSpace(whiten), activeCount, createRandom(seed + 53), runner),
          tfidf.cols,
        )
      : null;
  return { tfidf, lexicalWeight, mean, basis, whiten, cells };
}

/** The lead phase's tasks: the lead in one task, and the k-means and neighbour tasks it runs. */
export const leadTasks = {
  ...neighbourTasks,
  /**
   * The lead phase in one task: the pipeline runs it on a worker while the texts outside the lead
   * sample are still being embedded. Its own k-means runs stay in that thread.
   */
  clusterLead: (input: { lead: LeadInput; options: LeadOptions }) =>
    clusterLead(input.lead, input.options, inlineRunner(neighbourTasks)),
};
