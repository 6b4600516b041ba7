import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.join(here, 'main.ts');

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

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

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

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
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EMBEDDINGS_PROVIDER: 'fake',
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        ROLE: 'all',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

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
    // the listener came up before the migrations ran
    expect(output.indexOf('Chorus is listening')).toBeGreaterThan(-1);
    expect(output.indexOf('Chorus is listening')).toBeLessThan(
      output.indexOf('migrations applied'),
    );

    child.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000)),
    ]);
    expect(code, output).toBe(0);
    expect(output).toContain('"signal":"SIGTERM"');
    expect(output).toContain('shutting down');
    expect(await get(`${base}/health/live`)).toBeNull();
  }, 90_000);
});
