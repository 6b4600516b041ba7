import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import {
  AnalysisEstimateReplySchema,
  BatchEstimateReplySchema,
  INVALID_VIDEO_URL_MESSAGE,
} from '@app/contracts';
import { analyseComments } from '@app/analysis';
import type { Container } from '../../../container';
import {
  CommentSourceError,
  SOURCE_MESSAGES,
  type CommentSource,
} from '../../../providers/comment-sources/comment-source.port';
import { FileCommentSource } from '../../../providers/comment-sources/file-comment-source';
import { describeEachDatabase } from '../../../test/databases';
import {
  createTestAnalysis,
  createTestUser,
  creditsOf,
  setCredits,
  useAnalysisTestApp,
} from '../../../test/factories';
import { bearer, signUpTestUser } from '../../../test/test-app';

const BIG = 'vidEstBig01'; // 150 comments on file; its meta says the video has 2,391
const SMALL = 'vidEstSml01'; // 40 comments
const UNCOUNTED = 'vidEstUnk01'; // the source cannot say how many comments it has
const PRIVATE = 'vidEstPrv01'; // the source says it is private
const UNREACHABLE = 'vidEstOff01'; // the source cannot be reached

/** The file source, but one video's count unknown, one private and one out of reach. */
function sourceOver(dir: string): CommentSource {
  const files = new FileCommentSource(dir);
  return {
    name: 'file',
    async getVideo(videoId, signal) {
      if (videoId === PRIVATE)
        throw new CommentSourceError('video_private', SOURCE_MESSAGES.videoPrivate);
      if (videoId === UNREACHABLE)
        throw new CommentSourceError('unavailable', SOURCE_MESSAGES.unreachable, 'ENOTFOUND');
      const video = await files.getVideo(videoId);
      if (signal?.aborted) return null;
      return video && videoId === UNCOUNTED ? { ...video, commentCount: null } : video;
    },
    fetchComments: (videoId, options) => files.fetchComments(videoId, options),
  };
}

