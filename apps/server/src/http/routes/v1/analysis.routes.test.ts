import type { FastifyInstance } from 'fastify';
import { expect, it, vi } from 'vitest';
import {
  AnalysesReplySchema,
  INVALID_VIDEO_URL_MESSAGE,
  JobStatusReplySchema,
  ReportReplySchema,
  type JobStatus,
} from '@app/contracts';
import { analyseComments } from '@app/analysis';
import type { Container } from '../../../container';
import { LeaseLostError } from '../../../jobs/job-queue.port';
import { analysisDepsFrom, type AnalyseFn } from '../../../services/analysis/analysis-deps';
import { gate, waitFor } from '../../../services/analysis/analysis.test-support';
import { processAnalysisJob } from '../../../services/analysis/process-analysis';
import { purgeExpiredComments } from '../../../services/analysis/purge-expired-comments';
import { describeEachDatabase } from '../../../test/databases';
import { creditsOf, jobFinished, useAnalysisTestApp } from '../../../test/factories';
import { bearer, signUpTestUser } from '../../../test/test-app';

const VIDEO = 'vidFile0001'; // 150 comments; its meta.json says the video has 1,000
const SMALL = 'vidSmall001'; // 40 comments
const MISSING = 'vidNoFile01'; // no file: the job fails and is refunded

