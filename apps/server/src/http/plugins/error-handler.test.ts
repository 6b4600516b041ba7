import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  InsufficientCreditsError,
  NotFoundError,
  PayloadTooLargeError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../errors';
import { validate } from '../validate';
import pg from 'pg';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  INTERNAL_ERROR_MESSAGE,
  isDatabaseUnavailable,
  registerErrorHandler,
} from './error-handler';

function appThrowing(error: unknown, logs: string[] = []) {
  const loggerInstance: FastifyBaseLogger = pino(
    { level: 'info' },
    { write: (line: string) => logs.push(line) },
  );
  const app = Fastify({ loggerInstance });
  registerErrorHandler(app);
  app.get('/boom', () => {
    throw error;
  });
  return app;
}

describe('error handler', () => {
  it.each([
    [new NotFoundError('No such report.'), 404, 'not_found', 'No such report.'],
    [new UnauthorizedError(), 401, 'unauthorized', 'Please sign in to continue.'],
    [
      new InsufficientCreditsError(1, 4),
      402,
      'insufficient_credits',
      'Not enough credits: your balance is 1 and this needs 4. Buy credits to continue.',
    ],
    [new ConflictError('Taken.'), 409, 'conflict', 'Taken.'],
    [new PayloadTooLargeError(), 413, 'payload_too_large', 'That request is too large.'],
  ])('maps %s to its status and message', async (error, status, code, message) => {
    const res = await appThrowing(error).inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message, code });
  });

  it('sets Retry-After on 429', async () => {
    const res = await appThrowing(new TooManyRequestsError('Slow down.', 42)).inject({
      method: 'GET',
      url: '/boom',
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
  });

  it('gives schema failures 400 with every issue', async () => {
    let error: unknown;
    try {
      validate(z.object({ a: z.string('a is text'), b: z.number('b is a number') }), {});
    } catch (e) {
      error = e;
    }
    const res = await appThrowing(error).inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'a is text',
      code: 'invalid_request',
      issues: [
        { path: 'a', message: 'a is text' },
        { path: 'b', message: 'b is a number' },
      ],
    });
    // A raw ZodError (schema.parse in a handler) is a 400 too.
    const raw = z.object({ n: z.number('n is a number') }).safeParse({});
    const res2 = await appThrowing(raw.error).inject({ method: 'GET', url: '/boom' });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().issues).toEqual([{ path: 'n', message: 'n is a number' }]);
  });

  it('hides unexpected errors behind a generic 500 and logs them with the request id', async () => {
    const logs: string[] = [];
    const res = await appThrowing(new Error('db password is hunter2'), logs).inject({
      method: 'GET',
      url: '/boom',
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: INTERNAL_ERROR_MESSAGE, code: 'internal_error' });
    expect(res.body).not.toContain('hunter2');
    const requestId = res.headers['x-request-id'];
    expect(requestId).toBeTruthy();
    type Line = { level: number; reqId?: string; err?: { message: string } };
    const logged = logs.map((l) => JSON.parse(l) as Line).find((l) => l.level === 50);
    expect(logged?.reqId).toBe(requestId);
    expect(logged?.err?.message).toBe('db password is hunter2');
  });

  it('answers 503 when the database cannot be reached: the error pg really throws for a closed port', async () => {
    const pool = new pg.Pool({
      connectionString: 'postgres://chorus@127.0.0.1:1/none',
      connectionTimeoutMillis: 2000,
    });
    const error = await pool.query('select 1').then(
      () => null,
      (e: unknown) => e,
    );
    await pool.end();
    expect(error).toBeInstanceOf(Error);
    const logs: string[] = [];
    const res = await appThrowing(error, logs).inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: DATABASE_UNAVAILABLE_MESSAGE,
      code: 'database_unavailable',
    });
    expect(logs.some((l) => (JSON.parse(l) as { level: number }).level === 50)).toBe(true);
  });

  it('tells a lost database apart from other failures', () => {
    const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
    expect(
      isDatabaseUnavailable(
        withCode('terminating connection due to administrator command', '57P01'),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // a query's own failure is a bug to see as a 500
    expect(
      isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505')),
    ).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error at or near "x"', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('db password is hunter2'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
