import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import {
  buildAnalysisTestApp,
  createTestAnalysis,
  createTestUser,
  type AnalysisTestApp,
} from '../test/factories';
import { freePort } from '../test/local-ports';
import { buildTestApp, signUpTestUser } from '../test/test-app';
import { startMetricsServer } from './build-metrics-server';

const WAITING = '00000000-0000-4000-8000-0000000000aa';
const VIDEO = 'vidMetric01'; // 150 comments: two credits held, two settled

/** The value of one series in Prometheus text (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachDatabase('the metrics endpoint (METRICS_PORT)', (t) => {
  let test: AnalysisTestApp;
  let port: number;
  let stopMetrics: (() => Promise<void>) | null;

  beforeAll(async () => {
    port = await freePort();
    test = await buildAnalysisTestApp({
      database: t.database,
      videos: { [VIDEO]: { comments: 150 } },
      env: { METRICS_PORT: String(port) },
    });
    stopMetrics = await startMetricsServer(test.container);
  });
  afterAll(async () => {
    await stopMetrics?.();
    await test?.close();
  });

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  };

  it('serves request, job, stage, embedding and credit figures after an analysis', async () => {
    const { app } = test;
    const { token } = await signUpTestUser(app);
    const jobId = await createTestAnalysis(app, token, VIDEO);

    const text = await scrape();
    // requests by route pattern: the job id is in no label
    expect(
      sample(
        text,
        'chorus_http_requests_total{method="POST",route="/api/v1/analyze",status="200"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'chorus_http_requests_total{method="GET",route="/api/v1/status/:job_id",status="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(jobId);
    expect(
      sample(
        text,
        'chorus_http_request_duration_seconds_count{method="POST",route="/api/v1/analyze",status="200"}',
      ),
    ).toBe(1);
    // job states from the database: nothing left unfinished, nothing waiting
    expect(sample(text, 'chorus_analysis_jobs{status="pending"}')).toBe(0);
    expect(sample(text, 'chorus_analysis_jobs{status="embedding"}')).toBe(0);
    expect(sample(text, 'chorus_queue_depth')).toBe(0);
    expect(sample(text, 'chorus_queue_oldest_waiting_seconds')).toBe(0);
    // stage durations, bucketed by the job's comment count
    for (const stage of ['fetching', 'embedding', 'discovering', 'saving']) {
      const count = sample(
        text,
        `chorus_analysis_stage_duration_seconds_count{stage="${stage}",comments="100-999"}`,
      );
      expect(count, stage).toBe(1);
      const sum = sample(
        text,
        `chorus_analysis_stage_duration_seconds_sum{stage="${stage}",comments="100-999"}`,
      );
      expect(sum, stage).toBeGreaterThanOrEqual(0);
      expect(sum, stage).toBeLessThan(60);
    }
    expect(sample(text, 'chorus_analysis_runs_total{outcome="complete"}')).toBe(1);
    expect(sample(text, 'chorus_analysis_runs_total{outcome="failed"}')).toBe(0);
    expect(sample(text, 'chorus_comments_embedded_total')).toBe(150);
    expect(sample(text, 'chorus_embedding_seconds_total')).toBeGreaterThan(0);
    // 150 comments: 2 credits held at the start, 2 settled at the end, none refunded
    expect(sample(text, 'chorus_credits_total{movement="held"}')).toBe(2);
    expect(sample(text, 'chorus_credits_total{movement="settled"}')).toBe(2);
    expect(sample(text, 'chorus_credits_total{movement="refunded"}')).toBe(0);
    expect(sample(text, 'chorus_llm_calls_total')).toBe(0);
    // Node's defaults
    expect(sample(text, 'chorus_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('chorus_nodejs_heap_size_used_bytes');
  });

  it('shows a waiting job in the queue gauges', async () => {
    const { container } = test;
    const { userId } = await createTestUser(test);
    const created = new Date(Date.now() - 90_000);
    await container.repos.analysisJobs.create({
      id: WAITING,
      userId,
      videoId: 'vidWaiting1',
      title: null,
      thumbnailUrl: null,
      channelTitle: null,
      videoCommentCount: null,
      commentLimit: 10,
      reservedCredits: 0,
      priority: 0,
    });
    // created 90 s ago (the column is not writable through the typed builder)
    await sql`update analysis_jobs set created_at = ${created} where id = ${WAITING}`.execute(
      container.db,
    );
    const text = await scrape();
    expect(sample(text, 'chorus_analysis_jobs{status="pending"}')).toBe(1);
    expect(sample(text, 'chorus_queue_depth')).toBe(1);
    expect(sample(text, 'chorus_queue_oldest_waiting_seconds')).toBeGreaterThanOrEqual(89);
    await container.db.deleteFrom('analysisJobs').where('id', '=', WAITING).execute();
  });

  it('answers nothing but GET /metrics on its port', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found', message: expect.any(String) });
  });

  it('is not served on the public port', async () => {
    for (const url of ['/metrics', '/api/v1/metrics/prometheus']) {
      const res = await test.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: expect.any(String), code: 'not_found' });
    }
    // counted under one label for every address that matched no route
    const text = await scrape();
    expect(
      sample(text, 'chorus_http_requests_total{method="GET",route="unmatched",status="404"}'),
    ).toBeGreaterThanOrEqual(2);
  });
});

describeEachDatabase('metrics without METRICS_PORT', (t) => {
  it('collects nothing and starts no metrics server', async () => {
    const test = await buildTestApp({ database: t.database });
    try {
      expect(test.container.metrics.enabled).toBe(false);
      expect(test.container.metricsExposition).toBeNull();
      expect(await startMetricsServer(test.container)).toBeNull();
      const res = await test.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
    } finally {
      await test.app.close();
    }
  });
});
