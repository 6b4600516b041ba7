/**
 * What the server measures, as a port: services and routes record through it and never import
 * the metrics library. The Prometheus adapter (prom-metrics.ts) serves the figures on
 * METRICS_PORT; without it every call is a no-op (`noopMetrics`). Labels never carry ids.
 */
export interface Metrics {
  /** Whether figures are collected (false for the no-op). */
  readonly enabled: boolean;
  /** One answered HTTP request: its route pattern (`/api/v1/analyze/:jobId`, not the URL). */
  httpRequest(input: { method: string; route: string; status: number; seconds: number }): void;
  /** One analysis stage (fetching, embedding, discovering, labelling, ...) of a job of `comments` comments. */
  analysisStage(input: { stage: string; comments: number; seconds: number }): void;
  /** A whole analysis run, fetch to saved report, and how it ended. */
  analysisFinished(input: {
    outcome: 'complete' | 'failed';
    comments: number;
    seconds: number;
  }): void;
  /** Comments embedded and the seconds it took. */
  commentsEmbedded(input: { comments: number; seconds: number }): void;
  /** Credits held for a job at its start, settled (charged) at its end, or given back. */
  credits(movement: 'held' | 'settled' | 'refunded', amount: number): void;
  /** One call to the language model, and whether it failed. */
  llmCall(input: { ok: boolean }): void;
}

/** The Prometheus text of every figure, for the metrics endpoint. */
export interface MetricsExposition {
  contentType: string;
  render(): Promise<string>;
}

/** Metrics off (METRICS_PORT unset): every call does nothing. */
export const noopMetrics: Metrics = {
  enabled: false,
  httpRequest: () => undefined,
  analysisStage: () => undefined,
  analysisFinished: () => undefined,
  commentsEmbedded: () => undefined,
  credits: () => undefined,
  llmCall: () => undefined,
};

/** The comment-count bucket of a job, a bounded label value. */
export function commentBucket(comments: number): string {
  if (comments < 100) return '<100';
  if (comments < 1000) return '100-999';
  if (comments < 10_000) return '1000-9999';
  return '10000+';
}
