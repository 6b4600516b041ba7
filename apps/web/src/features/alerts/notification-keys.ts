/** TanStack Query keys of the notifications. */
export const notificationKeys = {
  /** Every account's notifications (an analysis that finished may have added one). */
  root: ['notifications'] as const,
  all: (token: string) => ['notifications', token] as const,
};
