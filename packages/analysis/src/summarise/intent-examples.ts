import type { Intent } from '@app/contracts';
import { classifyIntent } from '../intent/classify';
import { isQuotable } from '../prepare/prepare-comments';
import { splitSentences } from '../text/sentences';
import { countWords } from '../text/words';
import type { PreparedComment } from '../types';
import { SUGGESTED_INTENTS } from './offline-summary';

/** A quote reads best between these many words: a sentence, not a word or a paragraph. */
const MIN_WORDS = 3;
const MAX_WORDS = 20;

/** The intents a summary quotes an example of: those its suggestions act on, and praise. */
const QUOTED: ReadonlySet<Intent> = new Set([...SUGGESTED_INTENTS, 'Praise']);

/**
 * Longer comments searched for a quotable sentence, most liked first: the search classifies their
 * sentences, so it stops here and the most-liked comment is quoted whole.
 */
const MAX_LONG_SEARCHED = 12;

const readable = (n: number): boolean => n >= MIN_WORDS && n <= MAX_WORDS;

/**
 * The quote a comment longer than 20 words gives for `intent`: its first sentence of 3-20 words that
 * the rules read as that intent ("You should definitely try it, it's delicious."), with "…" where
 * the comment goes on; null when it has none.
 */
export function excerptOf(text: string, intent: Intent): string | null {
  const sentences = splitSentences(text);
  const at = sentences.findIndex(
    (sentence) =>
      readable(countWords(sentence)) && classifyIntent(sentence).matched.includes(intent),
  );
  if (at < 0) return null;
  const before = at > 0 ? '… ' : '';
  const after = at < sentences.length - 1 ? ' …' : '';
  return `${before}${sentences[at]}${after}`;
}

/**
 * Per cluster, for each intent a summary quotes (requests, questions, complaints), the comment that
 * says it best: among the audience's own comments (no spam, copies or the creator's replies) of that
 * intent, the most-liked of 3-20 words; when none is, the most-liked longer one's sentence that
 * carries the intent (`excerptOf`); when none has one, the most-liked whole. Ties go to the most
 * typical of its cluster (`centrality`, when given), then to the earlier comment.
 */
export function intentExamples(
  comments: readonly PreparedComment[],
  assignments: ArrayLike<number>,
  intents: readonly Intent[],
  k: number,
  centrality?: ArrayLike<number> | null,
): Partial<Record<Intent, string>>[] {
  const typical = (i: number): number => centrality?.[i] ?? 0;
  const members: Partial<Record<Intent, number[]>>[] = Array.from({ length: k }, () => ({}));
  for (let i = 0; i < comments.length; i++) {
    const intent = intents[i]!;
    if (!QUOTED.has(intent) || !isQuotable(comments[i]!)) continue;
    const of = members[assignments[i]!];
    if (of) (of[intent] ??= []).push(i);
  }
  const best = (intent: Intent, of: number[]): string => {
    of.sort((a, b) => comments[b]!.likes - comments[a]!.likes || typical(b) - typical(a) || a - b);
    const whole = of.find((i) => readable(countWords(comments[i]!.clean)));
    if (whole !== undefined) return comments[whole]!.clean;
    let searched = 0;
    for (const i of of) {
      const text = comments[i]!.clean;
      if (countWords(text) <= MAX_WORDS) continue;
      const excerpt = excerptOf(text, intent);
      if (excerpt !== null) return excerpt;
      if (++searched >= MAX_LONG_SEARCHED) break;
    }
    return comments[of[0]!]!.clean;
  };
  return members.map((slot) =>
    Object.fromEntries(
      Object.entries(slot).map(([intent, of]) => [intent, best(intent as Intent, of)]),
    ),
  );
}
