import type { Cluster, ReportReply } from '@app/contracts';

/** A cluster with sensible defaults for component tests. */
export function makeCluster(id: number, over: Partial<Cluster> = {}): Cluster {
  return {
    cluster_id: id,
    heading: `Heading ${id}`,
    tags: ['alpha', 'beta', 'gamma', 'delta'],
    category: 'Praise',
    percentage: 10,
    engagement_percentage: 10,
    size: 10,
    like_count: 5,
    sentiment: {
      label: 'positive',
      score: 0.5,
      positive_share: 0.7,
      negative_share: 0.1,
      counts: { positive: 7, neutral: 2, negative: 1 },
    },
    intent_counts: { Request: 0, Praise: 10, Criticism: 0, Question: 0, Opinion: 0 },
    representatives: [],
    ...over,
  };
}

/** A report around the given clusters. */
export function makeReport(clusters: Cluster[], over: Partial<ReportReply> = {}): ReportReply {
  return {
    job_id: 'job-1',
    video_id: 'dQw4w9WgXcQ',
    platform: 'youtube',
    title: 'A video',
    channel_title: 'A channel',
    thumbnail_url: '',
    created_at: '2026-11-20T10:00:00.000Z',
    report: {
      clusters,
      sentiment: {
        label: 'positive',
        score: 0.4,
        positive_share: 0.72,
        negative_share: 0.08,
        counts: { positive: 72, neutral: 20, negative: 8 },
      },
      labeller: 'offline',
      embedder: 'fake',
      video_comment_count: 100,
      analysed_comments: 100,
      duplicate_comments: 0,
      spam_comments: 0,
      likes_approximate: false,
      source: 'file',
    },
    total_comments: 100,
    processing_seconds: 12,
    executive_summary: {
      overall_vibe: 'Positive',
      key_positives: ['Clear'],
      improvement_suggestions: ['Shorter intro'],
    },
    questions: [],
    ...over,
  };
}
