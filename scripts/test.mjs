#!/usr/bin/env node
// The README's test command (`npm test`): typecheck, lint, unit tests, server tests on PGlite and
// on the PostgreSQL server, the production build, and the browser tests in Debian's Chromium.
// Prints a summary table and a closing "N passed, N failed" line; exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const only = process.argv.slice(2); // e.g. `npm test -- unit server`
const resultsDir = path.join(root, 'artifacts', 'test-results');
mkdirSync(resultsDir, { recursive: true });
// Written by apps/web/e2e/support/server.ts (serverLogsDir there).
const serverLogsDir = path.join(resultsDir, 'e2e-server-logs');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(cmd, args, env = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: r.status === 0, seconds: (Date.now() - started) / 1000 };
}

function reachable(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const s = net.connect({ port, host });
    s.setTimeout(1500);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}

/** Counts and failed tests (name and the first lines of the failure) of a vitest JSON report. */
function readReport(file) {
  try {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    return {
      counts: {
        passed: j.numPassedTests ?? 0,
        failed: j.numFailedTests ?? 0,
        skipped: (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0),
      },
      failed: j.testResults.flatMap((f) =>
        f.assertionResults
          .filter((a) => a.status === 'failed')
          .map((a) => ({
            name: `${path.relative(root, f.name)} > ${a.fullName}`,
            message: (a.failureMessages?.[0] ?? '').split('\n').slice(0, 3).join(' | '),
          })),
      ),
    };
  } catch {
    return { counts: null, failed: [] };
  }
}

/** Error lines of the e2e servers' logs (written by apps/web/e2e/support/server.ts). */
function serverLogErrors() {
  if (!existsSync(serverLogsDir)) return [];
  return readdirSync(serverLogsDir).flatMap((f) =>
    readFileSync(path.join(serverLogsDir, f), 'utf8')
      .split('\n')
      .filter((l) => /"level":(50|60)|error/i.test(l))
      .slice(-5)
      .map((l) => `${f}: ${l.slice(0, 300)}`),
  );
}

function vitest(project, env = {}) {
  const out = path.join(resultsDir, `${project}.json`);
  rmSync(out, { force: true });
  const r = run(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    env,
  );
  const { counts, failed } = readReport(out);
  return { ...r, counts, ok: r.ok && counts !== null, failed };
}

const steps = [];
const want = (name) => only.length === 0 || only.includes(name);

const pgUp = await reachable(5432);
const redisUp = await reachable(6379);
if (ci && !pgUp) {
  console.error(
    'CI=true but PostgreSQL is not answering on 127.0.0.1:5432: the PostgreSQL tier cannot be skipped in CI.',
  );
  process.exit(1);
}
if (!pgUp)
  console.warn(
    '! PostgreSQL is not answering on 127.0.0.1:5432: its test tier will be skipped (CI requires it).',
  );
if (!redisUp)
  console.warn(
    '! Redis is not answering on 127.0.0.1:6379: the BullMQ tests will be skipped (CI requires them).',
  );

const serverEnv = {
  REQUIRE_POSTGRES: ci ? '1' : (process.env.REQUIRE_POSTGRES ?? ''),
  REQUIRE_REDIS: ci ? '1' : (process.env.REQUIRE_REDIS ?? ''),
};

if (want('typecheck')) steps.push(['typecheck', run('npm', ['run', '-s', 'typecheck'])]);
if (want('lint')) {
  steps.push(['lint', run('npx', ['eslint', '--max-warnings=0', '.'])]);
  steps.push(['import circles', run('npm', ['run', '-s', 'lint:circles'])]);
}
if (want('unit')) steps.push(['unit tests', vitest('unit')]);
if (want('server')) steps.push(['server tests (PGlite + PostgreSQL)', vitest('server', serverEnv)]);
if (want('build')) steps.push(['production build', run('npm', ['run', '-s', 'build'])]);
if (want('e2e')) {
  if (!existsSync(CHROMIUM)) {
    console.error(
      `Chromium was not found at ${CHROMIUM}. Install it with: apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
    steps.push(['browser tests (Chromium)', { ok: false, seconds: 0, counts: null }]);
  } else {
    rmSync(serverLogsDir, { recursive: true, force: true });
    steps.push(['browser tests (Chromium)', vitest('e2e', { CHROMIUM_PATH: CHROMIUM })]);
  }
}

// What failed, just above the summary (CI output is often read from its tail).
const failedTests = steps.flatMap(([, r]) => r.failed ?? []);
if (failedTests.length > 0) {
  console.log('\n──────── Failed tests ────────');
  for (const f of failedTests.slice(0, 12))
    console.log(`✗ ${f.name}\n    ${f.message.slice(0, 400)}`);
  if (steps.some(([name, r]) => name.startsWith('browser') && !r.ok))
    for (const line of serverLogErrors().slice(0, 10)) console.log(`  server log ${line}`);
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\n──────── Chorus test summary ────────');
for (const [name, r] of steps) {
  const c = r.counts;
  if (c) {
    passed += c.passed;
    failed += c.failed;
    skipped += c.skipped;
  }
  const tally = c ? `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped` : '';
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'}  ${name.padEnd(38)} ${r.seconds.toFixed(1).padStart(7)} s  ${tally}`,
  );
  if (!r.ok && !c) failed += 1; // a failing non-test step counts as one failure
}
console.log('─────────────────────────────────────');
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(steps.every(([, r]) => r.ok) ? 0 : 1);
