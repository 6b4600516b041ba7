import {
  NOTIFICATIONS_SHOWN,
  type Notification as NotificationReply,
  type NotificationsReply,
} from '@app/contracts';
import type { Clock } from '../../clock';
import { NotFoundError } from '../../errors';
import type { Repositories } from '../../repositories';
import type { StoredNotification } from '../../repositories/alert.repository';

type Deps = { repos: Repositories; clock: Clock };

export function toNotificationReply(n: StoredNotification): NotificationReply {
  return {
    id: n.id,
    message: n.message,
    metric: n.metric,
    threshold: n.threshold,
    value: n.value,
    video_id: n.videoId,
    job_id: n.jobId,
    workspace_id: n.workspaceId,
    created_at: n.createdAt.toISOString(),
    read_at: n.readAt?.toISOString() ?? null,
  };
}

/** GET /notifications: the newest NOTIFICATIONS_SHOWN and the unread count over all of them. */
export async function listNotifications(
  deps: Pick<Deps, 'repos'>,
  input: { userId: string },
): Promise<NotificationsReply> {
  const [items, unread] = await Promise.all([
    deps.repos.alerts.listNotifications(input.userId, NOTIFICATIONS_SHOWN),
    deps.repos.alerts.countUnread(input.userId),
  ]);
  return { items: items.map(toNotificationReply), unread_count: unread };
}

/** POST /notifications/{id}/read (another account's id: 404). */
export async function markNotificationRead(
  deps: Deps,
  input: { userId: string; id: string },
): Promise<NotificationReply> {
  const row = await deps.repos.alerts.markRead(input.userId, input.id, deps.clock.now());
  if (!row) throw new NotFoundError('Notification not found.', 'notification_not_found');
  return toNotificationReply(row);
}

/** POST /notifications/read-all */
export async function markAllNotificationsRead(
  deps: Deps,
  input: { userId: string },
): Promise<{ unread_count: 0 }> {
  await deps.repos.alerts.markAllRead(input.userId, deps.clock.now());
  return { unread_count: 0 };
}
