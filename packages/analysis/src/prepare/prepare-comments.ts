import type { InputComment, PreparedComment } from '../types';
import { cleanText, normaliseForMatching } from './clean-text';
import { findDuplicates } from './duplicates';
import { spamReason } from './spam';

/** Long texts repeated by this many different authors are chain copy-paste, not a shared opinion. */
const COPY_PASTE_AUTHORS = 3;
const COPY_PASTE_MIN_TOKENS = 8;

export interface PreparedBatch {
  comments: PreparedComment[];
  /**
   * Weight of each comment in cluster discovery: 0 for spam, duplicates and empty texts (so they never
   * form topics of their own, though they are still assigned to their nearest cluster); an original
   * that others repeat weighs 1 + ln(copies), so a phrase many viewers wrote still counts for more.
   */
  weights: Float32Array;
  duplicates: number;
  spam: number;
}

/**
 * Cleans comment text and flags exact/near duplicates and obvious spam. Likes, author, published
 * date, reply count and parent are carried through unchanged. O(n).
 */
export function prepareComments(input: readonly InputComment[]): PreparedBatch {
  const cleaned = input.map((c) => cleanText(c.text));
  const normalised = cleaned.map(normaliseForMatching);
  const duplicateOf = findDuplicates(normalised);
  const spam = cleaned.map((text) => spamReason(text) !== null);

  // Group members by their original to spot copy-paste across authors and to weight originals.
  const groups = new Map<number, number[]>();
  duplicateOf.forEach((root, i) => {
    if (root === null) return;
    const members = groups.get(root);
    if (members) members.push(i);
    else groups.set(root, [root, i]);
  });
  for (const members of groups.values()) {
    const root = members[0]!;
    const tokens = (normalised[root] ?? '').split(' ').length;
    // Unknown authors count as distinct: a file without authors still shows chain messages.
    const authors = new Set(members.map((i) => input[i]!.author ?? `#${i}`));
    const anySpam = members.some((i) => spam[i]);
    if (anySpam || (tokens >= COPY_PASTE_MIN_TOKENS && authors.size >= COPY_PASTE_AUTHORS)) {
      for (const i of members) spam[i] = true;
    }
  }

  const weights = new Float32Array(input.length);
  let duplicates = 0;
  let spamCount = 0;
  const comments = input.map((c, i): PreparedComment => {
    const isSpam = spam[i] ?? false;
    const dup = duplicateOf[i] ?? null;
    if (isSpam) spamCount++;
    else if (dup !== null) duplicates++;
    if (!isSpam && dup === null && cleaned[i] !== '') {
      const copies = groups.get(i)?.length ?? 1;
      weights[i] = 1 + Math.log(copies);
    }
    return { ...c, clean: cleaned[i] ?? '', duplicateOf: dup, spam: isSpam };
  });
  return { comments, weights, duplicates, spam: spamCount };
}
