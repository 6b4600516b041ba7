/**
 * Analysis speed and memory benchmark.
 *
 *  1. At 500, 1,000, 2,500 and 10,000 real comments (all real comment datasets in ../shared/datasets
 *     concatenated and shuffled with a fixed seed) the analysis end to end, offline, with the ONNX USE-lite
 *     embedder, next to the time the same embedder needs to embed the same distinct texts alone, measured
 *     in the same run. Goal: total <= 1.5x embedding alone at every size. With `--runs N` each pair is
 *     measured N times and the pair with the median ratio is reported. Before the first size, one
 *     analysis of other comments warms the code and the worker threads, as a running server has them.
 *  2. At 50,000 comments the same pair plus peak RSS, in a child process compiled the way `npm start` ships
 *     the server (process.resourceUsage().maxRSS). There are about 27,700 real comments, so later copies get
 *     a " #n" suffix: every text stays distinct, so all 50,000 are embedded and held. Goal < 800 MB.
 *
 * Prints a table and writes artifacts/bench/analysis-speed.json.
 *
 *   npx tsx scripts/bench/analysis-speed.ts [--sizes 500,1000] [--memory-n 50000] [--quick] [--runs 3] [--no-memory]
 *     [--trace-rss] [--child-tsx]   (the child runs compiled; --child-tsx runs it through tsx)
 * The embedder reads EMBEDDINGS_THREADS and EMBEDDINGS_SESSIONS from the environment, as the server does (default 1 and 1).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseComments, type InputComment, warmAnalysisThreads } from '@app/analysis';
import { OnnxTextEmbedder } from '../../apps/server/src/providers/embeddings/onnx-text-embedder';
import { realComments as sample } from './_real-comments';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const datasets = path.resolve(repoRoot, '../shared/datasets');
const modelDir = path.resolve(repoRoot, '../shared/models/universal-sentence-encoder-lite');
const outFile = path.join(repoRoot, 'artifacts/bench/analysis-speed.json');

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const numberArg = (name: string, fallback: number): number => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};

const mb = (kb: number): number => Math.round(kb / 1024);

/** The embedder as the server configures it: EMBEDDINGS_THREADS and EMBEDDINGS_SESSIONS when set. */
const envInt = (name: string): number | undefined =>
  process.env[name] ? Number(process.env[name]) : undefined;
const newEmbedder = (): OnnxTextEmbedder =>
  new OnnxTextEmbedder({
    model: modelDir,
    threads: envInt('EMBEDDINGS_THREADS'),
    sessions: envInt('EMBEDDINGS_SESSIONS'),
  });

const PEAK_RSS_GOAL_MB = 800;

/** One size's measurement: embedding alone and the whole analysis of the same comments. */
interface SizeRun {
  n: number;
  embeddingAlone: number;
  timingsMs: Awaited<ReturnType<typeof analyseComments>>['timingsMs'];
  clusters: number;
  ratio: number;
}
type MemoryRun = SizeRun & { maxRssKb: number };

/** `--sizes 500,1000`, or the default sizes. */
function sizesArg(fallback: number[]): number[] {
  const i = argv.indexOf('--sizes');
  return i >= 0 ? argv[i + 1]!.split(',').map(Number) : fallback;
}

/**
 * The time the embedder needs for the distinct texts alone, in batches of the pipeline's size, the
 * vectors dropped as they come (the floor of the analysis).
 */
async function embedAlone(
  embedder: OnnxTextEmbedder,
  comments: readonly InputComment[],
): Promise<number> {
  const texts = [...new Set(comments.map((c) => c.text))];
  const started = performance.now();
  for (let i = 0; i < texts.length; i += 512) await embedder.embed(texts.slice(i, i + 512));
  return performance.now() - started;
}

