import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeGoogleIdTokenVerifier } from '../../../providers/google/fake-google-id-token-verifier';
import { describeEachDatabase } from '../../../test/databases';
import { seedAnalysis, userIdByEmail } from '../../../test/deep-dive-fixtures';
import { bearer, buildTestApp, signUpTestUser } from '../../../test/test-app';

describeEachDatabase('account deletion', (t) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildTestApp({
      database: t.database,
      env: { LOGIN_MAX_FAILURES: '3' },
      overrides: { googleVerifier: new FakeGoogleIdTokenVerifier() },
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const remove = (token: string, payload: object, ip = '10.0.0.1') =>
    app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/account',
      headers: bearer(token),
      payload,
      remoteAddress: ip,
    });
  const me = (token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
  const googleSignIn = async (sub: string, email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/google',
      payload: { id_token: FakeGoogleIdTokenVerifier.token({ sub, email }) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string }>().token;
  };

  /** Every table of the current schema with a user_id column (migrations from any feature). */
  async function userTables(): Promise<string[]> {
    // (CamelCasePlugin renames result columns, so one-word aliases.)
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.columns
      where table_schema = current_schema() and column_name = 'user_id'
      order by table_name`.execute(t.db);
    return rows.map((r) => r.name);
  }

  /** Rows per user_id table that belong to the user. */
  async function rowCounts(userId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of await userTables()) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.table(table)} where user_id = ${userId}`.execute(t.db);
      counts[table] = Number(rows[0]!.n);
    }
    return counts;
  }

  /** Gives the user a row in every table this codebase knows to hold a user's data. */
  async function seedEverything(userId: string, email: string): Promise<void> {
    // A linked identity (stored directly: a Google sign-in into a password account removes its
    // password, see the social-auth tests, and this account must keep one).
    await t.db
      .insertInto('userIdentities')
      .values({
        userId,
        provider: 'google',
        subject: `google-${userId}`,
        email,
        lastSignInAt: new Date(),
      })
      .execute();
    const jobId = await seedAnalysis(t.db, {
      userId,
      videoId: 'dQw4w9WgXcQ',
      clusters: [{ cluster_id: 0, heading: 'Praise', tags: ['great'], category: 'Praise' }],
      comments: [{ clusterId: 0, text: 'Great video', likes: 2 }],
    });
    await t.db
      .insertInto('clusterAnalyses')
      .values({
        jobId,
        clusterId: 0,
        analysis: JSON.stringify({ summary: 'x' }),
        source: 'offline',
      })
      .execute();
    await t.db
      .insertInto('reportShares')
      .values({
        userId,
        jobId,
        videoId: 'dQw4w9WgXcQ',
        tokenHash: `share-${userId}`,
        createdAt: new Date(),
        expiresAt: null,
      })
      .execute();
    await t.db
      .insertInto('notes')
      .values({ userId, videoId: 'dQw4w9WgXcQ', html: '<p>mine</p>', updatedAt: new Date() })
      .execute();
    await t.db
      .insertInto('notifications')
      .values({
        userId,
        workspaceId: null,
        ruleId: null,
        jobId,
        videoId: 'dQw4w9WgXcQ',
        metric: 'question_count',
        threshold: 1,
        value: 2,
        message: 'Questions to answer reached 2.',
        createdAt: new Date(),
      })
      .execute();
    await t.db
      .insertInto('subscriptions')
      .values({
        userId,
        plan: 'pro',
        status: 'active',
        currentPeriodEnd: null,
        updatedAt: new Date(),
      })
      .execute();
  }

  it('every table with a user_id column reaches users through ON DELETE CASCADE', async () => {
    // A table added later without a cascade (or without a foreign key at all) fails here, before
    // it can keep a deleted user's data or make the deletion fail.
    const { rows: edges } = await sql<{ child: string; parent: string; cascade: boolean }>`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
             c.confdeltype = 'c' as cascade
      from pg_constraint c where c.contype = 'f'`.execute(t.db);
    const covered = (table: string, seen = new Set<string>()): boolean => {
      if (seen.has(table)) return false;
      seen.add(table);
      return edges.some(
        (e) => e.child === table && e.cascade && (e.parent === 'users' || covered(e.parent, seen)),
      );
    };
    const tables = await userTables();
    expect(tables).toEqual(
      expect.arrayContaining(['sessions', 'credit_ledger', 'user_identities']),
    );
    expect(tables.filter((table) => !covered(table))).toEqual([]);
  });

  it('deletes a password account and all its data after the password, and nobody else’s', async () => {
    const a = await signUpTestUser(app);
    const b = await signUpTestUser(app);
    const aId = await userIdByEmail(t.db, a.email);
    const bId = await userIdByEmail(t.db, b.email);
    await seedEverything(aId, a.email);
    await seedEverything(bId, b.email);

    // Without the password, or with a wrong one, nothing happens (403, not 401: still signed in).
    const missing = await remove(a.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'password_required',
      message: 'Enter your password to delete your account.',
    });
    const wrong = await remove(a.token, { password: 'not my password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password' });
    expect((await me(a.token)).statusCode).toBe(200);

    const before = await rowCounts(aId);
    const seeded = [
      'analysis_jobs',
      'analysis_reports',
      'credit_ledger',
      'notes',
      'notifications',
      'report_shares',
      'sessions',
      'subscriptions',
      'user_identities',
    ];
    for (const table of seeded) expect(before[table], table).toBeGreaterThan(0);
    const othersBefore = await rowCounts(bId);
    const commentsOf = (userId: string) =>
      t.db
        .selectFrom('analysisComments')
        .innerJoin('analysisJobs', 'analysisJobs.id', 'analysisComments.jobId')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('analysisJobs.userId', '=', userId)
        .executeTakeFirstOrThrow();
    expect(Number((await commentsOf(aId)).n)).toBe(1);
    const attemptsFor = async (email: string) =>
      (await t.db.selectFrom('loginAttempts').select('id').where('email', '=', email).execute())
        .length;
    expect(await attemptsFor(a.email)).toBe(1);

    const ok = await remove(a.token, { password: a.password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true });

    const after = await rowCounts(aId);
    expect(
      Object.values(after).every((n) => n === 0),
      JSON.stringify(after),
    ).toBe(true);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(await t.db.selectFrom('users').select('id').where('id', '=', aId).execute()).toEqual([]);
    const orphanAnalyses = await t.db
      .selectFrom('clusterAnalyses')
      .leftJoin('analysisJobs', 'analysisJobs.id', 'clusterAnalyses.jobId')
      .select('clusterAnalyses.jobId')
      .where('analysisJobs.id', 'is', null)
      .execute();
    expect(orphanAnalyses).toEqual([]);
    expect(await attemptsFor(a.email)).toBe(0);

    // The other user keeps everything.
    expect(await rowCounts(bId)).toEqual(othersBefore);
    expect((await me(b.token)).json()).toMatchObject({ credits_balance: 3 });

    // The deleted account's sessions and password are gone.
    expect((await me(a.token)).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: a.email, password: a.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('deletes a Google-only account after the typed phrase; signing in again starts afresh', async () => {
    const email = `only-google-${randomUUID()}@gmail.com`;
    const sub = `sub-${randomUUID()}`;
    const token = await googleSignIn(sub, email);
    expect((await me(token)).json()).toMatchObject({ has_password: false, providers: ['google'] });
    const userId = await userIdByEmail(t.db, email);

    const noPhrase = await remove(token, { password: 'anything' });
    expect(noPhrase.statusCode).toBe(400);
    expect(noPhrase.json()).toMatchObject({
      code: 'confirmation_required',
      message: 'Type "delete my account" to confirm that you want to delete your account.',
      issues: [{ path: 'confirmation' }],
    });
    expect((await remove(token, { confirmation: 'delete' })).statusCode).toBe(400);

    const ok = await remove(token, { confirmation: '  Delete My Account ' });
    expect(ok.statusCode).toBe(200);
    expect(Object.values(await rowCounts(userId)).every((n) => n === 0)).toBe(true);
    expect((await me(token)).statusCode).toBe(401);

    const again = await googleSignIn(sub, email);
    expect(await userIdByEmail(t.db, email)).not.toBe(userId);
    expect((await me(again)).json()).toMatchObject({ credits_balance: 3 });
  });

  it('needs a signed-in user, and rate-limits wrong passwords like sign-in', async () => {
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/v1/auth/account', payload: {} })).statusCode,
    ).toBe(401);
    const { token, password } = await signUpTestUser(app);
    const ip = '10.7.7.7';
    for (let i = 0; i < 3; i++) {
      expect((await remove(token, { password: `wrong-${i}-password` }, ip)).statusCode).toBe(403);
    }
    const blocked = await remove(token, { password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect((await me(token)).statusCode).toBe(200);
  });
});
