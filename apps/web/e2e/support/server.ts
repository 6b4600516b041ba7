import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuilt, ensureWebBuilt } from './build';
import { distDir, fixturesCommentsDir, repoRoot, serverLogsDir } from './paths';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Output so far (for failure messages). */
  logs: () => string;
  stop: () => Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Starts the real server, compiled as `npm start` runs it (node apps/server/dist/main.js), on a free port with a temporary DATA_DIR,
 * the e2e comment fixtures and fake embeddings, serving the built web app. Waits for
 * GET /api/v1/health. `env` overrides any variable.
 */
export async function startServer({
  env = {},
}: { env?: Record<string, string> } = {}): Promise<RunningServer> {
  ensureWebBuilt();
  const main = ensureServerBuilt();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-e2e-'));
  let output = '';
  const child = spawn(process.execPath, [main], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST_DIR: distDir,
      COMMENTS_DIR: fixturesCommentsDir,
      EMBEDDINGS_PROVIDER: 'fake',
      YOUTUBE_API_KEY: '',
      LLM_API_URL: '',
      LOG_LEVEL: 'warn',
      // every browser test signs up from 127.0.0.1
      SIGNUP_MAX_PER_ADDRESS: '0',
      ...env,
    },
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    // Kept for diagnosis: scripts/test.mjs prints the errors from these logs when a browser test fails.
    fs.mkdirSync(serverLogsDir, { recursive: true });
    fs.writeFileSync(path.join(serverLogsDir, `server-${port}.log`), output);
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with code ${child.exitCode} before answering:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer /api/v1/health within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, port, dataDir, logs: () => output, stop };
}
