import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import {
  ClusterCommentsReplySchema,
  CreditHistoryReplySchema,
  ReportReplySchema,
  RestoreSpamReplySchema,
  type ReportReply,
} from '@app/contracts';
import type { Container } from '../../../container';
import { describeEachDatabase } from '../../../test/databases';
import { createTestAnalysis, useAnalysisTestApp } from '../../../test/factories';
import { bearer, signUpTestUser } from '../../../test/test-app';

/** The invented sourdough video (test-fixtures/comments), served as this video id. */
const VIDEO = 'spamBread01';
/** A crypto "advisor" on WhatsApp, and a "sub for sub" line. */
const SCAM = 'invBread001-c008';
const SUB4SUB = 'invBread001-c104';

const tenths = (xs: number[]): number => xs.reduce((s, x) => s + Math.round(x * 10), 0);

describeEachDatabase('spam set aside, and restoring a comment', (t) => {
  let app: FastifyInstance;
  let container: Container;
  useAnalysisTestApp(
    t,
    {
      videos: { [VIDEO]: { fixture: 'invBread001' } },
    },
    (s) => ({ app, container } = s),
  );

  /** A new account with a finished analysis of the video. */
  async function analysed(): Promise<{ token: string; jobId: string }> {
    const { token } = await signUpTestUser(app);
    return { token, jobId: await createTestAnalysis(app, token, VIDEO, 60_000) };
  }

  const report = async (token: string): Promise<ReportReply> => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/report/${VIDEO}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return ReportReplySchema.parse(res.json());
  };
  const restore = (token: string, commentId: string, video = VIDEO) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/report/${video}/spam/${encodeURIComponent(commentId)}/restore`,
      headers: bearer(token),
    });

  /** Every figure of the report agrees with its clusters' sizes. */
  function consistent(r: ReportReply, clustered: number): void {
    const { clusters } = r.report;
    expect(clusters.reduce((n, c) => n + c.size, 0)).toBe(clustered);
    expect(tenths(clusters.map((c) => c.percentage))).toBe(1000);
    expect(tenths(clusters.map((c) => c.engagement_percentage))).toBe(1000);
    for (const c of clusters) {
      const s = c.sentiment.counts;
      expect(s.positive + s.neutral + s.negative, c.heading).toBe(c.size);
      expect(
        Object.values(c.intent_counts).reduce((n, x) => n + x, 0),
        c.heading,
      ).toBe(c.size);
    }
    // the questions to answer point at clusters of the report and never quote a set-aside comment
    const clusterIds = new Set(clusters.map((c) => c.cluster_id));
    const setAside = new Set((r.spam?.comments ?? []).map((c) => c.id));
    for (const q of r.questions ?? []) {
      expect(clusterIds.has(q.cluster_id), q.question).toBe(true);
      for (const e of q.examples) expect(setAside.has(e.id), e.text).toBe(false);
    }
  }

  it('sets spam aside: listed with its text, author and likes, in no cluster, share or summary', async () => {
    const { token, jobId } = await analysed();
    const r = await report(token);
    const spam = r.spam!;
    expect(spam.count).toBeGreaterThanOrEqual(8);
    expect(r.report.set_aside_comments).toBe(spam.count);
    expect(spam.comments).toHaveLength(spam.count);
    expect(spam.comments.find((c) => c.id === SCAM)).toMatchObject({
      author: 'lenariver986',
      like_count: 0,
      text: expect.stringContaining('whatsapp'),
    });
    // the creator's own replies are never set aside
    expect(spam.comments.filter((c) => c.author === 'CrumbTheory')).toEqual([]);
    consistent(r, r.total_comments - spam.count);
    const spamIds = new Set(spam.comments.map((c) => c.id));
    for (const c of r.report.clusters)
      for (const rep of c.representatives) expect(spamIds.has(rep.id)).toBe(false);
    const summary = JSON.stringify(r.executive_summary).toLowerCase();
    expect(summary).not.toMatch(/whatsapp|telegram|sub back|my channel/);
    const rows = await sql<{ spam: boolean; n: string | number }>`
      select spam, count(*) as n from analysis_comments
      where job_id = ${jobId} and cluster_id = -1 group by spam`.execute(container.db);
    expect(rows.rows.map((x) => [x.spam, Number(x.n)])).toEqual([[true, spam.count]]);
  });

  it('restores one comment into a cluster, keeps every figure consistent, and charges nothing', async () => {
    const { token, jobId } = await analysed();
    const before = await report(token);
    const history = async () =>
      CreditHistoryReplySchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: '/api/v1/billing/history',
            headers: bearer(token),
          })
        ).json(),
      );
    const ledger = await history();
    const balance = async () =>
      (await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })).json<{
        credits_balance: number;
      }>().credits_balance;
    const credits = await balance();

    const res = await restore(token, SUB4SUB);
    expect(res.statusCode, res.body).toBe(200);
    const reply = RestoreSpamReplySchema.parse(res.json());
    const after = await report(token);
    const joined = after.report.clusters.find((c) => c.cluster_id === reply.cluster_id)!;
    expect(reply.heading).toBe(joined.heading);
    const was = before.report.clusters.find((c) => c.cluster_id === reply.cluster_id)!;
    expect(joined.size).toBe(was.size + 1);
    expect(after.spam!.count).toBe(before.spam!.count - 1);
    expect(after.report.set_aside_comments).toBe(before.spam!.count - 1);
    expect(after.spam!.comments.map((c) => c.id)).not.toContain(SUB4SUB);
    consistent(after, after.total_comments - after.spam!.count);
    expect(after.report.sentiment.counts).not.toEqual(undefined);

    // the comment is in its cluster's comments now
    const listed = await app.inject({
      method: 'GET',
      url: `/api/v1/cluster/comments?video_id=${VIDEO}&cluster_id=${reply.cluster_id}&limit=100`,
      headers: bearer(token),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const comments = ClusterCommentsReplySchema.parse(listed.json()).comments;
    expect(comments.map((c) => c.id)).toContain(SUB4SUB);
    const row = await sql<{ cluster: number; restored: Date | null }>`
      select cluster_id as cluster, spam_restored_at as restored from analysis_comments
      where job_id = ${jobId} and comment_id = ${SUB4SUB}`.execute(container.db);
    expect(row.rows[0]!.cluster).toBe(reply.cluster_id);
    expect(row.rows[0]!.restored).not.toBeNull();

    // no credit moved
    expect(await balance()).toBe(credits);
    expect((await history()).entries).toEqual(ledger.entries);

    // once restored, it is no longer set aside
    const again = await restore(token, SUB4SUB);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'spam_comment_not_found' });
    // a retag afterwards keeps it in its cluster and the set-aside comments out
    const retag = await app.inject({
      method: 'POST',
      url: `/api/v1/retag/${VIDEO}`,
      headers: bearer(token),
      payload: { context: '' },
    });
    expect(retag.statusCode, retag.body).toBe(200);
    const retagged = await report(token);
    consistent(retagged, retagged.total_comments - retagged.spam!.count);
    expect(retagged.report.clusters.find((c) => c.cluster_id === reply.cluster_id)!.size).toBe(
      joined.size,
    );
  });

  it('answers 404 to another account, for a comment in a cluster and an unknown id, and changes nothing', async () => {
    const owner = await analysed();
    const before = await report(owner.token);
    const intruder = await signUpTestUser(app);
    const stolen = await restore(intruder.token, SCAM);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'analysis_not_found' });
    const clustered = before.report.clusters[0]!.representatives[0]!.id;
    for (const id of [clustered, 'no-such-comment']) {
      const res = await restore(owner.token, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ code: 'spam_comment_not_found' });
    }
    const tooLong = await restore(owner.token, 'x'.repeat(300));
    expect(tooLong.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooLong.statusCode).toBeLessThan(500);
    expect(tooLong.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    expect(await report(owner.token)).toEqual(before);
  });

  it('answers 410 once the comments were deleted after the retention period, keeping the count', async () => {
    const { token, jobId } = await analysed();
    const before = await report(token);
    await sql`update analysis_jobs set comments_expired_at = now() where id = ${jobId}`.execute(
      container.db,
    );
    const res = await restore(token, SCAM);
    expect(res.statusCode).toBe(410);
    const after = await report(token);
    expect(after.spam).toEqual({ count: before.spam!.count, comments: [] });
  });
});