describeEachDatabase('analysis API with the file source', (t) => {
  let app: FastifyInstance;
  let container: Container;
  const hold = { gate: null as ReturnType<typeof gate> | null };
  // The video's title and channel each analysis was given (for names' spelling in headings).
  const sources: unknown[] = [];

  // The real analysis core, optionally held at its start so a test can look at a running job.
  const analyse: AnalyseFn = async (comments, deps, options) => {
    sources.push(options?.source);
    if (hold.gate) await hold.gate.wait;
    return analyseComments(comments, deps, options);
  };
  const test = useAnalysisTestApp(
    t,
    {
      videos: {
        [VIDEO]: {
          comments: 150,
          meta: {
            title: 'Desert trip',
            thumbnail_url: 'https://img.example/t.jpg',
            channel_title: 'Trips',
            comment_count: 1000,
          },
        },
        [SMALL]: { comments: 40 },
      },
      env: { METRICS_BASELINE: '900000' },
      overrides: { analyse },
    },
    (s) => ({ app, container } = s),
  );

  const balance = (token: string) => creditsOf(app, token);
  const status = async (token: string, jobId: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/status/${jobId}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return JobStatusReplySchema.parse(res.json());
  };
  const start = (token: string, query: string) =>
    app.inject({ method: 'POST', url: `/api/v1/analyze?${query}`, headers: bearer(token) });
  const finished = (token: string, jobId: string) => jobFinished(app, token, jobId);

  it('runs an analysis end to end: credits, every state, report, history, metrics', async () => {
    const { token, email } = await signUpTestUser(app);
    expect(await balance(token)).toBe(3);
    const metricsBefore = (await app.inject({ method: 'GET', url: '/api/v1/metrics' })).json<{
      total_comments: number;
    }>();

    const seen: JobStatus[] = [];
    const spy = vi.spyOn(container.repos.analysisJobs, 'updateProgress');
    hold.gate = gate();
    const res = await start(
      token,
      `video_url=${encodeURIComponent(`https://www.youtube.com/watch?v=${VIDEO}&t=10s`)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json<{ job_id: string }>().job_id;

    // The reservation covers min(1,000 comments the video reports, 3 credits x 100) = 3 credits.
    expect(await balance(token)).toBe(0);
    const first = await status(token, jobId);
    expect(['pending', 'fetching', 'embedding']).toContain(first.status);
    expect(first.video_id).toBe(VIDEO);

    const running = await waitFor(async () => {
      const s = await status(token, jobId);
      return s.status === 'embedding' ? s : undefined;
    });
    expect(running.progress_percent).toBeGreaterThan(0);
    expect(running.progress_percent).toBeLessThan(100);
    // the status says what is held, so the client can explain the balance that dropped
    expect(running.reserved_credits).toBe(3);

    // Watch the same job through server-sent events while it finishes.
    const events = app.inject({
      method: 'GET',
      url: `/api/v1/status/${jobId}/events?token=${token}`,
    });
    hold.gate.open();
    hold.gate = null;
    const done = await finished(token, jobId);
    expect(done).toMatchObject({
      status: 'complete',
      error: null,
      progress_percent: 100,
      eta_seconds: 0,
      reserved_credits: 0,
    });
    expect(sources).toContainEqual({ title: 'Desert trip', channel: 'Trips' });
    const stream = await events;
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    const streamed = stream.body
      .split('\n\n')
      .filter((b) => b.startsWith('event: status'))
      .map((b) => JobStatusReplySchema.parse(JSON.parse(b.split('data: ')[1]!)));
    expect(streamed.at(-1)!.status).toBe('complete');

    for (const call of spy.mock.calls)
      if (call[0] === jobId && seen.at(-1) !== call[1].status) seen.push(call[1].status);
    spy.mockRestore();
    expect(seen).toEqual(['fetching', 'embedding', 'discovering', 'saving']);

    // 150 comments cost 2 credits: the settlement returns 1 of the 3 reserved.
    expect(await balance(token)).toBe(1);
    const user = (await container.repos.users.findByEmail(email))!;
    const moves = (await container.repos.ledger.listForUser(user.id)).filter(
      (e) => e.jobId === jobId,
    );
    expect(moves.map((e) => [e.kind, e.delta, e.idempotencyKey]).sort()).toEqual([
      ['reservation', -3, `job:${jobId}:reserve`],
      ['settlement', 1, `job:${jobId}:settle`],
    ]);

    const reportRes = await app.inject({
      method: 'GET',
      url: `/api/v1/report/${VIDEO}`,
      headers: bearer(token),
    });
    expect(reportRes.statusCode, reportRes.body).toBe(200);
    const report = ReportReplySchema.parse(reportRes.json());
    expect(report).toMatchObject({
      job_id: jobId,
      video_id: VIDEO,
      title: 'Desert trip',
      channel_title: 'Trips',
      thumbnail_url: 'https://img.example/t.jpg',
      total_comments: 150,
    });
    expect(report.report).toMatchObject({
      analysed_comments: 150,
      video_comment_count: 1000,
      source: 'file',
      likes_approximate: false,
    });
    expect(report.report.clusters.length).toBeGreaterThan(1);
    expect(report.report.clusters.reduce((a, c) => a + c.size, 0)).toBe(150);
    expect(report.executive_summary.overall_vibe).not.toBe('');
    expect(await container.repos.comments.countForJob(jobId)).toBe(150);

    const history = AnalysesReplySchema.parse(
      (await app.inject({ method: 'GET', url: '/api/v1/analyses', headers: bearer(token) })).json(),
    );
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      job_id: jobId,
      video_id: VIDEO,
      title: 'Desert trip',
      status: 'complete',
    });

    const metrics = await app.inject({ method: 'GET', url: '/api/v1/metrics' });
    expect(metrics.headers['cache-control']).toBe('no-store');
    expect(metrics.json<{ total_comments: number }>().total_comments).toBe(
      metricsBefore.total_comments + 150,
    );
  });

  it('lists history newest first and clears it (the counter stays)', async () => {
    const { token } = await signUpTestUser(app);
    const a = (await start(token, `video_id=${SMALL}`)).json<{ job_id: string }>().job_id;
    await finished(token, a);
    const b = (await start(token, `video_url=https://youtu.be/${SMALL}`)).json<{ job_id: string }>()
      .job_id;
    await finished(token, b);
    const history = AnalysesReplySchema.parse(
      (await app.inject({ method: 'GET', url: '/api/v1/analyses', headers: bearer(token) })).json(),
    );
    expect(history.map((h) => h.job_id)).toEqual([b, a]);
    expect(history[0]!.thumbnail_url).toBe(`https://i.ytimg.com/vi/${SMALL}/hqdefault.jpg`);
    const report = ReportReplySchema.parse(
      (
        await app.inject({ method: 'GET', url: `/api/v1/report/${SMALL}`, headers: bearer(token) })
      ).json(),
    );
    expect(report.job_id).toBe(b);
    const metrics = (await app.inject({ method: 'GET', url: '/api/v1/metrics' })).json<{
      total_comments: number;
    }>().total_comments;

    const cleared = await app.inject({
      method: 'DELETE',
      url: '/api/v1/analyses/clear',
      headers: bearer(token),
    });
    expect(cleared.json()).toEqual({ success: true, deleted: 2 });
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/analyses', headers: bearer(token) })).json(),
    ).toEqual([]);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/report/${SMALL}`, headers: bearer(token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/metrics' })).json<{
        total_comments: number;
      }>().total_comments,
    ).toBe(metrics);
  });

  it('fails a video no source has with a readable reason and refunds the reservation', async () => {
    const { token } = await signUpTestUser(app);
    const res = await start(token, `video_id=${MISSING}`);
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json<{ job_id: string }>().job_id;
    const done = await finished(token, jobId);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/No comments were found for this video.*refunded/);
    expect(await balance(token)).toBe(3);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/report/${MISSING}`,
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(404);
    const history = AnalysesReplySchema.parse(
      (await app.inject({ method: 'GET', url: '/api/v1/analyses', headers: bearer(token) })).json(),
    );
    expect(history[0]).toMatchObject({ job_id: jobId, status: 'failed' });
  });

  it.each([
    `https://www.youtube.com/attribution_link?a=xyz&u=%2Fwatch%3Fv%3D${SMALL}%26feature%3Dshare`,
    `<iframe width="560" height="315" src="https://www.youtube.com/embed/${SMALL}?si=x" title="YouTube video player" frameborder="0" allowfullscreen></iframe>`,
    `https://i.ytimg.com/vi/${SMALL}/hqdefault.jpg`,
    `https://www.youtube.com/user/SomeCreator#p/u/1/${SMALL}`,
  ])('starts the video a pasted %s names, as the web app does', async (link) => {
    const { token } = await signUpTestUser(app);
    const res = await start(token, new URLSearchParams({ video_url: link }).toString());
    expect(res.statusCode, res.body).toBe(200);
    const done = await finished(token, res.json<{ job_id: string }>().job_id);
    expect(done.video_id).toBe(SMALL);
    expect(done.status).toBe('complete');
  });

  it.each([
    ['video_url=https://example.com/watch?v=abc', INVALID_VIDEO_URL_MESSAGE],
    ['video_url=https://www.youtube.com/watch?v=short', INVALID_VIDEO_URL_MESSAGE],
    ['video_id=not-an-id', INVALID_VIDEO_URL_MESSAGE],
  ])('answers 400 for %s', async (query, message) => {
    const { token } = await signUpTestUser(app);
    const res = await start(token, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'invalid_video_url' });
    expect(await balance(token)).toBe(3);
  });

  it('answers 400 without a link and 401 without a token', async () => {
    const { token } = await signUpTestUser(app);
    expect((await start(token, '')).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url: `/api/v1/analyze?video_id=${SMALL}` })).statusCode,
    ).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/analyses' })).statusCode).toBe(401);
  });

  it('reads a bodyless call sent as empty JSON as no body, as every route does', async () => {
    const { token } = await signUpTestUser(app);
    const json = { ...bearer(token), 'content-type': 'application/json' };
    const analyze = await app.inject({ method: 'POST', url: '/api/v1/analyze', headers: json });
    expect(analyze.statusCode).toBe(400);
    expect(analyze.json<{ message: string }>().message).toBe('Give a video_url (or a video_id).');
    const long = await start(token, `video_url=${'x'.repeat(2049)}`);
    expect(long.json<{ message: string }>().message).toBe(
      'Invalid YouTube URL: Could not find the video ID.',
    );
    const clear = await app.inject({
      method: 'DELETE',
      url: '/api/v1/analyses/clear',
      headers: json,
    });
    expect(clear.statusCode, clear.body).toBe(200);
    const logout = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: json });
    expect(logout.statusCode, logout.body).toBe(200);
  });

  it('answers 402 naming the balance when it cannot cover one credit', async () => {
    const { token, email } = await signUpTestUser(app);
    const user = (await container.repos.users.findByEmail(email))!;
    await container.repos.ledger.append({
      userId: user.id,
      delta: -3,
      kind: 'adjustment',
      idempotencyKey: `test:${user.id}:drain`,
    });
    const res = await start(token, `video_id=${SMALL}`);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'insufficient_credits' });
    expect(res.json<{ message: string }>().message).toMatch(/balance is 0 credits.*Buy Credits/);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/analyses', headers: bearer(token) })).json(),
    ).toEqual([]);
  });

  it("answers 404 for another user's job, events and report, and for unknown ids", async () => {
    const owner = await signUpTestUser(app);
    const other = await signUpTestUser(app);
    const jobId = (await start(owner.token, `video_id=${SMALL}`)).json<{ job_id: string }>().job_id;
    await finished(owner.token, jobId);
    for (const url of [
      `/api/v1/status/${jobId}`,
      `/api/v1/report/${SMALL}`,
      '/api/v1/status/not-a-job-id',
      '/api/v1/status/00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(other.token) });
      expect(res.statusCode, url).toBe(404);
    }
    const events = await app.inject({
      method: 'GET',
      url: `/api/v1/status/${jobId}/events?token=${other.token}`,
    });
    expect(events.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/status/${jobId}/events` })).statusCode,
    ).toBe(401);
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/v1/analyses', headers: bearer(other.token) })
      ).json(),
    ).toEqual([]);
    await app.inject({
      method: 'DELETE',
      url: '/api/v1/analyses/clear',
      headers: bearer(other.token),
    });
    expect((await status(owner.token, jobId)).status).toBe('complete');
  });

  it('purges raw comments after the retention window but keeps the report aggregates', async () => {
    const { token } = await signUpTestUser(app);
    const jobId = (await start(token, `video_id=${SMALL}`)).json<{ job_id: string }>().job_id;
    await finished(token, jobId);
    expect(await container.repos.comments.countForJob(jobId)).toBe(40);
    const deps = analysisDepsFrom(container);
    const deepDive = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/cluster/analyze',
        headers: bearer(token),
        payload: { video_id: SMALL, cluster_id: 0 },
      });
    expect((await deepDive()).statusCode).toBe(200);
    expect(await container.repos.clusterAnalysis.findCachedAnalysis(jobId, 0)).not.toBeNull();
    await purgeExpiredComments(deps);
    expect(await container.repos.comments.countForJob(jobId)).toBe(40);
    expect(await container.repos.clusterAnalysis.findCachedAnalysis(jobId, 0)).not.toBeNull();

    test.clock.advance({ days: 31 });
    try {
      await purgeExpiredComments(deps);
    } finally {
      test.clock.advance({ days: -31 });
    }
    expect(await container.repos.comments.countForJob(jobId)).toBe(0);
    const report = ReportReplySchema.parse(
      (
        await app.inject({ method: 'GET', url: `/api/v1/report/${SMALL}`, headers: bearer(token) })
      ).json(),
    );
    expect(report.total_comments).toBe(40);
    expect(report.report.clusters.length).toBeGreaterThan(0);
    expect(report.report.clusters.every((c) => c.representatives.length === 0)).toBe(true);
    expect((await container.repos.analysisJobs.findById(jobId))!.commentsExpiredAt).not.toBeNull();
    // the cached deep analysis quoted comments: it is gone, and asking again says they expired
    expect(await container.repos.clusterAnalysis.findCachedAnalysis(jobId, 0)).toBeNull();
    const again = await deepDive();
    expect(again.statusCode).toBe(410);
    expect(again.json<{ code: string }>().code).toBe('comments_expired');
  });

  it('shows a job a stopping worker hands back as pending at 0%, then completes it', async () => {
    const { token } = await signUpTestUser(app);
    hold.gate = gate();
    const res = await start(token, `video_id=${SMALL}`);
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json<{ job_id: string }>().job_id;
    await waitFor(async () =>
      (await status(token, jobId)).status === 'embedding' ? true : undefined,
    );

    // A graceful stop (a deploy) aborts the run; the held analysis then sees its signal aborted.
    const stopping = test.stopWorker();
    hold.gate.open();
    hold.gate = null;
    await stopping;
    const waiting = await status(token, jobId);
    expect(waiting).toMatchObject({ status: 'pending', progress_percent: 0, eta_seconds: null });
    expect(waiting.reserved_credits).toBe(1);

    await test.startWorker();
    expect(await finished(token, jobId)).toMatchObject({ status: 'complete', error: null });
  });

  it("leaves the job's progress to its new owner when a run loses its lease", async () => {
    await test.stopWorker(); // this test runs the handler itself
    try {
      const { token } = await signUpTestUser(app);
      const res = await start(token, `video_id=${SMALL}`);
      expect(res.statusCode, res.body).toBe(200);
      const jobId = res.json<{ job_id: string }>().job_id;
      const deps = { ...analysisDepsFrom(container), logger: container.logger };

      const runUntilAborted = async (reason: Error) => {
        hold.gate = gate();
        const controller = new AbortController();
        const run = processAnalysisJob(deps, jobId, { signal: controller.signal, attempt: 1 });
        await waitFor(async () =>
          (await status(token, jobId)).status === 'embedding' ? true : undefined,
        );
        controller.abort(reason);
        hold.gate.open();
        hold.gate = null;
        await expect(run).rejects.toBeDefined();
        return status(token, jobId);
      };

      // another worker holds the job now: this run must not set it back to pending
      expect(await runUntilAborted(new LeaseLostError())).toMatchObject({ status: 'embedding' });
      // a stop (any other reason) hands it back: pending at 0%
      expect(await runUntilAborted(new Error('The worker is shutting down.'))).toMatchObject({
        status: 'pending',
        progress_percent: 0,
      });
    } finally {
      await test.startWorker();
    }
  });
});
