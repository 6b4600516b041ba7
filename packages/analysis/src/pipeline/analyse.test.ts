import { describe, expect, it } from 'vitest';
import { ClusterSchema, ExecutiveSummarySchema } from '@app/contracts';
import { AnalysisInputError, analyseComments, type AnalysisResult } from './analyse';
import { inputComment } from '../input-comment.test-support';
import {
  FIXTURE_VIDEOS,
  fixtureComments,
  withoutLabels,
  type FixtureVideo,
} from '../comment-fixtures.test-support';
import { HashedEmbedder } from '../hashed-embedder.test-support';
import { clusterWeights, leadItems } from '../clustering/lead';
import { relabelClusters } from '../label/relabel';
import { prepareComments } from '../prepare/prepare-comments';
import type { CompletionRequest, LanguageModel } from '../ports';
import type { InputComment, StageProgress } from '../types';

class ScriptedModel implements LanguageModel {
  readonly name = 'scripted-llm';
  calls = 0;
  constructor(private readonly reply: (request: CompletionRequest) => unknown) {}
  completeJson(request: CompletionRequest): Promise<unknown> {
    this.calls++;
    return Promise.resolve(this.reply(request));
  }
}

function comment(text: string, i: number, likes = 0): InputComment {
  return inputComment(text, { id: `c${i}`, likes, author: `a${i}` });
}

/** An invented video's comments as the pipeline takes them (authors, replies, the creator's own). */
function video(name: FixtureVideo, count = Number.POSITIVE_INFINITY): InputComment[] {
  return withoutLabels(fixtureComments(name).slice(0, count));
}

/**
 * `count` distinct comments made by joining pairs of the invented comments of every video (each
 * comment with a different partner on each pass), for runs that need thousands of comments.
 */
function manyComments(count: number): InputComment[] {
  const all = FIXTURE_VIDEOS.flatMap((v) => video(v));
  const n = all.length;
  return Array.from({ length: count }, (_, i) => {
    const a = all[i % n]!;
    const partner = all[(i + 1 + ((Math.floor(i / n) * 13) % (n - 1))) % n]!;
    return comment(`${a.text} ${partner.text}`, i, a.likes);
  });
}

const tenths = (xs: number[]): number => xs.reduce((s, x) => s + Math.round(x * 10), 0);
const withoutTimings = (r: AnalysisResult): Omit<AnalysisResult, 'timingsMs'> => {
  const { timingsMs: _timings, ...rest } = r;
  return rest;
};

function checkReport(result: AnalysisResult, input: readonly InputComment[]): void {
  expect(result.comments.map((c) => c.id)).toEqual(input.map((c) => c.id));
  const k = result.clusters.length;
  expect(k).toBeGreaterThanOrEqual(1);
  for (const c of result.comments) {
    // spam is set aside (-1), in no cluster; every other comment has one
    expect(c.clusterId).toBeGreaterThanOrEqual(c.spam ? -1 : 0);
    expect(c.clusterId).toBeLessThan(c.spam ? 0 : k);
  }
  const kept = result.comments.filter((c) => !c.spam).length;
  expect(result.clusters.reduce((s, c) => s + c.size, 0)).toBe(kept);
  expect(tenths(result.clusters.map((c) => c.percentage))).toBe(1000);
  expect(tenths(result.clusters.map((c) => c.engagement_percentage))).toBe(1000);
  result.clusters.forEach((c, i) => {
    expect(ClusterSchema.parse(c)).toEqual(c);
    expect(c.cluster_id).toBe(i);
    expect(c.heading.length).toBeLessThanOrEqual(60);
    expect(c.heading).not.toMatch(/,.*,/);
  });
  const tags = result.clusters.flatMap((c) => c.tags);
  expect(new Set(tags).size).toBe(tags.length);
  expect(ExecutiveSummarySchema.parse(result.executiveSummary)).toEqual(result.executiveSummary);
}

