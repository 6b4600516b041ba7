/**
 * Marks invented sample data (the sample channel shipped with Chorus), wherever a sample video's
 * report, history entry or card is shown, so it is never taken for a real audience.
 */
export function SampleBadge({ className }: { className?: string }) {
  return (
    <span
      className={`badge badge-sample${className ? ` ${className}` : ''}`}
      data-testid="sample-badge"
    >
      Sample data
    </span>
  );
}
