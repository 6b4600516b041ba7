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

  it("revokes a user's open sessions beyond the newest few, and no one else's", async () => {
    const users = createUserRepository(t.db);
    const user = await users.create({ email: `c-${randomUUID()}@example.com`, passwordHash: null });
    const other = await users.create({
      email: `o-${randomUUID()}@example.com`,
      passwordHash: null,
    });
    const sessions = createSessionRepository(t.db);
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    const expiresAt = new Date('2026-01-31T00:00:00Z');
    const hashes: string[] = [];
    for (let minute = 0; minute < 6; minute++) {
      const tokenHash = randomUUID();
      hashes.push(tokenHash);
      await sessions.create({ userId: user!.id, tokenHash, createdAt: at(minute), expiresAt });
    }
    // one already revoked and one expired: neither counts as open, neither is touched
    await sessions.revoke((await sessions.findByTokenHash(hashes[5]!))!.sessionId, at(7));
    const expiredHash = randomUUID();
    await sessions.create({
      userId: user!.id,
      tokenHash: expiredHash,
      createdAt: at(8),
      expiresAt: at(9),
    });
    const otherHash = randomUUID();
    await sessions.create({ userId: other!.id, tokenHash: otherHash, createdAt: at(0), expiresAt });

    const now = at(10);
    expect(await sessions.revokeOpenBeyondNewest({ userId: user!.id, keep: 3, at: now })).toBe(2);
    const revokedAt = async (h: string) => (await sessions.findByTokenHash(h))!.revokedAt;
    expect(await revokedAt(hashes[0]!)).toEqual(now);
    expect(await revokedAt(hashes[1]!)).toEqual(now);
    for (const h of hashes.slice(2, 5)) expect(await revokedAt(h)).toBeNull();
    expect(await revokedAt(hashes[5]!)).toEqual(at(7));
    expect(await revokedAt(expiredHash)).toBeNull();
    expect(await revokedAt(otherHash)).toBeNull();
    expect(await sessions.revokeOpenBeyondNewest({ userId: user!.id, keep: 3, at: now })).toBe(0);
  });
});
