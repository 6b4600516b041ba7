import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import {
  AnalysesReplySchema,
  AnalyzedReplySchema,
  BatchAnalyzeReplySchema,
  ChannelSearchReplySchema,
  ChatReplySchema,
  ClusterAnalyzeReplySchema,
  CreditHistoryReplySchema,
  JobStatusReplySchema,
  ReportReplySchema,
  WorkspaceSchema,
  WorkspaceVideosReplySchema,
} from '@app/contracts';
import type { ManualClock } from '../../../clock';
import { InnertubeChannelDirectory } from '../../../providers/youtube/innertube-channel-directory';
import { InnertubeCommentSource } from '../../../providers/youtube/innertube-comment-source';
import { SAMPLE_ANALYSES_PER_HOUR } from '../../../services/analysis/start-analysis';
import { describeEachDatabase } from '../../../test/databases';
import {
  createTestUser,
  creditsOf,
  jobFinished,
  useAnalysisTestApp,
} from '../../../test/factories';
import { bearer, signUpTestUser } from '../../../test/test-app';

const SAMPLE_CHANNEL = 'sample_kitchen-channel';
const RAMEN = 'sample_weeknight-ramen';
const SOURDOUGH = 'sample_sourdough-starter';
const KNIFE = 'sample_knife-skills';

/** A fetch as it fails on a machine with no route to YouTube: fetch's TypeError with the DNS error as cause. */
const offlineFetch = ((): Promise<Response> => {
  const dns = Object.assign(new Error('getaddrinfo ENOTFOUND www.youtube.com'), {
    code: 'ENOTFOUND',
    hostname: 'www.youtube.com',
  });
  return Promise.reject(new TypeError('fetch failed', { cause: dns }));
}) as unknown as typeof fetch;

/** Log lines the worker writes (JSON objects), for the operator's warning. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, stream), lines };
}

/**
 * The invented sample channel shipped with the product. Every server here has no way to YouTube
 * (InnerTube's fetch fails as it does offline): the sample still searches, links, lists and
 * analyses, for free, and a real video fails with a message that says YouTube could not be reached.
 */
