import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { distDir, repoRoot, serverDistDir, webDir } from './paths';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    // Tests are not part of the bundle: editing one must not force a rebuild.
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * The server serves the BUILT app, so make sure apps/web/dist is there and newer than the sources:
 * builds it once when missing or stale (set E2E_SKIP_BUILD=1 to only check, e.g. when the test
 * script built it just before).
 */
export function ensureWebBuilt(): void {
  const index = path.join(distDir, 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(webDir, 'src')),
    fs.statSync(path.join(webDir, 'index.html')).mtimeMs,
    newestMtime(path.join(repoRoot, 'packages/contracts/src')),
  );
  if (built >= sources) return;
  if (process.env.E2E_SKIP_BUILD === '1') {
    throw new Error(
      built === 0
        ? `apps/web/dist is missing: run "npm run build" before the browser tests.`
        : `apps/web/dist is older than apps/web/src: run "npm run build" before the browser tests.`,
    );
  }
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  execFileSync('npm', ['run', '-s', '-w', '@app/web', 'build'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (!fs.existsSync(index))
    throw new Error('The web build did not produce apps/web/dist/index.html.');
}

/**
 * The browser tests run the server as `npm start` ships it: compiled to apps/server/dist (see
 * scripts/build-server.mjs). Compiles it when missing or older than the server's or the packages'
 * sources (a second or two); `npm test` compiles it in its production build step just before.
 */
export function ensureServerBuilt(): string {
  const main = path.join(serverDistDir, 'main.js');
  const built = fs.existsSync(main) ? fs.statSync(main).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(repoRoot, 'apps/server/src')),
    ...['contracts', 'analysis'].map((p) => newestMtime(path.join(repoRoot, 'packages', p, 'src'))),
  );
  if (built < sources)
    execFileSync('node', ['scripts/build-server.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (!fs.existsSync(main))
    throw new Error('The server build did not produce apps/server/dist/main.js.');
  return main;
}