/** Child mode: analyse n comments and report peak RSS as JSON on stdout. */
async function child(n: number): Promise<void> {
  const comments = sample(n);
  const embedder = newEmbedder();
  await embedder.load();
  // the floor, measured in this process before the analysis (its vectors are dropped as they come)
  const embeddingAlone = argv.includes('--no-floor') ? 0 : await embedAlone(embedder, comments);
  // --trace-rss: the highest RSS seen in each stage (sampled every 100 ms), on stderr
  const trace = argv.includes('--trace-rss');
  if (trace) {
    const u = process.memoryUsage();
    console.error(
      `  RSS with the comments read and the model loaded: ${Math.round(u.rss / 2 ** 20)} MB (JS heap ${Math.round(u.heapUsed / 2 ** 20)} of ${Math.round(u.heapTotal / 2 ** 20)} MB)`,
    );
  }
  let stage = 'loading';
  // Per stage, the sample with the highest RSS: RSS, this thread's JS heap, and array buffers
  // (shared ones included: the workers' views of them cost nothing more).
  const peaks = new Map<string, NodeJS.MemoryUsage>();
  const sampler = trace
    ? setInterval(() => {
        const usage = process.memoryUsage();
        if (usage.rss > (peaks.get(stage)?.rss ?? 0)) peaks.set(stage, usage);
      }, 100)
    : null;
  const result = await analyseComments(
    comments,
    { embedder },
    { seed: 1, onProgress: (p) => void (stage = p.stage) },
  );
  if (sampler) {
    clearInterval(sampler);
    const m = (bytes: number): number => Math.round(bytes / 2 ** 20);
    for (const [name, u] of peaks)
      console.error(
        `  peak RSS while ${name}: ${m(u.rss)} MB (main thread's JS heap ${m(u.heapUsed)} of ${m(u.heapTotal)} MB, array buffers ${m(u.arrayBuffers)} MB, other external ${m(u.external - u.arrayBuffers)} MB)`,
      );
  }
  const usage = process.resourceUsage();
  process.stdout.write(
    `${JSON.stringify({ n, clusters: result.clusters.length, timingsMs: result.timingsMs, embeddingAlone, ratio: result.timingsMs.total / embeddingAlone, maxRssKb: usage.maxRSS } satisfies MemoryRun)}\n`,
  );
}

