import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeTextEmbedder } from '../../../providers/embeddings/fake-text-embedder';
import { FakeChannelDirectory } from '../../../providers/comment-sources/fake-channel-directory';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, signUpTestUser } from '../../../test/test-app';
import {
  API_PREFIX,
  buildAuditedApp,
  PUBLIC_ROUTES,
  replyProblems,
  type AuditedRoute,
} from './route-audit.test-support';

/** The same seed gives the same requests on every run and both databases. */
const SEED = 0x5eed_2026;
const PARAM_CASES = 6;
const QUERY_CASES = 4;
const BODY_CASES = 9;

/** mulberry32: a small seeded generator (deterministic runs). */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const text = (random: Random, length: number) =>
  Array.from({ length }, () => pick(random, [...ALPHABET])).join('');

/** Junk for a path parameter, as it appears in the URL (some of it is not valid percent-encoding). */
function paramJunk(random: Random): string[] {
  return [
    '%FF',
    '%FF%FE',
    '%E0%A4%A',
    '%00',
    text(random, 5000),
    encodeURIComponent('ünïcödé-😀-中文-ﷺ'),
    '-1',
    '0',
    '1.5',
    '1e308',
    '99999999999999999999999',
    encodeURIComponent("1' OR '1'='1"),
    encodeURIComponent('1; DROP TABLE users;--'),
    encodeURIComponent('../../etc/passwd'),
  ];
}

/** Junk values (decoded) for query parameters and body fields. */
function valueJunk(random: Random): unknown[] {
  return [
    '',
    ' ',
    'null',
    '-1',
    '0',
    '1e309',
    'NaN',
    '2147483648',
    text(random, 5000),
    'ünïcödé 😀 中文 \u0000 \u202e',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    -1,
    1.5,
    1e308,
    true,
    null,
    [],
    [1, 'two', null],
    {},
    { $gt: '' },
    text(random, 200_000),
  ];
}

/** Every query parameter and body field name the API reads, and a few it does not. */
const FIELDS = [
  'email',
  'password',
  'token',
  'id_token',
  'access_token',
  'user_access_token',
  'name',
  'channel_id',
  'video_ids',
  'video_id',
  'video_url',
  'is_added',
  'workspace_id',
  'media_id',
  'cluster_id',
  'message',
  'top_k',
  'page',
  'page_size',
  'sort',
  'added_only',
  'q',
  'notes',
  'timestamp',
  'base_timestamp',
  'context',
  'packs',
  'plan',
  'quoted',
  'action',
  'done',
  'code',
  'signed_request',
  'confirm',
  'constructor',
];

interface FuzzCase {
  request: InjectOptions & { url: string };
  /** The caller's input, decoded and as sent, for the echo check. */
  inputs: string[];
}

function asInputs(value: unknown): string[] {
  if (typeof value === 'string') return [value, encodeURIComponent(value)];
  return [JSON.stringify(value) ?? ''];
}

/** A route's path with `value` in its parameter `target` and harmless values in the others. */
function pathWith(route: AuditedRoute, target?: string, value?: string): string {
  const plain: Record<string, string> = {
    id: '1',
    job_id: 'no-such-job',
    video_id: 'dQw4w9WgXcQ',
    code: 'no-such-code',
  };
  return `${API_PREFIX}${route.path.replace(/:([a-z_]+)|\*$/g, (match, name?: string) => {
    if (match === target && value !== undefined) return value;
    if (match === '*') return 'cs_demo_no_such_session';
    return plain[name ?? ''] ?? 'x';
  })}`;
}

interface Junk {
  params: string[];
  values: unknown[];
  long: string;
  tooLarge: string;
}

/** The junk of one run, made once from the seed (the long strings are costly to make). */
function makeJunk(random: Random): Junk {
  return {
    params: paramJunk(random),
    values: valueJunk(random),
    long: text(random, 5000),
    tooLarge: `{"x": "${'y'.repeat(1024 * 1024 + 10)}"}`,
  };
}

