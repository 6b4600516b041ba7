#!/usr/bin/env node
// `npm run cli`: compiles the CLI (apps/server/src/cli.ts) and the analysis worker the way
// scripts/build-server.mjs compiles the server, then runs them on plain Node. Under tsx the CLI held
// about 120 MB more in its main thread and about 40 MB more in each analysis worker (tsx's loader
// keeps the sources of large modules), which matters at 50,000 comments against the 1 GB budget;
// compiling takes about a second. Each run compiles into a folder of its own under .cache (inside
// the repository, so npm packages resolve from node_modules), removed when the CLI exits, so runs
// in parallel never share one. Arguments, streams and the exit code pass through unchanged.
//
// The CLI runs with two glibc malloc settings unless the environment sets them; glibc reads them only
// when a process starts, hence here. scripts/bench/analysis-speed.ts runs its 50,000-comment child the
// same way, and the server's start script and the container image set the same.
// - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (the main thread, the analysis workers,
//   ONNX Runtime's and libuv's threads) a malloc arena of its own and keeps what each frees, which at
//   50,000 comments held about 120 MB more at the peak (interleaved runs: 721-850 MB against
//   756-955 MB) at no measurable cost in speed.
// - MALLOC_MMAP_THRESHOLD_=131072: blocks of 128 KiB and more (array buffers: the embeddings, the
//   spaces, k-means state) get pages of their own, returned when freed. Unset, glibc raises that
//   threshold to the largest block freed so far (up to 32 MiB), and later blocks come from the arenas,
//   where freed memory stays held: at 50,000 comments the peaks while clustering and labelling fell
//   from 864-881 MB to 634-641 MB, and the whole run's from 781-899 MB to 757-768 MB.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { compileForNode, root, workerEntry } from './esbuild-node.mjs';

const cache = path.join(root, '.cache/cli');
mkdirSync(cache, { recursive: true });
// named by this process's id, so a test can tell its own builds from other runs'
const outdir = mkdtempSync(path.join(cache, `run-${process.pid}-`));
const cleanUp = () => rmSync(outdir, { recursive: true, force: true });

try {
  await compileForNode(
    [{ out: 'cli', in: path.join(root, 'apps/server/src/cli.ts') }, workerEntry],
    outdir,
    'error',
  );
} catch (error) {
  cleanUp();
  console.error(
    `error: could not compile the CLI: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
}

const child = spawn(process.execPath, [path.join(outdir, 'cli.js'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
