/**
 * Download and analysis overlap benchmark: an analysis job embeds each page of comments while the
 * next downloads, so once the last page is in only clustering, labelling and saving remain.
 *
 * At 1,000 and 10,000 real comments (../shared/datasets, as analysis-speed.ts mixes them), the real
 * YouTube Data API adapter reads a 127.0.0.1 stub serving commentThreads pages of 100 comments,
 * each answered after 250 ms, and processAnalysisJob runs the job on PGlite with the ONNX USE-lite
 * embedder (EMBEDDINGS_THREADS / EMBEDDINGS_SESSIONS from the environment, as the server reads
 * them). Per size: the download time (job start to last page), the time from the last page to the
 * complete job, and clustering + labelling (the analysis' timingsMs) + saving (measured: from the
 * analysis' end to the job's end, the completing transaction included).
 * Goal: last page -> complete <= 1.2x (clustering + labelling + saving).
 *
 * Prints a table and writes artifacts/bench/analysis-overlap.json.
 *
 *   npx tsx scripts/bench/analysis-overlap.ts [--quick] [--sizes 1000,10000] [--latency 250]
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseComments, type AnalysisTimings } from '@app/analysis';
import type { CommentSource } from '../../apps/server/src/providers/comment-sources/comment-source.port';
import { OnnxTextEmbedder } from '../../apps/server/src/providers/embeddings/onnx-text-embedder';
import { YouTubeDataApiCommentSource } from '../../apps/server/src/providers/youtube/youtube-data-api-comment-source';
import { startPagedThreadsStub } from '../../apps/server/src/providers/youtube/youtube-data-api-stub.test-support';
import {
  analysisDepsFrom,
  type AnalyseFn,
} from '../../apps/server/src/services/analysis/analysis-deps';
import { createPendingJob } from '../../apps/server/src/services/analysis/analysis.test-support';
import { processAnalysisJob } from '../../apps/server/src/services/analysis/process-analysis';
import { createTestDatabase } from '../../apps/server/src/test/databases';
import { createTestUser } from '../../apps/server/src/test/factories';
import { buildTestApp } from '../../apps/server/src/test/test-app';
import { datasets, realComments } from './_real-comments';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const modelDir = path.resolve(repoRoot, '../shared/models/universal-sentence-encoder-lite');
const outFile = path.join(repoRoot, 'artifacts/bench/analysis-overlap.json');

const argv = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const SIZES =
  arg('sizes')?.split(',').map(Number) ?? (argv.includes('--quick') ? [1000] : [1000, 10_000]);
const LATENCY_MS = Number(arg('latency') ?? 250);
const PAGE_SIZE = 100;
const GOAL = 1.2;
const VIDEO = 'benchOverlp';

const envInt = (name: string): number | undefined =>
  process.env[name] ? Number(process.env[name]) : undefined;

interface SizeResult {
  comments: number;
  pages: number;
  downloadMs: number;
  lastPageToCompleteMs: number;
  timingsMs: AnalysisTimings;
  savingMs: number;
  /** clustering + labelling + saving */
  workMs: number;
  ratio: number;
}

async function main(): Promise<void> {
  if (!existsSync(datasets) || !existsSync(modelDir)) {
    console.log(`analysis-overlap: skipped (${datasets} or ${modelDir} is missing)`);
    return;
  }
  const embedder = new OnnxTextEmbedder({
    model: modelDir,
    threads: envInt('EMBEDDINGS_THREADS'),
    sessions: envInt('EMBEDDINGS_SESSIONS'),
  });
  await embedder.load();
  await embedder.embed(['warm up the session', 'second text']);

  const database = await createTestDatabase('pglite');
  const test = await buildTestApp({ database, overrides: { embedder, languageModel: null } });
  const { container } = test;
  const { userId } = await createTestUser(test, { credits: 1000 });
  const results: SizeResult[] = [];

  for (const n of SIZES) {
    const comments = realComments(n);
    const stub = await startPagedThreadsStub(comments, {
      pageSize: PAGE_SIZE,
      latencyMs: LATENCY_MS,
    });
    const youtube = new YouTubeDataApiCommentSource({ apiKey: stub.apiKey, baseUrl: stub.baseUrl });
    let lastPageAt = 0;
    const source: CommentSource = {
      name: youtube.name,
      getVideo: (id, signal) => youtube.getVideo(id, signal),
      fetchComments: (id, options) =>
        youtube.fetchComments(id, {
          ...options,
          onPage: (page) => {
            lastPageAt = performance.now();
            options.onPage?.(page);
          },
        }),
    };
    let timingsMs: AnalysisTimings | null = null;
    let analysedAt = 0;
    const analyse: AnalyseFn = async (input, deps, options) => {
      const result = await analyseComments(input, deps, options);
      timingsMs = result.timingsMs;
      analysedAt = performance.now();
      return result;
    };
    const jobId = await createPendingJob(container.repos, {
      userId,
      videoId: VIDEO,
      comments: n,
      reservedCredits: Math.ceil(n / 100),
    });
    const started = performance.now();
    const completed = await processAnalysisJob(
      {
        ...analysisDepsFrom(container),
        analyse,
        commentSources: { ...container.commentSources, sourceFor: () => source },
        logger: container.logger,
      },
      jobId,
      { signal: new AbortController().signal, attempt: 1 },
    );
    const finished = performance.now();
    await stub.close();
    if (!completed || timingsMs === null)
      throw new Error(`the job of ${n} comments did not complete`);
    const t: AnalysisTimings = timingsMs;
    const savingMs = finished - analysedAt;
    const workMs = t.clustering + t.labelling + savingMs;
    const lastPageToCompleteMs = finished - lastPageAt;
    results.push({
      comments: n,
      pages: stub.served.length,
      downloadMs: lastPageAt - started,
      lastPageToCompleteMs,
      timingsMs: t,
      savingMs,
      workMs,
      ratio: lastPageToCompleteMs / workMs,
    });
  }
  await test.app.close();
  await database.close();

  const s = (ms: number, width: number) => (ms / 1000).toFixed(2).padStart(width);
  console.log(
    `analysis-overlap: ${embedder.name}, PGlite, YouTube Data API adapter on a local stub (${PAGE_SIZE} comments a page, ${LATENCY_MS} ms a page)`,
  );
  console.log(
    'comments | download (s) | last page -> complete (s) | embedding stage (s) | clustering (s) | labelling (s) | saving (s) | ratio | goal <= 1.2',
  );
  for (const r of results) {
    console.log(
      `${String(r.comments).padStart(8)} | ${s(r.downloadMs, 12)} | ${s(r.lastPageToCompleteMs, 25)} | ${s(r.timingsMs.embedding, 19)} | ${s(r.timingsMs.clustering, 14)} | ${s(r.timingsMs.labelling, 13)} | ${s(r.savingMs, 10)} | ${r.ratio.toFixed(2).padStart(5)} | ${r.ratio <= GOAL ? 'PASS' : 'MISS'}`,
    );
  }
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(
    outFile,
    JSON.stringify(
      { embedder: embedder.name, pageSize: PAGE_SIZE, latencyMs: LATENCY_MS, goal: GOAL, results },
      null,
      2,
    ),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
