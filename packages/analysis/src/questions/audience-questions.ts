import type { Intent } from '@app/contracts';
import { askedIn, questionsIn } from '../deep-dive/questions';
import { contentTokens, jaccard } from '../deep-dive/text';
import { truncate } from '../text/wording';
import { denseDot } from '../clustering/space';
import type { PromptOptions } from '../llm/call-model';
import { suggestReplies } from '../llm/question-replies';
import type { LanguageModel } from '../ports';

/** One comment of a video as the question list reads it. */
export interface QuestionSourceComment {
  id: string;
  /** The cleaned text. */
  text: string;
  likes: number;
  clusterId: number;
  intent: Intent;
  spam: boolean;
  byCreator: boolean;
  /** The thread's top-level comment id for a reply, else null. */
  parentId: string | null;
  /** When it was posted (ISO 8601), when the source says. */
  publishedAt?: string | null;
  /** The comment's embedding (any length; compared by cosine), or null when it has none. */
  vector: ArrayLike<number> | null;
}

/** A question the audience asked, near-duplicate wordings merged. */
export interface AudienceQuestion {
  /** The best wording: the question sentence of the most-liked member (ties: the most central). */
  question: string;
  /** How many comments asked it. */
  count: number;
  /** Likes of those comments together. */
  likes: number;
  /** Every member, most-liked first. */
  commentIds: string[];
  /** The cluster most members are in (ties: the smaller id). */
  clusterId: number;
  /**
   * The creator replied under a member, or in a member's thread after it (a member that is itself
   * a reply).
   */
  answered: boolean;
  /**
   * A reply the creator could post, drafted by the language model; null without one (nothing is
   * invented offline).
   */
  suggestedReply: string | null;
}

/**
 * Whether a text reads as a question: a question mark (any script's) or question syntax
 * ("how do you make the sauce"). The intent classifier also reads some complaints and requests as
 * questions ("The font is way too small, I can't read the code"); those are not questions to answer.
 */
export function readsAsQuestion(text: string): boolean {
  return /[?？؟]/.test(text) || questionsIn(text).length > 0;
}

/** Cosine a pair of questions needs, and how much of their key terms they must share (Jaccard). */
export interface QuestionMatchTier {
  cosine: number;
  overlap: number;
}

export interface AudienceQuestionOptions {
  /** Two questions are the same when their vectors and key terms pass any tier (Jaccard overlap). */
  tiers?: readonly QuestionMatchTier[];
  /** Longest `question` wording, in characters. */
  maxLength?: number;
}

/**
 * Chosen on the invented fixture videos (test-fixtures/comments), conservatively: two different
 * questions must stay apart. There, questions about different things reach a cosine of 0.85 with
 * the sentence encoder ("Can I use rye flour for part of the flour?" / "Can I use whole wheat flour
 * instead of bread flour?") while sharing few key terms, and wordings of one question reach 0.8-0.9
 * sharing a third or more of them; below 0.75 only a half shared merges. Every tier needs some key
 * terms shared (a fifth at 0.92), which also keeps the grouping fast (see audienceQuestions).
 */
export const QUESTION_MERGE_DEFAULTS: Required<AudienceQuestionOptions> = {
  tiers: [
    { cosine: 0.92, overlap: 0.2 },
    { cosine: 0.75, overlap: 0.35 },
    { cosine: 0.65, overlap: 0.5 },
  ],
  maxLength: 160,
};

/** A word's crude stem: -ing, -ed, -es, -s dropped, then a doubled last letter ("buzzing" -> "buz"). */
function stem(token: string): string {
  const cut = token.replace(/(ing|ed|es|s)$/, '');
  const base = cut.length >= 3 ? cut : token;
  return base.replace(/(\p{L})\1$/u, '$1');
}

/** A question's key terms: its content tokens, stemmed. */
export function keyTerms(text: string): Set<string> {
  return new Set(contentTokens(text).map(stem));
}

/** Jaccard overlap of two sets of key terms (0 when both are empty). */
export function termOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  return jaccard(a, b);
}

/** Whether two questions with this cosine and key-term overlap ask the same thing. */
export function sameQuestion(
  cosine: number,
  overlap: number,
  tiers: readonly QuestionMatchTier[] = QUESTION_MERGE_DEFAULTS.tiers,
): boolean {
  return tiers.some((t) => cosine >= t.cosine && overlap >= t.overlap);
}

function unit(v: ArrayLike<number> | null): Float32Array | null {
  if (!v || v.length === 0) return null;
  let norm = 0;
  for (let j = 0; j < v.length; j++) norm += v[j]! * v[j]!;
  if (norm === 0) return null;
  norm = Math.sqrt(norm);
  return Float32Array.from(v, (x) => x / norm);
}

