import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder at or above `from` whose package.json declares workspaces. */
function workspaceRoot(from: string): string | null {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { workspaces?: unknown }).workspaces)
          return dir;
      } catch {
        // not a readable package.json: keep looking above
      }
    }
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * The repository root (the folder holding the root package.json), found from this file's location,
 * so relative paths in the environment mean the same thing whether `npm start` runs from the root
 * or from apps/server, and whether this runs from the sources (apps/server/src/config) or compiled
 * (apps/server/dist).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = workspaceRoot(here) ?? path.resolve(here, '../../../..');

/** Resolves a configured path: absolute paths stay, relative ones are taken from the repository root. */
export function resolveFromRepoRoot(p: string): string {
  return path.resolve(repoRoot, p);
}

/** The invented sample channel shipped with the product (read from the sources and the compiled build alike). */
export const SAMPLE_CHANNEL_DIR = path.join(repoRoot, 'apps/server/sample-channel');
