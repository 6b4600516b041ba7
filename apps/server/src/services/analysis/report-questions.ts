import type { AudienceQuestion } from '@app/analysis';
import { ReportQuestionSchema, type CommentRef, type ReportQuestion } from '@app/contracts';
import { z } from 'zod';

/** How many of a question's comments the report quotes. */
export const QUESTION_EXAMPLES = 3;

/**
 * The stored form of the analysis's questions: each with its first comments (most-liked first) as
 * examples, quoted from `commentOf`. Ids it does not know are skipped.
 */
export function toReportQuestions(
  questions: readonly AudienceQuestion[],
  commentOf: (id: string) => CommentRef | undefined,
): ReportQuestion[] {
  return questions.map((q) => ({
    question: q.question,
    count: q.count,
    like_count: q.likes,
    cluster_id: q.clusterId,
    examples: q.commentIds.flatMap((id) => commentOf(id) ?? []).slice(0, QUESTION_EXAMPLES),
    answered: q.answered,
    suggested_reply: q.suggestedReply,
  }));
}

const StoredQuestionsSchema = z.array(ReportQuestionSchema).nullable();

/** The stored list as the contract reads it; null when missing or unreadable. */
export function parseStoredQuestions(stored: unknown): ReportQuestion[] | null {
  const parsed = StoredQuestionsSchema.safeParse(stored ?? null);
  return parsed.success ? parsed.data : null;
}
