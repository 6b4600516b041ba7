/** The outcome of a workspace action: a confirmation, or what went wrong. */
export interface Notice {
  kind: 'ok' | 'error';
  text: string;
}

/** A notice as a status line (ok) or an alert line (error); nothing without one. */
export function NoticeLine({ notice }: { notice: Notice | null }) {
  if (notice === null) return null;
  return notice.kind === 'ok' ? (
    <p className="ws-notice" role="status" data-testid="ws-notice">
      {notice.text}
    </p>
  ) : (
    <p className="form-error" role="alert" data-testid="ws-error">
      {notice.text}
    </p>
  );
}
