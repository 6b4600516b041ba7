import { afterAll, expect, it } from 'vitest';
import type { Database } from '../../../db/database';
import type { JobQueue } from '../../../jobs/job-queue.port';
import { StartupState } from '../../../startup-state';
import { describeEachDatabase } from '../../../test/databases';
import { downQueue } from '../../../test/down-queue';
import { buildTestApp, createTestContainer, type TestApp } from '../../../test/test-app';
import { buildHealthServer } from '../../build-server';

/** The test database as a server that has gone away: every ping fails. */
function downDatabase(database: Database): Database {
  return {
    ...database,
    ping: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
  };
}

const MIGRATING = { message: 'Chorus is migrating its database.', code: 'migrating' };
const MODEL_LOADING = {
  message: 'Chorus is loading its embedding model.',
  code: 'model_loading',
};

/**
 * The probes an orchestrator uses: liveness (the process serves HTTP) and readiness (it can do
 * its work: migrated, model loaded, database and queue answering). Each start-up state and
 * outage is driven through the container's ports.
 */
describeEachDatabase('health probes: /health/live and /health/ready', (t) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.app.close();
  });

  async function appWith(
    options: { startup?: StartupState; jobQueue?: JobQueue; database?: Database } = {},
  ) {
    const test = await buildTestApp({
      database: options.database ?? t.database,
      overrides: {
        ...(options.startup ? { startup: options.startup } : {}),
        ...(options.jobQueue ? { jobQueue: options.jobQueue } : {}),
      },
    });
    apps.push(test);
    return test.app;
  }

  it('is ready once started, and says what it checked', async () => {
    const startup = new StartupState();
    startup.begin('migrations');
    startup.end('migrations');
    const app = await appWith({ startup });
    const live = await app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      role: 'all',
      database: t.kind,
      queue: 'postgres',
      // no model is loaded at start by this process (an API process)
      checks: { migrations: 'ok', embeddingModel: 'not_used', database: 'ok', queue: 'ok' },
    });
  });

  it('is live but not ready while the migrations run, and refuses other API calls until then', async () => {
    const startup = new StartupState();
    startup.begin('migrations');
    const app = await appWith({ startup });

    expect((await app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual(MIGRATING);
    const config = await app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(config.statusCode).toBe(503);
    expect(config.json()).toEqual({
      message: 'Chorus is starting (its database is being migrated). Please try again in a minute.',
      code: 'starting',
    });
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: 'early@example.com', password: 'correct horse battery staple' },
    });
    expect(signUp.statusCode).toBe(503);

    startup.end('migrations');
    expect((await app.inject({ method: 'GET', url: '/api/v1/health/ready' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/config' })).statusCode).toBe(200);
  });

  it('is not ready while the embedding model loads; a failed warm-up is reported, not held against it', async () => {
    const startup = new StartupState();
    startup.begin('embedding_model');
    const app = await appWith({ startup });

    const loading = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(loading.statusCode).toBe(503);
    expect(loading.json()).toEqual(MODEL_LOADING);
    // the API itself keeps working: only the migrations hold requests back
    expect((await app.inject({ method: 'GET', url: '/api/v1/config' })).statusCode).toBe(200);

    startup.end('embedding_model');
    const loaded = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json().checks.embeddingModel).toBe('ok');

    // The first analysis loads the model again, so the process stays ready and says so.
    startup.begin('embedding_model');
    startup.fail('embedding_model');
    const failed = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().checks.embeddingModel).toBe('failed');
  });

  it('names the database when it does not answer, on /health/ready and /health alike', async () => {
    const app = await appWith({ database: downDatabase(t.database) });
    const expected = { message: 'The database is not answering.', code: 'database_unavailable' };
    for (const url of ['/api/v1/health/ready', '/api/v1/health']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual(expected);
    }
    // liveness checks nothing outside the process: an outage must not get it restarted
    expect((await app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
  });

  it('names the queue when it does not answer, and is ready once it does', async () => {
    const down = await appWith({ jobQueue: downQueue() });
    const res = await down.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'The job queue is not answering.',
      code: 'queue_unavailable',
    });
    expect((await down.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);

    const up = await appWith({
      jobQueue: { ...downQueue(), pendingCount: () => Promise.resolve(0) },
    });
    const ok = await up.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'ok', queue: 'bullmq' });
  });

  it('reports start-up before outages: a migrating process with the queue down says migrating', async () => {
    const startup = new StartupState();
    startup.begin('migrations');
    startup.begin('embedding_model');
    const app = await appWith({ startup, jobQueue: downQueue() });
    const res = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(res.json()).toEqual(MIGRATING);
    startup.end('migrations');
    expect((await app.inject({ method: 'GET', url: '/api/v1/health/ready' })).json()).toEqual(
      MODEL_LOADING,
    );
    startup.end('embedding_model');
    expect((await app.inject({ method: 'GET', url: '/api/v1/health/ready' })).json()).toMatchObject(
      { code: 'queue_unavailable' },
    );
  });

  it("serves a worker process's probes and nothing else (WORKER_HEALTH_PORT)", async () => {
    const startup = new StartupState();
    startup.begin('embedding_model');
    const container = createTestContainer({
      database: t.database,
      env: { ROLE: 'worker', DATABASE_URL: 'postgres://u@127.0.0.1:5432/x' },
      overrides: { startup },
    });
    const app = await buildHealthServer(container);
    try {
      expect((await app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(
        200,
      );
      const loading = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(loading.statusCode).toBe(503);
      expect(loading.json()).toEqual(MODEL_LOADING);
      startup.end('embedding_model');
      const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ role: 'worker', checks: { embeddingModel: 'ok' } });
      expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/v1/config' })).statusCode).toBe(404);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/v1/auth/signup',
            payload: { email: 'w@example.com', password: 'correct horse battery staple' },
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await app.close();
    }
  });
});
