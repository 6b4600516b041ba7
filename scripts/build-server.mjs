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
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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
  // the analysis worker: packages/analysis/src/parallel/pool.ts looks for ./worker.js and
  // ./worker-boot.mjs next to the compiled code
  { out: 'worker', in: path.join(root, 'packages/analysis/src/parallel/worker.ts') },
  // migrations are read from ./migrations next to the compiled db/migrate.ts
  ...readdirSync(migrationsDir)
    .filter((f) => /^\d{10,14}_[a-z0-9_-]+\.ts$/.test(f))
    .map((f) => ({ out: `migrations/${f.replace(/\.ts$/, '')}`, in: path.join(migrationsDir, f) })),
  ...extra.map((spec) => {
    const [out, file] = spec.split('=');
    return { out, in: path.resolve(file) };
  }),
];

/** npm packages stay imports (resolved from node_modules at run time); workspace packages are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (a) =>
      a.path.startsWith('@app/') || a.path.startsWith('node:') ? undefined : { external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
await build({
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalPackages],
  logLevel: 'warning',
  legalComments: 'none',
});
// .js files here are ES modules wherever the folder is (the benchmark builds into a temporary one)
writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
copyFileSync(
  path.join(root, 'packages/analysis/src/parallel/worker-boot.mjs'),
  path.join(outdir, 'worker-boot.mjs'),
);
console.log(`server compiled to ${path.relative(root, outdir) || '.'}`);
