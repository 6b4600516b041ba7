import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
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

  it('serves the SPA shell for client routes and real files as they are', async () => {
    for (const url of ['/', '/workspace', '/privacy-policy', '/some/deep/link?x=1']) {
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

  it('turns malformed bodies into readable 4xx replies', async () => {
    const badJson = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'bad_request',
    });

    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({
      message: 'Send the request body as JSON (Content-Type: application/json).',
      code: 'unsupported_media_type',
    });

    const huge = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: 'big@example.com', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      message: 'That request is too large.',
      code: 'payload_too_large',
    });

    const notObject = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: [1, 2],
    });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().code).toBe('invalid_request');
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