describeEachDatabase('analysis estimate API', (t) => {
  let app: FastifyInstance;
  let container: Container;
  const test = useAnalysisTestApp(
    t,
    {
      videos: {
        [BIG]: { comments: 150, meta: { title: 'Road trip', comment_count: 2391 } },
        [SMALL]: { comments: 40, meta: { title: 'Short one' } },
        [UNCOUNTED]: { comments: 60 },
      },
      overrides: (dir) => ({ analyse: analyseComments, commentSource: sourceOver(dir!) }),
    },
    (s) => ({ app, container } = s),
  );

  const balance = (token: string) => creditsOf(app, token);
  const estimate = (token: string, query: string) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/analyze/estimate?${query}`,
      headers: bearer(token),
    });
  const link = (id: string) => `video_url=${encodeURIComponent(`https://youtu.be/${id}`)}`;
  const analyse = (token: string, id: string) => createTestAnalysis(app, token, id);

  it('prices a video by the rule the start holds by, and spends nothing', async () => {
    const { token, userId } = await createTestUser(test);
    await setCredits(container, userId, 119);
    const res = await estimate(token, link(BIG));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = AnalysisEstimateReplySchema.parse(res.json());
    expect(body).toEqual({
      video_id: BIG,
      title: 'Road trip',
      comment_count: 2391,
      credits: 24,
      balance: 119,
      will_analyse: 2391,
      max_comments: 10_000,
      free: false,
      last_analysis: null,
    });
    expect(await balance(token)).toBe(119);

    // the start holds exactly the price shown
    const start = await app.inject({
      method: 'POST',
      url: `/api/v1/analyze?${link(BIG)}`,
      headers: bearer(token),
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(await balance(token)).toBe(119 - 24);
  });

  it('says what a low balance covers, and what the start then holds', async () => {
    const { token, userId } = await createTestUser(test);
    await setCredits(container, userId, 2);
    const body = AnalysisEstimateReplySchema.parse((await estimate(token, link(BIG))).json());
    expect(body).toMatchObject({ comment_count: 2391, credits: 2, balance: 2, will_analyse: 200 });

    await setCredits(container, userId, 0);
    const empty = AnalysisEstimateReplySchema.parse((await estimate(token, link(BIG))).json());
    // an analysis needs at least 1 credit, and nothing is covered
    expect(empty).toMatchObject({ credits: 1, balance: 0, will_analyse: 0 });
  });

  it('answers a null count when the source cannot say, priced at most at what the balance covers', async () => {
    const { token, userId } = await createTestUser(test);
    await setCredits(container, userId, 7);
    const body = AnalysisEstimateReplySchema.parse((await estimate(token, link(UNCOUNTED))).json());
    expect(body).toMatchObject({ comment_count: null, credits: 7, will_analyse: 700 });

    // a source that cannot be reached cannot count either; the start would hold the same
    const off = AnalysisEstimateReplySchema.parse(
      (await estimate(token, link(UNREACHABLE))).json(),
    );
    expect(off).toMatchObject({
      video_id: UNREACHABLE,
      title: null,
      comment_count: null,
      credits: 7,
    });
  });

  it("names the creator's latest finished analysis, never another account's", async () => {
    const owner = await signUpTestUser(app);
    const other = await signUpTestUser(app);
    const first = await analyse(owner.token, SMALL);
    const latest = await analyse(owner.token, SMALL);
    expect(latest).not.toBe(first);
    await analyse(other.token, SMALL);

    const mine = AnalysisEstimateReplySchema.parse(
      (await estimate(owner.token, link(SMALL))).json(),
    );
    expect(mine.last_analysis?.job_id).toBe(latest);
    expect(Date.parse(mine.last_analysis!.created_at)).not.toBeNaN();

    // a third account that never analysed it sees none, though two others did
    const third = await signUpTestUser(app);
    const none = AnalysisEstimateReplySchema.parse(
      (await estimate(third.token, link(SMALL))).json(),
    );
    expect(none.last_analysis).toBeNull();
    const theirs = AnalysisEstimateReplySchema.parse(
      (await estimate(other.token, link(SMALL))).json(),
    );
    expect(theirs.last_analysis?.job_id).not.toBe(latest);
    expect(theirs.last_analysis?.job_id).not.toBe(first);
  });

  it('answers a bad link, a private video and no sign-in as Analyze does', async () => {
    const { token } = await signUpTestUser(app);
    const bad = await estimate(token, `video_url=${encodeURIComponent('https://example.com/x')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: INVALID_VIDEO_URL_MESSAGE, code: 'invalid_video_url' });
    const analyzeBad = await app.inject({
      method: 'POST',
      url: `/api/v1/analyze?video_url=${encodeURIComponent('https://example.com/x')}`,
      headers: bearer(token),
    });
    expect(analyzeBad.json<{ message: string }>().message).toBe(INVALID_VIDEO_URL_MESSAGE);

    const none = await estimate(token, '');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });

    const priv = await estimate(token, link(PRIVATE));
    expect(priv.statusCode).toBe(422);
    expect(priv.json()).toEqual({ message: SOURCE_MESSAGES.videoPrivate, code: 'video_private' });

    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/v1/analyze/estimate?${link(BIG)}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('prices a batch video after video, each with the balance the previous one left', async () => {
    const { token, userId } = await createTestUser(test);
    await setCredits(container, userId, 4);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/analyses/batch/estimate',
      headers: bearer(token),
      payload: { video_ids: [SMALL, BIG, UNCOUNTED, PRIVATE] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = BatchEstimateReplySchema.parse(res.json());
    expect(body.videos.map((v) => [v.video_id, v.credits, v.will_analyse])).toEqual([
      [SMALL, 1, 40],
      [BIG, 3, 300],
      [UNCOUNTED, 0, 0],
      [PRIVATE, 0, 0],
    ]);
    expect(body.videos[2]!.error).toMatch(/credits run out/);
    expect(body.videos[3]!.error).toBe(SOURCE_MESSAGES.videoPrivate);
    expect(body).toMatchObject({ credits: 4, balance: 4, will_analyse: 340, comment_count: null });
    expect(await balance(token)).toBe(4);

    // the batch itself holds what the estimate said
    const batch = await app.inject({
      method: 'POST',
      url: '/api/v1/analyses/batch',
      headers: bearer(token),
      payload: { video_ids: [SMALL, BIG] },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(await balance(token)).toBe(0);
  });
});
