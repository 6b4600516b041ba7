/**
 * Scale-out benchmark: the API and 1, then 2, then 4 worker processes (main.ts with `--role api` /
 * `--role worker`, as compose.yaml runs them) on PostgreSQL with the jobs on BullMQ in Redis, each
 * run on a fresh database and its own queue, given the same batch of analyses: 24 videos of 300
 * comments built from the fixture comments in test-fixtures/comments. For each worker count it
 * prints analyses per minute (first request to last completion) and the mean and max queue wait
 * (an analysis's creation to its start), and their ratios to the 1-worker run.
 *
 * Embedder: the embedded model when it is prepared (DATA_DIR/models/use-lite-embedded, or
 * EMBEDDED_MODEL_DIR), else the fake (hashed) embedder; `--fake` forces the fake one.
 * Needs PostgreSQL (TEST_DATABASE_URL) and Redis (TEST_REDIS_URL); without either it says so and
 * exits 0.
 *
 *   npx tsx scripts/bench/scale.ts [--quick] [--fake]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Database } from '../../apps/server/src/db/database';
import { freePort, waitReady } from '../../apps/server/src/test/local-ports';
import { parseCsv } from '../../apps/server/src/providers/youtube/comment-file-parser';
import {
  createTestDatabase,
  postgresReachable,
  TEST_DATABASE_URL,
} from '../../apps/server/src/test/databases';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(repoRoot, 'apps/server/src/main.ts');
const FIXTURES = path.join(repoRoot, 'test-fixtures/comments');
const outFile = path.join(repoRoot, 'artifacts/bench/scale.json');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const VIDEOS = quick ? 8 : 24;
const COMMENTS = 300;
const WORKER_COUNTS = [1, 2, 4];

function redisReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(REDIS_URL);
    const s = net.connect({ host: hostname, port: Number(port || 6379) });
    s.setTimeout(1000);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}

function csvCell(s: string): string {
  return `"${s.replace(/"/g, '""')}"`;
}

/** `VIDEOS` comment files of `COMMENTS` fixture comments each, every video starting elsewhere. */
function writeVideos(dir: string): string[] {
  const rows: [string, string, string, string][] = [];
  for (const file of ['invBread001', 'invGuitar01', 'invHooks001', 'invLisbon01']) {
    const [header, ...body] = parseCsv(readFileSync(path.join(FIXTURES, `${file}.csv`), 'utf8'));
    const at = (name: string) => header!.indexOf(name);
    for (const r of body)
      rows.push([
        r[at('text')]!,
        r[at('likes')] ?? '0',
        r[at('author')] ?? '',
        r[at('published_at')] ?? '',
      ]);
  }
  const ids: string[] = [];
  for (let v = 0; v < VIDEOS; v++) {
    const id = `benchScal${String(v).padStart(2, '0')}`; // 11 characters
    ids.push(id);
    const lines = ['id,text,likes,author,published_at'];
    for (let i = 0; i < COMMENTS; i++) {
      const k = (v * 37 + i) % rows.length;
      const [text, likes, author, published] = rows[k]!;
      const copy = Math.floor(i / rows.length);
      lines.push(
        `${id}-c${i},${csvCell(text + (copy > 0 ? ` #${copy}` : ''))},${likes},${csvCell(author)},${published}`,
      );
    }
    writeFileSync(path.join(dir, `${id}.csv`), `${lines.join('\n')}\n`);
  }
  return ids;
}

interface Run {
  workers: number;
  analyses: number;
  failed: number;
  seconds: number;
  perMinute: number;
  meanWaitSeconds: number;
  maxWaitSeconds: number;
  byWorker: number[];
}

const children: ChildProcess[] = [];
function start(
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; out: { text: string } } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const out = { text: '' };
  child.stdout.on('data', (d: Buffer) => (out.text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.text += d.toString()));
  return { child, out };
}

async function stopAll(): Promise<void> {
  await Promise.all(
    children.splice(0).map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null) return resolve();
          const kill = setTimeout(() => c.kill('SIGKILL'), 30_000);
          c.once('close', () => (clearTimeout(kill), resolve()));
          c.kill('SIGTERM');
        }),
    ),
  );
}

