/**
 * Reads the hand-labelled intent development set and joins its comment texts from
 * ../shared/datasets (the analysis core does no I/O, so scripts share this loader).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEV_SOURCES,
  type DevDataset,
  type DevExample,
  type DevLabel,
  indexDatasetTexts,
  joinDevTexts,
  parseDevLabels,
} from '@app/analysis/eval';
import { repoRoot, sharedRoot } from './embedding-cache';

export const datasetsDir = path.join(sharedRoot, 'datasets');
export const labelsPath = path.join(repoRoot, 'packages/analysis/data/intent-dev/labels.jsonl');

/** The labelled rows (keys only). */
export function loadDevLabels(): DevLabel[] {
  return parseDevLabels(readFileSync(labelsPath, 'utf8'));
}

/** Every labelled row with its text; rows whose dataset is absent come back in `missing`. */
export function loadDevSet(): { examples: DevExample[]; missing: DevLabel[] } {
  const labels = loadDevLabels();
  const texts: Partial<Record<DevDataset, Map<string, string>>> = {};
  for (const [ds, file] of Object.entries(DEV_SOURCES) as [DevDataset, string][]) {
    const p = path.join(datasetsDir, file);
    if (existsSync(p)) texts[ds] = indexDatasetTexts(ds, readFileSync(p, 'utf8'));
  }
  return joinDevTexts(labels, texts);
}

/** The labelled rows with their texts; exits with a message when a dataset is missing (the trainers need all). */
export function loadDevSetOrExit(): DevExample[] {
  const { examples, missing } = loadDevSet();
  if (missing.length > 0) {
    console.error(`${missing.length} labelled rows have no text (is ../shared/datasets there?)`);
    process.exit(1);
  }
  return examples;
}
