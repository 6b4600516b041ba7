// Prints the gzipped size of the JavaScript the browser loads before the app can render (the entry
// script plus its modulepreload imports from dist/index.html); lazy chunks are listed separately.
// Usage: node apps/web/scripts/bundle-size.mjs [--max-kb 200]  (exits 1 above the budget)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const indexFile = path.join(dist, 'index.html');
if (!fs.existsSync(indexFile)) {
  console.error('apps/web/dist/index.html is missing: run "npm run build" first.');
  process.exit(1);
}
const html = fs.readFileSync(indexFile, 'utf8');
const initial = new Set(
  [
    ...html.matchAll(
      /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g,
    ),
  ].map((m) => m[1]),
);
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const all = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
let total = 0;
for (const f of initial) total += gz(f);
const lazy = all.filter((f) => !initial.has(f)).map((f) => ({ f, size: gz(f) }));
console.log(`web initial JS (gzip): ${kb(total)} in ${initial.size} file(s)`);
for (const { f, size } of lazy.sort((a, b) => b.size - a.size))
  console.log(`  lazy ${f}: ${kb(size)}`);
const i = process.argv.indexOf('--max-kb');
if (i !== -1 && total > Number(process.argv[i + 1]) * 1024) {
  console.error(`Initial JS is over the ${process.argv[i + 1]} KB budget.`);
  process.exit(1);
}
