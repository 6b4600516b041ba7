import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { commentBucket, type Metrics, type MetricsExposition } from './metrics.port';

/** The unfinished jobs the gauges read at scrape time (one cheap grouped query). */
export type JobStateReader = () => Promise<{ status: string; count: number; oldest: Date }[]>;

/** The job statuses a gauge always shows (0 when none), so a missing series never hides a state. */
const UNFINISHED = ['pending', 'fetching', 'embedding', 'discovering', 'saving'];

/**
 * The Prometheus adapter (prom-client) on its own registry: request, analysis, embedding, credit
 * and LLM figures recorded as they happen, job states and queue age read from the database when
 * scraped, and Node's default process metrics (memory, CPU, event loop, GC).
 */
export function createPromMetrics(input: {
  jobStates: JobStateReader;
  now?: () => Date;
  onCollectError?: (err: unknown) => void;
}): Metrics & MetricsExposition {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'chorus_' });
  const now = input.now ?? (() => new Date());

  const httpRequests = new Counter({
    name: 'chorus_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'chorus_http_request_duration_seconds',
    help: 'HTTP request latency in seconds, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const stageDuration = new Histogram({
    name: 'chorus_analysis_stage_duration_seconds',
    help: 'Seconds one analysis stage took, by stage and comment-count bucket.',
    labelNames: ['stage', 'comments'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [registry],
  });
  const analysisDuration = new Histogram({
    name: 'chorus_analysis_duration_seconds',
    help: 'Seconds a whole analysis run took, by outcome and comment-count bucket.',
    labelNames: ['outcome', 'comments'],
    buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1200],
    registers: [registry],
  });
  const analyses = new Counter({
    name: 'chorus_analysis_runs_total',
    help: 'Analysis runs finished, by outcome (complete or failed).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const embedded = new Counter({
    name: 'chorus_comments_embedded_total',
    help: 'Comments embedded.',
    registers: [registry],
  });
  const embeddingSeconds = new Counter({
    name: 'chorus_embedding_seconds_total',
    help: 'Seconds spent embedding comments (rate of comments over rate of this: throughput).',
    registers: [registry],
  });
  const credits = new Counter({
    name: 'chorus_credits_total',
    help: 'Credits held at an analysis start, settled (charged) at its end, or refunded.',
    labelNames: ['movement'],
    registers: [registry],
  });
  const llmCalls = new Counter({
    name: 'chorus_llm_calls_total',
    help: 'Calls to the language model.',
    registers: [registry],
  });
  const llmFailures = new Counter({
    name: 'chorus_llm_failures_total',
    help: 'Calls to the language model that failed (after its retries).',
    registers: [registry],
  });
  for (const movement of ['held', 'settled', 'refunded']) credits.inc({ movement }, 0);
  for (const outcome of ['complete', 'failed']) analyses.inc({ outcome }, 0);

  // The database gauges are read once per scrape, shared by the three of them.
  let reading: Promise<void> | null = null;
  const read = (): Promise<void> => {
    reading ??= (async () => {
      try {
        const rows = await input.jobStates();
        const at = now().getTime();
        jobs.reset();
        for (const status of UNFINISHED) jobs.set({ status }, 0);
        for (const row of rows) jobs.set({ status: row.status }, row.count);
        const pending = rows.find((r) => r.status === 'pending');
        queueDepth.set(pending?.count ?? 0);
        queueAge.set(pending ? Math.max(0, (at - pending.oldest.getTime()) / 1000) : 0);
      } catch (err) {
        input.onCollectError?.(err);
      } finally {
        reading = null;
      }
    })();
    return reading;
  };
  const jobs = new Gauge({
    name: 'chorus_analysis_jobs',
    help: 'Unfinished analysis jobs by status, read from the database at scrape time.',
    labelNames: ['status'],
    registers: [registry],
    collect: read,
  });
  const queueDepth = new Gauge({
    name: 'chorus_queue_depth',
    help: 'Analysis jobs waiting for a worker (status pending).',
    registers: [registry],
    collect: read,
  });
  const queueAge = new Gauge({
    name: 'chorus_queue_oldest_waiting_seconds',
    help: 'Age in seconds of the oldest analysis job waiting for a worker (0 when none waits).',
    registers: [registry],
    collect: read,
  });

  return {
    enabled: true,
    contentType: registry.contentType,
    render: () => registry.metrics(),
    httpRequest({ method, route, status, seconds }) {
      const labels = { method, route, status: String(status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    analysisStage({ stage, comments, seconds }) {
      stageDuration.observe({ stage, comments: commentBucket(comments) }, seconds);
    },
    analysisFinished({ outcome, comments, seconds }) {
      analyses.inc({ outcome });
      analysisDuration.observe({ outcome, comments: commentBucket(comments) }, seconds);
    },
    commentsEmbedded({ comments, seconds }) {
      embedded.inc(comments);
      embeddingSeconds.inc(seconds);
    },
    credits(movement, amount) {
      if (amount > 0) credits.inc({ movement }, amount);
    },
    llmCall({ ok }) {
      llmCalls.inc();
      if (!ok) llmFailures.inc();
    },
  };
}
