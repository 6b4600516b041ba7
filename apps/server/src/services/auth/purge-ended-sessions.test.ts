import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { startWorker } from '../../jobs/start-worker';
import { FakeTextEmbedder } from '../../providers/embeddings/fake-text-embedder';
import { createRepositories } from '../../repositories';
import { analysisDepsFrom } from '../analysis/analysis-deps';
import { waitFor } from '../analysis/analysis.test-support';
import { buildTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/databases';
import { hashSessionToken } from './session-token';
import { purgeEndedSessions } from './purge-ended-sessions';

const HOUR = 3_600_000;

describeEachDatabase('purgeEndedSessions', (t) => {
  it('deletes sessions that ended more than a day ago and keeps live and just-ended ones', async () => {
    const repos = createRepositories(t.db);
    const now = new Date('2026-11-28T12:00:00Z');
    const user = await repos.users.create({
      email: `purge-${randomUUID()}@example.com`,
      passwordHash: null,
    });
    const make = async (name: string, expiresAt: Date, revokedAt: Date | null = null) => {
      const tokenHash = hashSessionToken(`${name}-${randomUUID()}`);
      const id = await repos.sessions.create({
        userId: user!.id,
        tokenHash,
        createdAt: new Date(now.getTime() - 40 * 24 * HOUR),
        expiresAt,
      });
      if (revokedAt) await repos.sessions.revoke(id, revokedAt);
      return { name, tokenHash };
    };
    const later = new Date(now.getTime() + 10 * 24 * HOUR);
    const sessions = [
      await make('live', later),
      await make('expired 12 h ago', new Date(now.getTime() - 12 * HOUR)),
      await make('expired 2 days ago', new Date(now.getTime() - 48 * HOUR)),
      await make('revoked 1 h ago', later, new Date(now.getTime() - HOUR)),
      await make('revoked 3 days ago', later, new Date(now.getTime() - 72 * HOUR)),
    ];

    const result = await purgeEndedSessions({ repos, clock: { now: () => now } });
    expect(result.sessions).toBeGreaterThanOrEqual(2);
    const kept: string[] = [];
    for (const s of sessions)
      if (await repos.sessions.findByTokenHash(s.tokenHash)) kept.push(s.name);
    expect(kept).toEqual(['live', 'expired 12 h ago', 'revoked 1 h ago']);
  });
});

describeEachDatabase('the worker purges ended sessions', (t) => {
  it('among its chores at start', async () => {
    const { app, container } = await buildTestApp({
      database: t.database,
      overrides: { embedder: new FakeTextEmbedder(), languageModel: null },
    });
    const user = await container.repos.users.create({
      email: `worker-purge-${randomUUID()}@example.com`,
      passwordHash: null,
    });
    const tokenHash = hashSessionToken(randomUUID());
    const now = container.clock.now().getTime();
    await container.repos.sessions.create({
      userId: user!.id,
      tokenHash,
      createdAt: new Date(now - 40 * 24 * HOUR),
      expiresAt: new Date(now - 10 * 24 * HOUR),
    });
    const stop = await startWorker(
      { ...analysisDepsFrom(container), logger: container.logger },
      { concurrency: 1 },
    );
    try {
      await waitFor(async () =>
        (await container.repos.sessions.findByTokenHash(tokenHash)) === null ? true : undefined,
      );
    } finally {
      await stop();
      await app.close();
    }
  });
});
