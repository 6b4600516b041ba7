#!/usr/bin/env node
// `npm run bench`: every benchmark under scripts/bench/, in a fixed order, then the web bundle size.
// Benchmarks print figures and ratios next to their goals; they never fail the build on a miss.
// Pass names to run a subset: `npm run bench -- clustering intent`. Other arguments (`--quick`,
// `--runs 3`) are passed through to every benchmark run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const order = [
  'embeddings',
  'clustering',
  'comment-sections',
  'themes',
  'intent',
  'spam',
  'analysis-speed',
  'analysis-overlap',
  'jobs',
  'insights',
  'scale',
  'questions-inbox',
  'bundle',
];
const benchDir = path.join(root, 'scripts', 'bench');
const available = existsSync(benchDir)
  ? readdirSync(benchDir)
      .filter((f) => f.endsWith('.ts') && !f.includes('cache') && !f.startsWith('_'))
      .map((f) => f.replace(/\.ts$/, ''))
  : [];
// Arguments that name a benchmark select it; every other one, values included (`--runs 3`,
// `--size 500`), is passed through to each benchmark in order.
const args = process.argv.slice(2);
const isName = (a) => a === 'bundle' || available.includes(a);
const names = args.filter(isName);
const flags = args.filter((a) => !isName(a));
const selected = [
  ...order.filter((n) => n === 'bundle' || available.includes(n)),
  ...available.filter((n) => !order.includes(n)),
].filter((n) => names.length === 0 || names.includes(n));
mkdirSync(path.join(root, 'artifacts', 'bench'), { recursive: true });

const results = [];
for (const name of selected) {
  console.log(`\n════════ bench: ${name} ════════`);
  const started = Date.now();
  if (name === 'bundle') {
    results.push([name, bundleSize()]);
    continue;
  }
  const r = spawnSync('npx', ['tsx', path.join(benchDir, `${name}.ts`), ...flags], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  results.push([
    name,
    r.status === 0
      ? `done in ${((Date.now() - started) / 1000).toFixed(1)} s`
      : `exited ${r.status}`,
  ]);
}
console.log('\n════════ bench summary ════════');
for (const [n, s] of results) console.log(`${n.padEnd(16)} ${s}`);

/** Initial JavaScript of the app: the entry script and its modulepreloads, gzipped. Goal < 200 KB. */
function bundleSize() {
  const dist = path.join(root, 'apps', 'web', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    const b = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) return 'build failed';
  }
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g),
  ].map((m) => m[1]);
  let raw = 0;
  let gz = 0;
  for (const f of new Set(files)) {
    const buf = readFileSync(path.join(dist, f.replace(/^\//, '')));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const line = `initial JS: ${files.length} file(s), ${kb(raw)} raw, ${kb(gz)} gzipped (goal < 200 KB gzipped: ${gz < 200 * 1024 ? 'PASS' : 'MISS'})`;
  console.log(line);
  writeFileSync(
    path.join(root, 'artifacts', 'bench', 'bundle.json'),
    JSON.stringify({ files, rawBytes: raw, gzipBytes: gz }, null, 2),
  );
  return line;
}