describeEachDatabase('the sample channel and free sample reports', (t) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  const log = capturingLogger();
  const test = useAnalysisTestApp(
    t,
    {
      env: { YOUTUBE_FALLBACK: 'innertube', YOUTUBE_API_KEY: '' },
      overrides: {
        commentSource: new InnertubeCommentSource({ fetch: offlineFetch }),
        channelDirectory: new InnertubeChannelDirectory({ fetch: offlineFetch }),
      },
      worker: { logger: log.logger },
    },
    (s) => ({ app, clock } = s),
  );

  const client = (token: string) => ({
    call: (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload }),
  });
  const finished = (token: string, jobId: string) => jobFinished(app, token, jobId);
  const balance = (token: string) => creditsOf(app, token);

  it('analyses a sample video through the real pipeline for free, with an empty balance too', async () => {
    // No credits at all: a sample report must still run.
    const { token } = await createTestUser(test, { credits: 0 });
    const { call } = client(token);
    expect(await balance(token)).toBe(0);
    const historyBefore = CreditHistoryReplySchema.parse(
      (await call('GET', '/billing/history')).json(),
    );

    const counted = (await call('GET', '/metrics')).json<{ total_comments: number }>();

    const started = await call('POST', `/analyze?video_url=${RAMEN}`);
    expect(started.statusCode, started.body).toBe(200);
    const jobId = started.json<{ job_id: string }>().job_id;
    const running = JobStatusReplySchema.parse((await call('GET', `/status/${jobId}`)).json());
    expect(running.reserved_credits ?? 0).toBe(0);
    const done = await finished(token, jobId);
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'complete', video_id: RAMEN });

    const report = ReportReplySchema.parse((await call('GET', `/report/${RAMEN}`)).json());
    expect(report.title).toBe('15-Minute Weeknight Ramen (sample video)');
    expect(report.channel_title).toBe('Sample Kitchen (sample data)');
    expect(report.thumbnail_url).toMatch(/^data:image\/svg\+xml,/);
    expect(report.report.source).toBe('sample');
    expect(report.report.analysed_comments).toBeGreaterThanOrEqual(80);
    expect(report.report.clusters.length).toBeGreaterThanOrEqual(3);
    expect(report.report.spam_comments).toBeGreaterThan(0);

    // The cluster tools work on it: the deep dive and the chat.
    const cluster = report.report.clusters[0]!;
    const deep = await call('POST', '/cluster/analyze', {
      video_id: RAMEN,
      cluster_id: cluster.cluster_id,
    });
    expect(deep.statusCode, deep.body).toBe(200);
    expect(ClusterAnalyzeReplySchema.parse(deep.json()).analysis.summary).not.toBe('');
    const chat = await call('POST', '/cluster/chat', {
      video_id: RAMEN,
      cluster_id: cluster.cluster_id,
      message: 'What do people ask for?',
    });
    expect(chat.statusCode, chat.body).toBe(200);
    expect(ChatReplySchema.parse(chat.json()).answer).not.toBe('');

    // Free: the balance is where it was and the credit history has no line for it.
    expect(await balance(token)).toBe(0);
    const historyAfter = CreditHistoryReplySchema.parse(
      (await call('GET', '/billing/history')).json(),
    );
    expect(historyAfter.entries).toEqual(historyBefore.entries);

    const analyses = AnalysesReplySchema.parse((await call('GET', '/analyses')).json());
    expect(analyses.map((a) => [a.video_id, a.status])).toEqual([[RAMEN, 'complete']]);
    // invented comments do not raise the public "comments analysed" counter
    expect((await call('GET', '/metrics')).json()).toEqual(counted);
  });

  it('keeps the balance of an account with credits unchanged', async () => {
    const { token } = await signUpTestUser(app);
    const before = await balance(token);
    expect(before).toBeGreaterThan(0);
    const started = await client(token).call('POST', `/analyze?video_url=${KNIFE}`);
    expect(started.statusCode, started.body).toBe(200);
    expect(await balance(token)).toBe(before);
    const done = await finished(token, started.json<{ job_id: string }>().job_id);
    expect(done.status).toBe('complete');
    expect(await balance(token)).toBe(before);
  });

  it('finds, links, lists and batch-analyses the sample channel in a workspace while YouTube is unreachable', async () => {
    const { token } = await signUpTestUser(app);
    const { call } = client(token);
    const search = await call('GET', '/youtube/search/channels?q=sample');
    expect(search.statusCode, search.body).toBe(200);
    const found = ChannelSearchReplySchema.parse(search.json());
    expect(found).toEqual([
      {
        channelId: SAMPLE_CHANNEL,
        title: 'Sample Kitchen (sample data)',
        thumbnail_url: expect.stringMatching(/^data:image\/svg\+xml,/),
        subscriberCount: 48200,
        verified: false,
      },
    ]);
    // Any other search needs YouTube, and says it could not be reached.
    const other = await call('GET', '/youtube/search/channels?q=woodworking');
    expect(other.statusCode).toBe(503);
    expect(other.json()).toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('This server could not reach YouTube'),
    });

    const w = WorkspaceSchema.parse((await call('POST', '/workspaces', { name: 'Try it' })).json());
    const linked = await call('POST', `/workspaces/${w.id}/link-channel`, {
      channel_id: SAMPLE_CHANNEL,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      youtube_channel_id: SAMPLE_CHANNEL,
      youtube_channel_title: 'Sample Kitchen (sample data)',
    });
    const videos = WorkspaceVideosReplySchema.parse(
      (await call('GET', `/workspaces/${w.id}/videos`)).json(),
    );
    expect(videos.map((v) => v.youtube_video_id)).toEqual([KNIFE, SOURDOUGH, RAMEN]);
    expect(videos.map((v) => v.published_at)).toEqual([
      '2026-11-06T16:00:00.000Z',
      '2026-10-02T16:00:00.000Z',
      '2026-09-04T16:00:00.000Z',
    ]);
    const added = await call('POST', `/workspaces/${w.id}/videos/toggle`, {
      video_ids: [KNIFE, SOURDOUGH],
      is_added: true,
    });
    expect(added.json()).toEqual({ success: true, added: [KNIFE, SOURDOUGH] });

    const before = await balance(token);
    const batch = BatchAnalyzeReplySchema.parse(
      (
        await call('POST', '/analyses/batch', { video_ids: [KNIFE, SOURDOUGH], workspace_id: w.id })
      ).json(),
    );
    expect(batch.jobs.map((j) => [j.video_id, j.error])).toEqual([
      [KNIFE, null],
      [SOURDOUGH, null],
    ]);
    for (const job of batch.jobs)
      expect((await finished(token, job.job_id!)).status).toBe('complete');
    expect(await balance(token)).toBe(before);
    const analyzed = AnalyzedReplySchema.parse(
      (await call('GET', `/workspaces/${w.id}/analyzed`)).json(),
    );
    expect(analyzed.map((a) => [a.report_video_id, a.status]).sort()).toEqual([
      [KNIFE, 'complete'],
      [SOURDOUGH, 'complete'],
    ]);
  });

  it('answers 404 for a sample-form id the channel does not hold', async () => {
    const { token } = await signUpTestUser(app);
    const res = await client(token).call('POST', '/analyze?video_url=sample_no-such-video');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'video_not_found',
      message: 'There is no sample video with that id.',
    });
  });

  it(`allows ${SAMPLE_ANALYSES_PER_HOUR} sample analyses per account per hour, then a 429 until the hour has passed`, async () => {
    const { token } = await signUpTestUser(app);
    const { call } = client(token);
    const ids = [RAMEN, KNIFE, SOURDOUGH, RAMEN, KNIFE];
    expect(ids).toHaveLength(SAMPLE_ANALYSES_PER_HOUR);
    const jobs: string[] = [];
    for (const id of ids) {
      const res = await call('POST', `/analyze?video_url=${id}`);
      expect(res.statusCode, res.body).toBe(200);
      jobs.push(res.json<{ job_id: string }>().job_id);
    }
    const refused = await call('POST', `/analyze?video_url=${SOURDOUGH}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toEqual({
      code: 'too_many_sample_analyses',
      message: expect.stringMatching(
        /^You have run 5 sample reports in the last hour\. Open one from Recent Analyses, or try another sample in \d+ minutes?\.$/,
      ),
    });
    // another account is not affected
    const other = await signUpTestUser(app);
    expect(
      (await client(other.token).call('POST', `/analyze?video_url=${SOURDOUGH}`)).statusCode,
    ).toBe(200);
    for (const job of jobs) await finished(token, job);
    clock.advance({ minutes: 61 });
    expect((await call('POST', `/analyze?video_url=${SOURDOUGH}`)).statusCode).toBe(200);
  });

  it("never shows one account's sample report to another", async () => {
    const a = await signUpTestUser(app);
    const b = await signUpTestUser(app);
    const started = await client(a.token).call('POST', `/analyze?video_url=${SOURDOUGH}`);
    const jobId = started.json<{ job_id: string }>().job_id;
    expect((await finished(a.token, jobId)).status).toBe('complete');
    expect((await client(a.token).call('GET', `/report/${SOURDOUGH}`)).statusCode).toBe(200);

    const { call } = client(b.token);
    expect((await call('GET', `/report/${SOURDOUGH}`)).statusCode).toBe(404);
    expect((await call('GET', `/status/${jobId}`)).statusCode).toBe(404);
    expect(AnalysesReplySchema.parse((await call('GET', '/analyses')).json())).toEqual([]);
    const chat = await call('POST', '/cluster/chat', {
      video_id: SOURDOUGH,
      cluster_id: 0,
      message: 'What do people say?',
    });
    expect(chat.statusCode).toBe(404);
  });

  describe('a real video while YouTube cannot be reached', () => {
    it('fails with a message that says so and offers the sample, refunds, and warns the operator once', async () => {
      const { token } = await signUpTestUser(app);
      const before = await balance(token);
      const warnsBefore = log.lines.filter((l) => l.network !== undefined).length;
      const started = await client(token).call('POST', '/analyze?video_url=dQw4w9WgXcQ');
      expect(started.statusCode, started.body).toBe(200);
      const jobId = started.json<{ job_id: string }>().job_id;
      const done = await finished(token, jobId);
      expect(done.status).toBe('failed');
      expect(done.error).toBe(
        'This server could not reach YouTube, so the comments could not be read. Try again later, or try a sample report in the meantime. Your credits were refunded.',
      );
      expect(await balance(token)).toBe(before);

      const warns = log.lines.filter((l) => l.network !== undefined).slice(warnsBefore);
      expect(warns).toHaveLength(1);
      expect(warns[0]).toMatchObject({
        level: 40,
        jobId,
        videoId: 'dQw4w9WgXcQ',
        network: 'ENOTFOUND',
        msg: expect.stringContaining('COMMENTS_DIR'),
      });
      // the creator's text leaves the operator's detail to the log
      expect(done.error).not.toContain('COMMENTS_DIR');
    });
  });
});
