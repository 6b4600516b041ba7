import { rmSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AlertRuleSchema,
  AlertRulesReplySchema,
  JobStatusReplySchema,
  NotificationsReplySchema,
  ReportReplySchema,
  sharePercent,
  type AlertRule,
  type NotificationsReply,
} from '@app/contracts';
import type { ManualClock } from '../../../clock';
import type { Container } from '../../../container';
import { startWorker } from '../../../jobs/start-worker';
import { FakeTextEmbedder } from '../../../providers/embeddings/fake-text-embedder';
import { FakeMailer } from '../../../providers/mail/fake-mailer';
import { checkAlertsAfterAnalysis } from '../../../services/alerts/check-alerts';
import { analysisDepsFrom } from '../../../services/analysis/analysis-deps';
import { makeCommentsDir, waitFor } from '../../../services/analysis/analysis.test-support';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, buildTestApp, signUpTestUser } from '../../../test/test-app';

const VIDEOS = ['alrtVideo01', 'alrtVideo02', 'alrtVideo03', 'alrtVideo04'];
const PUBLIC_URL = 'https://chorus.example.com';

describeEachDatabase('alert rules and notifications', (t) => {
  let app: FastifyInstance;
  let container: Container;
  let clock: ManualClock;
  let mailer: FakeMailer;
  let commentsDir: string;
  let stopWorker: () => Promise<void>;
  let owner: { token: string; email: string };
  let intruder: { token: string };
  let workspaceId: number;
  let intruderWorkspaceId: number;

  const as = (token: string, options: InjectOptions) =>
    app.inject({ ...options, headers: bearer(token) });

  beforeAll(async () => {
    commentsDir = makeCommentsDir(
      Object.fromEntries(
        VIDEOS.map((id, i) => [
          id,
          { comments: 40, meta: { title: `Trip diary ${i + 1}`, comment_count: 40 } },
        ]),
      ),
    );
    mailer = new FakeMailer();
    const test = await buildTestApp({
      database: t.database,
      env: { COMMENTS_DIR: commentsDir, YOUTUBE_FALLBACK: 'none', PUBLIC_URL },
      overrides: { embedder: new FakeTextEmbedder(), mailer },
    });
    ({ app, container, clock } = test);
    stopWorker = await startWorker(
      { ...analysisDepsFrom(container), logger: container.logger },
      { concurrency: 1 },
    );
    owner = await signUpTestUser(app);
    intruder = await signUpTestUser(app);
    // the owner's address is confirmed (alert e-mails go only to a confirmed address)
    const user = await container.repos.users.findByEmail(owner.email);
    await container.repos.users.markEmailVerified(user!.id, clock.now());
    // enough credits for every analysis below
    await container.repos.ledger.append({
      userId: user!.id,
      delta: 20,
      kind: 'adjustment',
      idempotencyKey: `test:${user!.id}:credits`,
    });
    const created = await as(owner.token, {
      method: 'POST',
      url: '/api/v1/workspaces',
      payload: { name: 'Trips' },
    });
    workspaceId = created.json<{ id: number }>().id;
    const other = await as(intruder.token, {
      method: 'POST',
      url: '/api/v1/workspaces',
      payload: { name: 'Mine' },
    });
    intruderWorkspaceId = other.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await stopWorker?.();
    await app?.close();
    rmSync(commentsDir, { recursive: true, force: true });
  });

  async function addRule(body: Record<string, unknown>, token = owner.token, ws = workspaceId) {
    const res = await as(token, {
      method: 'POST',
      url: `/api/v1/workspaces/${ws}/alerts`,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return AlertRuleSchema.parse(res.json());
  }

  async function notifications(token = owner.token): Promise<NotificationsReply> {
    const res = await as(token, { method: 'GET', url: '/api/v1/notifications' });
    expect(res.statusCode, res.body).toBe(200);
    return NotificationsReplySchema.parse(res.json());
  }

  /** Analyses the video from the workspace (a batch of one) and waits for it to complete. */
  async function analyse(videoId: string): Promise<string> {
    const res = await as(owner.token, {
      method: 'POST',
      url: '/api/v1/analyses/batch',
      payload: { video_ids: [videoId], workspace_id: workspaceId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json<{ jobs: { job_id: string | null; error: string | null }[] }>().jobs[0]!;
    expect(jobId.error).toBeNull();
    await waitFor(async () => {
      const s = await as(owner.token, { method: 'GET', url: `/api/v1/status/${jobId.job_id}` });
      const status = JobStatusReplySchema.parse(s.json());
      if (status.status === 'failed') throw new Error(status.error ?? 'failed');
      return status.status === 'complete' ? true : undefined;
    }, 120_000);
    return jobId.job_id!;
  }

  /** Waits until the rule has `count` notifications (the check runs just after completion). */
  async function waitForNotifications(ruleMessagePart: string, count: number) {
    return waitFor(async () => {
      const items = (await notifications()).items.filter((n) =>
        n.message.includes(ruleMessagePart),
      );
      return items.length >= count ? items : undefined;
    });
  }

  describe('rules', () => {
    it('creates, lists, switches off and on, changes and deletes a rule', async () => {
      const rule = await addRule({ metric: 'negative_share', threshold: 35.5 });
      expect(rule).toMatchObject({
        workspace_id: workspaceId,
        metric: 'negative_share',
        threshold: 35.5,
        enabled: true,
        last_fired_at: null,
      });
      const list = await as(owner.token, {
        method: 'GET',
        url: `/api/v1/workspaces/${workspaceId}/alerts`,
      });
      expect(AlertRulesReplySchema.parse(list.json()).map((r) => r.id)).toContain(rule.id);

      const off = await as(owner.token, {
        method: 'PATCH',
        url: `/api/v1/workspaces/${workspaceId}/alerts/${rule.id}`,
        payload: { enabled: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json<AlertRule>()).toMatchObject({ enabled: false, threshold: 35.5 });
      const changed = await as(owner.token, {
        method: 'PATCH',
        url: `/api/v1/workspaces/${workspaceId}/alerts/${rule.id}`,
        payload: { enabled: true, threshold: 50 },
      });
      expect(changed.json<AlertRule>()).toMatchObject({ enabled: true, threshold: 50 });

      const gone = await as(owner.token, {
        method: 'DELETE',
        url: `/api/v1/workspaces/${workspaceId}/alerts/${rule.id}`,
      });
      expect(gone.statusCode, gone.body).toBe(200);
      const again = await as(owner.token, {
        method: 'DELETE',
        url: `/api/v1/workspaces/${workspaceId}/alerts/${rule.id}`,
      });
      expect(again.statusCode).toBe(404);
      const after = await as(owner.token, {
        method: 'GET',
        url: `/api/v1/workspaces/${workspaceId}/alerts`,
      });
      expect(AlertRulesReplySchema.parse(after.json()).map((r) => r.id)).not.toContain(rule.id);
    });

    it.each([
      [{ metric: 'likes', threshold: 5 }, 'Choose what to watch'],
      [{ metric: 'criticism_share', threshold: 0 }, 'percent above 0'],
      [{ metric: 'negative_share', threshold: 100.5 }, 'percent above 0'],
      [{ metric: 'negative_share', threshold: '30' }, 'threshold is a number'],
      [{ metric: 'question_count', threshold: 2.5 }, 'whole number from 1'],
      [{ metric: 'question_count', threshold: 0 }, 'whole number from 1'],
      [{ metric: 'question_count' }, 'threshold is a number'],
      [{ metric: 'question_count', threshold: 3, enabled: 'yes' }, 'enabled is true or false'],
    ])('refuses %j with a readable 400', async (body, words) => {
      const res = await as(owner.token, {
        method: 'POST',
        url: `/api/v1/workspaces/${workspaceId}/alerts`,
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string; code: string }>().message).toContain(words);
      expect(res.json<{ code: string }>().code).toBe('invalid_request');
    });

    it('refuses a threshold that does not fit the rule, an empty change and a malformed id', async () => {
      const rule = await addRule({ metric: 'criticism_share', threshold: 20 });
      const url = `/api/v1/workspaces/${workspaceId}/alerts/${rule.id}`;
      const tooBig = await as(owner.token, { method: 'PATCH', url, payload: { threshold: 150 } });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json<{ message: string }>().message).toContain('at most 100');
      const empty = await as(owner.token, { method: 'PATCH', url, payload: {} });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<{ message: string }>().message).toContain('Send enabled');
      const malformed = await as(owner.token, {
        method: 'DELETE',
        url: `/api/v1/workspaces/${workspaceId}/alerts/not-a-rule`,
      });
      expect(malformed.statusCode).toBe(400);
      await as(owner.token, { method: 'DELETE', url });
    });

    it("answers 404 for another account's workspace and rule, and changes nothing", async () => {
      const rule = await addRule({ metric: 'question_count', threshold: 7 });
      const theirs = `/api/v1/workspaces/${workspaceId}/alerts`;
      for (const options of [
        { method: 'GET', url: theirs },
        { method: 'POST', url: theirs, payload: { metric: 'question_count', threshold: 1 } },
        { method: 'PATCH', url: `${theirs}/${rule.id}`, payload: { enabled: false } },
        { method: 'DELETE', url: `${theirs}/${rule.id}` },
        // the owner's rule through the intruder's own workspace
        {
          method: 'PATCH',
          url: `/api/v1/workspaces/${intruderWorkspaceId}/alerts/${rule.id}`,
          payload: { enabled: false },
        },
        { method: 'DELETE', url: `/api/v1/workspaces/${intruderWorkspaceId}/alerts/${rule.id}` },
      ] as const) {
        const res = await as(intruder.token, options);
        expect(res.statusCode, `${options.method} ${options.url}`).toBe(404);
        expect(res.json<{ code: string }>().code).toMatch(/not_found$/);
      }
      const list = await as(owner.token, { method: 'GET', url: theirs });
      const kept = AlertRulesReplySchema.parse(list.json()).find((r) => r.id === rule.id);
      expect(kept).toMatchObject({ enabled: true, threshold: 7 });
      expect(AlertRulesReplySchema.parse(list.json()).every((r) => r.threshold !== 1)).toBe(true);
      await as(owner.token, { method: 'DELETE', url: `${theirs}/${rule.id}` });
    });
  });

  describe('firing', () => {
    it('fires once on a finished analysis, not again within 6 hours, and again after', async () => {
      const rule = await addRule({ metric: 'question_count', threshold: 1 });
      // a rule the analysis stays under, and one switched off: neither fires
      await addRule({ metric: 'question_count', threshold: 100_000 });
      const off = await addRule({ metric: 'question_count', threshold: 1, enabled: false });
      const mailsBefore = mailer.sent.length;

      const first = await analyse(VIDEOS[0]!);
      const [n] = await waitForNotifications('(your alert: 1)', 1);
      // the value is the report's: its stored questions
      const report = ReportReplySchema.parse(
        (await as(owner.token, { method: 'GET', url: `/api/v1/report/${VIDEOS[0]}` })).json(),
      );
      expect(report.questions!.length).toBeGreaterThanOrEqual(1);
      expect(n).toMatchObject({
        metric: 'question_count',
        threshold: 1,
        value: report.questions!.length,
        video_id: VIDEOS[0],
        job_id: first,
        workspace_id: workspaceId,
        read_at: null,
      });
      expect(n!.message).toBe(
        `Questions to answer reached ${report.questions!.length} (your alert: 1) on “Trip diary 1” in Trips.`,
      );
      const listed = await notifications();
      expect(listed.unread_count).toBe(1);
      expect(listed.items).toHaveLength(1);

      // one e-mail, to the confirmed address, with the link to that report
      const mails = await mailer.waitForCount(mailsBefore + 1);
      const mail = mails.at(-1)!;
      expect(mail.to).toBe(owner.email);
      expect(mail.subject).toBe(`Chorus alert: questions to answer at ${report.questions!.length}`);
      expect(mail.text).toContain(n!.message);
      expect(mail.text).toContain(`${PUBLIC_URL}/report/${VIDEOS[0]}?job=${first}`);

      // within 6 hours: the rule stays quiet (a rule added now fires, so the check has run)
      clock.advance({ hours: 5, minutes: 59 });
      const sentinel = await addRule({ metric: 'question_count', threshold: 1 });
      await analyse(VIDEOS[1]!);
      await waitFor(async () => {
        const rules = AlertRulesReplySchema.parse(
          (
            await as(owner.token, {
              method: 'GET',
              url: `/api/v1/workspaces/${workspaceId}/alerts`,
            })
          ).json(),
        );
        return rules.find((r) => r.id === sentinel.id)?.last_fired_at ? true : undefined;
      });
      const rules = AlertRulesReplySchema.parse(
        (
          await as(owner.token, { method: 'GET', url: `/api/v1/workspaces/${workspaceId}/alerts` })
        ).json(),
      );
      const fired = (id: string) => rules.find((r) => r.id === id)!.last_fired_at;
      expect(fired(rule.id)).toBe(n!.created_at);
      expect(fired(off.id)).toBeNull();
      expect((await notifications()).items.filter((x) => x.job_id === first)).toHaveLength(1);
      expect((await notifications()).unread_count).toBe(2); // the first and the sentinel's

      // 6 hours after the first firing: it fires again
      clock.advance({ minutes: 1 });
      await as(owner.token, {
        method: 'DELETE',
        url: `/api/v1/workspaces/${workspaceId}/alerts/${sentinel.id}`,
      });
      const third = await analyse(VIDEOS[2]!);
      await waitFor(async () =>
        (await notifications()).items.some((x) => x.job_id === third) ? true : undefined,
      );
      const all = (await notifications()).items;
      expect(all.filter((x) => x.metric === 'question_count' && x.job_id === third)).toHaveLength(
        1,
      );
      expect(all.map((x) => x.job_id)[0]).toBe(third); // newest first
      for (const r of [rule, off]) {
        await as(owner.token, {
          method: 'DELETE',
          url: `/api/v1/workspaces/${workspaceId}/alerts/${r.id}`,
        });
      }
    });

    it('fires from the report figures: negative share as the report shows it', async () => {
      const jobs = await as(owner.token, { method: 'GET', url: '/api/v1/analyses' });
      const done = jobs.json<{ job_id: string; video_id: string }[]>();
      const job = done.find((j) => j.video_id === VIDEOS[0])!;
      const report = ReportReplySchema.parse(
        (
          await as(owner.token, {
            method: 'GET',
            url: `/api/v1/report/${VIDEOS[0]}?job=${job.job_id}`,
          })
        ).json(),
      );
      const c = report.report.sentiment.counts;
      const negative = sharePercent(c.negative, c.positive + c.neutral + c.negative);
      // at the report's value fires, just above it does not
      const above = await addRule({
        metric: 'negative_share',
        threshold: Math.min(100, negative + 0.5),
      });
      const at =
        negative > 0 ? await addRule({ metric: 'negative_share', threshold: negative }) : null;
      const made = await checkAlertsAfterAnalysis(
        { ...container, logger: container.logger, publicUrl: PUBLIC_URL },
        job.job_id,
      );
      expect(made.map((m) => m.ruleId)).toEqual(at ? [at.id] : []);
      if (at) expect(made[0]!.value).toBe(negative);
      for (const r of [above, at]) {
        if (r)
          await as(owner.token, {
            method: 'DELETE',
            url: `/api/v1/workspaces/${workspaceId}/alerts/${r.id}`,
          });
      }
    });

    it('two analyses finishing at once fire a rule once', async () => {
      const rule = await addRule({ metric: 'question_count', threshold: 1 });
      const done = (await as(owner.token, { method: 'GET', url: '/api/v1/analyses' })).json<
        { job_id: string; status: string }[]
      >();
      const [a, b] = done.filter((j) => j.status === 'complete');
      const deps = { ...container, logger: container.logger };
      const results = await Promise.all([
        checkAlertsAfterAnalysis(deps, a!.job_id),
        checkAlertsAfterAnalysis(deps, b!.job_id),
        checkAlertsAfterAnalysis(deps, a!.job_id),
      ]);
      expect(results.flat().filter((n) => n.ruleId === rule.id)).toHaveLength(1);
      const rows = await container.db
        .selectFrom('notifications')
        .select('id')
        .where('ruleId', '=', rule.id)
        .execute();
      expect(rows).toHaveLength(1);
      await as(owner.token, {
        method: 'DELETE',
        url: `/api/v1/workspaces/${workspaceId}/alerts/${rule.id}`,
      });
    });

    it('a failing alert check or e-mail never fails the analysis', async () => {
      const rule = await addRule({ metric: 'question_count', threshold: 1 });
      clock.advance({ hours: 7 });
      const spy = vi
        .spyOn(container.repos.alerts, 'listEnabledRulesFor')
        .mockRejectedValueOnce(new Error('database blip'));
      mailer.failing = true;
      try {
        const job = await analyse(VIDEOS[3]!);
        await waitFor(() => (spy.mock.calls.length > 0 ? true : undefined));
        const status = await as(owner.token, { method: 'GET', url: `/api/v1/status/${job}` });
        expect(status.json<{ status: string }>().status).toBe('complete');
        // the next check fires the rule; the e-mail fails and the notification stays
        const made = await checkAlertsAfterAnalysis(
          { ...container, logger: container.logger },
          job,
        );
        expect(made.map((m) => m.ruleId)).toEqual([rule.id]);
      } finally {
        spy.mockRestore();
        mailer.failing = false;
      }
      await as(owner.token, {
        method: 'DELETE',
        url: `/api/v1/workspaces/${workspaceId}/alerts/${rule.id}`,
      });
    });
  });

  describe('notifications', () => {
    it("marks one read, then all; another account's notification is a 404", async () => {
      const before = await notifications();
      expect(before.unread_count).toBeGreaterThanOrEqual(2);
      const target = before.items[0]!;

      expect((await notifications(intruder.token)).items).toEqual([]);
      const stolen = await as(intruder.token, {
        method: 'POST',
        url: `/api/v1/notifications/${target.id}/read`,
      });
      expect(stolen.statusCode).toBe(404);
      expect((await notifications()).unread_count).toBe(before.unread_count);

      const read = await as(owner.token, {
        method: 'POST',
        url: `/api/v1/notifications/${target.id}/read`,
      });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json<{ read_at: string }>().read_at).toBe(clock.now().toISOString());
      expect((await notifications()).unread_count).toBe(before.unread_count - 1);

      const bad = await as(owner.token, { method: 'POST', url: '/api/v1/notifications/nope/read' });
      expect(bad.statusCode).toBe(400);

      const all = await as(owner.token, { method: 'POST', url: '/api/v1/notifications/read-all' });
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json()).toEqual({ unread_count: 0 });
      const after = await notifications();
      expect(after.unread_count).toBe(0);
      expect(after.items.every((n) => n.read_at !== null)).toBe(true);
    });

    it('account deletion removes the notifications and the rules', async () => {
      const user = await signUpTestUser(app);
      const ws = (
        await as(user.token, { method: 'POST', url: '/api/v1/workspaces', payload: { name: 'X' } })
      ).json<{ id: number }>().id;
      await addRule({ metric: 'question_count', threshold: 1 }, user.token, ws);
      const row = await container.repos.users.findByEmail(user.email);
      await container.repos.alerts.insertNotification({
        userId: row!.id,
        workspaceId: ws,
        ruleId: null,
        jobId: null,
        videoId: VIDEOS[0]!,
        metric: 'question_count',
        threshold: 1,
        value: 3,
        message: 'Questions to answer reached 3.',
        createdAt: clock.now(),
      });
      const del = await as(user.token, {
        method: 'DELETE',
        url: '/api/v1/auth/account',
        payload: { password: user.password },
      });
      expect(del.statusCode, del.body).toBe(200);
      const left = await container.db
        .selectFrom('notifications')
        .select('id')
        .where('userId', '=', row!.id)
        .execute();
      expect(left).toEqual([]);
      const rules = await container.db
        .selectFrom('alertRules')
        .select('id')
        .where('workspaceId', '=', ws)
        .execute();
      expect(rules).toEqual([]);
    });
  });
});
