import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationsReply } from '@app/contracts';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { StrokeIcon } from '../../components/icons';
import { useDismiss } from '../../components/use-dismiss';
import { notificationKeys } from './notification-keys';
import './alerts.css';

/** How often the bell asks for new notifications (and whenever the window regains focus). */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** "Notifications, 2 unread" (the bell's accessible name). */
export function bellLabel(unread: number): string {
  return unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
}

function BellIcon() {
  return (
    <StrokeIcon>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </StrokeIcon>
  );
}

/**
 * The header's bell: the unread count (polled every minute and on focus) and, when pressed, the
 * newest notifications with their time and a link to the report; opening one marks it read.
 * Escape or a click elsewhere closes the list (focus goes back to the bell from inside it).
 */
export function NotificationsBell({ token }: { token: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const queryClient = useQueryClient();
  const key = notificationKeys.all(token);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.notifications({ signal }),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const setRead = (update: (n: Notification) => Notification, unread: number) =>
    queryClient.setQueryData<NotificationsReply>(key, (old) =>
      old ? { items: old.items.map(update), unread_count: unread } : old,
    );
  const markRead = useMutation({
    mutationFn: (id: string) => api.markNotificationRead({ params: { id } }),
    onSuccess: (read) => {
      const unread = query.data?.unread_count ?? 0;
      const wasUnread = query.data?.items.some((n) => n.id === read.id && n.read_at === null);
      setRead((n) => (n.id === read.id ? read : n), Math.max(0, unread - (wasUnread ? 1 : 0)));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const markAll = useMutation({
    mutationFn: () => api.markAllNotificationsRead(),
    onSuccess: () => {
      const at = new Date().toISOString();
      setRead((n) => (n.read_at ? n : { ...n, read_at: at }), 0);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  const close = useCallback(() => setOpen(false), []);
  const dismiss = useDismiss(open, close, ref, buttonRef);

  const unread = query.data?.unread_count ?? 0;
  const items = query.data?.items ?? [];
  return (
    <div className="dropdown bell" ref={ref} onBlur={dismiss.onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button bell-button"
        aria-label={bellLabel(unread)}
        title={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        data-testid="notifications-bell"
        onClick={() => {
          setOpen((o) => !o);
          if (!open) void query.refetch();
        }}
      >
        <BellIcon />
        {unread > 0 ? (
          <span className="bell-count" aria-hidden="true" data-testid="notifications-count">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={listId}
          className="bell-panel"
          role="region"
          aria-label="Notifications"
          data-testid="notifications-panel"
        >
          <div className="bell-head">
            <h2 className="bell-title">Notifications</h2>
            <button
              type="button"
              className="link-button small"
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              Mark all read
            </button>
          </div>
          {query.isError ? (
            <p className="form-error small" role="alert">
              Could not load the notifications: {errorMessage(query.error)}
            </p>
          ) : items.length === 0 ? (
            <p className="muted small bell-empty">
              {query.isPending
                ? 'Loading…'
                : 'No notifications yet. Add an alert rule in a workspace to hear when a new analysis crosses it.'}
            </p>
          ) : (
            <ul className="bell-list">
              {items.map((n) => (
                <li
                  key={n.id}
                  className={`bell-item${n.read_at ? '' : ' unread'}`}
                  data-testid="notification-item"
                >
                  <p className="bell-message">
                    {n.read_at ? null : <span className="sr-only">Unread: </span>}
                    {n.message}
                  </p>
                  <div className="bell-meta">
                    <time dateTime={n.created_at} className="muted small">
                      {formatDateTime(n.created_at)}
                    </time>
                    <Link
                      to={paths.report(n.video_id, n.job_id)}
                      className="small"
                      onClick={() => {
                        if (!n.read_at) markRead.mutate(n.id);
                        setOpen(false);
                      }}
                    >
                      Open report
                    </Link>
                    {n.read_at ? null : (
                      <button
                        type="button"
                        className="link-button small"
                        onClick={() => markRead.mutate(n.id)}
                      >
                        Mark read
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
