import type { Generated } from 'kysely';
import type { Timestamp } from './auth';

export type AlertMetric = 'criticism_share' | 'negative_share' | 'question_count';

/** A workspace's alert rule: fires when an analysis's metric is at or above the threshold. */
export interface AlertRulesTable {
  id: Generated<string>;
  workspaceId: number;
  metric: AlertMetric;
  /** Percent (0-100) for the shares, a count for question_count. */
  threshold: number;
  enabled: Generated<boolean>;
  /** When the rule last fired (at most once per 6 hours). */
  lastFiredAt: Timestamp | null;
  createdAt: Timestamp;
}

/** A fired rule, for the workspace's owner. */
export interface NotificationsTable {
  id: Generated<string>;
  userId: string;
  workspaceId: number | null;
  ruleId: string | null;
  jobId: string | null;
  videoId: string;
  metric: AlertMetric;
  threshold: number;
  value: number;
  message: string;
  createdAt: Timestamp;
  readAt: Timestamp | null;
}

/** Tables of the alerts feature. */
export interface AlertTables {
  alertRules: AlertRulesTable;
  notifications: NotificationsTable;
}
