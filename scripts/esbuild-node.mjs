// What scripts/build-server.mjs (`npm start`, the memory benchmark) and scripts/run-cli.mjs (`npm run
// cli`) compile with: esbuild bundling the workspace code (apps/server, packages/*) into ES modules
// for Node 20, every npm package left external (loaded from node_modules at run time, native addons
// and WASM files included).
import { copyFileSync, cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The analysis worker; packages/analysis/src/pipeline/runners.ts looks for ./worker.js next to the compiled code. */
export const workerEntry = {
  out: 'worker',
  in: path.join(root, 'packages/analysis/src/pipeline/worker.ts'),
};

/** npm packages stay imports (resolved from node_modules at run time); workspace packages are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (a) =>
      a.path.startsWith('@app/') || a.path.startsWith('node:') ? undefined : { external: true },
    );
  },
};

/**
 * Compiles `entryPoints` ({ out, in }) into `outdir` (which must exist), marks its .js files as ES
 * modules wherever the folder is, and puts the worker's tsx boot file and the analysis data files
 * (weights, lexicon: packages/analysis/src/model-data.ts reads ./analysis-models) next to them.
 */
export async function compileForNode(entryPoints, outdir, logLevel = 'warning') {
  await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [externalPackages],
    logLevel,
    legalComments: 'none',
  });
  writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
  copyFileSync(
    path.join(root, 'packages/analysis/src/parallel/worker-boot.mjs'),
    path.join(outdir, 'worker-boot.mjs'),
  );
  cpSync(path.join(root, 'packages/analysis/data/models'), path.join(outdir, 'analysis-models'), {
    recursive: true,
  });
}
