import type { Intent } from '@app/contracts';
import { isQuotable } from '../prepare/prepare-comments';
import type { PreparedComment } from '../types';

/** A quote reads best between these many words: a sentence, not a word or a paragraph. */
const MIN_WORDS = 3;
const MAX_WORDS = 20;

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * Per cluster and intent, the comment that says it best: among the audience's own comments (no
 * spam, copies or the creator's replies) of that intent, the most-liked of a readable length
 * (3-20 words; any length when none is), ties to the most typical of its cluster (`centrality`,
 * when given), then to the earlier comment.
 */
export function intentExamples(
  comments: readonly PreparedComment[],
  assignments: ArrayLike<number>,
  intents: readonly Intent[],
  k: number,
  centrality?: ArrayLike<number> | null,
): Partial<Record<Intent, string>>[] {
  const typical = (i: number): number => centrality?.[i] ?? 0;
  const best: Partial<Record<Intent, { index: number; readable: boolean }>>[] = Array.from(
    { length: k },
    () => ({}),
  );
  for (let i = 0; i < comments.length; i++) {
    const c = comments[i]!;
    if (!isQuotable(c)) continue;
    const n = words(c.clean);
    const readable = n >= MIN_WORDS && n <= MAX_WORDS;
    const slot = best[assignments[i]!]!;
    const intent = intents[i]!;
    const current = slot[intent];
    if (
      current === undefined ||
      (readable && !current.readable) ||
      (readable === current.readable &&
        (c.likes > comments[current.index]!.likes ||
          (c.likes === comments[current.index]!.likes && typical(i) > typical(current.index))))
    )
      slot[intent] = { index: i, readable };
  }
  return best.map((slot) =>
    Object.fromEntries(
      Object.entries(slot).map(([intent, pick]) => [intent, comments[pick.index]!.clean]),
    ),
  );
}
