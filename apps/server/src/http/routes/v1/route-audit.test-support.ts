import type { LightMyRequestResponse } from 'fastify';
import { buildServer } from '../../build-server';
import {
  createTestContainer,
  type TestApp,
  type TestContainerOptions,
} from '../../../test/test-app';

/** The API's mount point: route keys below are written without it. */
export const API_PREFIX = '/api/v1';

/** One registered API route: `GET /workspaces/:id`. */
export interface AuditedRoute {
  method: string;
  /** The path below /api/v1 with Fastify's `:param` placeholders. */
  path: string;
  key: string;
}

/**
 * Routes anyone may call without a session, each with the reason. Every other API route must
 * answer 401 without one. Keep this list short: a route added here is reachable by anyone.
 */
export const PUBLIC_ROUTES: Record<string, string> = {
  'GET /health': 'load balancers and uptime checks',
  'GET /health/live': "an orchestrator's liveness probe",
  'GET /health/ready': "an orchestrator's readiness probe",
  'GET /config': 'what the sign-in page offers, before anyone signs in',
  'GET /metrics': 'public aggregate figures of the landing page',
  'POST /auth/login': 'sign-in',
  'POST /auth/signup': 'sign-up',
  'POST /auth/google': 'sign-in with Google',
  'POST /auth/facebook': 'sign-in with Facebook',
  'POST /auth/password-reset': 'asking for a reset link',
  'POST /auth/password-reset/confirm': 'the e-mailed reset link is the credential',
  'POST /stripe/webhook': 'Stripe, authenticated by its signature',
  'GET /stripe/demo/checkout/*': 'the signed demo session id is the credential',
  'POST /stripe/demo/checkout/*': 'the signed demo session id is the credential',
  'GET /stripe/demo/portal/*': 'the signed demo session id is the credential',
  'POST /stripe/demo/portal/*': 'the signed demo session id is the credential',
  'POST /meta/data-deletion': "Meta's callback, authenticated by the signed request",
  'GET /meta/data-deletion/:code': 'the confirmation code Meta shows the person is the credential',
  'GET /shared/:token': 'a read-only report link: its random token is the credential',
};

/**
 * Public routes outside /api/v1, each with the reason: the API's description and its reference
 * page (no account data, no setting of this server).
 */
export const PUBLIC_DOCUMENTS: Record<string, string> = {
  'GET /api/openapi.json': 'the OpenAPI document of /api/v1',
  'GET /api/docs': 'the API reference page (its scripts and styles are served beside it)',
};

/**
 * Routes opened in a browser tab, which answer their errors as a readable HTML page (the demo
 * checkout and portal, and the checkout redirect); every other route answers JSON.
 */
export const PAGE_ROUTES = new Set([
  'GET /stripe/checkout',
  'GET /stripe/demo/checkout/*',
  'POST /stripe/demo/checkout/*',
  'GET /stripe/demo/portal/*',
  'POST /stripe/demo/portal/*',
]);

/** The real HTTP app over a test container, and every API route it registered. */
export async function buildAuditedApp(
  options: TestContainerOptions,
): Promise<TestApp & { routes: AuditedRoute[] }> {
  const container = createTestContainer(options);
  const seen = new Map<string, AuditedRoute>();
  const app = await buildServer(container, {
    onRoute: (route) => {
      if (!route.url.startsWith(`${API_PREFIX}/`)) return;
      const path = route.url.slice(API_PREFIX.length);
      for (const method of [route.method].flat()) {
        // Fastify adds a HEAD twin to every GET: the GET covers it.
        if (method === 'HEAD') continue;
        const key = `${method} ${path}`;
        seen.set(key, { method, path, key });
      }
    },
  });
  const routes = [...seen.values()].sort((a, b) => a.key.localeCompare(b.key));
  return { app, container, clock: container.clock, routes };
}

/** The longest run of a caller's input an error reply may repeat (a short excerpt). */
export const ECHO_LIMIT = 64;

/** What is wrong with a reply, by kind (empty when nothing is). */
export interface ReplyProblems {
  shape?: string;
  echo?: string;
  token?: string;
}

/** Every string inside a parsed JSON value (keys too). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      strings(v, out);
    }
  return out;
}

const windowsOf = new Map<string, Set<string>>();
/** Every run of ECHO_LIMIT + 1 characters of `input` (cached: fuzz inputs repeat). */
function windows(input: string): Set<string> {
  let set = windowsOf.get(input);
  if (!set) {
    set = new Set();
    for (let i = 0; i + ECHO_LIMIT < input.length; i += 1)
      set.add(input.slice(i, i + ECHO_LIMIT + 1));
    windowsOf.set(input, set);
  }
  return set;
}

/** True when `text` holds more than ECHO_LIMIT characters in a row of `input`. */
export function echoes(text: string, input: string): boolean {
  if (input.length <= ECHO_LIMIT || text.length <= ECHO_LIMIT) return false;
  const runs = windows(input);
  for (let i = 0; i + ECHO_LIMIT < text.length; i += 1) {
    if (runs.has(text.slice(i, i + ECHO_LIMIT + 1))) return true;
  }
  return false;
}

/**
 * Checks one reply: an error (4xx, 5xx) must be JSON `{ message: string, code: string }` (with
 * `issues` at most), or a readable HTML page on a page route; no error may repeat more than a short
 * excerpt of `inputs`; no reply may contain one of `secrets` (session tokens).
 */
export function replyProblems(
  res: LightMyRequestResponse,
  context: { routeKey?: string; inputs: readonly string[]; secrets: readonly string[] },
): ReplyProblems {
  const problems: ReplyProblems = {};
  const body = res.body;
  const location = String(res.headers.location ?? '');
  const secret = context.secrets.find(
    (s) => s.length > 0 && (body.includes(s) || location.includes(s)),
  );
  if (secret !== undefined) problems.token = `${res.statusCode} repeats a session token`;
  if (res.statusCode < 400) return problems;

  const type = String(res.headers['content-type'] ?? '');
  const page = context.routeKey !== undefined && PAGE_ROUTES.has(context.routeKey);
  let texts = [body];
  if (page && type.startsWith('text/html')) {
    // a page route's error page
  } else {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    const reply = parsed as { message?: unknown; code?: unknown } | undefined;
    const extra =
      reply && typeof reply === 'object'
        ? Object.keys(reply).filter((k) => !['message', 'code', 'issues'].includes(k))
        : [];
    if (
      !type.startsWith('application/json') ||
      !reply ||
      typeof reply !== 'object' ||
      typeof reply.message !== 'string' ||
      typeof reply.code !== 'string' ||
      extra.length > 0
    ) {
      problems.shape = `${res.statusCode} ${type}: ${body.slice(0, 160)}`;
    } else {
      texts = [body, ...strings(parsed)];
    }
  }
  const echoed = context.inputs.find((input) => texts.some((text) => echoes(text, input)));
  if (echoed !== undefined)
    problems.echo = `${res.statusCode} repeats ${echoed.length} characters of input: ${body.slice(0, 160)}`;
  return problems;
}
