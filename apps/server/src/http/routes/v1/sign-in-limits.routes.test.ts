import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ManualClock } from '../../../clock';
import { describeEachDatabase } from '../../../test/databases';
import { buildTestApp } from '../../../test/test-app';

const PASSWORD = 'correct horse battery staple';

/** The known-device cookie a reply set, as `name=value` to send back, or null. */
function deviceCookie(res: LightMyRequestResponse): string | null {
  const header = res.headers['set-cookie'];
  const all = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const found = all.find((c) => c.startsWith('chorus_device='));
  return found ? found.split(';')[0]! : null;
}

describeEachDatabase('sign-in limits (defaults: 5 per address and e-mail, 20 per address)', (t) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  let n = 0;
  /** A fresh address for each use, so tests do not share the per-address count. */
  const address = () => `2001:db8::${(n++).toString(16)}`;

  beforeAll(async () => {
    ({ app, clock } = await buildTestApp({ database: t.database }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const login = (
    email: string,
    password: string,
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password },
      remoteAddress,
      headers,
    });

  /** A new account; its sign-up reply's device cookie is the browser's it was made in. */
  async function account(): Promise<{ email: string; cookie: string }> {
    const email = `owner-${randomUUID()}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email, password: PASSWORD },
      remoteAddress: address(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return { email, cookie: deviceCookie(res)! };
  }

  it('someone failing 20 times from a shared address does not keep out an owner on a known device', async () => {
    const office = address();
    const owner = await account();
    for (let i = 0; i < 20; i++) {
      const res = await login(`someone-${i}-${randomUUID()}@example.com`, 'guess-password', office);
      expect(res.statusCode).toBe(401);
    }
    // a stranger (no known device) from that address is held back: credential stuffing
    const stranger = await login(`new-${randomUUID()}@example.com`, 'guess-password', office);
    expect(stranger.statusCode).toBe(429);
    // the owner, on the browser they signed up in, gets in with the right password
    const res = await login(owner.email, PASSWORD, office, { cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('caps guesses at one account spread over many addresses, backing off instead of locking', async () => {
    const owner = await account();
    const checked: number[] = [];
    const refused: number[] = [];
    const start = clock.now().getTime();
    // one guess every 10 seconds for an hour, each from a new address
    for (let s = 0; s < 3600; s += 10) {
      const res = await login(owner.email, `guess-${s}-password`, address());
      if (res.statusCode === 401) checked.push(s);
      else {
        expect(res.statusCode).toBe(429);
        expect(res.json()).toMatchObject({ code: 'too_many_login_attempts' });
        refused.push(Number(res.headers['retry-after']));
      }
      clock.advance({ seconds: 10 });
    }
    // 10 free, then waits of 1, 2, 4, 8 and 16 minutes after each newest failure
    expect(checked).toHaveLength(15);
    expect(checked.slice(0, 10)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(checked.slice(10)).toEqual([150, 270, 510, 990, 1950]);
    // never a lock longer than the longest wait (30 minutes)
    expect(Math.max(...refused)).toBeLessThanOrEqual(30 * 60);
    // the owner's known device is not held back by this; a new browser waits its turn
    const fresh = await login(owner.email, PASSWORD, address());
    expect(fresh.statusCode).toBe(429);
    const known = await login(owner.email, PASSWORD, address(), { cookie: owner.cookie });
    expect(known.statusCode, known.body).toBe(200);
    clock.set(new Date(start + 2 * 24 * 3600_000));
  });

  it('never counts correct sign-ins in flight as failures (10 at once, 20 each, one address)', async () => {
    const owner = await account();
    const office = address();
    const codes: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = 0; i < 20; i++)
          codes.push((await login(owner.email, PASSWORD, office)).statusCode);
      }),
    );
    expect(codes.filter((c) => c !== 200)).toEqual([]);
    expect(codes).toHaveLength(200);
  });

  it('still checks no more guesses than the limit when they arrive all at once with a right one', async () => {
    const owner = await account();
    const ip = address();
    const replies = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => login(owner.email, `guess-${i}-password`, ip)),
      login(owner.email, PASSWORD, ip),
    ]);
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.every((c) => c === 200 || c === 401 || c === 429)).toBe(true);
  });

  it('holds a known device to its own small limit, which does not touch its address', async () => {
    const owner = await account();
    const ip = address();
    for (let i = 0; i < 5; i++) {
      const res = await login(owner.email, `typo-${i}-password`, ip, { cookie: owner.cookie });
      expect(res.statusCode).toBe(401);
    }
    const sixth = await login(owner.email, PASSWORD, ip, { cookie: owner.cookie });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBe(15 * 60);
    // the device's typos are not the address's or the account's: another browser there signs in
    const other = await login(owner.email, PASSWORD, ip);
    expect(other.statusCode, other.body).toBe(200);
  });

  it('sets the device cookie at each sign-in: signed, HttpOnly, SameSite=Lax, Secure over https', async () => {
    const owner = await account();
    const res = await login(owner.email, PASSWORD, address());
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^chorus_device=d1\.[\w-]+\.[\w-]+\.[0-9a-z]+\.[\w-]+; /);
    expect(header).toContain('Path=/api/v1/auth');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toMatch(/Max-Age=\d{6,}/);
    expect(header).not.toContain('Secure');
    // the same device keeps its id when it signs in again
    const again = await login(owner.email, PASSWORD, address(), { cookie: owner.cookie });
    expect(deviceCookie(again)!.split('.')[2]).toBe(owner.cookie.split('.')[2]);
  });

  it('a forged, altered or borrowed device cookie does not get past the limits', async () => {
    const owner = await account();
    const someoneElse = await account();
    const ip = address();
    for (let i = 0; i < 5; i++) {
      expect((await login(owner.email, `guess-${i}-password`, ip)).statusCode).toBe(401);
    }
    const [name, value] = owner.cookie.split('=') as [string, string];
    const parts = value.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const forged = [
      `${name}=${[...parts.slice(0, 4), flip(parts[4]!)].join('.')}`, // altered signature
      `${name}=${[parts[0], parts[1], flip(parts[2]!), parts[3], parts[4]].join('.')}`, // altered device
      `${name}=${[parts[0], Buffer.from(randomUUID()).toString('base64url'), ...parts.slice(2)].join('.')}`,
      `${name}=not-a-device-cookie`,
      someoneElse.cookie, // a real cookie, for another account
    ];
    for (const cookie of forged) {
      const res = await login(owner.email, PASSWORD, ip, { cookie });
      expect(res.statusCode, cookie).toBe(429);
    }
    const real = await login(owner.email, PASSWORD, ip, { cookie: owner.cookie });
    expect(real.statusCode).toBe(200);
  });

  it('makes the device cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await buildTestApp({
      database: t.database,
      env: { PUBLIC_URL: 'https://chorus.example.com' },
    });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: { email: `s-${randomUUID()}@example.com`, password: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure$/);
    } finally {
      await secure.app.close();
    }
  });
});
