import { createHash } from 'node:crypto';
import {
  mergeAskedQuestions,
  normalisedQuestion,
  type AskedQuestion,
  type MergedQuestion,
  type TextEmbedder,
} from '@app/analysis';
import {
  instagramMediaIdOf,
  QUESTIONS_INBOX_LIMIT,
  type CommentRef,
  type InboxQuestion,
  type QuestionState,
  type QuestionsReply,
  type QuestionVideo,
  type ReportQuestion,
} from '@app/contracts';
import type { Clock } from '../../clock';
import { NotFoundError } from '../../errors';
import type { Logger } from '../../logger';
import type { Repositories } from '../../repositories';
import type {
  StoredQuestionState,
  WorkspaceReportQuestions,
} from '../../repositories/question-inbox.repository';
import { parseStoredQuestions, QUESTION_EXAMPLES } from '../analysis/report-questions';
import type { ClusterVectorCache } from '../cluster/vector-cache';
import { requireWorkspace } from '../workspaces/workspace-deps';

/** What the questions inbox needs; the route builds it from the container. */
export interface QuestionsInboxDeps {
  repos: Pick<Repositories, 'workspaces' | 'questionInbox'>;
  embedder: TextEmbedder;
  /** The vectors of each report's question wordings, kept between calls. */
  vectorCache: ClusterVectorCache;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
}

export const QUESTION_NOT_FOUND = 'That question is not in the inbox of this workspace.';

/** A wording's key: the first 24 hex digits of the SHA-256 of its normalised text. */
export function questionKey(text: string): string {
  return createHash('sha256')
    .update(normalisedQuestion(text) || text.trim(), 'utf8')
    .digest('hex')
    .slice(0, 24);
}

interface Asked extends AskedQuestion {
  report: WorkspaceReportQuestions;
  stored: ReportQuestion;
}

interface Built {
  item: InboxQuestion;
  /** The keys of every wording merged into it (a state set under any of them applies). */
  keys: Set<string>;
}

/**
 * The vectors of one report's question wordings, through the embedder (cached per report and
 * wording list); null when the embedder fails: the merge then joins identical wordings only.
 */
async function vectorsOf(
  deps: Pick<QuestionsInboxDeps, 'embedder' | 'vectorCache' | 'logger'>,
  report: WorkspaceReportQuestions,
  texts: string[],
): Promise<Float32Array[] | null> {
  const digest = createHash('sha256').update(texts.join('\n'), 'utf8').digest('hex').slice(0, 16);
  try {
    return await deps.vectorCache.get(`inbox:${report.jobId}:${digest}:${deps.embedder.name}`, () =>
      deps.embedder.embed(texts),
    );
  } catch (error) {
    deps.logger.warn({ err: error, jobId: report.jobId }, 'question inbox: embedding failed');
    return null;
  }
}

function latestAsked(q: ReportQuestion, fallback: Date): number {
  const times = q.examples.flatMap((e) => {
    const t = e.published_at ? Date.parse(e.published_at) : NaN;
    return Number.isFinite(t) ? [t] : [];
  });
  return times.length > 0 ? Math.max(...times) : fallback.getTime();
}

function toItem(
  merged: MergedQuestion<Asked>,
  states: ReadonlyMap<string, StoredQuestionState>,
): Built {
  const keys = new Set(merged.members.map((m) => questionKey(m.question)));
  const byVideo = new Map<string, QuestionVideo>();
  for (const m of merged.members) {
    const known = byVideo.get(m.report.videoId);
    if (known) known.count += m.count;
    else
      byVideo.set(m.report.videoId, {
        video_id: m.report.videoId,
        kind: instagramMediaIdOf(m.report.videoId) === null ? 'youtube' : 'instagram',
        job_id: m.report.jobId,
        title: m.report.title,
        count: m.count,
      });
  }
  const seen = new Set<string>();
  const examples: CommentRef[] = merged.members
    .flatMap((m) => m.stored.examples)
    .sort((a, b) => b.like_count - a.like_count)
    .filter((e) => !seen.has(e.id) && seen.add(e.id))
    .slice(0, QUESTION_EXAMPLES);

  const answeredIn = merged.members.filter((m) => m.stored.answered);
  const answeredAt = Math.max(...answeredIn.map((m) => m.report.reportedAt.getTime()));
  const stored = [...keys]
    .flatMap((k) => states.get(k) ?? [])
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  // The creator's choice stands unless an analysis after it saw the channel reply.
  const state: QuestionState =
    stored && (answeredIn.length === 0 || stored.updatedAt.getTime() >= answeredAt)
      ? stored.state
      : answeredIn.length > 0
        ? 'answered'
        : 'open';
  return {
    keys,
    item: {
      id: questionKey(merged.question),
      question: merged.question,
      count: merged.count,
      like_count: merged.likes,
      last_asked_at:
        merged.lastAskedAt === null ? null : new Date(merged.lastAskedAt).toISOString(),
      videos: [...byVideo.values()].sort((a, b) => b.count - a.count),
      examples,
      suggested_reply:
        merged.members.find((m) => m.stored.suggested_reply)?.stored.suggested_reply ?? null,
      state,
      answered_on_platform: answeredIn.length > 0,
      state_updated_at: stored ? stored.updatedAt.toISOString() : null,
    },
  };
}

