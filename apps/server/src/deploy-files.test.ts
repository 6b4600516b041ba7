import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema, loadConfig } from './config/config';
import { repoRoot } from './config/paths';

/**
 * The container files (Dockerfile, compose.yaml, docker/healthcheck.mjs) checked without a Docker
 * engine: what they name must exist in the code, and what docker/README.md documents must hold.
 */
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const schemaKeys = Object.keys(EnvSchema.shape).sort();
const exampleKeys = [...read('.env.example').matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]!).sort();

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  container_name?: string;
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  stop_grace_period?: string;
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};

/** What Compose makes of `${VAR:-default}` when VAR is not set (nested defaults too). */
function withDefaults(value: string): string {
  let out = value;
  for (let previous = ''; previous !== out;) {
    previous = out;
    out = out.replace(/\$\{[A-Z0-9_]+:-([^${}]*)\}/g, '$1');
  }
  return out;
}

describe('compose.yaml', () => {
  const { api, worker, postgres, redis } = compose.services;

  it('runs the API, scalable workers, PostgreSQL and Redis', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'postgres', 'redis', 'worker']);
    expect(api!.command).toEqual(['--role', 'api']);
    expect(worker!.command).toEqual(['--role', 'worker']);
    // --scale worker=4 needs no fixed name and no published port
    expect(worker!.container_name).toBeUndefined();
    expect(worker!.ports).toBeUndefined();
    expect(postgres!.image).toMatch(/^postgres:1[56](\b|-)/);
    expect(redis!.image).toMatch(/^redis:/);
    for (const [name, service] of Object.entries(compose.services))
      expect(service.healthcheck?.test.length, name).toBeGreaterThan(1);
    for (const service of [api!, worker!]) {
      expect(service.build).toBe('.');
      expect(service.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
  });

  it('keeps its data in named volumes', () => {
    const mounts = Object.values(compose.services).flatMap((s) => s.volumes ?? []);
    const named = mounts.map((m) => m.split(':')[0]!);
    expect(new Set(named)).toEqual(new Set(Object.keys(compose.volumes)));
    expect(mounts).toEqual(
      expect.arrayContaining([
        'chorus-data:/data',
        'postgres-data:/var/lib/postgresql/data',
        'redis-data:/data',
      ]),
    );
  });

  it('passes every variable of .env.example through, each as ${VAR:-default}', () => {
    expect(exampleKeys).toEqual(schemaKeys);
    for (const service of [api!, worker!]) {
      const env = service.environment!;
      expect(Object.keys(env).sort()).toEqual(schemaKeys);
      for (const [key, value] of Object.entries(env))
        expect(value, key).toMatch(new RegExp(`^\\$\\{${key}:-.*\\}$`));
    }
  });

  it('starts with its defaults: the config parses for both roles, on PostgreSQL and Redis', () => {
    const env = Object.fromEntries(
      Object.entries(api!.environment!).map(([k, v]) => [k, withDefaults(v)]),
    );
    const apiConfig = loadConfig(env, { role: 'api' });
    const workerConfig = loadConfig(env, { role: 'worker' });
    expect(apiConfig.databaseUrl).toBe('postgres://chorus:chorus@postgres:5432/chorus');
    expect(apiConfig.queue).toMatchObject({ driver: 'bullmq', redisUrl: 'redis://redis:6379' });
    expect(apiConfig.dataDir).toBe('/data');
    expect(apiConfig.embeddings.embeddedModelDir).toBe('/app/models/use-lite-embedded');
    // the published port is the one the API listens on, the worker's probe the one it serves
    expect(api!.ports).toEqual(['${PORT:-3000}:${PORT:-3000}']);
    expect(apiConfig.port).toBe(3000);
    expect(workerConfig.queue.workerHealthPort).toBe(3001);
    expect(worker!.healthcheck!.test).toEqual([
      'CMD',
      'node',
      'docker/healthcheck.mjs',
      '${WORKER_HEALTH_PORT:-3001}',
    ]);
  });
});

/** The Dockerfile as instructions (continuation lines joined), grouped by stage. */
function dockerStages() {
  const lines = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: { from: string; name: string; steps: string[] }[] = [];
  for (const line of lines) {
    const m = /^FROM\s+(\S+)\s+AS\s+(\S+)$/i.exec(line);
    if (m) stages.push({ from: m[1]!, name: m[2]!, steps: [] });
    else stages.at(-1)?.steps.push(line);
  }
  return { args: lines.filter((l) => l.startsWith('ARG ')), stages };
}

