import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from './db/database';
import { freePort } from './test/local-ports';
import { createTestDatabase, postgresForSuite } from './test/databases';

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.join(here, 'main.ts');

async function get(url: string): Promise<{ status: number; body: unknown } | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return { status: res.status, body: await res.json() };
  } catch {
    return null;
  }
}

/** Polls until `url` answers `status` (or the time runs out, which fails the test). */
async function waitFor(url: string, status: number, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await get(url);
    if (res?.status === status) return res;
    if (Date.now() > until) throw new Error(`${url} did not answer ${status} in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const up = await postgresForSuite();

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Starts main.ts under tsx with `env` over the test's environment; collects its output. */
function startServer(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const out = { text: '' };
  child.stdout.on('data', (d: Buffer) => (out.text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.text += d.toString()));
  // 'close' comes after the output is read to its end ('exit' may come before)
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    return Promise.race([
      exited,
      new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000)),
    ]);
  };
  return { out, stop, exited };
}

/**
 * The real program (main.ts under tsx) on a fresh PGlite folder: what an orchestrator sees of it.
 * It listens before it migrates, is ready once started, and a SIGTERM stops it cleanly (exit 0)
 * and releases the data folder.
 */
describe('the server process', () => {
  it('answers its probes and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'chorus-main-'));
    dirs.push(dataDir);
    const port = await freePort();
    const server = startServer([], {
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDINGS_PROVIDER: 'fake',
      DATABASE_URL: '',
      ROLE: 'all',
    });

    const base = `http://127.0.0.1:${port}/api/v1`;
    await waitFor(`${base}/health/live`, 200);
    const ready = await waitFor(`${base}/health/ready`, 200);
    expect(ready.body).toMatchObject({
      status: 'ok',
      role: 'all',
      database: 'pglite',
      queue: 'postgres',
      checks: { migrations: 'ok', database: 'ok', queue: 'ok' },
    });
    // the listener came up before the migrations ran (log lines may arrive a little later)
    for (let i = 0; i < 100 && !server.out.text.includes('migrations applied'); i++)
      await new Promise((r) => setTimeout(r, 50));
    const output = server.out.text;
    expect(output.indexOf('Chorus is listening')).toBeGreaterThan(-1);
    expect(output.indexOf('Chorus is listening')).toBeLessThan(
      output.indexOf('migrations applied'),
    );

    const code = await server.stop();
    expect(code, server.out.text).toBe(0);
    expect(server.out.text).toContain('"signal":"SIGTERM"');
    expect(server.out.text).toContain('shutting down');
    expect(await get(`${base}/health/live`)).toBeNull();
  }, 90_000);
});

describe('main.ts --prepare-model', () => {
  it('converts the embedded model into EMBEDDED_MODEL_DIR and exits without opening a database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'chorus-prepare-'));
    dirs.push(dataDir);
    const modelDir = path.join(dataDir, 'image-models');
    // as in the image's build: a role that would need DATABASE_URL is no obstacle here
    const server = startServer(['--prepare-model', '--role', 'worker'], {
      DATA_DIR: path.join(dataDir, 'data'),
      EMBEDDED_MODEL_DIR: modelDir,
      DATABASE_URL: '',
    });
    const code = await server.exited;
    expect(code, server.out.text).toBe(0);
    expect(server.out.text).toContain('embedded model ready');
    for (const file of ['onnx/model_quantized.onnx', 'onnx/model.onnx', 'tokenizer.json'])
      expect(existsSync(path.join(modelDir, file)), file).toBe(true);
    expect(existsSync(path.join(dataDir, 'data'))).toBe(false);
  }, 90_000);
});

describe.skipIf(!up)('a worker-only process [postgres]', () => {
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
  });

  it('serves its probes on WORKER_HEALTH_PORT and metrics on METRICS_PORT, no API, and stops cleanly on SIGTERM', async () => {
    database = await createTestDatabase('postgres');
    const [apiPort, healthPort, metricsPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const dataDir = mkdtempSync(path.join(tmpdir(), 'chorus-worker-'));
    dirs.push(dataDir);
    const server = startServer(['--role', 'worker'], {
      PORT: String(apiPort),
      WORKER_HEALTH_PORT: String(healthPort),
      METRICS_PORT: String(metricsPort),
      DATABASE_URL: database.location,
      EMBEDDINGS_PROVIDER: 'fake',
      DATA_DIR: dataDir,
    });
    const base = `http://127.0.0.1:${healthPort}/api/v1`;
    const ready = await waitFor(`${base}/health/ready`, 200);
    expect(ready.body).toMatchObject({
      role: 'worker',
      database: 'postgres',
      checks: { migrations: 'ok', database: 'ok', queue: 'ok' },
    });
    expect(await get(`${base}/config`)).toMatchObject({ status: 404 });
    expect(await get(`http://127.0.0.1:${apiPort}/api/v1/health/live`)).toBeNull();
    expect(server.out.text).toContain('worker health routes are listening');
    // its own Prometheus endpoint: the queue gauges read from the database, Node's defaults
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/^chorus_queue_depth 0$/m);
    expect(text).toMatch(/^chorus_process_resident_memory_bytes \d+/m);
    expect(
      await get(`${base.replace(String(healthPort), String(metricsPort))}/health/live`),
    ).toMatchObject({ status: 404 });
    expect(server.out.text).toContain('metrics are served');

    expect(await server.stop(), server.out.text).toBe(0);
    expect(server.out.text).toContain('shutting down');
  }, 90_000);
});
