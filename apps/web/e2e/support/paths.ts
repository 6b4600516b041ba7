import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, from this file (apps/web/e2e/support). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const webDir = path.join(repoRoot, 'apps/web');
export const distDir = path.join(webDir, 'dist');
/** The compiled server (scripts/build-server.mjs). */
export const serverDistDir = path.join(repoRoot, 'apps/server/dist');
/** The committed e2e comment files (invented comments), the e2e server's COMMENTS_DIR. */
export const fixturesCommentsDir = path.join(webDir, 'e2e/fixtures');
export const screenshotsDir = path.join(repoRoot, 'artifacts/screenshots');
/** Each e2e server's output, written when it stops (scripts/test.mjs shows its errors on a failure). */
export const serverLogsDir = path.join(repoRoot, 'artifacts/test-results/e2e-server-logs');
