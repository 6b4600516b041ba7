import { vi } from 'vitest';

/** One call the app made, as the fake server saw it. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type FakeReply = { status?: number; body?: unknown } | undefined;
export type FakeHandler = (call: FakeCall) => FakeReply | Promise<FakeReply>;

/**
 * A fetch stand-in for component tests: routes are 'METHOD /path' (no query) to a handler or to a
 * JSON body answered with 200. Unknown routes answer 404 with the API's error shape. The event
 * stream of a job answers 404, so jobs are followed by polling. Every call is recorded in order.
 */
export function fakeApi(routes: Record<string, FakeHandler | object | null>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof Request ? input.url : input.href,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    const call: FakeCall = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    let reply: FakeReply;
    if (typeof route === 'function') reply = await (route as FakeHandler)(call);
    else if (route !== undefined) reply = { body: route };
    else
      reply = {
        status: 404,
        body: { message: `No route ${method} ${url.pathname}`, code: 'not_found' },
      };
    reply ??= { body: null };
    const status = reply.status ?? 200;
    // A string body is sent as it is (a plain-text error page); anything else as JSON.
    const text =
      reply.body === undefined || reply.body === null
        ? ''
        : typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body);
    return new Response(text === '' ? null : text, {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    fetchMock,
    calls,
    /** The calls to one 'METHOD /path'. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

/** A reply helper: an API error with the given status and message. */
export const apiError = (status: number, message: string, code = 'error'): FakeReply => ({
  status,
  body: { message, code },
});
