import fs from 'node:fs';
import { STATUS_CODES } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { buildTestApp } from '../test/test-app';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div>spa-shell</body></html>';

function makeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describeEachDatabase('HTTP server', (t) => {
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = makeDist();
    ({ app } = await buildTestApp({ database: t.database, env: { WEB_DIST_DIR: dist } }));
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers the health check with the database kind and the queue driver', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    // tests run the jobs in the database unless a suite picks BullMQ
    expect(res.json()).toEqual({ status: 'ok', database: t.kind, queue: 'postgres' });
  });

  it('answers unknown /api paths with a JSON 404, for any method', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing-here'],
      ['POST', '/api/v1/auth/nothing'],
      ['GET', '/api'],
      ['DELETE', '/api/v1/health'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({
        message: `There is no API endpoint at ${method} ${url}.`,
        code: 'not_found',
      });
    }
  });

  it('answers a malformed or over-long address as { message, code }, repeating neither it nor its token', async () => {
    const token = 'tok3nThatMustNeverComeBack0123456789abcdefg';
    const long = 'a'.repeat(5000);
    // (with the SPA served, a GET no API route takes reaches the SPA's catch-all, hence 404)
    const cases = [
      ['GET', `/api/v1/workspaces/%FF%FE`, 400, 'bad_request'],
      ['GET', `/api/v1/status/%FF/events?token=${token}`, 400, 'bad_request'],
      ['POST', `/api/v1/workspaces/${long}/sync?token=${token}`, 414, 'uri_too_long'],
      ['DELETE', `/api/v1/workspaces/${long}`, 414, 'uri_too_long'],
      ['GET', `/api/v1/status/${long}/events?token=${token}`, 404, 'not_found'],
      ['POST', `/api/v1/no-such-endpoint/${long}?token=${token}`, 404, 'not_found'],
    ] as const;
    for (const [method, url, status, code] of cases) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url.slice(0, 60)}`).toBe(status);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(['code', 'message']);
      expect(body.code).toBe(code);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain(token);
      expect(res.body).not.toContain('a'.repeat(65));
      expect(res.body.length).toBeLessThan(200);
    }
    const notFound = await app.inject({ method: 'GET', url: `/api/v1/no-such-endpoint/${long}` });
    expect(notFound.json<{ message: string }>().message).toBe(
      `There is no API endpoint at GET /api/v1/no-such-endpoint/${'a'.repeat(34)}….`,
    );
  });

  it('answers a request Node refuses to parse (a 20 kB query, a garbled request line) as JSON { message, code }', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString('utf8')));
        socket.on('close', () => resolve(received));
        socket.on('error', reject);
      });
    const token = 'tok3nThatMustNeverComeBack0123456789abcdefg';
    const replies = [
      [
        431,
        await raw(
          `GET /api/v1/health?token=${token}&q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
        ),
      ],
      [400, await raw('THIS IS NOT HTTP\r\n\r\n')],
    ] as const;
    for (const [status, reply] of replies) {
      const [head = '', body = ''] = reply.split('\r\n\r\n');
      expect(head.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${STATUS_CODES[status]}`);
      expect(head.toLowerCase()).toContain('content-type: application/json');
      const parsed = JSON.parse(body) as Record<string, unknown>;
      expect(Object.keys(parsed).sort()).toEqual(['code', 'message']);
      expect(typeof parsed.message).toBe('string');
      expect(reply).not.toContain(token);
    }
    expect(JSON.parse(replies[0][1].split('\r\n\r\n')[1]!)).toMatchObject({
      code: 'request_header_fields_too_large',
    });
  });

  it('serves the SPA shell for client routes and real files as they are', async () => {
    for (const url of [
      '/',
      '/workspace',
      '/privacy-policy',
      '/some/deep/link?x=1',
      // the signed-in app's addresses: a reload or a bookmark of each gets the shell
      '/report/dQw4w9WgXcQ',
      '/report/dQw4w9WgXcQ?job=00000000-0000-4000-8000-000000000000',
      '/history',
      '/workspaces',
      '/workspaces/12?tab=analyzed&report=dQw4w9WgXcQ',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('spa-shell');
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
    const shell = await app.inject({ method: 'GET', url: '/report/abc' });
    expect(shell.headers['cache-control']).toBe('no-cache');

    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toContain('immutable');

    expect((await app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
    // A POST to a page path is not a page.
    expect((await app.inject({ method: 'POST', url: '/workspace' })).statusCode).toBe(404);
  });

  it('sends security headers, including a CSP fit for the SPA, and no-store on the API', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' https://i.ytimg.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    const api = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(api.headers['cache-control']).toBe('no-store');
    // plain HTTP without an https PUBLIC_URL (local development): no HSTS
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('asks browsers to keep to HTTPS when the server is reached over HTTPS', async () => {
    const viaProxy = await buildTestApp({
      database: t.database,
      env: { WEB_DIST_DIR: dist, TRUST_PROXY: 'true' },
    });
    const withPublicUrl = await buildTestApp({
      database: t.database,
      env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://chorus.example.com' },
    });
    try {
      const proxied = await viaProxy.app.inject({
        url: '/api/v1/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000');
      const plain = await viaProxy.app.inject({ url: '/api/v1/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const page = await withPublicUrl.app.inject({ url: '/' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await viaProxy.app.close();
      await withPublicUrl.app.close();
    }
  });

  it.each<{ what: string; request: InjectOptions; status: number; reply: object }>([
    {
      what: 'a body that is not valid JSON',
      request: {
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      },
      status: 400,
      reply: { message: 'The request body is not valid JSON.', code: 'bad_request' },
    },
    {
      what: 'a body that is not JSON',
      request: {
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<login/>',
      },
      status: 415,
      reply: {
        message: 'Send the request body as JSON (Content-Type: application/json).',
        code: 'unsupported_media_type',
      },
    },
    {
      what: 'a body over the size limit',
      request: {
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: { email: 'big@example.com', password: 'x'.repeat(2 * 1024 * 1024) },
      },
      status: 413,
      reply: { message: 'That request is too large.', code: 'payload_too_large' },
    },
    {
      what: 'a JSON body that is not an object',
      request: { method: 'POST', url: '/api/v1/auth/login', payload: [1, 2] },
      status: 400,
      reply: expect.objectContaining({ code: 'invalid_request' }),
    },
  ])('turns $what into a readable $status reply', async ({ request, status, reply }) => {
    const res = await app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(reply);
  });
});

describe('HTTP server without a web build', () => {
  it('says how to build the web app instead of failing', async () => {
    const { createTestDatabase } = await import('../test/databases');
    const database = await createTestDatabase('pglite');
    const missing = path.join(os.tmpdir(), `chorus-no-dist-${process.pid}`);
    const { app } = await buildTestApp({ database, env: { WEB_DIST_DIR: missing } });
    try {
      const page = await app.inject({ method: 'GET', url: '/workspace' });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('npm run build');
      const api = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(api.statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
