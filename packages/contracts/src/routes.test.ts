import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiRoutes, createApiClient, type ApiCall } from './routes';

describe('the route table', () => {
  it('names each method and path once, and its path parameters are those of its params schema', () => {
    const keys = Object.values(apiRoutes).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, route] of Object.entries(apiRoutes)) {
      const inPath = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
      const inSchema =
        'params' in route ? Object.keys((route.params as z.ZodObject).shape).sort() : [];
      expect(inPath, name).toEqual(inSchema);
    }
  });
});

describe('createApiClient', () => {
  const calls: ApiCall[] = [];
  const api = createApiClient(apiRoutes, (call) => {
    calls.push(call);
    return Promise.resolve({});
  });

  it('fills path parameters (encoded), passes query and body, and sends the token only to session routes', async () => {
    const signal = new AbortController().signal;
    await api.updateWorkspace({ params: { id: 7 }, body: { name: 'Trips' }, signal });
    await api.report({ params: { video_id: 'a/b c' } });
    await api.analyze({ query: { video_url: 'https://youtu.be/x' } });
    await api.login({ body: { email: 'a@example.com', password: 'pw' } });
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: '/api/v1/workspaces/7',
        query: undefined,
        body: { name: 'Trips' },
        auth: true,
        reply: 'json',
        signal,
      },
      {
        method: 'GET',
        path: '/api/v1/report/a%2Fb%20c',
        query: undefined,
        body: undefined,
        auth: true,
        reply: 'json',
        signal: undefined,
      },
      {
        method: 'POST',
        path: '/api/v1/analyze',
        query: { video_url: 'https://youtu.be/x' },
        body: undefined,
        auth: true,
        reply: 'json',
        signal: undefined,
      },
      {
        method: 'POST',
        path: '/api/v1/auth/login',
        query: undefined,
        body: { email: 'a@example.com', password: 'pw' },
        auth: false,
        reply: 'json',
        signal: undefined,
      },
    ]);
  });

  it('reads a file route as a file', async () => {
    calls.length = 0;
    await api.exportReport({ params: { video_id: 'dQw4w9WgXcQ' }, query: { format: 'pdf' } });
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1/report/dQw4w9WgXcQ/export',
      query: { format: 'pdf' },
      reply: 'file',
    });
  });

  it('refuses a call whose path parameter is missing', () => {
    expect(() => api.report({ params: {} as { video_id: string } })).toThrow(/video_id/);
  });
});
