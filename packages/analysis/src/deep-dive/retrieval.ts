import { contentTokens } from './text';
import type { DeepDiveComment, RetrievedComment } from './types';

/** Crude stemming so "recipes", "recipe" and "cooking"/"cooked" meet; enough for keyword overlap. */
export function stem(token: string): string {
  if (token.length > 5 && token.endsWith('ing')) return token.slice(0, -3);
  if (token.length > 4 && token.endsWith('ed')) return token.slice(0, -2);
  if (token.length > 4 && token.endsWith('es')) return token.slice(0, -2);
  if (token.length > 3 && token.endsWith('s') && !token.endsWith('ss')) return token.slice(0, -1);
  return token;
}

/** Words that frame a question about comments rather than name its topic ("what do people think about X"). */
const QUESTION_FRAME = new Set(
  `people think thinks thought say says saying said feel feels felt comment comments commenter commenters viewer viewers
audience fans fan users user mention mentions mentioned talk talks talking opinion opinions want wants ask asks asking
asked someone anybody anyone everyone tell main common most many cluster group`.split(/\s+/),
);

/** Stemmed content words of a text. */
export function keywordSet(text: string): Set<string> {
  return new Set(contentTokens(text).map(stem));
}

/** Stemmed topic words of a question (framing words like "people think" removed). */
export function questionKeywords(question: string): Set<string> {
  const words = contentTokens(question).filter((t) => !QUESTION_FRAME.has(t));
  return new Set(words.map(stem));
}

/** Share of the question's keywords that the comment contains (0..1). */
export function keywordOverlap(
  question: ReadonlySet<string>,
  comment: ReadonlySet<string>,
): number {
  if (question.size === 0) return 0;
  let hits = 0;
  for (const k of question) if (comment.has(k)) hits += 1;
  return hits / question.size;
}

/** Dot product of two L2-normalised vectors (their cosine similarity). */
export function cosine(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let dot = 0;
  for (let i = 0; i < n; i += 1) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot;
}

/** Weight of exact keyword matches next to the embedding similarity. */
const KEYWORD_WEIGHT = 0.35;
/** Comments that carry a link are mostly promotion ("check my channel"); they rank a little lower. */
const LINK_PENALTY = 0.1;
const LINK = /\bhttps?:\/\/|\bwww\./i;

/** Whether a comment carries a link (mostly promotion: "check my channel"). */
export function hasLink(text: string): boolean {
  return LINK.test(text);
}

export interface RetrieveOptions {
  question: string;
  questionVector: Float32Array;
  comments: readonly DeepDiveComment[];
  /** One vector per comment, same order. */
  vectors: readonly Float32Array[];
  topK: number;
  /** Part of top_k reserved for the most-liked comments not already picked (default 0.2). */
  likedShare?: number;
}

/**
 * The `topK` comments of a cluster for a question: most by relevance (cosine similarity of the
 * embeddings plus exact keyword overlap, which rescues names and rare words the embedder blurs),
 * mixed with the most-liked comments so the answer also reflects what the audience endorsed.
 */
export function retrieveForQuestion(options: RetrieveOptions): RetrievedComment[] {
  const { comments, vectors, questionVector, topK } = options;
  const q = questionKeywords(options.question);
  const scored = comments.map((comment, i) => {
    const v = vectors[i];
    const sim = v === undefined ? 0 : cosine(questionVector, v);
    const link = hasLink(comment.text) ? LINK_PENALTY : 0;
    return {
      comment,
      score: sim + KEYWORD_WEIGHT * keywordOverlap(q, keywordSet(comment.text)) - link,
    };
  });
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.comment.likes - a.comment.likes ||
      a.comment.id.localeCompare(b.comment.id),
  );
  const k = Math.max(1, Math.min(topK, comments.length));
  const liked = comments.length > k ? Math.floor(k * (options.likedShare ?? 0.2)) : 0;
  const picked: RetrievedComment[] = scored
    .slice(0, k - liked)
    .map((s) => ({ ...s, reason: 'similar' as const }));
  const taken = new Set(picked.map((p) => p.comment.id));
  const byLikes = scored
    .filter((s) => !taken.has(s.comment.id))
    .sort((a, b) => b.comment.likes - a.comment.likes || b.score - a.score);
  for (const s of byLikes.slice(0, liked)) picked.push({ ...s, reason: 'most-liked' });
  return picked;
}
