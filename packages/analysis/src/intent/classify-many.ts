import type { Intent } from '@app/contracts';
import { classifyIntent } from './classify';

/**
 * Classifies many comments, in input order. `vectors` (sentence embeddings, one per text) are accepted so the
 * orchestrator can pass them, but the offline rules do not need them: a logistic regression over USE-lite
 * vectors plus the rule outputs gained only 1.7 points of held-out macro-F1 (within noise, see
 * docs/intent-guideline.md), not enough to depend on which embedder is configured, so they are ignored.
 */
export function classifyIntents(
  texts: readonly string[],
  _vectors?: readonly Float32Array[],
): Intent[] {
  return texts.map((t) => classifyIntent(t).intent);
}
