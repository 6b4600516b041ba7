import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AutoAnalysesReplySchema,
  BatchAnalyzeReplySchema,
  ChannelSearchReplySchema,
  WorkspaceSchema,
  type AutoAnalysesReply,
} from '@app/contracts';
import type { ManualClock } from '../../../clock';
import type { Container } from '../../../container';
import { startWorker } from '../../../jobs/start-worker';
import { FakeTextEmbedder } from '../../../providers/embeddings/fake-text-embedder';
import { analysisDepsFrom } from '../../../services/analysis/analysis-deps';
import {
  factoryCsv,
  makeCommentsDir,
  waitFor,
} from '../../../services/analysis/analysis.test-support';
import { runAutoAnalysisSweep } from '../../../services/workspaces/auto-analysis-sync';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, buildTestApp, signUpTestUser } from '../../../test/test-app';
import { createTestUser } from '../../../test/factories';

/**
 * Auto-analysis of new uploads, offline: a COMMENTS_DIR folder holds a channel's videos with their
 * publication dates; a file added later is a new upload that the next sync finds and analyses.
 */
describeEachDatabase('auto-analysis of new uploads', (t) => {
  let app: FastifyInstance;
  let container: Container;
  let clock: ManualClock;
  let dir: string;
  let stopWorker: () => Promise<void>;

  beforeAll(async () => {
    dir = makeCommentsDir({});
    const test = await buildTestApp({
      database: t.database,
      env: { COMMENTS_DIR: dir, YOUTUBE_FALLBACK: 'none', YOUTUBE_API_KEY: '' },
      overrides: { embedder: new FakeTextEmbedder(), languageModel: null },
    });
    app = test.app;
    container = test.container;
    clock = test.clock;
    clock.set(new Date('2026-11-10T12:00:00Z'));
    stopWorker = await startWorker(
      { ...analysisDepsFrom(container), logger: container.logger },
      { concurrency: 2 },
    );
  });
  afterAll(async () => {
    await stopWorker();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Puts a video of `channel` into the folder (a new upload once the directory reads it). */
  const upload = (id: string, channel: string, publishedAt: string, comments: number) => {
    writeFileSync(path.join(dir, `${id}.csv`), factoryCsv(comments));
    writeFileSync(
      path.join(dir, `${id}.meta.json`),
      JSON.stringify({
        title: `Video ${id}`,
        channel_title: channel,
        published_at: publishedAt,
        comment_count: comments,
      }),
    );
  };

  const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

  let catalogue = 0;
  /** A user with `credits` in all, and a workspace linked to `channel` (one old video at least). */
  const creator = async (channel: string, credits = 3) => {
    catalogue += 1;
    upload(`backCat${String(catalogue).padStart(4, '0')}`, channel, '2026-09-01T10:00:00Z', 40);
    const { token, email } = await signUpTestUser(app);
    const userId = (await container.repos.users.findByEmail(email))!.id;
    if (credits !== 3)
      await container.repos.ledger.append({
        userId,
        delta: credits - 3,
        kind: 'adjustment',
        idempotencyKey: `test:${userId}:credits`,
      });
    const w = WorkspaceSchema.parse(
      (await call(token, 'POST', '/workspaces', { name: channel })).json(),
    );
    const found = ChannelSearchReplySchema.parse(
      (
        await call(token, 'GET', `/youtube/search/channels?q=${encodeURIComponent(channel)}`)
      ).json(),
    );
    const linked = await call(token, 'POST', `/workspaces/${w.id}/link-channel`, {
      channel_id: found[0]!.channelId,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    return { token, userId, workspaceId: w.id };
  };

  const turnOn = async (token: string, workspaceId: number, cap: number | null = null) => {
    const res = await call(token, 'PATCH', `/workspaces/${workspaceId}`, {
      auto_analyze: true,
      monthly_credit_cap: cap,
    });
    expect(res.statusCode, res.body).toBe(200);
    return WorkspaceSchema.parse(res.json());
  };

  const sync = async (token: string, workspaceId: number) => {
    const res = await call(token, 'POST', `/workspaces/${workspaceId}/sync`);
    expect(res.statusCode, res.body).toBe(200);
  };

  const autoAnalyses = async (token: string, workspaceId: number): Promise<AutoAnalysesReply> => {
    const res = await call(token, 'GET', `/workspaces/${workspaceId}/auto-analyses`);
    expect(res.statusCode, res.body).toBe(200);
    return AutoAnalysesReplySchema.parse(res.json());
  };

  /** The user's analysis jobs of a video. */
  const jobsOf = async (userId: string, videoId: string) =>
    (await container.repos.analysisJobs.listForUser(userId)).filter((j) => j.videoId === videoId);

  /** Waits until every analysis of the user is finished; answers their jobs. */
  const settled = (userId: string) =>
    waitFor(async () => {
      const jobs = await container.repos.analysisJobs.listForUser(userId);
      return jobs.every((j) => j.status === 'complete' || j.status === 'failed') ? jobs : undefined;
    });

  /** The user's net credits moved for a job (hold + settlement + refund). */
  const spentOn = async (userId: string, jobId: string) =>
    -(await container.repos.ledger.listForUser(userId))
      .filter((l) => l.jobId === jobId)
      .reduce((sum, l) => sum + l.delta, 0);

  describe('PATCH /workspaces/{id}', () => {
    it('turns auto-analysis on with a cap, reflects it in the workspace, and refuses bad input with a message', async () => {
      const { token, workspaceId } = await creator('Patch Trails');
      const on = await turnOn(token, workspaceId, 12);
      expect(on).toMatchObject({
        auto_analyze: true,
        monthly_credit_cap: 12,
        auto_analyze_since: '2026-11-10T12:00:00.000Z',
      });
      const listed = WorkspaceSchema.array().parse(
        (await call(token, 'GET', '/workspaces')).json(),
      );
      expect(listed.find((w) => w.id === workspaceId)).toMatchObject({
        auto_analyze: true,
        monthly_credit_cap: 12,
      });

      // Turning it on again keeps the moment it was turned on; the name can change alone.
      clock.advance({ hours: 1 });
      const renamed = await call(token, 'PATCH', `/workspaces/${workspaceId}`, {
        name: 'Trails',
        auto_analyze: true,
      });
      expect(renamed.json()).toMatchObject({
        name: 'Trails',
        auto_analyze_since: '2026-11-10T12:00:00.000Z',
        monthly_credit_cap: 12,
      });
      const off = await call(token, 'PATCH', `/workspaces/${workspaceId}`, {
        auto_analyze: false,
        monthly_credit_cap: null,
      });
      expect(off.json()).toMatchObject({ auto_analyze: false, monthly_credit_cap: null });

      for (const [body, message] of [
        [{}, /Give a name, auto_analyze or monthly_credit_cap/],
        [{ monthly_credit_cap: 0 }, /at least 1 credit/],
        [{ monthly_credit_cap: -5 }, /at least 1 credit/],
        [{ monthly_credit_cap: 2.5 }, /whole number/],
        [{ monthly_credit_cap: '10' }, /whole number/],
        [{ monthly_credit_cap: 1_000_001 }, /at most/],
        [{ auto_analyze: 'yes' }, /auto_analyze is true or false/],
        [{ name: '   ' }, /Give the workspace a name/],
      ] as const) {
        const res = await call(token, 'PATCH', `/workspaces/${workspaceId}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json<{ message: string; code: string }>().message).toMatch(message);
        expect(res.json<{ code: string }>().code).toEqual(expect.any(String));
      }
    });

    it("answers 404 for another account's workspace and changes nothing", async () => {
      const owner = await creator('Private Trails');
      const { token: other } = await signUpTestUser(app);
      const res = await call(other, 'PATCH', `/workspaces/${owner.workspaceId}`, {
        auto_analyze: true,
        monthly_credit_cap: 5,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'workspace_not_found' });
      const list = await call(other, 'GET', `/workspaces/${owner.workspaceId}/auto-analyses`);
      expect(list.statusCode).toBe(404);
      expect((await autoAnalyses(owner.token, owner.workspaceId)).auto_analyze).toBe(false);
    });
  });

  it('analyses a new upload once, at the price of a manual run, and leaves the back catalogue alone', async () => {
    upload('oldTrail001', 'Canyon Walks', '2026-10-01T10:00:00Z', 120);
    upload('oldTrail002', 'Canyon Walks', '2026-11-01T10:00:00Z', 120);
    const { token, userId, workspaceId } = await creator('Canyon Walks', 20);
    await turnOn(token, workspaceId);
    await sync(token, workspaceId);
    expect(await container.repos.analysisJobs.listForUser(userId)).toEqual([]);

    // A newer file in the folder: the next sync finds it and analyses it.
    upload('newTrail001', 'Canyon Walks', '2026-11-12T09:00:00Z', 250);
    clock.set(new Date('2026-11-12T10:00:00Z'));
    await sync(token, workspaceId);
    await sync(token, workspaceId);
    const jobs = await settled(userId);
    expect(jobs.map((j) => [j.videoId, j.status, j.workspaceId])).toEqual([
      ['newTrail001', 'complete', workspaceId],
    ]);
    const auto = jobs[0]!;

    // The same video analysed by hand by another creator costs the same.
    const { token: manualToken, userId: manualUser } = await createTestUser(
      { app, container },
      { credits: 20 },
    );
    const batch = BatchAnalyzeReplySchema.parse(
      (await call(manualToken, 'POST', '/analyses/batch', { video_ids: ['newTrail001'] })).json(),
    );
    const [manual] = await settled(manualUser);
    expect(manual!.id).toBe(batch.jobs[0]!.job_id);
    expect(auto.chargedCredits).toBe(3);
    expect(auto.chargedCredits).toBe(manual!.chargedCredits);
    expect(await spentOn(userId, auto.id)).toBe(await spentOn(manualUser, manual!.id));
    expect(await container.repos.ledger.getBalance(userId)).toBe(17);

    // A later sync, and the scheduled sweep, do not analyse it again.
    await sync(token, workspaceId);
    await runAutoAnalysisSweep({ ...analysisDepsFrom(container), ...container });
    expect(await jobsOf(userId, 'newTrail001')).toHaveLength(1);

    const list = await autoAnalyses(token, workspaceId);
    expect(list).toMatchObject({ auto_analyze: true, month_spent: 3, monthly_credit_cap: null });
    expect(list.items.map((i) => [i.video_key, i.state, i.credits, i.job_id])).toEqual([
      ['newTrail001', 'analysed', 3, auto.id],
    ]);
    // the new video is added to the workspace
    const added = (
      await call(token, 'GET', `/workspaces/${workspaceId}/videos?added_only=true`)
    ).json();
    expect(added).toEqual(['newTrail001']);
  });

  it("holds back what the month's cap does not cover, and analyses it when the cap allows", async () => {
    upload('capOld00001', 'Cap Rivers', '2026-11-01T10:00:00Z', 50);
    const { token, userId, workspaceId } = await creator('Cap Rivers', 50);
    clock.set(new Date('2026-11-13T10:00:00Z'));
    await turnOn(token, workspaceId, 4);
    upload('capNew00001', 'Cap Rivers', '2026-11-13T11:00:00Z', 250); // 3 credits
    upload('capNew00002', 'Cap Rivers', '2026-11-13T12:00:00Z', 150); // 2 credits: past the cap
    upload('capNew00003', 'Cap Rivers', '2026-11-13T13:00:00Z', 80); // 1 credit: fits
    clock.set(new Date('2026-11-13T14:00:00Z'));
    await sync(token, workspaceId);
    await settled(userId);

    const list = await autoAnalyses(token, workspaceId);
    expect(list.month_spent).toBe(4);
    expect(
      Object.fromEntries(list.items.map((i) => [i.video_key, [i.state, i.reason, i.credits]])),
    ).toEqual({
      capNew00001: ['analysed', null, 3],
      capNew00002: ['held_back', 'cap', 0],
      capNew00003: ['analysed', null, 1],
    });
    expect(list.items.find((i) => i.video_key === 'capNew00002')!.message).toMatch(/cap/);
    expect(await container.repos.ledger.getBalance(userId)).toBe(46);

    // The next sync still holds it back; the next month's cap covers it.
    await sync(token, workspaceId);
    expect(await jobsOf(userId, 'capNew00002')).toHaveLength(0);
    clock.set(new Date('2026-12-01T00:30:00Z'));
    await sync(token, workspaceId);
    await settled(userId);
    const december = await autoAnalyses(token, workspaceId);
    expect(december.month_spent).toBe(2);
    expect(december.items.find((i) => i.video_key === 'capNew00002')).toMatchObject({
      state: 'analysed',
      reason: null,
      credits: 2,
    });
    expect(await container.repos.ledger.getBalance(userId)).toBe(44);
  });

  it('holds back what the balance does not cover, without a partial analysis', async () => {
    clock.set(new Date('2026-11-14T10:00:00Z'));
    const { token, userId, workspaceId } = await creator('Balance Peaks', 3);
    await turnOn(token, workspaceId);
    upload('balNew00001', 'Balance Peaks', '2026-11-14T11:00:00Z', 150); // 2 credits
    upload('balNew00002', 'Balance Peaks', '2026-11-14T12:00:00Z', 150); // 2 more: 1 left
    clock.set(new Date('2026-11-14T13:00:00Z'));
    await sync(token, workspaceId);
    await settled(userId);
    const list = await autoAnalyses(token, workspaceId);
    expect(
      Object.fromEntries(list.items.map((i) => [i.video_key, [i.state, i.reason, i.credits]])),
    ).toEqual({
      balNew00001: ['analysed', null, 2],
      balNew00002: ['held_back', 'balance', 0],
    });
    expect(await container.repos.ledger.getBalance(userId)).toBe(1);
    expect(await jobsOf(userId, 'balNew00002')).toHaveLength(0);

    // Credits bought: the next sync analyses it.
    await container.repos.ledger.append({
      userId,
      delta: 5,
      kind: 'adjustment',
      idempotencyKey: `test:${userId}:more`,
    });
    await sync(token, workspaceId);
    await settled(userId);
    expect((await autoAnalyses(token, workspaceId)).items.map((i) => i.state)).toEqual([
      'analysed',
      'analysed',
    ]);
    expect(await container.repos.ledger.getBalance(userId)).toBe(4);
  });

  it('starts each new video once under two concurrent syncs and the sweep, within the cap', async () => {
    clock.set(new Date('2026-11-15T10:00:00Z'));
    const { token, userId, workspaceId } = await creator('Twin Lakes', 40);
    await turnOn(token, workspaceId, 5);
    const ids = ['twinNew0001', 'twinNew0002', 'twinNew0003', 'twinNew0004'];
    ids.forEach((id, i) => upload(id, 'Twin Lakes', `2026-11-15T1${i + 1}:00:00Z`, 150)); // 2 each
    clock.set(new Date('2026-11-15T18:00:00Z'));
    await Promise.all([
      call(token, 'POST', `/workspaces/${workspaceId}/sync`),
      call(token, 'POST', `/workspaces/${workspaceId}/sync`),
      runAutoAnalysisSweep({ ...analysisDepsFrom(container), ...container }),
    ]);
    const jobs = await settled(userId);
    // a cap of 5 covers two analyses of 2 credits: the two oldest, each once
    expect(jobs.map((j) => j.videoId).sort()).toEqual(['twinNew0001', 'twinNew0002']);
    const list = await autoAnalyses(token, workspaceId);
    expect(list.month_spent).toBe(4);
    expect(list.items.filter((i) => i.state === 'held_back').map((i) => i.reason)).toEqual([
      'cap',
      'cap',
    ]);
    expect(await container.repos.ledger.getBalance(userId)).toBe(36);
  });

  it('skips a new video the creator analysed by hand, and does nothing while off', async () => {
    clock.set(new Date('2026-11-16T10:00:00Z'));
    const { token, userId, workspaceId } = await creator('Hand Picked', 20);
    await turnOn(token, workspaceId);
    upload('handNew0001', 'Hand Picked', '2026-11-16T11:00:00Z', 90);
    clock.set(new Date('2026-11-16T12:00:00Z'));
    await sync(token, workspaceId);
    await settled(userId);
    await call(token, 'POST', '/analyses/batch', { video_ids: ['handNew0001'] });
    // (the auto-analysis ran first here; the manual one is the creator's second)
    expect(await jobsOf(userId, 'handNew0001')).toHaveLength(2);

    upload('handNew0002', 'Hand Picked', '2026-11-16T13:00:00Z', 90);
    clock.set(new Date('2026-11-16T14:00:00Z'));
    await call(token, 'POST', '/analyses/batch', { video_ids: ['handNew0002'] });
    await settled(userId);
    await sync(token, workspaceId);
    expect(await jobsOf(userId, 'handNew0002')).toHaveLength(1);
    const items = (await autoAnalyses(token, workspaceId)).items;
    expect(items.find((i) => i.video_key === 'handNew0002')).toMatchObject({
      state: 'skipped',
      reason: 'already_analysed',
      credits: 0,
    });

    await call(token, 'PATCH', `/workspaces/${workspaceId}`, { auto_analyze: false });
    upload('handNew0003', 'Hand Picked', '2026-11-16T15:00:00Z', 90);
    clock.set(new Date('2026-11-16T16:00:00Z'));
    await sync(token, workspaceId);
    expect(await jobsOf(userId, 'handNew0003')).toHaveLength(0);
    // Turned on again: only what is published from now on is new.
    await turnOn(token, workspaceId);
    await sync(token, workspaceId);
    expect(await jobsOf(userId, 'handNew0003')).toHaveLength(0);
  });
});
