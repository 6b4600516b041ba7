import { z } from 'zod';
import { OkReplySchema } from './common';
import { WorkspaceParamsSchema } from './workspaces';

/**
 * What an alert rule watches in each finished analysis of its workspace: the share of comments in
 * Criticism topics, the share of negative comments (both in percent, as the report shows them), or
 * the number of questions to answer the report lists.
 */
export const AlertMetricSchema = z.enum(['criticism_share', 'negative_share', 'question_count'], {
  error: 'Choose what to watch: criticism_share, negative_share or question_count.',
});
export type AlertMetric = z.infer<typeof AlertMetricSchema>;

/** Rules one workspace may hold. */
export const ALERT_RULES_PER_WORKSPACE = 20;
/** A rule fires at most once in this many hours. */
export const ALERT_COOLDOWN_HOURS = 6;
/** The largest question_count threshold. */
export const ALERT_MAX_QUESTION_COUNT = 100_000;

export const SHARE_THRESHOLD_MESSAGE =
  'A share threshold is a percent above 0 and at most 100 (for example 25).';
export const COUNT_THRESHOLD_MESSAGE = `A question count threshold is a whole number from 1 to ${ALERT_MAX_QUESTION_COUNT.toLocaleString('en-US')}.`;

/** Whether `threshold` is valid for `metric`; the message to show when it is not. */
export function alertThresholdProblem(metric: AlertMetric, threshold: number): string | null {
  if (metric === 'question_count')
    return Number.isInteger(threshold) && threshold >= 1 && threshold <= ALERT_MAX_QUESTION_COUNT
      ? null
      : COUNT_THRESHOLD_MESSAGE;
  return Number.isFinite(threshold) && threshold > 0 && threshold <= 100
    ? null
    : SHARE_THRESHOLD_MESSAGE;
}

const thresholdNumber = z.number({
  error: 'threshold is a number: a percent for a share, a whole number for question_count.',
});

/** POST /workspaces/{id}/alerts */
export const CreateAlertRuleRequestSchema = z
  .object({
    metric: AlertMetricSchema,
    threshold: thresholdNumber,
    enabled: z.boolean({ error: 'enabled is true or false.' }).optional(),
  })
  .superRefine((body, ctx) => {
    const problem = alertThresholdProblem(body.metric, body.threshold);
    if (problem) ctx.addIssue({ code: 'custom', path: ['threshold'], message: problem });
  });
export type CreateAlertRuleRequest = z.infer<typeof CreateAlertRuleRequestSchema>;

/** PATCH /workspaces/{id}/alerts/{rule_id}: switch the rule on or off, or change its threshold. */
export const UpdateAlertRuleRequestSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled is true or false.' }).optional(),
    threshold: thresholdNumber.optional(),
  })
  .refine((b) => b.enabled !== undefined || b.threshold !== undefined, {
    message: 'Send enabled (true or false) or a new threshold.',
  });
export type UpdateAlertRuleRequest = z.infer<typeof UpdateAlertRuleRequestSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const AlertRuleParamsSchema = WorkspaceParamsSchema.extend({
  rule_id: z.string().regex(UUID, 'That is not the id of an alert rule.'),
});

export const AlertRuleSchema = z.object({
  id: z.string(),
  workspace_id: z.number().int().positive(),
  metric: AlertMetricSchema,
  threshold: z.number(),
  enabled: z.boolean(),
  /** When it last fired; it fires again ALERT_COOLDOWN_HOURS later at the earliest. */
  last_fired_at: z.string().nullable(),
  created_at: z.string(),
});
export type AlertRule = z.infer<typeof AlertRuleSchema>;
export const AlertRulesReplySchema = z.array(AlertRuleSchema);

/** One notification: a rule that fired on an analysis. */
export const NotificationSchema = z.object({
  id: z.string(),
  /** One sentence: what crossed which threshold, in which video and workspace. */
  message: z.string(),
  metric: AlertMetricSchema,
  threshold: z.number(),
  /** The analysis's value of the metric (a percent for the shares). */
  value: z.number(),
  /** The report the notification is about (`/report/{video_id}?job={job_id}`). */
  video_id: z.string(),
  /** null once that analysis was deleted (the video's latest report is then shown). */
  job_id: z.string().nullable(),
  workspace_id: z.number().int().positive().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** The newest notifications shown. */
export const NOTIFICATIONS_SHOWN = 50;

/** GET /notifications: the newest first and how many are unread in all. */
export const NotificationsReplySchema = z.object({
  items: z.array(NotificationSchema),
  unread_count: z.number().int().nonnegative(),
});
export type NotificationsReply = z.infer<typeof NotificationsReplySchema>;

export const NotificationParamsSchema = z.object({
  id: z.string().regex(UUID, 'That is not the id of a notification.'),
});

export const MarkAllReadReplySchema = z.object({ unread_count: z.literal(0) });

/**
 * The alert and notification routes of the route table (`apiRoutes` spreads them in). Plain
 * entries: the table checks them against its `ApiRoute` shape.
 */
export const alertRoutes = {
  alertRules: {
    method: 'GET',
    path: '/workspaces/:id/alerts',
    auth: 'session',
    tag: 'alerts',
    summary: "A workspace's alert rules.",
    params: WorkspaceParamsSchema,
    reply: AlertRulesReplySchema,
  },
  createAlertRule: {
    method: 'POST',
    path: '/workspaces/:id/alerts',
    auth: 'session',
    tag: 'alerts',
    summary: 'Add an alert rule: a metric and the threshold that fires it.',
    params: WorkspaceParamsSchema,
    body: CreateAlertRuleRequestSchema,
    status: 201,
    reply: AlertRuleSchema,
  },
  updateAlertRule: {
    method: 'PATCH',
    path: '/workspaces/:id/alerts/:rule_id',
    auth: 'session',
    tag: 'alerts',
    summary: 'Switch an alert rule on or off, or change its threshold.',
    params: AlertRuleParamsSchema,
    body: UpdateAlertRuleRequestSchema,
    reply: AlertRuleSchema,
  },
  deleteAlertRule: {
    method: 'DELETE',
    path: '/workspaces/:id/alerts/:rule_id',
    auth: 'session',
    tag: 'alerts',
    summary: 'Delete an alert rule.',
    params: AlertRuleParamsSchema,
    reply: OkReplySchema,
  },
  notifications: {
    method: 'GET',
    path: '/notifications',
    auth: 'session',
    tag: 'alerts',
    summary: 'The newest notifications and the unread count.',
    reply: NotificationsReplySchema,
  },
  markNotificationRead: {
    method: 'POST',
    path: '/notifications/:id/read',
    auth: 'session',
    tag: 'alerts',
    summary: 'Mark a notification read.',
    params: NotificationParamsSchema,
    reply: NotificationSchema,
  },
  markAllNotificationsRead: {
    method: 'POST',
    path: '/notifications/read-all',
    auth: 'session',
    tag: 'alerts',
    summary: 'Mark every notification read.',
    reply: MarkAllReadReplySchema,
  },
} as const;
