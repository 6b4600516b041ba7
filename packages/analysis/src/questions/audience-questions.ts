import type { Intent } from '@app/contracts';
import { askedIn, questionsIn } from '../deep-dive/questions';
import { contentTokens, jaccard } from '../deep-dive/text';
import { truncate } from '../text/wording';

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
  /** The creator replied in a member's thread. */
  answered: boolean;
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
  /** Two questions are the same when their vectors and key terms pass any tier. */
  tiers?: readonly QuestionMatchTier[];
  /** Longest `question` wording, in characters. */
  maxLength?: number;
}

/**
 * Chosen on the invented fixture videos (test-fixtures/comments), conservatively: two different
 * questions must stay apart. There, questions about different things reach a cosine of 0.85 with
 * the sentence encoder ("Can I use rye flour for part of the flour?" / "Can I use whole wheat flour
 * instead of bread flour?") while sharing few key terms, and wordings of one question reach 0.8-0.9
 * sharing a third or more of them; below 0.75 only a half shared merges.
 */
export const QUESTION_MERGE_DEFAULTS: Required<AudienceQuestionOptions> = {
  tiers: [
    { cosine: 0.92, overlap: 0 },
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

function unit(v: ArrayLike<number> | null): Float64Array | null {
  if (!v || v.length === 0) return null;
  const out = Float64Array.from(v);
  let norm = 0;
  for (const x of out) norm += x * x;
  if (norm === 0) return null;
  norm = Math.sqrt(norm);
  for (let j = 0; j < out.length; j++) out[j]! /= norm;
  return out;
}

function cosine(a: Float64Array | null, b: Float64Array | null): number {
  if (!a || !b || a.length !== b.length) return 0;
  let s = 0;
  for (let j = 0; j < a.length; j++) s += a[j]! * b[j]!;
  return s;
}

interface Candidate {
  index: number;
  comment: QuestionSourceComment;
  vector: Float64Array | null;
  terms: Set<string>;
}

/**
 * The audience's questions over a whole video, near-duplicate wordings merged and ranked by how
 * many asked (then their likes). A question is a comment whose intent is Question, neither spam
 * nor the creator's own, that reads as a question (readsAsQuestion). Two questions are the same when their vectors are very close
 * or close and share enough key terms (`tiers`). Questions join groups
 * most-liked first; one joins the group it matches best, provided it matches the group's first
 * (most-liked) member and at least half of its members, so a chain of small steps cannot carry
 * one question into another. Pure: no I/O; nothing is invented (every wording is a commenter's).
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
    });
  });
  candidates.sort((a, b) => b.comment.likes - a.comment.likes || a.index - b.index);

  const same = (a: Candidate, b: Candidate, cos: number): boolean =>
    sameQuestion(cos, termOverlap(a.terms, b.terms), tiers);
  // an identical text always merges, with or without vectors
  const identical = (a: Candidate, b: Candidate): boolean =>
    a.comment.text.trim().toLowerCase() === b.comment.text.trim().toLowerCase();

  const groups: Candidate[][] = [];
  for (const c of candidates) {
    let best: Candidate[] | null = null;
    let bestScore = -Infinity;
    for (const group of groups) {
      let matched = 0;
      let total = 0;
      let leaderOk = false;
      group.forEach((m, i) => {
        const cos = cosine(c.vector, m.vector);
        const ok = identical(c, m) || same(c, m, cos);
        if (ok) matched++;
        if (i === 0) leaderOk = ok;
        total += identical(c, m) ? 1 : cos;
      });
      if (!leaderOk || matched * 2 < group.length) continue;
      const score = total / group.length;
      if (score > bestScore) {
        bestScore = score;
        best = group;
      }
    }
    if (best) best.push(c);
    else groups.push([c]);
  }

  const repliedTo = new Set<string>();
  for (const c of comments) if (c.byCreator && c.parentId) repliedTo.add(c.parentId);

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
    answered: members.some((m) => repliedTo.has(m.comment.id)),
  }));
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
