import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import {
  AnalyzedReplySchema,
  BatchAnalyzeReplySchema,
  ChannelSearchReplySchema,
  WorkspaceSchema,
  WorkspaceVideosReplySchema,
} from '@app/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { jobFinished, useAnalysisTestApp } from '../../../test/factories';
import { bearer, signUpTestUser } from '../../../test/test-app';

/** A Desert Trips upload's meta file. */
const meta = (title: string, published_at: string) => ({
  title,
  channel_title: 'Desert Trips',
  channel_subscriber_count: 1200,
  published_at,
  comment_count: 40,
});

/**
 * The offline demo: with COMMENTS_DIR set and no API key, the container's channel chain answers
 * from the comment files, so a workspace can be linked, filled and analysed with no network.
 */
describeEachDatabase('workspaces on the COMMENTS_DIR files', (t) => {
  let app: FastifyInstance;
  useAnalysisTestApp(
    t,
    {
      videos: {
        demoVideo01: { comments: 40, meta: meta('First trip', '2025-10-01T10:00:00Z') },
        demoVideo02: { comments: 40, meta: meta('Second trip', '2025-11-01T10:00:00Z') },
        otherChan01: { comments: 40, meta: { title: 'Cooking', channel_title: 'Trip Kitchen' } },
      },
      env: { YOUTUBE_API_KEY: '' },
    },
    (s) => ({ app } = s),
  );

  it('searches, links, adds and analyses the demo videos end to end', async () => {
    const { token } = await signUpTestUser(app);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

    const search = ChannelSearchReplySchema.parse(
      (await call('GET', '/youtube/search/channels?q=desert')).json(),
    );
    expect(search).toEqual([
      {
        channelId: expect.stringMatching(/^UC[A-Za-z0-9_-]{22}$/),
        title: 'Desert Trips',
        thumbnail_url: null,
        subscriberCount: 1200,
        verified: false,
      },
    ]);
    // Nothing in the files and no other source configured: an empty answer, not an error.
    expect((await call('GET', '/youtube/search/channels?q=nothing%20here')).json()).toEqual([]);

    const w = WorkspaceSchema.parse((await call('POST', '/workspaces', { name: 'Demo' })).json());
    const linked = await call('POST', `/workspaces/${w.id}/link-channel`, {
      channel_id: search[0]!.channelId,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ youtube_channel_title: 'Desert Trips' });

    const videos = WorkspaceVideosReplySchema.parse(
      (await call('GET', `/workspaces/${w.id}/videos`)).json(),
    );
    expect(videos.map((v) => [v.youtube_video_id, v.title])).toEqual([
      ['demoVideo02', 'Second trip'],
      ['demoVideo01', 'First trip'],
    ]);
    const added = await call('POST', `/workspaces/${w.id}/videos/toggle`, {
      video_ids: ['demoVideo01', 'demoVideo02'],
      is_added: true,
    });
    expect(added.json()).toEqual({ success: true, added: ['demoVideo02', 'demoVideo01'] });

    const batch = BatchAnalyzeReplySchema.parse(
      (await call('POST', '/analyses/batch', { video_ids: ['demoVideo02', 'demoVideo01'] })).json(),
    );
    expect(batch.jobs.every((j) => j.job_id !== null)).toBe(true);
    for (const job of batch.jobs) {
      const done = await jobFinished(app, token, job.job_id!);
      expect(done.status).toBe('complete');
    }
    const analyzed = AnalyzedReplySchema.parse(
      (await call('GET', `/workspaces/${w.id}/analyzed`)).json(),
    );
    expect(
      analyzed.map((a) => [a.report_video_id, a.status, a.kind === 'youtube' && a.title]),
    ).toEqual([
      ['demoVideo01', 'complete', 'First trip'],
      ['demoVideo02', 'complete', 'Second trip'],
    ]);
  });
});
