import type { JobStatus, Platform } from '@app/contracts';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './auth';

/** jsonb: read as the parsed value, written as a JSON string (pg would turn arrays into SQL arrays). */
export type Json<T> = ColumnType<T, string, string>;

export interface AnalysisJobsTable {
  id: Generated<string>;
  userId: string;
  videoId: string;
  /** The platform the video is on (its report key names it too). */
  platform: Platform;
  status: Generated<JobStatus>;
  progressPercent: Generated<number>;
  etaSeconds: number | null;
  /** Why the job failed, written for the user. */
  error: string | null;
  title: string | null;
  thumbnailUrl: string | null;
  channelTitle: string | null;
  /** Comments the video has according to the source, when known. */
  videoCommentCount: number | null;
  /** Most comments this job may analyse: min(balance x 100, MAX_COMMENTS_PER_ANALYSIS, reserved x 100). */
  commentLimit: number;
  reservedCredits: number;
  /** What the job finally cost (set at completion; 0 after a failure). */
  chargedCredits: number | null;
  priority: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
  startedAt: Timestamp | null;
  finishedAt: Timestamp | null;
  /** Set when the retention job purged the raw comments. */
  commentsExpiredAt: Timestamp | null;
  /** The user's workspace the analysis was started from (batch analysis), if any. */
  workspaceId: number | null;
}

export interface AnalysisReportsTable {
  jobId: string;
  userId: string;
  videoId: string;
  platform: Platform;
  /** The contract's ReportBody (clusters with representatives, counts, source). */
  report: Json<unknown>;
  executiveSummary: Json<unknown>;
  /** The contract's ReportQuestion list; null when it could not be worked out (see its migration). */
  questions: ColumnType<unknown, string | null | undefined, string | null>;
  totalComments: number;
  processingSeconds: number;
  createdAt: CreatedAt;
}

export interface AnalysisCommentsTable {
  jobId: string;
  /** Order in which the source delivered the comment. */
  position: number;
  commentId: string;
  text: string;
  author: string | null;
  likeCount: number;
  publishedAt: Timestamp | null;
  parentId: string | null;
  replyCount: number;
  clusterId: number;
  intent: string;
  /** The classifier's intent before context rules; null for analyses stored before it was kept. */
  classifiedIntent: string | null;
  /** Posted by the video's own channel (never spam). */
  byCreator: Generated<boolean>;
  /** Flagged as spam by the analysis; while set aside its `clusterId` is -1 (in no cluster). */
  spam: Generated<boolean>;
  /** When the creator restored it from the spam set aside to the topics (null: never). */
  spamRestoredAt: Timestamp | null;
  sentimentScore: number;
  sentimentLabel: string;
  createdAt: CreatedAt;
}

export const QUEUE_JOB_STATUSES = ['queued', 'active', 'done', 'failed'] as const;

/** The PostgreSQL queue driver's jobs (any job name; the analysis job is one of them). */
export interface QueueJobsTable {
  id: string;
  queue: string;
  name: string;
  payload: Json<unknown>;
  priority: number;
  status: (typeof QUEUE_JOB_STATUSES)[number];
  attempts: number;
  maxAttempts: number;
  runAfter: Timestamp;
  leaseOwner: string | null;
  leaseExpiresAt: Timestamp | null;
  lastError: string | null;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
}

/** Monotonic counters that survive history clears (the landing page's comments counter). */
export interface AppCountersTable {
  name: string;
  value: number;
}

/** Tables for analyses, jobs and comments. */
export interface AnalysisTables {
  analysisJobs: AnalysisJobsTable;
  analysisReports: AnalysisReportsTable;
  analysisComments: AnalysisCommentsTable;
  queueJobs: QueueJobsTable;
  appCounters: AppCountersTable;
}
