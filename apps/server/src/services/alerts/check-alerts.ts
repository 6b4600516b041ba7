import {
  ALERT_COOLDOWN_HOURS,
  instagramMediaIdOf,
  sharePercent,
  type AlertMetric,
  type Cluster,
  type ReportBody,
} from '@app/contracts';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import type { Mailer } from '../../providers/mail/mailer.port';
import type { Repositories, TransactionRunner } from '../../repositories';
import type { RuleToCheck, StoredNotification } from '../../repositories/alert.repository';
import { escapeHtml, safeMailError } from '../auth/mail-text';

/** Notifications an account keeps (older ones are deleted when a new one comes). */
export const NOTIFICATIONS_KEPT = 200;

export interface AlertCheckDeps {
  repos: Repositories;
  transaction: TransactionRunner;
  clock: Clock;
  mailer: Mailer;
  /** The site's address for the report link in the e-mail (PUBLIC_URL); none: no link. */
  publicUrl?: string | undefined;
  logger: Pick<Logger, 'info' | 'warn'>;
}

/** A report's values of each metric, as the report shows them. */
export type AlertValues = Record<AlertMetric, number | null>;

/**
 * The metrics of a stored report, read from its one-truth figures: the criticism share is the
 * share of analysed comments in the topics whose intent is Criticism (the clusters' stored
 * percentages, to one decimal as the report prints them); the negative share is the stored
 * negative count over the audience's sentiment counts, a whole percent as the report shows it;
 * the question count is the number of questions to answer the report lists (null when the
 * report's questions could not be worked out).
 */
export function alertValues(
  report: Pick<ReportBody, 'clusters' | 'sentiment'>,
  questions: readonly unknown[] | null,
): AlertValues {
  const criticism = report.clusters
    .filter((c: Cluster) => c.category === 'Criticism')
    .reduce((sum, c) => sum + c.percentage, 0);
  const counts = report.sentiment.counts;
  const total = counts.positive + counts.neutral + counts.negative;
  return {
    criticism_share: Math.round(criticism * 10) / 10,
    negative_share: sharePercent(counts.negative, total),
    question_count: questions === null ? null : questions.length,
  };
}

const METRIC_TEXT: Record<AlertMetric, string> = {
  criticism_share: 'Criticism',
  negative_share: 'Negative comments',
  question_count: 'Questions to answer',
};

/** "32%" for a share, "12" for a count. */
export function metricValueText(metric: AlertMetric, value: number): string {
  return metric === 'question_count' ? String(value) : `${value}%`;
}

function notificationText(rule: RuleToCheck, value: number, title: string): string {
  return `${METRIC_TEXT[rule.metric]} reached ${metricValueText(rule.metric, value)} (your alert: ${metricValueText(rule.metric, rule.threshold)}) on “${title}” in ${rule.workspaceName}.`;
}

/**
 * Checks the alert rules an analysis that just finished can fire: the enabled rules of every
 * workspace of its owner that holds the video or post (the workspace it was started from, the
 * catalogues that list the video, the Instagram account that has the post). A rule whose metric is
 * at or above its threshold fires at most once per ALERT_COOLDOWN_HOURS: the firing is one
 * conditional UPDATE of the rule and the notification's INSERT in one transaction, so two analyses
 * finishing at once leave one notification. Each firing is e-mailed to the account's confirmed
 * address (an unconfirmed one gets none); a failed e-mail is logged and the notification stays.
 * Returns the notifications made.
 */
export async function checkAlertsAfterAnalysis(
  deps: AlertCheckDeps,
  jobId: string,
): Promise<StoredNotification[]> {
  const job = await deps.repos.analysisJobs.findById(jobId);
  if (!job || job.status !== 'complete') return [];
  const mediaId = instagramMediaIdOf(job.videoId);
  const rules = await deps.repos.alerts.listEnabledRulesFor({
    userId: job.userId,
    workspaceId: job.workspaceId,
    youtubeVideoId: mediaId === null ? job.videoId : null,
    mediaId,
  });
  if (rules.length === 0) return [];

  const [stored] = await deps.repos.reports.findByJobIds([job.id]);
  if (!stored) return [];
  const [questions] = await deps.repos.reports.questionsForJobs([job.id]);
  const values = alertValues(
    stored.report as ReportBody,
    Array.isArray(questions?.questions) ? (questions.questions as unknown[]) : null,
  );
  const title = job.title?.trim() || job.videoId;

  const now = deps.clock.now();
  const notBefore = new Date(now.getTime() - ALERT_COOLDOWN_HOURS * 3_600_000);
  const made: StoredNotification[] = [];
  for (const rule of rules) {
    const value = values[rule.metric];
    if (value === null || value < rule.threshold) continue;
    const notification = await deps.transaction(async (repos) => {
      if (!(await repos.alerts.tryFire(rule.id, now, notBefore))) return null;
      const row = await repos.alerts.insertNotification({
        userId: rule.userId,
        workspaceId: rule.workspaceId,
        ruleId: rule.id,
        jobId: job.id,
        videoId: job.videoId,
        metric: rule.metric,
        threshold: rule.threshold,
        value,
        message: notificationText(rule, value, title),
        createdAt: now,
      });
      await repos.alerts.pruneNotifications(rule.userId, NOTIFICATIONS_KEPT);
      return row;
    });
    if (notification) made.push(notification);
  }
  if (made.length > 0) await emailNotifications(deps, job.userId, made);
  return made;
}

async function emailNotifications(
  deps: AlertCheckDeps,
  userId: string,
  notifications: StoredNotification[],
): Promise<void> {
  const user = await deps.repos.users.findById(userId);
  if (!user?.email || !user.emailVerifiedAt) return;
  for (const n of notifications) {
    const link = deps.publicUrl
      ? `${deps.publicUrl}/report/${encodeURIComponent(n.videoId)}${n.jobId ? `?job=${encodeURIComponent(n.jobId)}` : ''}`
      : null;
    const footer = `You get at most one e-mail per alert rule every ${ALERT_COOLDOWN_HOURS} hours. Change or switch off your alert rules in the workspace in Chorus.`;
    const text = [
      n.message,
      '',
      link ? `Open the report: ${link}` : 'Open Chorus to read the report.',
      '',
      footer,
    ].join('\n');
    const html = [
      `<p>${escapeHtml(n.message)}</p>`,
      link
        ? `<p><a href="${escapeHtml(link)}">Open the report</a></p>`
        : '<p>Open Chorus to read the report.</p>',
      `<p>${escapeHtml(footer)}</p>`,
    ].join('\n');
    try {
      await deps.mailer.send({
        to: user.email,
        subject: `Chorus alert: ${METRIC_TEXT[n.metric].toLowerCase()} at ${metricValueText(n.metric, n.value)}`,
        text,
        html,
      });
      deps.logger.info({ userId, notificationId: n.id }, 'alert e-mail sent');
    } catch (error) {
      deps.logger.warn(
        { userId, notificationId: n.id, err: safeMailError(error) },
        'alert e-mail could not be sent',
      );
    }
  }
}
