/**
 * Embedding speed benchmark: the embedded default (USE-lite converted from the npm package at
 * first run) against the reference ONNX folder in ../shared/models, q8 and fp32, on 2,000 real
 * comments. Prints a table and writes artifacts/bench/embeddings.json.
 *
 *   npx tsx scripts/bench/embeddings.ts [--n 2000] [--batch 64]
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmbeddedUseLiteEmbedder } from '../../apps/server/src/providers/embeddings/embedded-use-lite-embedder';
import { OnnxTextEmbedder } from '../../apps/server/src/providers/embeddings/onnx-text-embedder';
import { cosine } from '../../apps/server/src/providers/embeddings/vector-math';
import { parseCsv } from '@app/analysis';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const shared = path.resolve(repoRoot, '../shared');
const modelDir = path.join(shared, 'models/universal-sentence-encoder-lite');
const commentsCsv = path.join(shared, 'datasets/youtube_statistics_top_comments/comments.csv');

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('n', 2000);
const BATCH = arg('batch', 8);

interface Result {
  variant: string;
  runtime: string;
  conversionMs: number | null;
  loadMs: number;
  embedMs: number;
  commentsPerSecond: number;
  /**
   * CPU time of this process while embedding, and comments per CPU-second: on a machine shared
   * with other work the wall-clock rate drops with the load, this rate much less so.
   */
  cpuMs: number;
  commentsPerCpuSecond: number;
  /** Mean and minimum cosine against the reference fp32 ONNX folder. */
  cosineVsReferenceFp32: { mean: number; min: number } | null;
}

async function measure(
  variant: string,
  runtime: string,
  embedder: { load(): Promise<void>; embed(t: readonly string[]): Promise<Float32Array[]> },
  texts: string[],
  conversionMs: number | null = null,
): Promise<{ result: Omit<Result, 'cosineVsReferenceFp32'>; vectors: Float32Array[] }> {
  let t = performance.now();
  await embedder.load();
  const loadMs = performance.now() - t - (conversionMs ?? 0);
  // One warm-up batch so that the timing is steady-state inference, not first-call allocation.
  await embedder.embed(texts.slice(0, BATCH));
  t = performance.now();
  const cpu = process.cpuUsage();
  const vectors = await embedder.embed(texts);
  const embedMs = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  return {
    result: {
      variant,
      runtime,
      conversionMs,
      loadMs,
      embedMs,
      commentsPerSecond: texts.length / (embedMs / 1000),
      cpuMs,
      commentsPerCpuSecond: texts.length / (cpuMs / 1000),
    },
    vectors,
  };
}

async function main(): Promise<void> {
  if (!existsSync(commentsCsv) || !existsSync(modelDir)) {
    console.log(
      `embeddings: skipped, it needs the real comments and the reference USE-lite model in ${shared}, which is not there`,
    );
    return;
  }
  const rows = parseCsv(readFileSync(commentsCsv, 'utf8'));
  const col = rows[0]!.indexOf('Comment');
  const texts = rows
    .slice(1)
    .map((r) => r[col] ?? '')
    .filter((t) => t.trim() !== '')
    .slice(0, N);
  const meanChars = texts.reduce((s, t) => s + t.length, 0) / texts.length;
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `${texts.length} comments (mean ${meanChars.toFixed(0)} chars), batch ${BATCH}, ${os.cpus().length} CPUs, node ${process.version}`,
  );

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-embeddings-'));
  const runs: { result: Omit<Result, 'cosineVsReferenceFp32'>; vectors: Float32Array[] }[] = [];
  try {
    // The ONNX folder under several settings; the first is the reference the others are compared with.
    const variants: [string, ConstructorParameters<typeof OnnxTextEmbedder>[0]][] = [
      ['onnx folder fp32 (reference)', { model: modelDir, dtype: 'fp32', batchSize: BATCH }],
      [
        'onnx folder fp32, input order',
        { model: modelDir, dtype: 'fp32', batchSize: BATCH, sortByLength: false },
      ],
      ['onnx folder q8, batches of 64', { model: modelDir, dtype: 'q8', batchSize: 64 }],
      ['onnx folder q8 (default: 1 thread)', { model: modelDir, dtype: 'q8', batchSize: BATCH }],
      [
        "onnx folder q8, ONNX Runtime's threads",
        { model: modelDir, dtype: 'q8', batchSize: BATCH, threads: 0 },
      ],
      [
        'onnx folder q8, 2 sessions x 1 thread',
        { model: modelDir, dtype: 'q8', batchSize: BATCH, sessions: 2 },
      ],
    ];
    for (const [name, options] of variants)
      runs.push(
        await measure(
          name,
          'transformers.js + onnxruntime-node',
          new OnnxTextEmbedder(options),
          texts,
        ),
      );
    for (const dtype of ['fp32', 'q8'] as const) {
      let conversionMs: number | null = null;
      const embedder = new EmbeddedUseLiteEmbedder({
        dataDir,
        dtype,
        batchSize: BATCH,
        onConverted: ({ ms }) => {
          conversionMs = ms;
        },
      });
      // load() converts on this first run; the conversion time is reported on its own.
      const started = performance.now();
      await embedder.load();
      const firstLoad = performance.now() - started;
      const run = await measure(
        `embedded ${dtype} (npm weights, converted)`,
        'own TF.js->ONNX conversion + onnxruntime-node',
        embedder,
        texts,
        null,
      );
      run.result.conversionMs = conversionMs;
      run.result.loadMs = firstLoad - (conversionMs ?? 0);
      runs.push(run);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const reference = runs[0]!.vectors;
  const results: Result[] = runs.map(({ result, vectors }, i) => {
    if (i === 0) return { ...result, cosineVsReferenceFp32: null };
    const cos = vectors.map((v, j) => cosine(v, reference[j]!));
    return {
      ...result,
      cosineVsReferenceFp32: {
        mean: cos.reduce((a, b) => a + b, 0) / cos.length,
        min: Math.min(...cos),
      },
    };
  });

  const pad = (s: string, n: number) => s.padEnd(n);
  console.log(
    `\n${pad('variant', 40)}${pad('conversion', 12)}${pad('load', 10)}${pad('comments/s', 12)}${pad('per CPU-s', 11)}cosine vs ref fp32 (mean / min)`,
  );
  for (const r of results) {
    console.log(
      `${pad(r.variant, 40)}${pad(r.conversionMs === null ? '-' : `${(r.conversionMs / 1000).toFixed(2)} s`, 12)}${pad(`${(r.loadMs / 1000).toFixed(2)} s`, 10)}${pad(r.commentsPerSecond.toFixed(0), 12)}${pad(r.commentsPerCpuSecond.toFixed(0), 11)}${
        r.cosineVsReferenceFp32
          ? `${r.cosineVsReferenceFp32.mean.toFixed(6)} / ${r.cosineVsReferenceFp32.min.toFixed(6)}`
          : 'reference'
      }`,
    );
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const outDir = path.join(repoRoot, 'artifacts/bench');
  mkdirSync(outDir, { recursive: true });
  const out = {
    date: new Date().toISOString(),
    // Other processes share the 2 cores during development: the load average says how much.
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      node: process.version,
      loadAverage: os.loadavg(),
    },
    dataset: {
      file: 'shared/datasets/youtube_statistics_top_comments/comments.csv',
      comments: texts.length,
      meanChars,
    },
    batchSize: BATCH,
    results,
  };
  writeFileSync(path.join(outDir, 'embeddings.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nwritten ${path.relative(repoRoot, path.join(outDir, 'embeddings.json'))}`);
}

await main();
