import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase, postgresForSuite } from '../../test/databases';
import { bearer, buildTestApp, signUpTestUser, type TestApp } from '../../test/test-app';
import { makeCommentsDir } from './analysis.test-support';

const up = await postgresForSuite();

const VIDEO = 'vidRace0001'; // 40 comments: each analysis reserves 1 credit

/** Real concurrency needs a connection pool: this runs on the PostgreSQL server. */
describe.skipIf(!up)('concurrent analyze requests [postgres]', () => {
  let database: Database;
  let test: TestApp;
  let dir: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    dir = makeCommentsDir({ [VIDEO]: { comments: 40 } });
    test = await buildTestApp({ database, env: { COMMENTS_DIR: dir } });
  });
  afterAll(async () => {
    await test.app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts exactly 10 of 50 simultaneous requests from an account with 10 credits', async () => {
    const { token, email } = await signUpTestUser(test.app);
    const { repos } = test.container;
    const user = (await repos.users.findByEmail(email))!;
    await repos.ledger.append({
      userId: user.id,
      delta: 7,
      kind: 'adjustment',
      idempotencyKey: `test:${user.id}:topup`,
    });
    expect(await repos.ledger.getBalance(user.id)).toBe(10);

    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        test.app.inject({
          method: 'POST',
          url: `/api/v1/analyze?video_id=${VIDEO}`,
          headers: bearer(token),
        }),
      ),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 402)).toHaveLength(40);
    for (const r of replies.filter((x) => x.statusCode === 402)) {
      expect(r.json()).toMatchObject({ code: 'insufficient_credits' });
      expect(r.json<{ message: string }>().message).toMatch(/Buy Credits/);
    }
    expect(await repos.ledger.getBalance(user.id)).toBe(0);
    const jobs = await repos.analysisJobs.listForUser(user.id);
    expect(jobs).toHaveLength(10);
    expect(new Set(jobs.map((j) => j.id))).toEqual(
      new Set(
        replies.filter((r) => r.statusCode === 200).map((r) => r.json<{ job_id: string }>().job_id),
      ),
    );
    expect(await repos.queueJobs.pendingCount('default')).toBe(10);
  });
});