async function main(): Promise<void> {
  if (!existsSync(datasets) || !existsSync(modelDir)) {
    console.log(`analysis-speed: skipped (${datasets} or ${modelDir} is missing)`);
    return;
  }
  const sizes = sizesArg(quick ? [500, 2000] : [500, 1000, 2500, 10_000]);
  const memoryN = numberArg('memory-n', quick ? 10_000 : 50_000);
  const runs = Math.max(1, Math.floor(numberArg('runs', 1)));
  const embedder = newEmbedder();
  await embedder.load();
  await embedder.embed(sample(64).map((c) => c.text)); // warm-up: first inference allocates
  // As in a running server, the analysis code is loaded and its worker threads started (the worker
  // role warms them at start): one analysis first, on the 1,000 comments after the largest size.
  warmAnalysisThreads();
  await analyseComments(sample(Math.max(...sizes) + 1000).slice(-1000), { embedder }, { seed: 1 });

  const perSize: SizeRun[] = [];
  for (const n of sizes) {
    const comments = sample(n);
    // Pairs of (embedding alone, whole analysis), back to back: on a shared 2-vCPU host the same
    // embedding varies by a quarter from one run to the next, so one pair's ratio says little; the
    // pair with the median ratio is reported.
    const pairs: SizeRun[] = [];
    for (let r = 0; r < runs; r++) {
      const embeddingAlone = await embedAlone(embedder, comments);
      const result = await analyseComments(comments, { embedder }, { seed: 1 });
      pairs.push({
        n,
        embeddingAlone,
        timingsMs: result.timingsMs,
        clusters: result.clusters.length,
        ratio: result.timingsMs.total / embeddingAlone,
      });
    }
    const byRatio = [...pairs].sort((a, b) => a.ratio - b.ratio);
    const median = byRatio[Math.floor((byRatio.length - 1) / 2)]!;
    console.error(
      `${n} comments: embedding alone ${(median.embeddingAlone / 1000).toFixed(2)} s, analysis ${(median.timingsMs.total / 1000).toFixed(2)} s, ratio ${median.ratio.toFixed(2)}${runs > 1 ? ` (runs: ${pairs.map((p) => p.ratio.toFixed(2)).join(', ')})` : ''}`,
    );
    perSize.push(median);
  }

  let memory: MemoryRun | null = null;
  if (!argv.includes('--no-memory')) {
    // The child runs this file compiled the way `npm start` ships the server (scripts/build-server.mjs:
    // plain Node, the analysis worker compiled too); --child-tsx runs the sources through tsx instead.
    const childArgs = [
      '--child',
      String(memoryN),
      ...(argv.includes('--trace-rss') ? ['--trace-rss'] : []),
    ];
    let program: string;
    let programArgs: string[];
    if (argv.includes('--child-tsx')) {
      program = path.join(repoRoot, 'node_modules/.bin/tsx');
      programArgs = [fileURLToPath(import.meta.url), ...childArgs];
    } else {
      // two levels below the repository, like this file, so its paths resolve the same
      const compiled = path.join(repoRoot, '.cache/compiled-bench');
      execFileSync(
        process.execPath,
        [
          path.join(repoRoot, 'scripts/build-server.mjs'),
          '--outdir',
          compiled,
          '--entry',
          `analysis-speed=${fileURLToPath(import.meta.url)}`,
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      program = process.execPath;
      programArgs = [path.join(compiled, 'analysis-speed.js'), ...childArgs];
    }
    const out = execFileSync(program, programArgs, {
      cwd: repoRoot,
      // as `npm run cli` and `npm start` run the analysis (scripts/run-cli.mjs): glibc's malloc arenas
      // capped at two, and blocks of 128 KiB and more in pages of their own, returned when freed
      env: {
        ...process.env,
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
        MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
      },
      encoding: 'utf8',
      maxBuffer: 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    memory = JSON.parse(out.trim().split('\n').at(-1)!) as MemoryRun;
  }

  const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
  const all = memory ? [...perSize, memory] : perSize;
  const table: string[][] = [
    [
      'comments',
      'clusters',
      'embedding alone',
      'embedding',
      'clustering',
      'labelling',
      'total',
      'total / embedding alone',
      'goal <= 1.5',
    ],
    ...all.map((r) => [
      String(r.n),
      String(r.clusters),
      s(r.embeddingAlone),
      s(r.timingsMs.embedding),
      s(r.timingsMs.clustering),
      s(r.timingsMs.labelling),
      s(r.timingsMs.total),
      r.ratio.toFixed(2),
      r.ratio <= 1.5 ? 'PASS' : 'MISS',
    ]),
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  console.log(
    `\nAnalysis speed (${embedder.name}, offline labeller, seed 1${runs > 1 ? `, median of ${runs} runs` : ''}; the largest in a compiled child)`,
  );
  for (const row of table) console.log(row.map((cell, c) => cell.padStart(widths[c]!)).join('  '));
  if (memory)
    console.log(
      `peak RSS, ${memory.n} comments (compiled child): ${mb(memory.maxRssKb)} MB = ${(mb(memory.maxRssKb) / PEAK_RSS_GOAL_MB).toFixed(2)} x ${PEAK_RSS_GOAL_MB} MB (goal < 1: ${mb(memory.maxRssKb) < PEAK_RSS_GOAL_MB ? 'PASS' : 'MISS'})`,
    );

  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(
    outFile,
    `${JSON.stringify(
      {
        embedder: embedder.name,
        runs,
        sizes: all.map((r) => ({
          comments: r.n,
          clusters: r.clusters,
          embeddingAloneMs: Math.round(r.embeddingAlone),
          timingsMs: r.timingsMs,
          ratioTotalToEmbedding: Number(r.ratio.toFixed(3)),
        })),
        goals: { ratio: 1.5, peakRssMb: PEAK_RSS_GOAL_MB },
        memory: memory && { comments: memory.n, peakRssMb: mb(memory.maxRssKb) },
      },
      null,
      2,
    )}\n`,
  );
  console.log(`wrote ${path.relative(repoRoot, outFile)}`);
}

const childIndex = argv.indexOf('--child');
const run = childIndex >= 0 ? child(Number(argv[childIndex + 1])) : main();
run.then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
