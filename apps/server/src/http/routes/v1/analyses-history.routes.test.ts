import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import {
  AnalysesPageReplySchema,
  AnalysesReplySchema,
  ReportReplySchema,
  type AnalysesPageReply,
} from '@app/contracts';
import type { Container } from '../../../container';
import { describeEachDatabase } from '../../../test/databases';
import { createTestAnalysis, createTestUser, useAnalysisTestApp } from '../../../test/factories';
import { bearer, signUpTestUser } from '../../../test/test-app';

const SMALL = 'vidHist0001'; // 40 comments

/**
 * The whole history: GET /analyses pages with an opaque cursor and searches titles and channels;
 * DELETE /analyses/:job_id removes one; GET /report/:video_id?job= opens an older run. Another
 * account's analyses are never listed and their ids are 404.
 */
describeEachDatabase('analysis history API', (t) => {
  let app: FastifyInstance;
  let container: Container;
  const test = useAnalysisTestApp(
    t,
    {
      videos: {
        [SMALL]: { comments: 40, meta: { title: 'Camping in the rain', channel_title: 'Trips' } },
      },
    },
    (s) => ({ app, container } = s),
  );

  const get = (token: string, url: string) =>
    app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
  const page = async (token: string, query: string): Promise<AnalysesPageReply> => {
    const res = await get(token, `/analyses?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return AnalysesPageReplySchema.parse(res.json());
  };
  /** Rows written straight to the table: many analyses without running each one. */
  const seed = async (userId: string, titles: string[], channel = 'Chef Nadia') => {
    const ids: string[] = [];
    for (const [i, title] of titles.entries()) {
      const id = randomUUID();
      await container.repos.analysisJobs.create({
        id,
        userId,
        videoId: `seedVid${String(i).padStart(4, '0')}`,
        title,
        thumbnailUrl: null,
        channelTitle: channel,
        videoCommentCount: null,
        commentLimit: 100,
        reservedCredits: 0,
        priority: 0,
      });
      await container.repos.analysisJobs.markFailed(id, { error: 'x', finishedAt: new Date() });
      ids.push(id);
    }
    return ids;
  };
  const runAnalysis = (token: string) => createTestAnalysis(app, token, SMALL);

  it('pages the whole history with a cursor, newest first, with no row twice or missed', async () => {
    const { token, userId } = await createTestUser(test);
    const titles = Array.from({ length: 12 }, (_, i) => `Recipe number ${i + 1}`);
    const ids = await seed(userId, titles);
    // The sidebar's list keeps its shape: every analysis, newest first.
    const all = AnalysesReplySchema.parse((await get(token, '/analyses')).json());
    expect(all.map((a) => a.job_id)).toHaveLength(12);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const reply: AnalysesPageReply = await page(
        token,
        `limit=5${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(reply.items.length).toBeLessThanOrEqual(5);
      seen.push(...reply.items.map((i) => i.job_id));
      cursor = reply.next_cursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.map((a) => a.job_id));
    expect(new Set(seen)).toEqual(new Set(ids));
    // rows made within the same millisecond keep a strict order: created_at, then id
    const created = all.map((a) => Date.parse(a.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('searches titles and channels ignoring case; wildcards are plain characters', async () => {
    const { token, userId } = await createTestUser(test);
    await seed(userId, ['Sourdough basics', 'SOURDOUGH part 2', 'Pasta night'], 'Bakes');
    await seed(userId, ['Morning run'], 'Sourdough Sam');
    await seed(userId, ['100% rye'], 'Other');

    const found = await page(token, 'q=sourdough');
    expect(found.items.map((i) => i.title).sort()).toEqual(
      ['Morning run', 'SOURDOUGH part 2', 'Sourdough basics'].sort(),
    );
    expect(found.next_cursor).toBeNull();
    expect((await page(token, 'q=%25')).items.map((i) => i.title)).toEqual(['100% rye']);
    expect((await page(token, 'q=_')).items).toEqual([]);
    // search and cursor together
    const first = await page(token, 'q=sourdough&limit=2');
    expect(first.items).toHaveLength(2);
    const second = await page(
      token,
      `q=sourdough&limit=2&before=${encodeURIComponent(first.next_cursor!)}`,
    );
    expect(second.items).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
  });

  it("never lists another account's analyses, and their ids are 404 for delete and report", async () => {
    const owner = await signUpTestUser(app);
    const other = await createTestUser(test);
    const ownerJob = await runAnalysis(owner.token);
    await seed(other.userId, ['Their own video']);

    for (const q of ['', 'q=camping', 'limit=100']) {
      const res = await get(other.token, `/analyses${q ? `?${q}` : ''}`);
      expect(res.body).not.toContain(ownerJob);
      expect(res.body).not.toContain('Camping');
    }
    // the owner's cursor lists nothing of the owner's for someone else
    const ownerPage = await page(owner.token, 'limit=1');
    expect(ownerPage.items[0]!.job_id).toBe(ownerJob);
    const crafted = Buffer.from(`${Date.now() * 1000 + 1_000_000}.${randomUUID()}`).toString(
      'base64url',
    );
    const otherPage = await page(other.token, `limit=10&before=${crafted}`);
    expect(otherPage.items.map((i) => i.title)).toEqual(['Their own video']);

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/analyses/${ownerJob}`,
      headers: bearer(other.token),
    });
    expect(del.statusCode).toBe(404);
    expect(del.json()).toMatchObject({ code: 'analysis_not_found' });
    const report = await get(other.token, `/report/${SMALL}?job=${ownerJob}`);
    expect(report.statusCode).toBe(404);
    expect(report.body).not.toContain('Camping');
    // the owner still has it
    expect((await get(owner.token, `/report/${SMALL}?job=${ownerJob}`)).statusCode).toBe(200);
  });

  it('gives each item its comment count, credits spent and finish time', async () => {
    const { token } = await signUpTestUser(app);
    const jobId = await runAnalysis(token);
    const [item] = (await page(token, 'limit=1')).items;
    expect(item).toMatchObject({
      job_id: jobId,
      status: 'complete',
      title: 'Camping in the rain',
      channel_title: 'Trips',
      comment_count: 40,
      credits_spent: 1,
    });
    expect(Number.isNaN(Date.parse(item!.finished_at ?? ''))).toBe(false);
  });

  it('opens an older run with ?job= and deletes one analysis (owner only, finished only)', async () => {
    const { token, userId } = await createTestUser(test);
    const older = await runAnalysis(token);
    const newer = await runAnalysis(token);
    expect(ReportReplySchema.parse((await get(token, `/report/${SMALL}`)).json()).job_id).toBe(
      newer,
    );
    expect(
      ReportReplySchema.parse((await get(token, `/report/${SMALL}?job=${older}`)).json()).job_id,
    ).toBe(older);
    // a job of another video, or not a job id at all
    const [seeded] = await seed(userId, ['Elsewhere']);
    expect((await get(token, `/report/${SMALL}?job=${seeded}`)).statusCode).toBe(404);
    expect((await get(token, `/report/${SMALL}?job=not-a-job`)).statusCode).toBe(404);

    const del = (id: string) =>
      app.inject({ method: 'DELETE', url: `/api/v1/analyses/${id}`, headers: bearer(token) });
    expect((await del(newer)).statusCode).toBe(200);
    expect((await del(newer)).statusCode).toBe(404);
    expect(ReportReplySchema.parse((await get(token, `/report/${SMALL}`)).json()).job_id).toBe(
      older,
    );
    const listed = AnalysesReplySchema.parse((await get(token, '/analyses')).json());
    expect(listed.map((a) => a.job_id)).not.toContain(newer);
    expect(listed.map((a) => a.job_id)).toContain(older);

    // a running analysis is kept: its credits are still held
    const running = randomUUID();
    await container.repos.analysisJobs.create({
      id: running,
      userId,
      videoId: 'runVid00001',
      title: 'Still going',
      thumbnailUrl: null,
      channelTitle: null,
      videoCommentCount: null,
      commentLimit: 100,
      reservedCredits: 0,
      priority: 0,
    });
    const busy = await del(running);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'analysis_running' });
  });

  it('refuses a bad limit or cursor with a 400 and a message', async () => {
    const { token } = await signUpTestUser(app);
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=2.5',
      'before=not*a*cursor',
      `before=${Buffer.from('123.not-a-uuid').toString('base64url')}`,
      `before=${Buffer.from(`abc.${randomUUID()}`).toString('base64url')}`,
      `q=${'x'.repeat(201)}`,
    ]) {
      const res = await get(token, `/analyses?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json<{ message: string; code: string }>();
      expect(body.message, query).toMatch(/limit|before|q /);
      // a cursor this server did not hand out is refused by name; the rest by the schema
      if (query.startsWith('before=')) expect(body.code, query).toBe('invalid_cursor');
      else expect(Object.keys(body).sort(), query).toEqual(['code', 'issues', 'message']);
    }
  });
});