async function runWith(
  workers: number,
  videoIds: string[],
  baseEnv: Record<string, string>,
): Promise<Run> {
  const database: Database = await createTestDatabase('postgres');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-scale-'));
  const queueName = `chorus-bench-scale-${randomUUID().slice(0, 8)}`;
  try {
    const env = {
      ...baseEnv,
      DATABASE_URL: database.location,
      DATA_DIR: dataDir,
      QUEUE_NAME: queueName,
    };
    const apiPort = await freePort();
    start(['--role', 'api'], { ...env, PORT: String(apiPort) });
    const base = `http://127.0.0.1:${apiPort}/api/v1`;
    const healthPorts: number[] = [];
    const procs = [];
    for (let i = 0; i < workers; i++) {
      const port = await freePort();
      healthPorts.push(port);
      procs.push(
        start(['--role', 'worker'], { ...env, PORT: '0', WORKER_HEALTH_PORT: String(port) }),
      );
    }
    await Promise.all([
      waitReady(`${base}/health/ready`, 300_000, 250),
      ...healthPorts.map((p) =>
        waitReady(`http://127.0.0.1:${p}/api/v1/health/ready`, 300_000, 250),
      ),
    ]);

    const signup = await fetch(`${base}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${randomUUID()}@example.com`,
        password: 'correct horse battery staple',
      }),
    });
    if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);
    const { token } = (await signup.json()) as { token: string };

    const jobIds: string[] = [];
    for (const id of videoIds) {
      const res = await fetch(`${base}/analyze?video_id=${id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200)
        throw new Error(`analyze answered ${res.status}: ${await res.text()}`);
      jobIds.push(((await res.json()) as { job_id: string }).job_id);
    }
    const until = Date.now() + 60 * 60_000;
    for (;;) {
      const open = await database.db
        .selectFrom('analysisJobs')
        .select('id')
        .where('id', 'in', jobIds)
        .where('status', 'not in', ['complete', 'failed'])
        .execute();
      if (open.length === 0) break;
      if (Date.now() > until) throw new Error(`${open.length} analyses still open after an hour`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const rows = await database.db
      .selectFrom('analysisJobs')
      .select(['id', 'status', 'createdAt', 'startedAt', 'finishedAt'])
      .where('id', 'in', jobIds)
      .execute();
    const first = Math.min(...rows.map((r) => r.createdAt.getTime()));
    const last = Math.max(...rows.map((r) => (r.finishedAt ?? r.createdAt).getTime()));
    const waits = rows.map(
      (r) =>
        ((r.startedAt ?? r.finishedAt ?? r.createdAt).getTime() - r.createdAt.getTime()) / 1000,
    );
    const seconds = (last - first) / 1000;
    const byWorker = procs.map(
      (p) => p.out.text.split('\n').filter((l) => l.includes('"analysis job ended"')).length,
    );
    return {
      workers,
      analyses: rows.length,
      failed: rows.filter((r) => r.status !== 'complete').length,
      seconds,
      perMinute: (rows.length / seconds) * 60,
      meanWaitSeconds: waits.reduce((a, b) => a + b, 0) / waits.length,
      maxWaitSeconds: Math.max(...waits),
      byWorker,
    };
  } finally {
    await stopAll();
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const queue = new Queue(queueName, { connection });
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const missing = [
    ...((await postgresReachable()) ? [] : [`PostgreSQL at ${TEST_DATABASE_URL}`]),
    ...((await redisReachable()) ? [] : [`Redis at ${REDIS_URL}`]),
  ];
  if (missing.length > 0) {
    console.log(
      `scale: skipped, ${missing.join(' and ')} not reachable (this benchmark needs both).`,
    );
    return;
  }

  const modelDir =
    process.env.EMBEDDED_MODEL_DIR ?? path.join(repoRoot, 'data/models/use-lite-embedded');
  const embedded =
    !argv.includes('--fake') && existsSync(path.join(modelDir, 'onnx/model_quantized.onnx'));
  const commentsDir = mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-scale-comments-'));
  const videoIds = writeVideos(commentsDir);
  const cores = os.availableParallelism();
  const baseEnv: Record<string, string> = {
    QUEUE_DRIVER: 'bullmq',
    REDIS_URL,
    COMMENTS_DIR: commentsDir,
    YOUTUBE_FALLBACK: 'none',
    YOUTUBE_API_KEY: '',
    LLM_API_URL: '',
    SIGNUP_CREDITS: '100000',
    WORKER_CONCURRENCY: '1',
    METRICS_PORT: '',
    EMBEDDINGS_PROVIDER: embedded ? 'embedded' : 'fake',
    ...(embedded ? { EMBEDDED_MODEL_DIR: modelDir } : {}),
  };
  console.log(
    `scale: ${VIDEOS} analyses of ${COMMENTS} fixture comments, API + 1/2/4 worker processes ` +
      `(WORKER_CONCURRENCY=1) on PostgreSQL + BullMQ; embedder: ${
        embedded
          ? 'embedded model (USE-lite, ONNX)'
          : 'fake (hashed) embedder, the embedded model is not prepared'
      }; cores: ${cores}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min)`,
  );

  const runs: Run[] = [];
  try {
    for (const n of WORKER_COUNTS) {
      const run = await runWith(n, videoIds, baseEnv);
      runs.push(run);
      console.log(
        `  ${n} worker(s): ${run.perMinute.toFixed(1)} analyses/min over ${run.seconds.toFixed(1)} s, ` +
          `queue wait mean ${run.meanWaitSeconds.toFixed(1)} s, max ${run.maxWaitSeconds.toFixed(1)} s, ` +
          `per worker ${run.byWorker.join('/')}${run.failed ? `, ${run.failed} FAILED` : ''}`,
      );
    }
  } finally {
    await stopAll();
    rmSync(commentsDir, { recursive: true, force: true });
  }

  const one = runs[0]!;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
  console.log('');
  console.log(
    '| workers | analyses/min | vs 1 | mean wait (s) | vs 1 | max wait (s) | vs 1 | jobs per worker |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of runs)
    console.log(
      `| ${r.workers} | ${r.perMinute.toFixed(1)} | ${ratio(r.perMinute, one.perMinute)} | ${r.meanWaitSeconds.toFixed(1)} | ${ratio(r.meanWaitSeconds, one.meanWaitSeconds)} | ${r.maxWaitSeconds.toFixed(1)} | ${ratio(r.maxWaitSeconds, one.maxWaitSeconds)} | ${r.byWorker.join('/')} |`,
    );
  console.log('');
  console.log(
    `This machine has ${cores} core(s) (os.availableParallelism()): an analysis is CPU-bound, so ` +
      `throughput can grow with worker processes up to about ${cores}x at best, and less, since the ` +
      `API, PostgreSQL, Redis and anything else running share the same cores; workers beyond ${cores} ` +
      `only split the same CPU time. More workers pay off on more cores or on more machines.`,
  );
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(
    outFile,
    JSON.stringify(
      { videos: VIDEOS, comments: COMMENTS, embedder: embedded ? 'embedded' : 'fake', cores, runs },
      null,
      2,
    ),
  );
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    await stopAll();
    console.error(error);
    process.exit(1);
  },
);
