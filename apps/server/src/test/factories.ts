import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  JobStatusReplySchema,
  WorkspaceSchema,
  type JobStatusReply,
  type Workspace,
} from '@app/contracts';
import type { Container, ContainerOverrides } from '../container';
import { startWorker, type WorkerOptions } from '../jobs/start-worker';
import type { Logger } from '../logger';
import { FakeTextEmbedder } from '../providers/embeddings/fake-text-embedder';
import { analysisDepsFrom, type AnalysisDeps } from '../services/analysis/analysis-deps';
import {
  makeCommentsDir,
  waitFor,
  type CommentFile,
} from '../services/analysis/analysis.test-support';
import {
  bearer,
  buildTestApp,
  signUpTestUser,
  type TestApp,
  type TestContainerOptions,
} from './test-app';
import type { TestDatabase } from './databases';
import { seedAnalysis } from './deep-dive-fixtures';

/**
 * Shared test factories: an app that analyses (comment files, offline models, a worker), users
 * with a given balance, workspaces, and finished analyses. Each builds through the public API where
 * it can, so a factory-made row is one the product would make.
 */

export interface AnalysisTestAppOptions extends Omit<TestContainerOptions, 'overrides'> {
  /** Container overrides, or a function of the COMMENTS_DIR that makes them. */
  overrides?: ContainerOverrides | ((commentsDir: string | undefined) => ContainerOverrides);
  /** Comment files of a temporary COMMENTS_DIR (video id -> file); without it, no COMMENTS_DIR. */
  videos?: Record<string, CommentFile>;
  /** The worker that runs the analyses (concurrency 1 by default), or false for none. */
  worker?:
    | false
    | (Partial<WorkerOptions> & {
        /** The worker's logger (the container's by default). */
        logger?: Logger;
        /** Changes the worker's dependencies, e.g. to make a repository fail. */
        deps?: (deps: AnalysisDeps) => AnalysisDeps;
      });
}

export interface AnalysisTestApp extends TestApp {
  /** The temporary COMMENTS_DIR, when `videos` were given. */
  commentsDir: string | undefined;
  /** Stops the worker as a deploy would (running jobs are handed back); no-op when stopped. */
  stopWorker(): Promise<void>;
  /** Starts the worker again with the same options (no-op when it runs, or with `worker: false`). */
  startWorker(): Promise<void>;
  /** Stops the worker, closes the app and removes the comment files. */
  close(): Promise<void>;
}

/**
 * The real HTTP app with everything an analysis needs offline: the comment files as the comment
 * source (no YouTube fallback), the fake embedder, no language model, and a worker. Environment and
 * overrides given here win over these defaults.
 */
export async function buildAnalysisTestApp(
  options: AnalysisTestAppOptions,
): Promise<AnalysisTestApp> {
  const commentsDir = options.videos ? makeCommentsDir(options.videos) : undefined;
  const test = await buildTestApp({
    database: options.database,
    env: {
      ...(commentsDir ? { COMMENTS_DIR: commentsDir } : {}),
      YOUTUBE_FALLBACK: 'none',
      ...options.env,
    },
    overrides: {
      embedder: new FakeTextEmbedder(),
      languageModel: null,
      ...(typeof options.overrides === 'function'
        ? options.overrides(commentsDir)
        : options.overrides),
    },
  });
  let stop: (() => Promise<void>) | undefined;
  const startTheWorker = async () => {
    if (stop || options.worker === false) return;
    const { logger, deps, ...workerOptions } = options.worker ?? {};
    const base = analysisDepsFrom(test.container);
    stop = await startWorker(
      { ...(deps ? deps(base) : base), logger: logger ?? test.container.logger },
      { concurrency: 1, ...workerOptions },
    );
  };
  const stopTheWorker = async () => {
    const running = stop;
    stop = undefined;
    await running?.();
  };
  await startTheWorker();
  return {
    ...test,
    commentsDir,
    startWorker: startTheWorker,
    stopWorker: stopTheWorker,
    close: async () => {
      await stopTheWorker();
      await test.app.close();
      if (commentsDir) rmSync(commentsDir, { recursive: true, force: true });
    },
  };
}

type SuiteOptions = Omit<AnalysisTestAppOptions, 'database'>;

/**
 * Registers `beforeAll`/`afterAll` hooks that build an analysis test app on the suite's database
 * and close it; returns the app (its members are readable from `beforeAll` on). `options` may be a
 * function, called in `beforeAll` (after the suite's earlier hooks); `ready` receives the app then,
 * e.g. to set the suite's `app` and `container` variables.
 */
export function useAnalysisTestApp(
  t: TestDatabase,
  options: SuiteOptions | (() => SuiteOptions) = {},
  ready?: (test: AnalysisTestApp) => void,
): AnalysisTestApp {
  let built: AnalysisTestApp | undefined;
  const current = (): AnalysisTestApp => {
    if (!built)
      throw new Error('The test app is built in beforeAll; use it inside hooks and tests.');
    return built;
  };
  beforeAll(async () => {
    const given = typeof options === 'function' ? options() : options;
    built = await buildAnalysisTestApp({ ...given, database: t.database });
    ready?.(built);
  });
  afterAll(async () => {
    await built?.close();
  });
  return {
    get app() {
      return current().app;
    },
    get container() {
      return current().container;
    },
    get clock() {
      return current().clock;
    },
    get commentsDir() {
      return current().commentsDir;
    },
    stopWorker: () => current().stopWorker(),
    startWorker: () => current().startWorker(),
    close: () => current().close(),
  };
}

