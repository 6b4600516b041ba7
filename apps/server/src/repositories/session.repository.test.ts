import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { createSessionRepository } from './session.repository';
import { createUserRepository } from './user.repository';

describeEachDatabase('user and session repositories', (t) => {
  it('creates a user once per e-mail and finds it by e-mail and id', async () => {
    const users = createUserRepository(t.db);
    const email = `u-${randomUUID()}@example.com`;
    const user = await users.create({ email, passwordHash: '$argon2id$fake' });
    expect(user).toMatchObject({ email, passwordHash: '$argon2id$fake' });
    expect(user!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await users.create({ email, passwordHash: 'other' })).toBeNull();
    expect(await users.findByEmail(email)).toEqual(user);
    expect(await users.findById(user!.id)).toEqual(user);
    expect(await users.findByEmail(`missing-${email}`)).toBeNull();
  });

  it('stores sessions by token hash and revokes them once', async () => {
    const user = await createUserRepository(t.db).create({
      email: `s-${randomUUID()}@example.com`,
      passwordHash: null,
    });
    const sessions = createSessionRepository(t.db);
    const createdAt = new Date('2026-01-01T00:00:00Z');
    const expiresAt = new Date('2026-01-31T00:00:00Z');
    const tokenHash = randomUUID();
    const id = await sessions.create({ userId: user!.id, tokenHash, createdAt, expiresAt });

    const found = await sessions.findByTokenHash(tokenHash);
    expect(found).toEqual({
      sessionId: id,
      userId: user!.id,
      email: user!.email,
      createdAt,
      expiresAt,
      revokedAt: null,
    });

    const first = new Date('2026-01-02T00:00:00Z');
    await sessions.revoke(id, first);
    await sessions.revoke(id, new Date('2026-01-03T00:00:00Z'));
    expect((await sessions.findByTokenHash(tokenHash))!.revokedAt).toEqual(first);
    expect(await sessions.findByTokenHash('no-such-hash')).toBeNull();
  });
});
