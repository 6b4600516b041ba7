/**
 * Job overhead benchmark (issue 4): the time from POST /api/v1/analyze to a complete job for 1,000
 * and 10,000 comments from the file source, next to the analysis core's time for the same input
 * measured in the same run. The difference is what the job machinery costs: credit reservation,
 * the queue (PostgreSQL driver on PGlite, as `npm start` runs it), reading the file, progress
 * writes, and the completing transaction that stores every comment and the report.
 * Goal: overhead < 10% of the end-to-end time.
 *
 * Embedder: the ONNX USE-lite model from ../shared/models when present (what a real run spends),
 * else the fake embedder (the core is then much faster, so the overhead share is a worst case).
 * Comments: real comments from ../shared/datasets when present, else factory comments.
 *
 *   npx tsx scripts/bench/jobs.ts [--quick] [--postgres] [--fake]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseComments, type InputComment, type TextEmbedder } from '@app/analysis';
import { startWorker } from '../../apps/server/src/jobs/start-worker';
import { FakeTextEmbedder } from '../../apps/server/src/providers/embeddings/fake-text-embedder';
import { OnnxTextEmbedder } from '../../apps/server/src/providers/embeddings/onnx-text-embedder';
import { parseCsv } from '../../apps/server/src/providers/comment-sources/comment-file-parser';
import { analysisDepsFrom } from '../../apps/server/src/services/analysis/analysis-deps';
import { factoryCsv } from '../../apps/server/src/services/analysis/analysis.test-support';
import { createTestDatabase, postgresReachable } from '../../apps/server/src/test/databases';
import { bearer, buildTestApp, signUpTestUser } from '../../apps/server/src/test/test-app';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const datasets = path.resolve(repoRoot, '../shared/datasets');
const modelDir = path.resolve(repoRoot, '../shared/models/universal-sentence-encoder-lite');
const outFile = path.join(repoRoot, 'artifacts/bench/jobs.json');
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const SIZES = quick ? [1000] : [1000, 10_000];

function csvCell(s: string): string {
  return `"${s.replace(/"/g, '""')}"`;
}

/** `n` real comments as a CSV in the CLI's columns (later copies get a " #k" suffix to stay distinct). */
function realCsv(n: number): string | null {
  const file = path.join(datasets, 'youtube_statistics_top_comments/comments.csv');
  if (!existsSync(file)) return null;
  const [header, ...rows] = parseCsv(readFileSync(file, 'utf8'));
  const text = header!.indexOf('Comment');
  const likes = header!.indexOf('Likes');
  const lines = ['id,text,likes'];
  for (let i = 0; i < n; i++) {
    const row = rows[i % rows.length]!;
    const copy = Math.floor(i / rows.length);
    lines.push(
      `r${i},${csvCell(row[text]! + (copy > 0 ? ` #${copy}` : ''))},${Math.floor(Number(row[likes]) || 0)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function makeEmbedder(): Promise<TextEmbedder> {
  if (argv.includes('--fake') || !existsSync(modelDir)) return new FakeTextEmbedder();
  const onnx = new OnnxTextEmbedder({ model: modelDir });
  await onnx.load();
  await onnx.embed(['warm up the session', 'second text']);
  return onnx;
}

async function main(): Promise<void> {
  const embedder = await makeEmbedder();
  const dir = mkdtempSync(path.join(tmpdir(), 'chorus-bench-jobs-'));
  const ids = new Map<number, string>();
  let realComments = true;
  for (const n of SIZES) {
    const id = `bench${String(n).padStart(6, '0')}`; // 11 characters
    ids.set(n, id);
    const csv = realCsv(n);
    if (csv === null) realComments = false;
    writeFileSync(path.join(dir, `${id}.csv`), csv ?? factoryCsv(n));
  }

  const kind = argv.includes('--postgres') && (await postgresReachable()) ? 'postgres' : 'pglite';
  const database = await createTestDatabase(kind);
  const { app, container } = await buildTestApp({
    database,
    env: { COMMENTS_DIR: dir, MAX_COMMENTS_PER_ANALYSIS: '10000' },
    overrides: { embedder, languageModel: null },
  });
  // Times the transactions the worker runs; the last one of a job is the completing one.
  let lastTxMs = 0;
  const transaction: typeof container.transaction = async (fn) => {
    const t0 = performance.now();
    try {
      return await container.transaction(fn);
    } finally {
      lastTxMs = performance.now() - t0;
    }
  };
  const stop = await startWorker(
    { ...analysisDepsFrom({ ...container, transaction }), logger: container.logger },
    { concurrency: 1 },
  );
  const { token, email } = await signUpTestUser(app);
  const user = (await container.repos.users.findByEmail(email))!;
  await container.repos.ledger.append({
    userId: user.id,
    delta: 1000,
    kind: 'adjustment',
    idempotencyKey: `bench:${user.id}`,
  });

  const results: {
    comments: number;
    coreMs: number;
    endToEndMs: number;
    overheadMs: number;
    overheadShare: number;
    saveTransactionMs: number;
  }[] = [];
  const core = async (comments: InputComment[]) => {
    const t0 = performance.now();
    await analyseComments(comments, { embedder, languageModel: null }, { seed: 42 });
    return performance.now() - t0;
  };
  for (const n of SIZES) {
    const id = ids.get(n)!;
    // The core alone, on exactly what the job will read from the file.
    const fetched = (await container.commentSources
      .sourceFor('youtube')
      .fetchComments(id, { maxComments: n }))!;
    const comments: InputComment[] = fetched.comments;
    // Core runs before and after the job, averaged: the machine's load drifts during a run.
    const coreBefore = await core(comments);

    const start = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/analyze?video_id=${id}`,
      headers: bearer(token),
    });
    if (res.statusCode !== 200) throw new Error(`analyze failed: ${res.body}`);
    const jobId = res.json<{ job_id: string }>().job_id;
    for (;;) {
      const job = await container.repos.analysisJobs.findById(jobId);
      if (job?.status === 'failed') throw new Error(`job failed: ${job.error}`);
      if (job?.status === 'complete') break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const endToEndMs = performance.now() - start;
    const saveTransactionMs = lastTxMs;
    const coreMs = (coreBefore + (await core(comments))) / 2;
    const overheadMs = Math.max(0, endToEndMs - coreMs);
    results.push({
      comments: n,
      coreMs,
      endToEndMs,
      overheadMs,
      overheadShare: overheadMs / endToEndMs,
      saveTransactionMs,
    });
    console.log(
      `jobs: ${n} comments: core ${(coreMs / 1000).toFixed(2)} s, POST->complete ${(endToEndMs / 1000).toFixed(2)} s, completing transaction ${(saveTransactionMs / 1000).toFixed(2)} s`,
    );
  }
  await stop();
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });

  console.log(
    `jobs: ${kind}, embedder ${embedder.name}, ${realComments ? 'real' : 'factory'} comments, file source`,
  );
  console.log(
    'comments | core (s) | POST->complete (s) | overhead (s) | overhead share | save tx (s) | goal < 10%',
  );
  for (const r of results) {
    console.log(
      `${String(r.comments).padStart(8)} | ${(r.coreMs / 1000).toFixed(2).padStart(8)} | ${(r.endToEndMs / 1000).toFixed(2).padStart(18)} | ${(r.overheadMs / 1000).toFixed(2).padStart(12)} | ${(r.overheadShare * 100).toFixed(1).padStart(13)}% | ${(r.saveTransactionMs / 1000).toFixed(2).padStart(11)} | ${r.overheadShare < 0.1 ? 'PASS' : 'MISS'}`,
    );
  }
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(
    outFile,
    JSON.stringify({ database: kind, embedder: embedder.name, realComments, results }, null, 2),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
