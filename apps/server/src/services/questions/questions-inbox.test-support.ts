import { randomUUID } from 'node:crypto';
import { platformOfVideoKey, type ReportQuestion } from '@app/contracts';
import type { Repositories } from '../../repositories';

/** One stored question of a report, with its examples' texts invented from the wording. */
export function storedQuestion(
  question: string,
  count: number,
  extra: Partial<ReportQuestion> & { askedAt?: string } = {},
): ReportQuestion {
  const { askedAt, ...rest } = extra;
  return {
    question,
    count,
    like_count: count,
    cluster_id: 0,
    examples: Array.from({ length: Math.min(count, 3) }, (_, i) => ({
      id: `c-${randomUUID()}`,
      text: `${question} (${i + 1})`,
      author: `fan_${i + 1}`,
      like_count: count - i,
      published_at: askedAt ?? '2026-05-01T10:00:00.000Z',
    })),
    answered: false,
    suggested_reply: null,
    ...rest,
  };
}

/**
 * A finished analysis of a video started from the workspace, with its report's stored questions,
 * written through the repositories as the analysis job stores them.
 */
export async function seedWorkspaceReport(
  repos: Pick<Repositories, 'analysisJobs' | 'reports'>,
  input: {
    userId: string;
    workspaceId: number;
    videoId: string;
    title: string;
    questions: ReportQuestion[];
  },
): Promise<string> {
  const id = randomUUID();
  await repos.analysisJobs.create({
    id,
    userId: input.userId,
    videoId: input.videoId,
    title: input.title,
    thumbnailUrl: null,
    channelTitle: 'Invented Bakery',
    videoCommentCount: 100,
    commentLimit: 1000,
    reservedCredits: 1,
    priority: 0,
    workspaceId: input.workspaceId,
  });
  await repos.reports.insert({
    jobId: id,
    userId: input.userId,
    videoId: input.videoId,
    platform: platformOfVideoKey(input.videoId),
    report: { clusters: [] },
    executiveSummary: { overall_vibe: 'Positive', key_positives: [], improvement_suggestions: [] },
    questions: input.questions,
    totalComments: 100,
    processingSeconds: 1,
  });
  await repos.analysisJobs.markComplete(id, { chargedCredits: 1, finishedAt: new Date() });
  return id;
}
