#!/usr/bin/env node
// Compiles the server for `npm start` into apps/server/dist, so production runs plain Node instead of
// tsx: the main program, the analysis worker and every migration, each one ES module with the
// workspace code (apps/server, packages/*) bundled in and every npm package left external (they load
// from node_modules as usual, native addons and WASM files included). Running through tsx held about
// 120 MB more in the main thread (its loader thread keeps the sources of large modules such as
// transformers.js) and about 40 MB more in each analysis worker (measured in ARCHITECTURE.md).
//
//   node scripts/build-server.mjs [--outdir DIR] [--entry NAME=path/to/file.ts ...]
// `--entry` adds entry points (the memory benchmark compiles its child program next to the worker).
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { compileForNode, root, workerEntry } from './esbuild-node.mjs';

const args = process.argv.slice(2);
const outdir = path.resolve(
  args.includes('--outdir')
    ? args[args.indexOf('--outdir') + 1]
    : path.join(root, 'apps/server/dist'),
);
const extra = args.flatMap((a, i) => (args[i - 1] === '--entry' ? [a] : []));

const migrationsDir = path.join(root, 'apps/server/src/db/migrations');
const entryPoints = [
  { out: 'main', in: path.join(root, 'apps/server/src/main.ts') },
  workerEntry,
  // migrations are read from ./migrations next to the compiled db/migrate.ts
  ...readdirSync(migrationsDir)
    .filter((f) => /^\d{10,14}_[a-z0-9_-]+\.ts$/.test(f))
    .map((f) => ({ out: `migrations/${f.replace(/\.ts$/, '')}`, in: path.join(migrationsDir, f) })),
  ...extra.map((spec) => {
    const [out, file] = spec.split('=');
    return { out, in: path.resolve(file) };
  }),
];

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
await compileForNode(entryPoints, outdir);
console.log(`server compiled to ${path.relative(root, outdir) || '.'}`);
