import type { FastifyInstance, InjectOptions } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WorkspaceSchema } from '@app/contracts';
import { buildServer } from '../../build-server';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, createTestContainer, signUpTestUser } from '../../../test/test-app';

type Call = InjectOptions & { url: string };

interface LogLine {
  level: number;
  msg: string;
  code?: string;
  err?: unknown;
}

/**
 * A server with no Google, Facebook or Instagram settings (the embedded default): their calls
 * answer 503 "not configured", an expected state of such a server, logged once per provider at
 * info and never as an error; and another account's workspace is a 404 before any of that.
 */
describeEachDatabase('features this server is not configured for', (t) => {
  let app: FastifyInstance;
  const logs: LogLine[] = [];

  beforeAll(async () => {
    const container = createTestContainer({ database: t.database });
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => logs.push(JSON.parse(line)) },
    );
    app = await buildServer({ ...container, logger });
  });
  afterAll(async () => {
    await app.close();
  });

  const workspaceOf = async (token: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers: bearer(token),
      payload: { name: 'Travel' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return WorkspaceSchema.parse(res.json()).id;
  };

  const instagramCalls = (id: number): Call[] => [
    { method: 'GET', url: `/api/v1/workspaces/${id}/instagram/oauth/callback?code=abc` },
    {
      method: 'POST',
      url: `/api/v1/workspaces/${id}/instagram/connect`,
      payload: { user_access_token: 'EAAB-a-facebook-user-token' },
    },
    { method: 'POST', url: `/api/v1/instagram/analyze?workspace_id=${id}&media_id=17900000001` },
  ];

  it('answers 503 and logs each provider once, at info, with no error or stack trace', async () => {
    const { token } = await signUpTestUser(app);
    const id = await workspaceOf(token);
    logs.length = 0;
    const calls: Call[] = [
      { method: 'POST', url: '/api/v1/auth/google', payload: { id_token: 'a.google.token' } },
      { method: 'POST', url: '/api/v1/auth/facebook', payload: { access_token: 'EAAB-token' } },
      { method: 'POST', url: '/api/v1/meta/data-deletion', payload: { signed_request: 'a.b' } },
      ...instagramCalls(id).map((call) => ({ ...call, headers: bearer(token) })),
    ];
    const codes = new Set<string>();
    for (let round = 0; round < 3; round += 1) {
      for (const call of calls) {
        const res = await app.inject(call);
        expect(res.statusCode, `${call.url}: ${res.body}`).toBe(503);
        const { code } = res.json<{ code: string }>();
        expect(code).toMatch(/^(google|facebook|instagram)_not_configured$/);
        codes.add(code);
      }
    }
    expect([...codes].sort()).toEqual([
      'facebook_not_configured',
      'google_not_configured',
      'instagram_not_configured',
    ]);
    expect(logs.filter((l) => l.level >= 40)).toEqual([]);
    const said = logs.filter((l) => l.code?.endsWith('_not_configured'));
    expect(said.every((l) => l.level === 30 && l.err === undefined)).toBe(true);
    // once per provider and state (Instagram Login and its Facebook route are two), not per request
    const distinct = new Set(said.map((l) => `${l.code} ${l.msg}`));
    expect(said).toHaveLength(distinct.size);
    expect(said.length).toBeGreaterThanOrEqual(3);
    expect(said.length).toBeLessThanOrEqual(5);
  });

  it("answers 404 for another account's workspace on the Instagram routes, before saying Instagram is off", async () => {
    const owner = await signUpTestUser(app);
    const other = await signUpTestUser(app);
    const id = await workspaceOf(owner.token);
    for (const call of instagramCalls(id)) {
      const res = await app.inject({ ...call, headers: bearer(other.token) });
      expect(res.statusCode, `${call.url}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'workspace_not_found' });
    }
  });
});
