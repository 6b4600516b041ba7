import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeGoogleIdTokenVerifier } from '../../../providers/google/fake-google-id-token-verifier';
import { describeEachDatabase } from '../../../test/databases';
import { buildTestApp } from '../../../test/test-app';

describeEachDatabase('provider sign-in under contention', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildTestApp({
      database: t.database,
      overrides: { googleVerifier: new FakeGoogleIdTokenVerifier() },
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  // One new person's sign-in sent eight times at once, for 25 people: the first makes the account;
  // the others find it, by identity or by e-mail. With the user row locked FOR UPDATE on the
  // e-mail path, one holding it and waiting for the identity row another was updating, while that
  // one waited on the user row to insert its session, PostgreSQL broke the deadlock with a 500.
  it('answers every concurrent first sign-in of one person with 200', async () => {
    const codes: number[] = [];
    for (let round = 0; round < 25; round++) {
      const claims = { sub: `race-${randomUUID()}`, email: `race-${randomUUID()}@gmail.com` };
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          app.inject({
            method: 'POST',
            url: '/api/v1/auth/google',
            payload: { id_token: FakeGoogleIdTokenVerifier.token(claims) },
            remoteAddress: `10.9.${round}.${i}`,
          }),
        ),
      );
      codes.push(...replies.map((r) => r.statusCode));
    }
    expect(codes.filter((c) => c !== 200)).toEqual([]);
  }, 120_000);
});