function fuzzCases(route: AuditedRoute, token: string, random: Random, junk: Junk): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const method = route.method as InjectOptions['method'];
  const base = pathWith(route);
  const params = route.path.match(/:[a-z_]+|\*$/g) ?? [];

  // ids in the path
  if (params.length > 0) {
    const chosen = [
      '%FF%FE',
      junk.params[4]!,
      ...Array.from({ length: PARAM_CASES - 2 }, () => pick(random, junk.params)),
    ];
    for (const value of chosen) {
      const url = pathWith(route, pick(random, params), value);
      cases.push({
        request: { method, url: `${url}?token=${token}` },
        inputs: [value, decodeURIComponentSafe(value), url],
      });
    }
  }

  // malformed queries
  for (let i = 0; i < QUERY_CASES; i += 1) {
    const pairs: string[] = [];
    const inputs: string[] = [];
    for (let n = 1 + Math.floor(random() * 3); n > 0; n -= 1) {
      const key = pick(random, FIELDS);
      const value = pick(random, junk.values);
      const raw = typeof value === 'string' ? value : JSON.stringify(value);
      // short enough for a URL: the 200,000-character value goes in bodies only
      const sent = raw.length > 6000 ? raw.slice(0, 5000) : raw;
      pairs.push(`${key}=${encodeURIComponent(sent)}`);
      if (random() < 0.3) pairs.push(`${key}=${encodeURIComponent(sent)}`);
      inputs.push(...asInputs(sent));
    }
    if (random() < 0.3) pairs.push('bad=%FF');
    pairs.push(`token=${token}`);
    cases.push({ request: { method, url: `${base}?${pairs.join('&')}` }, inputs });
  }

  // a made-up, over-long bearer token in place of the session
  cases.push({
    request: { method, url: base, headers: { authorization: `Bearer ${junk.long}` } },
    inputs: [junk.long],
  });

  if (method === 'GET') return cases;

  // every field a plausible string, and the session token in the body: replies get past the
  // schema (a provider that is not configured says so) and must not hand the token back
  cases.push({
    request: {
      method,
      url: base,
      payload: Object.fromEntries(
        FIELDS.map((key) => [key, key === 'token' ? token : 'abcdefghij-0123456789']),
      ),
    },
    inputs: [],
  });

  // malformed bodies
  const json = (payload: string, contentType = 'application/json') => ({
    request: { method, url: base, payload, headers: { 'content-type': contentType } },
    inputs: [payload],
  });
  const bodies: FuzzCase[] = [
    json('{"a":'),
    json('{bad json}'),
    json(`{"${junk.long}": 1}`),
    json('[]'),
    json('"just a string"'),
    json('42'),
    json('null'),
    json(`{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}`),
    json(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`),
    json(`${'['.repeat(500)}${']'.repeat(500)}`),
    json('hello', 'text/plain'),
    json('<a>xml</a>', 'application/xml'),
    json(`a=%FF&b=${junk.long}`, 'application/x-www-form-urlencoded'),
    json('{"email": "a@b.c"}', 'application/json; charset=klingon'),
    json('{}', 'not a content type'),
    json(junk.tooLarge),
  ];
  for (let i = 0; i < 4; i += 1) {
    const body: Record<string, unknown> = {};
    const inputs: string[] = [];
    for (const key of FIELDS) {
      if (random() < 0.5) continue;
      const value = pick(random, junk.values);
      body[key] = value;
      if (typeof value === 'string') inputs.push(value);
    }
    bodies.push({ request: { method, url: base, payload: body }, inputs });
  }
  // a nested junk object
  bodies.push({
    request: {
      method,
      url: base,
      payload: { video_ids: [{ a: [{ b: junk.long }] }], workspace_id: { $ne: 0 } },
    },
    inputs: [],
  });
  for (let i = 0; i < BODY_CASES; i += 1) cases.push(pick(random, bodies));
  // the invalid JSON and the wrong content type every time
  cases.push(bodies[0]!, bodies[10]!);
  return cases;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Fuzzes every API route the server registers with malformed ids, queries and bodies (a seeded,
 * bounded set), with a valid session where the route needs one. No reply may be a 5xx (other than
 * a 503 saying a feature is not configured on this server), every error must be
 * `{ message: string, code: string }` (a readable page on the browser-tab routes), and no reply may
 * repeat more than a short excerpt of the input or the session token.
 */
describeEachDatabase('fuzzing every API route', (t) => {
  let app: FastifyInstance;
  let routes: AuditedRoute[];

  beforeAll(async () => {
    const test = await buildAuditedApp({
      database: t.database,
      env: { YOUTUBE_FALLBACK: 'none' },
      overrides: {
        embedder: new FakeTextEmbedder(),
        languageModel: null,
        channelDirectory: new FakeChannelDirectory(),
      },
    });
    app = test.app;
    routes = test.routes;
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers malformed requests on every route with a well-formed 4xx that repeats no input', async () => {
    const random = generator(SEED);
    const junk = makeJunk(random);
    const figures = { tried: 0, fiveXx: 0, shape: 0, echo: 0, token: 0, notConfigured: 0 };
    const failures: string[] = [];
    // paths no route matches, with the same kinds of junk
    const unknown: AuditedRoute = {
      method: 'GET',
      path: '/workspaces/:id/nothing',
      key: 'GET /workspaces/:id/nothing',
    };
    for (const route of [
      ...routes,
      unknown,
      { ...unknown, method: 'POST', key: 'POST /nothing/:id', path: '/nothing/:id' },
    ]) {
      // a fresh account per route: a route may sign its caller out
      const { token } = await signUpTestUser(app);
      const session = route.key in PUBLIC_ROUTES ? {} : bearer(token);
      for (const fuzz of fuzzCases(route, token, random, junk)) {
        const res = await app.inject({
          ...fuzz.request,
          headers: { ...session, ...fuzz.request.headers },
        });
        figures.tried += 1;
        const body = res.body;
        const notConfigured = res.statusCode === 503 && /_not_configured"/.test(body);
        if (notConfigured) figures.notConfigured += 1;
        const problems = replyProblems(res, {
          routeKey: route.key,
          inputs: fuzz.inputs,
          secrets: [token],
        });
        const serverError = res.statusCode >= 500 && !notConfigured;
        if (serverError) figures.fiveXx += 1;
        if (problems.shape) figures.shape += 1;
        if (problems.echo) figures.echo += 1;
        if (problems.token) figures.token += 1;
        if (serverError || Object.keys(problems).length > 0)
          failures.push(
            `${route.key} ${fuzz.request.url.slice(0, 80)}: ${res.statusCode} ${
              Object.values(problems).join(' | ') || body.slice(0, 160)
            }`,
          );
      }
    }
    if (process.env.ROUTE_FUZZ_SUMMARY)
      console.info(`[${t.kind}] route fuzz`, figures, `\n${failures.join('\n')}`);
    expect(figures.tried).toBeGreaterThan(700);
    expect(
      { fiveXx: figures.fiveXx, shape: figures.shape, echo: figures.echo, token: figures.token },
      `${JSON.stringify(figures)}\n${failures.slice(0, 40).join('\n')}`,
    ).toEqual({ fiveXx: 0, shape: 0, echo: 0, token: 0 });
  });
});
