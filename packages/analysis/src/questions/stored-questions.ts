import type { Intent } from '@app/contracts';
import type { PromptOptions } from '../llm/call-model';
import type { LanguageModel, TextEmbedder } from '../ports';
import { fromAudience, prepareComments, storedInputComment } from '../prepare/prepare-comments';
import {
  audienceQuestions,
  readsAsQuestion,
  withSuggestedReplies,
  type AudienceQuestion,
} from './audience-questions';

/** A stored comment with its cluster and its intent after the creator's rules. */
export interface StoredQuestionComment {
  id: string;
  text: string;
  likes: number;
  author?: string | null;
  byCreator?: boolean;
  /** The thread's top-level comment id for a reply, else null. */
  parentId: string | null;
  /** When it was posted (ISO 8601), when known. */
  publishedAt?: string | null;
  clusterId: number;
  intent: Intent;
}

export interface StoredQuestionOptions extends PromptOptions {
  /**
   * Replies drafted before, by question wording: a question worded the same keeps its reply and the
   * model is asked only about the others.
   */
  previousReplies?: ReadonlyMap<string, string>;
}

/**
 * The audience's questions worked out again from stored comments (a retag changes intents, hence
 * which comments are questions): the comments are prepared as at analysis time, the questions'
 * cleaned texts embedded again (the same texts the analysis embedded, so the same merges), and
 * grouped by audienceQuestions. With a language model, questions without a previous reply get one.
 */
export async function questionsOfStoredComments(
  stored: readonly StoredQuestionComment[],
  deps: { embedder: TextEmbedder; languageModel?: LanguageModel | null },
  options: StoredQuestionOptions = {},
): Promise<AudienceQuestion[]> {
  if (stored.length === 0) return [];
  const prepared = prepareComments(
    stored.map((c) => storedInputComment(c, null, c.parentId)),
  ).comments;
  // The stored placement is the truth about spam: set aside (a negative cluster id) or in a topic,
  // restored comments included.
  const setAside = stored.map((c) => c.clusterId < 0);
  const asking = prepared.flatMap((c, i) =>
    stored[i]!.intent === 'Question' &&
    !setAside[i] &&
    fromAudience({ ...c, spam: false }) &&
    readsAsQuestion(c.clean)
      ? [i]
      : [],
  );
  const texts = [...new Set(asking.map((i) => prepared[i]!.clean))];
  const vectors =
    texts.length > 0 ? await deps.embedder.embed(texts, { signal: options.signal }) : [];
  const vectorOf = new Map(texts.map((t, j) => [t, vectors[j] ?? null]));
  const asked = audienceQuestions(
    prepared.map((c, i) => ({
      id: c.id,
      text: c.clean,
      likes: c.likes,
      clusterId: stored[i]!.clusterId,
      intent: stored[i]!.intent,
      spam: setAside[i]!,
      byCreator: c.byCreator === true,
      parentId: stored[i]!.parentId,
      publishedAt: stored[i]!.publishedAt ?? null,
      vector: vectorOf.get(c.clean) ?? null,
    })),
  );
  const previous = options.previousReplies ?? new Map<string, string>();
  const kept = asked.map((q) => ({ ...q, suggestedReply: previous.get(q.question) ?? null }));
  const missing = kept.flatMap((q, i) => (q.suggestedReply === null ? [i] : []));
  if (!deps.languageModel || missing.length === 0) return kept;
  const cleanOf = new Map(prepared.map((c) => [c.id, c.clean]));
  const drafted = await withSuggestedReplies(
    deps.languageModel,
    missing.map((i) => kept[i]!),
    (id) => cleanOf.get(id),
    options,
  );
  missing.forEach((i, j) => {
    kept[i]!.suggestedReply = drafted[j]!.suggestedReply;
  });
  return kept;
}
