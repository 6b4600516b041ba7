import { truncate } from '../text/wording';
import { splitSentences } from '../text/sentences';
import { countWords } from '../text/words';
import { contentTokens, jaccard } from './text';
import type { DeepDiveComment } from './types';

/**
 * Words that open a question even without a '?', as people type on phones ("how do you make the sauce").
 * Auxiliaries only count at the start of a sentence, followed by a pronoun or article, to avoid
 * statements like "Can't wait for the next one".
 */
const WH_OPENERS = /^(how|what|what's|whats|why|where|when|which|who|whose|whom)\b/i;
const AUX_OPENERS =
  /^(can|could|would|will|do|does|did|is|are|was|were|should|have|has|any|anyone|anybody)\s+(you|u|i|we|they|he|she|it|this|that|there|the|a|an|someone|anyone|somebody|your|ur|my|one|more)\b/i;
const NOT_QUESTION = /^(what a|what an|how cool|how nice|how awesome|who cares|why not\b.*!$)/i;

/** True when a sentence is a question someone actually asked (punctuation or question syntax). */
export function isQuestion(sentence: string): boolean {
  const s = sentence.trim().replace(/^[^\p{L}\p{N}]+/u, '');
  // "why?" is no question to list; "这是什么？" ("what is this?") is, in its five characters
  if (s.length < 6 && countWords(s) < 3) return false;
  if (NOT_QUESTION.test(s)) return false;
  // full-width and Arabic question marks too
  if (/[?？؟][^\p{L}\p{N}]*$/u.test(s)) return contentTokens(s).length > 0;
  if (/[.!。！]\s*$/.test(s) && !WH_OPENERS.test(s)) return false;
  return (
    (WH_OPENERS.test(s) || AUX_OPENERS.test(s)) && contentTokens(s).length >= 1 && !/!\s*$/.test(s)
  );
}

/** The question sentences of one comment. */
export function questionsIn(text: string): string[] {
  return splitSentences(text).filter(isQuestion);
}

export interface AskedQuestion {
  /** The question as one commenter wrote it (the most-liked phrasing of its group). */
  text: string;
  /** How many comments asked it (near-duplicates grouped). */
  askedBy: number;
  likes: number;
  commentIds: string[];
}

/**
 * The question sentences of a comment its classifier took for a question; its first sentence when
 * none reads as one ("I need the recipe for the sauce pls").
 */
export function askedIn(text: string): string[] {
  const asked = questionsIn(text);
  return asked.length > 0 ? asked : splitSentences(text).slice(0, 1);
}

/**
 * Questions actually asked in the comments, near-duplicates grouped (token Jaccard >= 0.5),
 * ranked by how many asked and how many likes they got. `sentencesOf` picks a comment's questions.
 */
export function topQuestions(
  comments: readonly DeepDiveComment[],
  limit = 5,
  sentencesOf: (text: string) => string[] = questionsIn,
): AskedQuestion[] {
  const groups: { tokens: Set<string>; best: { text: string; likes: number }; q: AskedQuestion }[] =
    [];
  for (const c of comments) {
    const seenInComment = new Set<number>();
    for (const question of sentencesOf(c.text)) {
      const tokens = new Set(contentTokens(question));
      if (tokens.size === 0) continue;
      let group = groups.find((g) => jaccard(g.tokens, tokens) >= 0.5);
      if (group === undefined) {
        group = {
          tokens,
          best: { text: question, likes: c.likes },
          q: { text: question, askedBy: 0, likes: 0, commentIds: [] },
        };
        groups.push(group);
      }
      const index = groups.indexOf(group);
      if (seenInComment.has(index)) continue;
      seenInComment.add(index);
      group.q.askedBy += 1;
      group.q.likes += c.likes;
      group.q.commentIds.push(c.id);
      // Prefer the most-liked phrasing; on ties the clearer (shorter, but not tiny) one.
      if (
        c.likes > group.best.likes ||
        (c.likes === group.best.likes &&
          question.length < group.best.text.length &&
          question.length > 15)
      ) {
        group.best = { text: question, likes: c.likes };
      }
    }
  }
  return groups
    .map((g) => ({ ...g.q, text: truncate(g.best.text, 200) }))
    .sort((a, b) => b.askedBy - a.askedBy || b.likes - a.likes || a.text.length - b.text.length)
    .slice(0, limit);
}

/**
 * Keeps only the questions (for example from a language model) that match a question really asked
 * in the comments (token Jaccard >= 0.5, or containment), so "top questions" are never invented.
 */
export function groundQuestions(
  candidates: readonly string[],
  comments: readonly DeepDiveComment[],
): string[] {
  const asked = comments.flatMap((c) => questionsIn(c.text)).map((q) => new Set(contentTokens(q)));
  return candidates.filter((candidate) => {
    const tokens = new Set(contentTokens(candidate));
    if (tokens.size === 0) return false;
    return asked.some((a) => {
      if (jaccard(a, tokens) >= 0.5) return true;
      let inside = 0;
      for (const t of a) if (tokens.has(t)) inside += 1;
      return a.size > 0 && inside / a.size >= 0.8;
    });
  });
}
