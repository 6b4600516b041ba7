import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './config/paths';

/**
 * glibc reads its malloc settings only when a process starts, so each way of launching the analysis
 * sets them: `npm start` (the server's start script), the container image, `npm run cli` and the
 * memory benchmark's child. With them a 50,000-comment analysis peaks about 100 MB lower.
 */
const SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const run = promisify(execFile);

describe('malloc settings at launch', () => {
  const start = (JSON.parse(read('apps/server/package.json')) as { scripts: { start: string } })
    .scripts.start;

  /** What the server process started by the start script finds in its environment. */
  async function serverEnv(env: Record<string, string>): Promise<Record<string, string>> {
    expect(start).toMatch(/\bnode dist\/main\.js$/);
    const names = Object.keys(SETTINGS);
    const probe = start.replace(
      /node dist\/main\.js$/,
      `"${process.execPath}" -e 'console.log(JSON.stringify(Object.fromEntries(${JSON.stringify(names)}.map((n) => [n, process.env[n]]))))'`,
    );
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !names.includes(name)),
    );
    const { stdout } = await run('sh', ['-c', probe], { env: { ...inherited, ...env } });
    return JSON.parse(stdout) as Record<string, string>;
  }

  it('npm start launches the server with them, a value set in the environment winning', async () => {
    expect(await serverEnv({})).toEqual(SETTINGS);
    expect(await serverEnv({ MALLOC_ARENA_MAX: '4' })).toEqual({
      ...SETTINGS,
      MALLOC_ARENA_MAX: '4',
    });
  });

  it('the container image, npm run cli and the memory benchmark set the same values', () => {
    const dockerfile = read('Dockerfile');
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    for (const [name, value] of Object.entries(SETTINGS)) {
      expect(runtime).toMatch(new RegExp(`^ENV [^]*?\\b${name}=${value}\\b`, 'm'));
      for (const file of ['scripts/run-cli.mjs', 'scripts/bench/analysis-speed.ts'])
        expect(read(file), file).toContain(`${name}: process.env.${name} ?? '${value}'`);
      expect(read('.env.example')).toContain(`# ${name}=${value}\n`);
    }
  });
});