function cosine(a: Float32Array | null, b: Float32Array | null): number {
  if (!a || !b || a.length !== b.length) return 0;
  return denseDot(a, 0, b, 0, a.length);
}

/** What the grouping compares of a question: its unit vector, key terms and identical-copy key. */
export interface QuestionCandidate {
  /** Unit-length embedding, or null without one. */
  vector: Float32Array | null;
  terms: Set<string>;
  /** The text as identical copies share it. */
  key: string;
}

interface Candidate extends QuestionCandidate {
  index: number;
  comment: QuestionSourceComment;
}

/** The vector scaled to unit length; null when empty or all zeros. */
export function unitVector(v: ArrayLike<number> | null): Float32Array | null {
  return unit(v);
}

/** The key identical copies of a question share: its trimmed, lower-cased text. */
export function identicalKey(text: string): string {
  return text.trim().toLowerCase();
}

/**
 * Groups questions that ask the same thing, in the order given (the first of a group leads it).
 * Two are the same when their keys are identical, or their vectors are close and they share
 * enough key terms (`tiers`). A question joins the group it matches best, provided it matches the
 * group's first member and at least half of its members, so a chain of small steps cannot carry
 * one question into another. Every tier needs some key terms shared, so only groups whose first
 * member shares one are scored (an index from term to groups), and a vector is compared only when
 * the terms allow a match: linear in the questions for thousands, not quadratic.
 */
export function groupQuestions<C extends QuestionCandidate>(
  ordered: readonly C[],
  tiers: readonly QuestionMatchTier[] = QUESTION_MERGE_DEFAULTS.tiers,
): C[][] {
  const minOverlap = Math.min(...tiers.map((t) => t.overlap));
  const NO_MATCH = -2;
  /** Cosine of a and b when they are the same question, else NO_MATCH. */
  const match = (a: C, b: C): number => {
    if (a.key === b.key) return 1;
    const overlap = termOverlap(a.terms, b.terms);
    if (overlap < minOverlap) return NO_MATCH;
    const cos = cosine(a.vector, b.vector);
    return sameQuestion(cos, overlap, tiers) ? cos : NO_MATCH;
  };

  const groups: C[][] = [];
  const groupsByTerm = new Map<string, number[]>();
  /** An identical text joins the group that holds it. */
  const groupOfText = new Map<string, number>();
  for (const c of ordered) {
    let best = groupOfText.get(c.key) ?? -1;
    if (best < 0) {
      const scored = new Set<number>();
      const options =
        minOverlap > 0 ? [...c.terms].flatMap((t) => groupsByTerm.get(t) ?? []) : groups.keys();
      let bestScore = -Infinity;
      for (const g of options) {
        if (scored.has(g)) continue;
        scored.add(g);
        const group = groups[g]!;
        if (match(c, group[0]!) === NO_MATCH) continue;
        let matched = 0;
        let total = 0;
        for (const m of group) {
          const cos = match(c, m);
          if (cos !== NO_MATCH) matched++;
          total += cos === NO_MATCH ? cosine(c.vector, m.vector) : cos;
        }
        if (matched * 2 < group.length) continue;
        const score = total / group.length;
        if (score > bestScore) {
          bestScore = score;
          best = g;
        }
      }
    }
    if (best >= 0) groups[best]!.push(c);
    else {
      best = groups.length;
      groups.push([c]);
      for (const t of c.terms) groupsByTerm.set(t, [...(groupsByTerm.get(t) ?? []), best]);
    }
    if (!groupOfText.has(c.key)) groupOfText.set(c.key, best);
  }
  return groups;
}

/**
 * The audience's questions over a whole video, near-duplicate wordings merged and ranked by how
 * many asked (then their likes). A question is a comment whose intent is Question, neither spam
 * nor the creator's own, that reads as a question (readsAsQuestion), grouped most-liked first by
 * groupQuestions. Pure: no I/O; nothing is invented (every wording is a commenter's).
 */
