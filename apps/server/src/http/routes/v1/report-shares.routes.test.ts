import {
  CreateShareReplySchema,
  SharedReportReplySchema,
  type CreateShareReply,
} from '@app/contracts';
import { beforeAll, expect, it } from 'vitest';
import { SHARE_GONE_MESSAGE } from '../../../services/reports/report-shares';
import { describeEachDatabase } from '../../../test/databases';
import {
  createTestUser,
  seedTestAnalysis,
  useAnalysisTestApp,
  type TestUser,
} from '../../../test/factories';
import { bearer } from '../../../test/test-app';

const VIDEO = 'shareVid001';
const NOTE_MARKER = 'private-note-4c1d';
const COMMENT_MARKER = 'commenter-words-2e8f';

describeEachDatabase('shared report links over HTTP', (t) => {
  const s = useAnalysisTestApp(t, { worker: false });
  let owner: TestUser;
  let intruder: TestUser;
  let jobId: string;

  beforeAll(async () => {
    owner = await createTestUser(s);
    intruder = await createTestUser(s);
    const { userId } = owner;
    jobId = await seedTestAnalysis(s.container, {
      userId,
      videoId: VIDEO,
      title: 'Shared video',
      clusters: [
        { cluster_id: 0, heading: 'Kind words', tags: ['thanks'], category: 'Praise' },
        { cluster_id: 1, heading: 'Audio too quiet', tags: ['audio'], category: 'Criticism' },
      ],
      comments: [
        { clusterId: 0, text: 'Thanks', likes: 3 },
        { clusterId: 0, text: 'Great', likes: 1 },
        { clusterId: 1, text: 'Quiet', likes: 0 },
      ],
      representatives: [
        { id: 'c1', text: COMMENT_MARKER, author: 'Someone', like_count: 3, published_at: null },
      ],
    });
    const notes = await s.app.inject({
      method: 'POST',
      url: '/api/v1/notes',
      headers: bearer(owner.token),
      payload: { video_id: VIDEO, notes: `<p>${NOTE_MARKER}</p>` },
    });
    expect(notes.statusCode, notes.body).toBe(200);
  });

  const create = (payload: unknown = {}, token = owner.token, video = VIDEO) =>
    s.app.inject({
      method: 'POST',
      url: `/api/v1/report/${video}/shares`,
      headers: bearer(token),
      payload: payload as object,
    });
  const list = (token = owner.token) =>
    s.app.inject({ method: 'GET', url: `/api/v1/report/${VIDEO}/shares`, headers: bearer(token) });
  const open = (token: string) => s.app.inject({ method: 'GET', url: `/api/v1/shared/${token}` });
  const revoke = (id: string, token = owner.token) =>
    s.app.inject({ method: 'DELETE', url: `/api/v1/shares/${id}`, headers: bearer(token) });

  async function newShare(payload: unknown = {}): Promise<CreateShareReply> {
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(201);
    return CreateShareReplySchema.parse(res.json());
  }

  it('creates a link with a long random token, stores only its hash, and lists it', async () => {
    const share = await newShare();
    expect(share.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(share.path).toBe(`/share/${share.token}`);
    expect(share.expires_at).toBeNull();
    expect(share.expired).toBe(false);
    const row = await t.db
      .selectFrom('reportShares')
      .selectAll()
      .where('id', '=', share.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(share.token);
    expect(row.jobId).toBe(jobId);
    const again = await newShare();
    expect(again.token).not.toBe(share.token);

    const listed = await list();
    expect(listed.statusCode).toBe(200);
    const items = listed.json<{ id: string }[]>();
    expect(items.map((i) => i.id)).toEqual(expect.arrayContaining([share.id, again.id]));
    expect(listed.body).not.toContain(share.token);
  });

  it('opens signed out: the report, with no notes, account, credits, job id or comment text', async () => {
    const share = await newShare();
    const res = await open(share.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const shared = SharedReportReplySchema.parse(res.json());
    expect(shared.report.video_id).toBe(VIDEO);
    expect(shared.report.title).toBe('Shared video');
    expect(shared.report.report.clusters.map((c) => c.heading).sort()).toEqual([
      'Audio too quiet',
      'Kind words',
    ]);
    const owned = await s.app.inject({
      method: 'GET',
      url: `/api/v1/report/${VIDEO}`,
      headers: bearer(owner.token),
    });
    const full = owned.json<{ report: { clusters: { percentage: number }[] } }>();
    expect(shared.report.report.clusters.map((c) => c.percentage)).toEqual(
      full.report.clusters.map((c) => c.percentage),
    );
    for (const c of shared.report.report.clusters) expect(c.representatives).toEqual([]);
    const raw = res.body;
    for (const secret of [NOTE_MARKER, COMMENT_MARKER, owner.email, owner.token, jobId])
      expect(raw).not.toContain(secret);
    expect(Object.keys(res.json<object>()).sort()).toEqual(['expires_at', 'report']);
    expect(raw).not.toMatch(/credits|email|notes|chat/i);
  });

  it('revoking the link makes it a 404 with a plain message', async () => {
    const share = await newShare();
    expect((await open(share.token)).statusCode).toBe(200);
    const gone = await revoke(share.id);
    expect(gone.statusCode, gone.body).toBe(200);
    const res = await open(share.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SHARE_GONE_MESSAGE, code: 'share_not_found' });
    const left = (await list()).json<{ id: string }[]>().map((i) => i.id);
    expect(left).not.toContain(share.id);
    expect((await revoke(share.id)).statusCode).toBe(404);
  });

  it('an expired link is a 404; the owner sees it marked expired', async () => {
    const share = await newShare({ expires_in_days: 7 });
    const created = new Date(share.created_at).getTime();
    expect(new Date(share.expires_at!).getTime() - created).toBe(7 * 86_400_000);
    s.clock.advance({ days: 6 });
    expect((await open(share.token)).statusCode).toBe(200);
    s.clock.advance({ days: 1, minutes: 1 });
    const res = await open(share.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SHARE_GONE_MESSAGE, code: 'share_not_found' });
    const listed = (await list()).json<{ id: string; expired: boolean }[]>();
    expect(listed.find((i) => i.id === share.id)?.expired).toBe(true);
  });

  it("gives other accounts a 404 for the owner's links and report, and changes nothing", async () => {
    const share = await newShare();
    expect((await revoke(share.id, intruder.token)).statusCode).toBe(404);
    expect((await create({}, intruder.token)).statusCode).toBe(404);
    expect((await list(intruder.token)).statusCode).toBe(404);
    expect((await open(share.token)).statusCode).toBe(200);
  });

  it('refuses bad input with a 4xx and a message', async () => {
    for (const payload of [
      { expires_in_days: 0 },
      { expires_in_days: 366 },
      { expires_in_days: 1.5 },
      { expires_in_days: 'soon' },
    ]) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json<{ message: string }>().message).toBe('string');
    }
    expect((await create({}, owner.token, 'not a video')).statusCode).toBe(400);
    const badId = await revoke('42');
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ message: string }>().message).toMatch(/shared link/);
    for (const token of ['x', 'a'.repeat(43), '%FF', 'a'.repeat(300)]) {
      const res = await open(token);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json<{ message: string }>().message).toBe('string');
    }
    expect(
      (await s.app.inject({ method: 'GET', url: `/api/v1/report/${VIDEO}/shares` })).statusCode,
    ).toBe(401);
  });

  it('serves the shared page with no Referer and no caching, so the token in its address goes nowhere', async () => {
    const share = await newShare();
    const page = await s.app.inject({ method: 'GET', url: share.path });
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    const other = await s.app.inject({ method: 'GET', url: '/sharedthings' });
    expect(other.headers['referrer-policy']).not.toBe('no-referrer');
  });

  it('deleting the analyses removes their links', async () => {
    const share = await newShare();
    const cleared = await s.app.inject({
      method: 'DELETE',
      url: '/api/v1/analyses/clear',
      headers: bearer(owner.token),
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await open(share.token)).statusCode).toBe(404);
    expect(await t.db.selectFrom('reportShares').select('id').execute()).toEqual([]);
  });
});
