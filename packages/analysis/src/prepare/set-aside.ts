import type { PreparedComment } from '../types';

/**
 * The cluster id of a comment set aside as spam: it belongs to no cluster, counts in no share,
 * and nothing the report writes (headings, tags, representatives, summary, questions) reads it.
 */
export const SET_ASIDE = -1;

/** The comments an analysis set aside as spam. */
export interface SetAsideGroup {
  count: number;
  /** Their ids, in input order. */
  commentIds: string[];
}

/**
 * Takes the spam out of the clusters: each spam comment's assignment becomes SET_ASIDE, the
 * others keep theirs. Spam weighs nothing in clustering (prepare-comments.ts), so the clusters
 * were found without it; this removes it from what they count and show.
 */
export function setAsideSpam(
  assignments: ArrayLike<number>,
  comments: readonly Pick<PreparedComment, 'spam'>[],
): Int32Array {
  return Int32Array.from({ length: assignments.length }, (_, i) =>
    comments[i]!.spam ? SET_ASIDE : assignments[i]!,
  );
}

/** The set-aside group of an analysis: the comments whose assignment is SET_ASIDE. */
export function setAsideGroup(
  comments: readonly Pick<PreparedComment, 'id'>[],
  assignments: ArrayLike<number>,
): SetAsideGroup {
  const commentIds = comments.filter((_, i) => assignments[i] === SET_ASIDE).map((c) => c.id);
  return { count: commentIds.length, commentIds };
}
