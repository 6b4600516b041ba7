import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { expect } from 'vitest';
import { ManualClock } from '../clock';
import { loadConfig } from '../config/config';
import { createContainer, type Container, type ContainerOverrides } from '../container';
import type { Database } from '../db/database';
import { buildServer } from '../http/build-server';
import { createArgon2PasswordHasher } from '../services/auth/password-hasher';

/** Still argon2id, with the smallest costs, so hundreds of sign-ups stay quick. */
export const fastTestHasher = createArgon2PasswordHasher({ memoryCost: 1024, timeCost: 1 });

export interface TestContainerOptions {
  database: Database;
  /** Environment variables as they would be set for the process (parsed by the real schema). */
  env?: Record<string, string>;
  overrides?: ContainerOverrides;
}

/**
 * A container on the given test database with a ManualClock (returned as `clock`), fast argon2id
 * and a silent logger (TEST_LOG_LEVEL=debug to see logs).
 */
export function createTestContainer(
  options: TestContainerOptions,
): Container & { clock: ManualClock } {
  const clock =
    options.overrides?.clock instanceof ManualClock ? options.overrides.clock : new ManualClock();
  // tests sign up hundreds of accounts from one address: no sign-up limit unless a test sets one
  const config = loadConfig({ SIGNUP_MAX_PER_ADDRESS: '0', ...options.env });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const container = createContainer({
    config,
    database: options.database,
    logger,
    overrides: { hasher: fastTestHasher, ...options.overrides, clock },
  });
  return { ...container, clock };
}

export interface TestApp {
  app: FastifyInstance;
  container: Container;
  clock: ManualClock;
}

/** The real HTTP app (buildServer) over a test container; call `app.inject()`; `app.close()` after. */
export async function buildTestApp(options: TestContainerOptions): Promise<TestApp> {
  const container = createTestContainer(options);
  const app = await buildServer(container);
  return { app, container, clock: container.clock };
}

/** Signs up a fresh user through the API and returns its token, e-mail and password. */
export async function signUpTestUser(
  app: FastifyInstance,
  input: { email?: string; password?: string } = {},
): Promise<{ token: string; email: string; password: string }> {
  const email = input.email ?? `user-${randomUUID()}@example.com`;
  const password = input.password ?? 'correct horse battery staple';
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { email, password },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { token } = res.json<{ token: string }>();
  return { token, email, password };
}

/** `{ authorization: 'Bearer <token>' }` for inject(). */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** POST /auth/login with an e-mail and password from `remoteAddress` (inject's default when absent). */
export function logInTestUser(
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}