describe('Dockerfile', () => {
  const { args, stages } = dockerStages();
  const stage = (name: string) => stages.find((s) => s.name === name)!;

  it('builds in one stage and runs a pruned production stage on Node 24', () => {
    expect(args).toContain('ARG NODE_IMAGE=node:24-bookworm-slim');
    expect(stages.map((s) => [s.name, s.from])).toEqual([
      ['build', '${NODE_IMAGE}'],
      ['deps', '${NODE_IMAGE}'],
      ['runtime', '${NODE_IMAGE}'],
    ]);
    expect(stage('build').steps).toEqual(
      expect.arrayContaining(['RUN npm ci', 'RUN npm run build']),
    );
    expect(stage('deps').steps).toContain('RUN npm ci --omit=dev && npm cache clean --force');
    const copies = stage('runtime').steps.filter((s) => s.startsWith('COPY'));
    expect(copies).toEqual([
      'COPY --from=deps /app ./',
      'COPY --from=build /app/apps/server/dist apps/server/dist',
      'COPY --from=build /app/apps/web/dist apps/web/dist',
      'COPY --from=build /app/models models',
      'COPY apps/server/sample-channel apps/server/sample-channel',
      'COPY docker/healthcheck.mjs docker/healthcheck.mjs',
    ]);
    // every file copied from the build context is in the repository
    for (const step of stages.flatMap((s) => s.steps)) {
      const m = /^COPY\s+(?!--from)(.+)\s+\S+$/.exec(step);
      for (const src of m?.[1]!.split(/\s+/) ?? [])
        if (src !== '.') expect(existsSync(path.join(repoRoot, src)), src).toBe(true);
    }
  });

  it('converts the embedded model at build time into the folder the server reads', () => {
    const build = stage('build').steps;
    const convert = build.findIndex((s) => s.includes('main.js --prepare-model'));
    expect(convert).toBeGreaterThan(build.indexOf('RUN npm run build'));
    expect(build.indexOf('ENV EMBEDDED_MODEL_DIR=/app/models/use-lite-embedded')).toBeLessThan(
      convert,
    );
    expect(stage('runtime').steps.join('\n')).toMatch(
      /EMBEDDED_MODEL_DIR=\/app\/models\/use-lite-embedded/,
    );
  });

  it('runs as a non-root user, exposes the port, checks liveness, starts main.js', () => {
    const steps = stage('runtime').steps;
    const user = steps.filter((s) => s.startsWith('USER '));
    expect(user).toEqual(['USER chorus']);
    expect(steps.join('\n')).toMatch(/useradd --system --uid 10001 --gid chorus .* chorus/);
    expect(steps.indexOf('USER chorus')).toBeGreaterThan(
      steps.findLastIndex((s) => s.startsWith('COPY') || s.startsWith('RUN')),
    );
    expect(steps).toContain('EXPOSE 3000');
    expect(steps.join('\n')).toMatch(
      /ENV .*PORT=3000 .*DATA_DIR=\/data|ENV .*DATA_DIR=\/data .*PORT=3000/,
    );
    expect(steps.find((s) => s.startsWith('HEALTHCHECK'))).toMatch(
      /CMD \["node", "docker\/healthcheck\.mjs"\]$/,
    );
    expect(steps).toContain('ENTRYPOINT ["node", "apps/server/dist/main.js"]');
    expect(read('docker/healthcheck.mjs')).toContain('/api/v1/health/${probe}');
  });

  it('keeps local state and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.env', 'data', '.git'])
      expect(ignored, entry).toContain(entry);
  });
});

describe('docker/healthcheck.mjs', () => {
  const servers: http.Server[] = [];
  afterAll(async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
  });

  /** A server answering `status` on every path, recording the paths asked for. */
  async function answering(status: number) {
    const asked: string[] = [];
    const server = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { port: (server.address() as AddressInfo).port, asked };
  }

  const run = async (args: string[], env: Record<string, string> = {}) => {
    try {
      await promisify(execFile)(
        process.execPath,
        [path.join(repoRoot, 'docker/healthcheck.mjs'), ...args],
        { env: { ...process.env, ...env } },
      );
      return 0;
    } catch (error) {
      return (error as { code?: number }).code;
    }
  };

  it('exits 0 on a 200 and 1 otherwise, on PORT or the port given', async () => {
    const up = await answering(200);
    const down = await answering(503);
    expect(await run([], { PORT: String(up.port) })).toBe(0);
    expect(await run([String(down.port)], { PORT: String(up.port) })).toBe(1);
    expect(await run(['--ready', String(up.port)])).toBe(0);
    expect(up.asked).toEqual(['/api/v1/health/live', '/api/v1/health/ready']);
    expect(down.asked).toEqual(['/api/v1/health/live']);
    // nobody listening
    down.asked.length = 0;
    await new Promise((r) => servers.pop()!.close(r));
    expect(await run([String(down.port)])).toBe(1);
  });

  it("falls back to WORKER_HEALTH_PORT only when nothing listens on PORT (a worker's container)", async () => {
    const closed = await answering(200);
    await new Promise((r) => servers.pop()!.close(r));
    const worker = await answering(200);
    expect(
      await run([], { PORT: String(closed.port), WORKER_HEALTH_PORT: String(worker.port) }),
    ).toBe(0);
    expect(worker.asked).toEqual(['/api/v1/health/live']);
    // an API that answers "not live" is not rescued by another port
    const api = await answering(503);
    expect(await run([], { PORT: String(api.port), WORKER_HEALTH_PORT: String(worker.port) })).toBe(
      1,
    );
    expect(worker.asked).toHaveLength(1);
    expect(await run([], { PORT: String(closed.port), WORKER_HEALTH_PORT: '' })).toBe(1);
  });
});