/** Every question of the workspace, merged and ranked, with its state. */
async function buildInbox(
  deps: QuestionsInboxDeps,
  userId: string,
  workspaceId: number,
): Promise<{ built: Built[]; analysedVideos: number }> {
  const workspace = await requireWorkspace(deps, userId, workspaceId);
  const [reports, states] = await Promise.all([
    deps.repos.questionInbox.listReportQuestions(userId, workspace.id),
    deps.repos.questionInbox.listStates(userId, workspace.id),
  ]);
  const perReport = await Promise.all(
    reports.map(async (report): Promise<Asked[]> => {
      const questions = parseStoredQuestions(report.questions) ?? [];
      if (questions.length === 0) return [];
      const vectors = await vectorsOf(
        deps,
        report,
        questions.map((q) => q.question),
      );
      return questions.map((q, i) => ({
        question: q.question,
        count: q.count,
        likes: q.like_count,
        lastAskedAt: latestAsked(q, report.reportedAt),
        vector: vectors?.[i] ?? null,
        report,
        stored: q,
      }));
    }),
  );
  const stateOf = new Map(states.map((s) => [s.questionKey, s]));
  const built = mergeAskedQuestions(perReport.flat()).map((m) => toItem(m, stateOf));
  return { built, analysedVideos: reports.length };
}

/**
 * GET /questions: the audience's questions over every analysed video and post of the workspace
 * (each one's latest report), the same question asked under several merged, most asked first then
 * most recent, in the state asked for, with the count in each state.
 */
export async function listQuestionsInbox(
  deps: QuestionsInboxDeps,
  input: { userId: string; workspaceId: number; status: QuestionState },
): Promise<QuestionsReply> {
  const { built, analysedVideos } = await buildInbox(deps, input.userId, input.workspaceId);
  const counts = { open: 0, answered: 0, dismissed: 0 };
  for (const b of built) counts[b.item.state]++;
  return {
    workspace_id: input.workspaceId,
    status: input.status,
    counts,
    questions: built
      .filter((b) => b.item.state === input.status)
      .slice(0, QUESTIONS_INBOX_LIMIT)
      .map((b) => b.item),
    analysed_videos: analysedVideos,
  };
}

/**
 * PATCH /questions/{id}: the creator marks a question answered or dismissed, or opens it again.
 * The id may be any wording's key merged into the question (an id from before a new analysis
 * changed the lead wording still works); the state is kept under the current one.
 */
export async function setQuestionState(
  deps: QuestionsInboxDeps,
  input: { userId: string; workspaceId: number; questionId: string; state: QuestionState },
): Promise<InboxQuestion> {
  const { built } = await buildInbox(deps, input.userId, input.workspaceId);
  const found =
    built.find((b) => b.item.id === input.questionId) ??
    built.find((b) => b.keys.has(input.questionId));
  if (!found) throw new NotFoundError(QUESTION_NOT_FOUND, 'question_not_found');
  const updatedAt = deps.clock.now();
  await deps.repos.questionInbox.setState({
    userId: input.userId,
    workspaceId: input.workspaceId,
    questionKey: found.item.id,
    state: input.state,
    updatedAt,
  });
  return { ...found.item, state: input.state, state_updated_at: updatedAt.toISOString() };
}