describe('analyseComments: input checks', () => {
  const embedder = new HashedEmbedder();
  it('rejects an empty list, comments without text and texts that are all markup', async () => {
    await expect(analyseComments([], { embedder })).rejects.toBeInstanceOf(AnalysisInputError);
    await expect(
      analyseComments([{ id: 'x' } as unknown as InputComment], { embedder }),
    ).rejects.toThrow('Comment 1 has no text.');
    await expect(
      analyseComments([comment('<br>', 0), comment('   ', 1)], { embedder }),
    ).rejects.toThrow(AnalysisInputError);
  });

  it('turns one comment into one cluster holding 100%', async () => {
    const result = await analyseComments([comment('Please do a part 2 of this series!', 0, 4)], {
      embedder,
    });
    expect(result.clusters).toHaveLength(1);
    expect(result.clusters[0]).toMatchObject({
      cluster_id: 0,
      percentage: 100,
      engagement_percentage: 100,
      size: 1,
      like_count: 4,
    });
    expect(result.comments[0]!.clusterId).toBe(0);
    expect(result.labeller).toBe('offline');
  });
});

describe('analyseComments on invented comments', () => {
  it('is deterministic for a seed, assigns every comment and reports stages in order', async () => {
    const input = video('invBread001');
    const stages: StageProgress[] = [];
    const embedder = new HashedEmbedder();
    const first = await analyseComments(
      input,
      { embedder },
      { seed: 7, onProgress: (p) => stages.push(p) },
    );
    const second = await analyseComments(input, { embedder: new HashedEmbedder() }, { seed: 7 });
    checkReport(first, input);
    expect(withoutTimings(second)).toEqual(withoutTimings(first));
    const order = [...new Set(stages.map((s) => s.stage))];
    expect(order).toEqual(['preparing', 'embedding', 'discovering', 'labelling', 'summarising']);
    expect(stages.filter((s) => s.stage === 'embedding').at(-1)!.fraction).toBe(1);
    // Each distinct clean text is embedded once.
    expect(embedder.seen.length).toBe(new Set(embedder.seen).size);
    expect(first.stats.spam).toBeGreaterThan(0);
    expect(first.stats.analysed).toBe(input.length);
    expect(first.embedder).toBe('test:hashed');
  });

  it('gives the same report on worker threads, where it classifies and starts clustering while embedding, as on one thread', async () => {
    // Over 3,400 comments: the lead phase then checks the whitening and learns the search cells.
    const input = manyComments(3600);
    expect(new Set(input.map((c) => c.text)).size).toBeGreaterThan(3400);
    // Slow after the lead sample, as a real model is, so the lead may finish while texts are still
    // being embedded and the neighbour search be fed batch by batch.
    const embedder = new HashedEmbedder(3000, 200);
    const threaded = await analyseComments(
      input,
      { embedder },
      { seed: 3, threads: 2, embedBatchSize: 64 },
    );
    const inline = await analyseComments(
      input,
      { embedder: new HashedEmbedder() },
      { seed: 3, threads: 1 },
    );
    checkReport(threaded, input);
    expect(withoutTimings(threaded)).toEqual(withoutTimings(inline));
    // the questions too, whose vectors the neighbour stream may have let go
    expect(threaded.questions.length).toBeGreaterThan(0);
    // Clustering's lead sample is embedded first: the first 3,000 texts embedded are all distinct
    // genuine comments in input order, and the rest follow.
    const prepared = prepareComments(input).comments;
    const lead = leadItems(
      clusterWeights(prepared.length, Array.from(prepareComments(input).weights)),
      3,
    );
    expect(embedder.seen.slice(0, lead.length)).toEqual([
      ...new Set(lead.map((i) => prepared[i]!.clean)),
    ]);
    expect(embedder.seen.length).toBe(new Set(prepared.map((c) => c.clean)).size);
    // two whole analyses of 3,600 comments: 45 s in the parallel unit run on a slow 2-vCPU host
  }, 180_000);

  it('honours a fixed number of clusters', async () => {
    const input = video('invBread001', 120);
    const result = await analyseComments(
      input,
      { embedder: new HashedEmbedder() },
      { k: 4, seed: 1 },
    );
    checkReport(result, input);
    expect(result.clusters).toHaveLength(4);
  });

  it('uses valid LLM headings and summary, and falls back to offline on an invalid reply or a timeout', async () => {
    const input = video('invHooks001', 80);
    const offline = await analyseComments(
      input,
      { embedder: new HashedEmbedder() },
      { k: 3, seed: 3 },
    );

    const good = new ScriptedModel((request) =>
      request.schemaName === 'cluster_labels'
        ? {
            clusters: offline.clusters.map((c) => ({
              cluster_id: c.cluster_id,
              heading: `Model heading ${c.cluster_id}`,
              category: 'Praise',
            })),
          }
        : {
            overall_vibe: 'Learners are grateful.',
            key_positives: ['Clear teaching.'],
            improvement_suggestions: ['Share the code.'],
          },
    );
    const withModel = await analyseComments(
      input,
      { embedder: new HashedEmbedder(), languageModel: good },
      { k: 3, seed: 3 },
    );
    expect(withModel.labeller).toBe('scripted-llm');
    expect(withModel.clusters.map((c) => c.heading)).toEqual([
      'Model heading 0',
      'Model heading 1',
      'Model heading 2',
    ]);
    // Without a creator context the category stays data-driven.
    expect(withModel.clusters.map((c) => c.category)).toEqual(
      offline.clusters.map((c) => c.category),
    );
    expect(withModel.executiveSummary.improvement_suggestions).toEqual(['Share the code.']);

    // One heading for every cluster: the biggest keeps it, the others keep their offline headings.
    const samey = new ScriptedModel((request) =>
      request.schemaName === 'cluster_labels'
        ? {
            clusters: offline.clusters.map((c) => ({
              cluster_id: c.cluster_id,
              heading: 'Coding questions',
              category: 'Question',
            })),
          }
        : { overall_vibe: 'Fine.', key_positives: [], improvement_suggestions: [] },
    );
    const withSamey = await analyseComments(
      input,
      { embedder: new HashedEmbedder(), languageModel: samey },
      { k: 3, seed: 3 },
    );
    expect(withSamey.clusters.map((c) => c.heading)).toEqual([
      'Coding questions',
      offline.clusters[1]!.heading,
      offline.clusters[2]!.heading,
    ]);

    const bad = new ScriptedModel(() => ({
      clusters: [{ cluster_id: 0, heading: 'a, b, c, d' }],
      overall_vibe: 42,
    }));
    const fellBack = await analyseComments(
      input,
      { embedder: new HashedEmbedder(), languageModel: bad },
      { k: 3, seed: 3 },
    );
    // headings, the summary, and replies to the questions when the audience asked any
    expect(bad.calls).toBe(offline.questions.length > 0 ? 3 : 2);
    expect(fellBack.labeller).toBe('offline');
    expect(withoutTimings(fellBack)).toEqual(withoutTimings(offline));

    const slow: LanguageModel = { name: 'slow', completeJson: () => new Promise(() => undefined) };
    const timedOut = await analyseComments(
      input,
      { embedder: new HashedEmbedder(), languageModel: slow },
      { k: 3, seed: 3, llmTimeoutMs: 30 },
    );
    expect(timedOut.labeller).toBe('offline');
    expect(timedOut.clusters.map((c) => c.heading)).toEqual(offline.clusters.map((c) => c.heading));
  });

  it('relabels stored clusters without embedding, letting the creator context steer categories', async () => {
    const input = video('invHooks001', 100);
    const result = await analyseComments(
      input,
      { embedder: new HashedEmbedder() },
      { k: 3, seed: 2 },
    );
    const stored = input.map((c, i) => ({
      id: c.id,
      text: c.text,
      likes: c.likes,
      byCreator: c.byCreator,
      clusterId: result.comments[i]!.clusterId,
    }));
    const plain = await relabelClusters(stored);
    expect(plain.labeller).toBe('offline');
    expect(plain.clusters.map((c) => c.tags)).toEqual(result.clusters.map((c) => c.tags));

    // Steer with the biggest cluster's own top tag: its comments become Requests, and the cluster turns
    // into a Request cluster when they reach the category rule's 25% threshold.
    const tag = plain.clusters[0]!.tags[0]!.split(' ')[0]!;
    const steered = await relabelClusters(
      stored,
      {},
      { context: `Treat comments about ${tag} as Requests` },
    );
    const mentions = (text: string): boolean => new RegExp(`\\b${tag}s?\\b`, 'i').test(text);
    input.forEach((c, i) => {
      if (mentions(c.text)) expect(steered.intents[i]).toBe('Request');
    });
    const members = input.filter((_, i) => result.comments[i]!.clusterId === 0);
    const share = members.filter((c) => mentions(c.text)).length / members.length;
    expect(share).toBeGreaterThan(0);
    const steeredFirst = steered.clusters.find((c) => c.cluster_id === 0)!;
    if (share >= 0.3) {
      expect(steeredFirst.category).toBe('Request');
      expect(steeredFirst.heading).toMatch(/^Asks for /);
    }
  });
});
