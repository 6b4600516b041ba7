import {
  groupQuestions,
  identicalKey,
  keyTerms,
  QUESTION_MERGE_DEFAULTS,
  unitVector,
  type QuestionCandidate,
  type QuestionMatchTier,
} from './audience-questions';

/** One video's question as its report lists it, with the vector of its wording. */
export interface AskedQuestion {
  /** The report's wording. */
  question: string;
  /** How many comments asked it under that video. */
  count: number;
  likes: number;
  /** When its latest comment was posted (ms since the epoch), or null when unknown. */
  lastAskedAt: number | null;
  /** The wording's embedding (any length; compared by cosine), or null. */
  vector: ArrayLike<number> | null;
}

/** A question asked under one or more videos: the same question's reports merged. */
export interface MergedQuestion<T extends AskedQuestion> {
  /** The wording of the member most asked (then most liked). */
  question: string;
  /** Comments that asked it, over every member. */
  count: number;
  likes: number;
  lastAskedAt: number | null;
  /** Every member, most asked first. */
  members: T[];
}

/**
 * The text two wordings of a question share when they differ only in case, spacing, punctuation
 * or Unicode form ("How long?" and "how long"): the basis of a stable key for the question.
 */
export function normalisedQuestion(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Candidate<T> extends QuestionCandidate {
  item: T;
  index: number;
}

/**
 * Merges the questions of several reports (videos, posts) that ask the same thing, by the same
 * rule a report merges its comments' questions (groupQuestions: close vectors plus shared key
 * terms, or the same words), most asked first so the lead wording is the one most asked. Ranked
 * by how many asked, then how recently, then likes. Pure: no I/O.
 */
export function mergeAskedQuestions<T extends AskedQuestion>(
  asked: readonly T[],
  tiers: readonly QuestionMatchTier[] = QUESTION_MERGE_DEFAULTS.tiers,
): MergedQuestion<T>[] {
  const candidates: Candidate<T>[] = asked.map((item, index) => ({
    item,
    index,
    vector: unitVector(item.vector),
    terms: keyTerms(item.question),
    key: normalisedQuestion(item.question) || identicalKey(item.question),
  }));
  candidates.sort(
    (a, b) =>
      b.item.count - a.item.count ||
      b.item.likes - a.item.likes ||
      (b.item.lastAskedAt ?? -Infinity) - (a.item.lastAskedAt ?? -Infinity) ||
      a.index - b.index,
  );
  const merged = groupQuestions(candidates, tiers).map((group) => {
    const members = group.map((c) => c.item);
    const times = members.flatMap((m) => (m.lastAskedAt === null ? [] : [m.lastAskedAt]));
    return {
      question: members[0]!.question,
      count: members.reduce((s, m) => s + m.count, 0),
      likes: members.reduce((s, m) => s + m.likes, 0),
      lastAskedAt: times.length > 0 ? Math.max(...times) : null,
      members,
      first: Math.min(...group.map((c) => c.index)),
    };
  });
  merged.sort(
    (a, b) =>
      b.count - a.count ||
      (b.lastAskedAt ?? -Infinity) - (a.lastAskedAt ?? -Infinity) ||
      b.likes - a.likes ||
      a.first - b.first,
  );
  return merged.map(({ first: _first, ...q }) => q);
}
