/** The learned intent models' weights (data/models, written by scripts/train-intent.ts). */
import { readModelJson } from '../model-data';
import type { IntentModel } from './model';

/** Words, cues and shape only: for other embedders and texts the vectors cannot read. */
export const INTENT_MODEL_TEXT = readModelJson<IntentModel>('intent-text.json');
/** The same plus Universal Sentence Encoder lite vectors (the product's default embedder). */
export const INTENT_MODEL_USE = readModelJson<IntentModel>('intent-use.json');
