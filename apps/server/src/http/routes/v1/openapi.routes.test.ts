import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiRoutes, directRoutes, isFileReply } from '@app/contracts';
import { describeEachDatabase } from '../../../test/databases';
import {
  API_PREFIX,
  buildAuditedApp,
  PUBLIC_DOCUMENTS,
  type AuditedRoute,
} from './route-audit.test-support';

interface Operation {
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: Record<string, string[]>[];
}
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
};

/** `/workspaces/:id` -> `/api/v1/workspaces/{id}`, as OpenAPI writes a path. */
const documentPath = (path: string) =>
  `${API_PREFIX}${path}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

const SECRETS = {
  STRIPE_SECRET_KEY: 'sk_test_openapi_secret_value',
  STRIPE_WEBHOOK_SECRET: 'whsec_openapi_secret_value',
  FACEBOOK_APP_ID: '1234567890',
  FACEBOOK_APP_SECRET: 'fb-openapi-secret-value',
  LLM_API_URL: 'http://127.0.0.1:9/v1',
  LLM_API_KEY: 'llm-openapi-secret-value',
  LLM_MODEL: 'm',
};

describeEachDatabase('OpenAPI document and reference page', (t) => {
  let app: FastifyInstance;
  let routes: AuditedRoute[];
  let doc: OpenApiDocument;
  let body: string;

  beforeAll(async () => {
    const test = await buildAuditedApp({ database: t.database, env: SECRETS });
    app = test.app;
    routes = test.routes;
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    body = res.body;
    doc = res.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists every registered /api/v1 route with its method, health probes included', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes
      .filter((r) => doc.paths[documentPath(r.path)]?.[r.method.toLowerCase()] === undefined)
      .map((r) => r.key);
    expect(missing).toEqual([]);
    for (const probe of ['/health', '/health/live', '/health/ready'])
      expect(doc.paths[documentPath(probe)]?.get).toBeDefined();
    // and nothing that is not an API route: no web page, no document of its own
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = new Set(routes.map((r) => `${r.method} ${documentPath(r.path)}`));
    expect(documented.filter((key) => !registered.has(key))).toEqual([]);
  });

  it('registers each /api/v1 route from the route table or the listed direct routes, each with a summary', () => {
    const table = new Set(Object.values(apiRoutes).map((r) => `${r.method} ${r.path}`));
    const direct = new Set(Object.values(directRoutes).map((r) => `${r.method} ${r.path}`));
    const registered = new Set(routes.map((r) => r.key));
    // a route added with app.get() and no entry fails here
    expect(routes.filter((r) => !table.has(r.key) && !direct.has(r.key)).map((r) => r.key)).toEqual(
      [],
    );
    // and an entry whose route is not registered
    expect([...table, ...direct].filter((key) => !registered.has(key))).toEqual([]);
    const unsummarised = routes.filter(
      (r) => !doc.paths[documentPath(r.path)]?.[r.method.toLowerCase()]?.summary,
    );
    expect(unsummarised.map((r) => r.key)).toEqual([]);
  });

  it('describes each direct route: its reply type, path parameters and sign-in', () => {
    for (const [name, route] of Object.entries(directRoutes)) {
      const op = doc.paths[documentPath(route.path)]![route.method.toLowerCase()]!;
      expect(op.summary, name).toBe(route.summary);
      expect(Object.keys(op.responses['200']?.content ?? {}), name).toEqual([route.mediaType]);
      const path = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(path.sort(), name).toEqual(
        [...route.path.matchAll(/:([A-Za-z0-9_]+)|\*$/g)].map((m) => m[1] ?? '*').sort(),
      );
      expect(op.security, name).toEqual(route.auth === 'session' ? [{ session: [] }] : undefined);
    }
  });

  it("describes each route of the contracts' table with its schemas and sign-in", () => {
    for (const [name, route] of Object.entries(apiRoutes)) {
      const op = doc.paths[documentPath(route.path)]?.[route.method.toLowerCase()];
      expect(op, name).toBeDefined();
      const status = String('status' in route ? route.status : 200);
      const content = op!.responses[status]?.content ?? {};
      if (isFileReply(route.reply)) {
        expect(Object.keys(content), name).toEqual([...route.reply.mediaTypes]);
        for (const type of route.reply.mediaTypes)
          expect(content[type]?.schema, `${name} ${type}`).toEqual({
            type: 'string',
            format: 'binary',
          });
      } else expect(content['application/json']?.schema, name).toBeDefined();
      if ('body' in route)
        expect(op!.requestBody?.content['application/json']?.schema, name).toBeDefined();
      const query = (op!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const path = (op!.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      if ('query' in route) expect(query.length, name).toBeGreaterThan(0);
      expect(path.sort(), name).toEqual(
        [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort(),
      );
      expect(op!.security, name).toEqual(route.auth === 'session' ? [{ session: [] }] : undefined);
    }
    const report = doc.paths[documentPath('/report/:video_id')]!.get!;
    const schema = JSON.stringify(report.responses['200']);
    expect(schema).toContain('executive_summary');
  });

  it('holds no secret of the configuration', () => {
    for (const [key, value] of Object.entries(SECRETS)) {
      if (key.endsWith('_SECRET') || key.endsWith('_KEY')) expect(body).not.toContain(value);
    }
    expect(body).not.toContain('127.0.0.1');
  });

  it('serves the reference page and its assets from this server, without a session', async () => {
    for (const key of Object.keys(PUBLIC_DOCUMENTS)) {
      const [method, url] = key.split(' ') as ['GET', string];
      const res = await app.inject({ method, url });
      expect(res.statusCode, key).toBe(200);
    }
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset, 'an asset from elsewhere').not.toMatch(/^(https?:)?\/\//);
      const res = await app.inject({
        method: 'GET',
        url: new URL(asset, 'http://x/api/docs/').pathname,
      });
      expect(res.statusCode, asset).toBe(200);
    }
  });
});