export function audienceQuestions(
  comments: readonly QuestionSourceComment[],
  options: AudienceQuestionOptions = {},
): AudienceQuestion[] {
  const { tiers, maxLength } = { ...QUESTION_MERGE_DEFAULTS, ...options };
  const candidates: Candidate[] = [];
  comments.forEach((comment, index) => {
    if (comment.intent !== 'Question' || comment.spam || comment.byCreator) return;
    if (comment.text.trim() === '' || !readsAsQuestion(comment.text)) return;
    candidates.push({
      index,
      comment,
      vector: unit(comment.vector),
      terms: keyTerms(comment.text),
      key: identicalKey(comment.text),
    });
  });
  candidates.sort((a, b) => b.comment.likes - a.comment.likes || a.index - b.index);

  const groups = groupQuestions(candidates, tiers);

  const repliedTo = new Set<string>();
  /** Per thread, when the creator last replied in it (-Infinity: a reply with no time). */
  const creatorLast = new Map<string, number>();
  for (const c of comments) {
    if (!c.byCreator || !c.parentId) continue;
    repliedTo.add(c.parentId);
    const at = postedAt(c) ?? -Infinity;
    creatorLast.set(c.parentId, Math.max(creatorLast.get(c.parentId) ?? -Infinity, at));
  }
  /**
   * The creator replied to the question's own thread, or, for a question asked as a reply, in its
   * thread after it was asked (both times known: a reply before the question cannot answer it).
   */
  const answeredIn = (c: QuestionSourceComment): boolean => {
    if (repliedTo.has(c.id)) return true;
    if (!c.parentId) return false;
    const last = creatorLast.get(c.parentId);
    const asked = postedAt(c);
    return last !== undefined && asked !== null && last > asked;
  };

  const ranked = groups.map((members, order) => {
    const likes = members.reduce((s, m) => s + m.comment.likes, 0);
    return { members, likes, order, first: Math.min(...members.map((m) => m.index)) };
  });
  ranked.sort(
    (a, b) => b.members.length - a.members.length || b.likes - a.likes || a.first - b.first,
  );
  return ranked.map(({ members, likes }) => ({
    question: wording(representative(members), maxLength),
    count: members.length,
    likes,
    commentIds: members.map((m) => m.comment.id),
    clusterId: majorityCluster(members),
    answered: members.some((m) => answeredIn(m.comment)),
    suggestedReply: null,
  }));
}

function postedAt(c: Pick<QuestionSourceComment, 'publishedAt'>): number | null {
  const t = c.publishedAt ? Date.parse(c.publishedAt) : NaN;
  return Number.isFinite(t) ? t : null;
}

/** The most-liked member; among equally liked, the one closest to the others. */
function representative(members: readonly Candidate[]): Candidate {
  const top = members[0]!.comment.likes;
  const tied = members.filter((m) => m.comment.likes === top);
  if (tied.length === 1) return tied[0]!;
  let best = tied[0]!;
  let bestScore = -Infinity;
  for (const m of tied) {
    let s = 0;
    for (const o of members) if (o !== m) s += cosine(m.vector, o.vector);
    // equal closeness (no vectors): the shorter wording reads faster
    if (
      s > bestScore + 1e-9 ||
      (Math.abs(s - bestScore) <= 1e-9 && m.comment.text.length < best.comment.text.length)
    ) {
      bestScore = s;
      best = m;
    }
  }
  return best;
}

/** The comment's question sentences (its first sentence when none reads as one), shortened. */
function wording(c: Candidate, maxLength: number): string {
  const asked = askedIn(c.comment.text).join(' ').trim();
  return truncate(asked || c.comment.text, maxLength);
}

function majorityCluster(members: readonly Candidate[]): number {
  const counts = new Map<number, number>();
  for (const m of members)
    counts.set(m.comment.clusterId, (counts.get(m.comment.clusterId) ?? 0) + 1);
  let best = -1;
  let bestCount = 0;
  for (const [id, n] of counts)
    if (n > bestCount || (n === bestCount && id < best)) {
      best = id;
      bestCount = n;
    }
  return best;
}

/**
 * The questions with a suggested reply each, drafted by the model from the question and its first
 * three comments (`textOf` gives a comment's text by id). Any failure of the model leaves every
 * reply null: the list itself never depends on the model.
 */
export async function withSuggestedReplies(
  model: LanguageModel | null | undefined,
  questions: readonly AudienceQuestion[],
  textOf: (id: string) => string | undefined,
  options: PromptOptions = {},
): Promise<AudienceQuestion[]> {
  if (!model || questions.length === 0) return questions.map((q) => ({ ...q }));
  try {
    const replies = await suggestReplies(
      model,
      questions.map((q) => ({
        question: q.question,
        count: q.count,
        examples: q.commentIds.slice(0, 3).flatMap((id) => textOf(id) ?? []),
      })),
      options,
    );
    return questions.map((q, i) => ({ ...q, suggestedReply: replies.get(i) ?? null }));
  } catch {
    if (options.signal?.aborted)
      throw options.signal.reason instanceof Error ? options.signal.reason : new Error('Cancelled');
    return questions.map((q) => ({ ...q, suggestedReply: null }));
  }
}
