import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { ContainerOverrides } from '../container';
import type { Logger } from '../logger';
import { FakeGoogleIdTokenVerifier } from '../providers/google/fake-google-id-token-verifier';
import type { TestDatabase } from './databases';
import { jsonText, useAnalysisTestApp, type AnalysisTestApp } from './factories';

/**
 * The app of the e-mail link tests (address confirmation, password reset): no worker, the given
 * mailer, Google sign-in through the fake verifier, and the given environment.
 */
export function useEmailLinkTestApp(
  t: TestDatabase,
  mailer: ContainerOverrides['mailer'],
  env: Record<string, string>,
  ready: (test: AnalysisTestApp) => void,
): AnalysisTestApp {
  return useAnalysisTestApp(
    t,
    { env, overrides: { mailer, googleVerifier: new FakeGoogleIdTokenVerifier() }, worker: false },
    ready,
  );
}

/**
 * Runs `send` while `mailer` fails, waits for the warning that says `failure`, and returns every
 * warn and info line logged meanwhile as one text (to check that no link leaked into the logs).
 */
export async function logsWhileMailFails(
  logger: Logger,
  mailer: { failing: boolean },
  failure: string,
  send: () => Promise<void>,
): Promise<string> {
  const warn = vi.spyOn(logger, 'warn');
  const info = vi.spyOn(logger, 'info');
  mailer.failing = true;
  try {
    const logged = () =>
      [...warn.mock.calls, ...info.mock.calls]
        .map((call) => call.map(jsonText).join(' '))
        .join('\n');
    await send();
    await vi.waitFor(() => expect(logged()).toContain(failure));
    return logged();
  } finally {
    mailer.failing = false;
    warn.mockRestore();
    info.mockRestore();
  }
}

/**
 * Expects the SPA page at `url` (a page whose address holds a token) to be served with no Referer
 * and no caching, and each of `others` with the default referrer policy.
 */
export async function expectTokenPageHeaders(
  app: FastifyInstance,
  url: string,
  others: string[],
): Promise<void> {
  const page = await app.inject({ method: 'GET', url });
  expect(page.headers['referrer-policy']).toBe('no-referrer');
  expect(page.headers['cache-control']).toBe('no-store');
  for (const other of others) {
    const res = await app.inject({ method: 'GET', url: other });
    expect(res.headers['referrer-policy'], other).toBe('strict-origin-when-cross-origin');
  }
}

/** Expects a 429 with `{ message, code }` and a Retry-After of an hour. */
export function expectLimitedForAnHour(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  message: string,
  code: string,
): void {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message, code });
  expect(Number(res.headers['retry-after'])).toBe(3600);
}
