import type { ReactNode } from 'react';

/** Something could not be loaded: the reason, read out at once, and a button that asks again. */
export function RetryAlert({
  className,
  testId,
  onRetry,
  children,
}: {
  className?: string;
  testId?: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <div className={className} role="alert" data-testid={testId}>
      <p>{children}</p>
      <button type="button" className="btn btn-ghost btn-small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
