/**
 * The package's own data files (learned weights, the sentiment lexicon), read once when a module
 * that needs them loads. This is the analysis core's only file reading: data shipped with the
 * package, never input. Run from the sources (tsx, Vitest) they are in packages/analysis/data/models;
 * the compiled server and CLI find them in ./analysis-models beside their code (scripts/esbuild-node.mjs
 * copies them there).
 */
import { readFileSync } from 'node:fs';

const MODELS = import.meta.url.endsWith('.ts')
  ? new URL('../data/models/', import.meta.url)
  : new URL('./analysis-models/', import.meta.url);

/** A data file's text (`name`: a file of data/models). */
export function readModelText(name: string): string {
  return readFileSync(new URL(name, MODELS), 'utf8');
}

/**
 * A JSON data file, parsed (its `about` line, how the file was made, is dropped). The caller names
 * the type the file holds; the trainers in scripts/ write it.
 */
export function readModelJson<T>(name: string): T {
  const { about: _about, ...value } = JSON.parse(readModelText(name)) as T & { about?: string };
  return value as T;
}
