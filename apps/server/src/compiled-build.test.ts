import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// inside the repository, so the compiled files find npm packages in node_modules as dist/ does
mkdirSync(path.join(repoRoot, '.cache'), { recursive: true });
const dir = mkdtempSync(path.join(repoRoot, '.cache', 'test-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * `npm start` runs the server compiled by scripts/build-server.mjs (the browser tests start that
 * compiled server). This checks what those tests do not reach: the analysis worker threads run
 * from the compiled worker (a worker that fails to start would silently fall back to running
 * inline), every migration is compiled next to the program, and the sample channel's files are
 * found from the compiled code.
 */
describe('compiled server build', () => {
  it('compiles the program, every migration and a worker that the pool runs in threads', () => {
    const entry = path.join(dir, 'probe.ts');
    const runners = path.join(repoRoot, 'packages/analysis/src/pipeline/runners.ts');
    const sample = path.join(repoRoot, 'apps/server/src/providers/youtube/sample-channel.ts');
    const paths = path.join(repoRoot, 'apps/server/src/config/paths.ts');
    writeFileSync(
      entry,
      `import { pipelinePool } from ${JSON.stringify(runners)};
import { SampleCommentSource, sampleChannelLoader } from ${JSON.stringify(sample)};
import { SAMPLE_CHANNEL_DIR } from ${JSON.stringify(paths)};
const pool = pipelinePool(2);
const out = await pool.run('classify', { texts: ['Great video, thank you!', 'Can you make a part 2?'], vectors: [new Float32Array(512), new Float32Array(512)], embedder: 'none' });
const source = new SampleCommentSource(sampleChannelLoader(SAMPLE_CHANNEL_DIR));
const fetched = await source.fetchComments('sample_weeknight-ramen', { maxComments: 1000 });
console.log(JSON.stringify({ intents: out.intents, broken: (pool as unknown as { broken: boolean }).broken, sampleComments: fetched?.comments.length ?? 0 }));
await pool.close();
`,
    );
    const outdir = path.join(dir, 'out');
    execFileSync(
      process.execPath,
      [
        path.join(repoRoot, 'scripts/build-server.mjs'),
        '--outdir',
        outdir,
        '--entry',
        `probe=${entry}`,
      ],
      { cwd: repoRoot, stdio: 'pipe' },
    );
    for (const file of ['main.js', 'worker.js', 'worker-boot.mjs', 'package.json'])
      expect(existsSync(path.join(outdir, file))).toBe(true);
    const sources = readdirSync(path.join(repoRoot, 'apps/server/src/db/migrations')).filter((f) =>
      /^\d+_[a-z0-9_-]+\.ts$/.test(f),
    );
    expect(readdirSync(path.join(outdir, 'migrations')).sort()).toEqual(
      sources.map((f) => f.replace(/\.ts$/, '.js')).sort(),
    );
    // plain Node, no tsx: the pool must find ./worker.js beside the compiled code
    const probe = JSON.parse(
      execFileSync(process.execPath, [path.join(outdir, 'probe.js')], { encoding: 'utf8' }),
    ) as { intents: string[]; broken: boolean; sampleComments: number };
    expect(probe.broken).toBe(false);
    expect(probe.intents).toEqual(['Praise', 'Request']);
    // the sample channel shipped with the product is found from the compiled code too
    expect(probe.sampleComments).toBeGreaterThanOrEqual(80);
  }, 60_000);
});
