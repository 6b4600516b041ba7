import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root (the folder holding the root package.json), found from this file's location,
 * so relative paths in the environment mean the same thing whether `npm start` runs from the root
 * or from apps/server.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Resolves a configured path: absolute paths stay, relative ones are taken from the repository root. */
export function resolveFromRepoRoot(p: string): string {
  return path.resolve(repoRoot, p);
}