export interface TestUser {
  token: string;
  email: string;
  password: string;
  userId: string;
}

/**
 * Signs up a user through the API (a session token and the welcome credits); with `credits`, an
 * adjustment sets the balance to that figure.
 */
export async function createTestUser(
  test: { app: FastifyInstance; container: Container },
  input: { email?: string; password?: string; credits?: number } = {},
): Promise<TestUser> {
  const user = await signUpTestUser(test.app, input);
  const userId = (await test.container.repos.users.findByEmail(user.email))!.id;
  if (input.credits !== undefined) await setCredits(test.container, userId, input.credits);
  return { ...user, userId };
}

/** Sets an account's balance to `credits` with an adjustment line in its credit history. */
export async function setCredits(
  container: Container,
  userId: string,
  credits: number,
): Promise<void> {
  const now = await container.repos.ledger.getBalance(userId);
  await container.repos.ledger.append({
    userId,
    delta: credits - now,
    kind: 'adjustment',
    idempotencyKey: `test:${userId}:${credits}:${now}`,
  });
}

/** The balance the account sees (GET /auth/me). */
export async function creditsOf(app: FastifyInstance, token: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
  return res.json<{ credits_balance: number }>().credits_balance;
}

/**
 * Starts an analysis (POST /analyze with `query`, or `video_id=` when it is a bare video id),
 * expects it accepted and returns its job id.
 */
export async function startTestAnalysis(
  app: FastifyInstance,
  token: string,
  query: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/analyze?${query.includes('=') ? query : `video_id=${query}`}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ job_id: string }>().job_id;
}

/** Waits for a job to be complete or failed (GET /status) and returns its last status. */
export function jobFinished(
  app: FastifyInstance,
  token: string,
  jobId: string,
  ms?: number,
): Promise<JobStatusReply> {
  return waitFor(async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/status/${jobId}`,
      headers: bearer(token),
    });
    const s = JobStatusReplySchema.parse(res.json());
    return s.status === 'complete' || s.status === 'failed' ? s : undefined;
  }, ms);
}

/** Analyses a video of the comment files to the end; returns the job (complete or failed). */
export async function runTestAnalysis(
  app: FastifyInstance,
  token: string,
  videoId: string,
  ms?: number,
): Promise<JobStatusReply & { jobId: string }> {
  const jobId = await startTestAnalysis(app, token, videoId);
  return { ...(await jobFinished(app, token, jobId, ms)), jobId };
}

/** A finished analysis of a video of the comment files: expects it complete, returns its job id. */
export async function createTestAnalysis(
  app: FastifyInstance,
  token: string,
  videoId: string,
  ms?: number,
): Promise<string> {
  const done = await runTestAnalysis(app, token, videoId, ms);
  expect(done.status, done.error ?? '').toBe('complete');
  return done.jobId;
}

/** A workspace made through the API, linked to a channel of the channel directory when given. */
export async function createTestWorkspace(
  app: FastifyInstance,
  token: string,
  input: { name?: string; channelId?: string } = {},
): Promise<Workspace> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/workspaces',
    headers: bearer(token),
    payload: input.name === undefined ? {} : { name: input.name },
  });
  expect(res.statusCode, res.body).toBe(201);
  const workspace = WorkspaceSchema.parse(res.json());
  if (input.channelId === undefined) return workspace;
  const linked = await app.inject({
    method: 'POST',
    url: `/api/v1/workspaces/${workspace.id}/link-channel`,
    headers: bearer(token),
    payload: { channel_id: input.channelId },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  return WorkspaceSchema.parse(linked.json());
}

/**
 * A finished analysis written straight to the tables (see `seedAnalysis`) for a user; with
 * `representatives`, its first cluster quotes those comments, as a real report's would.
 */
export async function seedTestAnalysis(
  container: Container,
  input: Parameters<typeof seedAnalysis>[1] & {
    representatives?: {
      id: string;
      text: string;
      author: string;
      like_count: number;
      published_at: string | null;
    }[];
  },
): Promise<string> {
  const { representatives, ...seed } = input;
  const jobId = await seedAnalysis(container.db, seed);
  if (representatives) {
    const stored = await container.repos.reports.latestForUserVideo(input.userId, input.videoId);
    const body = stored!.report as { clusters: { representatives: unknown[] }[] };
    body.clusters[0]!.representatives = representatives;
    await container.repos.reports.updateReportBody(jobId, body);
  }
  return jobId;
}

/**
 * A new client address on each call (`10.<subnet>.x.y`), so the per-address limits one test
 * reaches never reach another.
 */
export function addressSequence(subnet: number): () => string {
  let n = 0;
  return () => {
    n += 1;
    return `10.${subnet}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };
}

/** A value as JSON text, or '' when it cannot be written (for messages and "not contained" checks). */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return '';
  }
}

/** The token of the `/<page>?token=` link in an e-mail's text (expects one). */
export function linkToken(text: string, page: string): string {
  const match = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

/** Deletes the account of a session (DELETE /auth/account with its password); expects 200. */
export async function deleteTestAccount(
  app: FastifyInstance,
  token: string,
  password: string,
): Promise<void> {
  const removed = await app.inject({
    method: 'DELETE',
    url: '/api/v1/auth/account',
    headers: bearer(token),
    payload: { password },
  });
  expect(removed.statusCode, removed.body).toBe(200);
}
