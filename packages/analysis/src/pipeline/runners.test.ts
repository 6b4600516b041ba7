import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildTfidf } from '../clustering/lexical';
import { buildSpace, joinSmoothed, nearestNeighbours, smoothSpace } from '../clustering/space';
import { PARALLEL_MIN_ITEMS, WorkerPool } from '../parallel/pool';
import { overRanges, splitRange } from '../parallel/runner';
import { pipelineInline as inlineRunner, pipelinePool, runnerFor } from './runners';

/** 600 unit vectors around 6 directions, with words naming their direction. */
function space() {
  const d = 8;
  const n = 600;
  const dense = new Float32Array(n * d);
  const texts: string[] = [];
  for (let i = 0; i < n; i++) {
    const c = i % 6;
    let norm = 0;
    for (let t = 0; t < d; t++) {
      const v = (t === c ? 3 : 0) + Math.sin(i * 12.9898 + t * 78.233);
      dense[i * d + t] = v;
      norm += v * v;
    }
    for (let t = 0; t < d; t++) dense[i * d + t]! /= Math.sqrt(norm);
    texts.push(`topic${c} word${i % 17}`);
  }
  return buildSpace(dense, d, buildTfidf(texts), 0.5);
}

describe('task runners', () => {
  it('split ranges cover every item once, in order', () => {
    expect(splitRange(10, 3)).toEqual([
      [0, 3],
      [3, 6],
      [6, 10],
    ]);
    expect(splitRange(2, 4)).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(splitRange(0, 2)).toEqual([[0, 0]]);
  });

  it('worker threads return exactly what the inline runner returns', async () => {
    const input = { space: space(), k: 6, weights: new Float64Array(600).fill(1), seed: 5 };
    const pool = pipelinePool(2);
    try {
      const [a, b] = await Promise.all([
        pool.run('kmeans', input),
        pool.run('kmeans', { ...input, seed: 6 }),
      ]);
      expect(a.assignments).toEqual((await inlineRunner.run('kmeans', input)).assignments);
      expect(a.objective).toBe((await inlineRunner.run('kmeans', input)).objective);
      expect(b.assignments).toEqual(
        (await inlineRunner.run('kmeans', { ...input, seed: 6 })).assignments,
      );
      const texts = ['Please make a video on hooks', 'Loved it, thanks!', 'Why is it slow?'];
      const classified = await pool.run('classify', { texts, vectors: [], embedder: 'fake' });
      expect(classified).toEqual(
        await inlineRunner.run('classify', { texts, vectors: [], embedder: 'fake' }),
      );
      expect(classified.intents).toEqual(['Request', 'Praise', 'Question']);
    } finally {
      await pool.close();
    }
  });

  it('smoothing and re-ranking in ranges on worker threads give exactly the one-pass result', async () => {
    const fused = space();
    const pool30 = nearestNeighbours(fused, 30);
    const knn = { neighbours: pool30.neighbours, k: 30 };
    const whole = smoothSpace(fused, knn, 1);
    const pool = pipelinePool(2);
    try {
      // eight ranges over two threads, each smoothed on a worker, joined in item order
      const parts = await overRanges(pool, fused.n, (from, to) =>
        pool.run('smoothRows', { space: fused, knn, beta: 1, from, to }),
      );
      expect(parts.length).toBe(8);
      const joined = joinSmoothed(fused, parts);
      expect(joined.dense).toEqual(whole.dense);
      expect(joined.sparse.indptr).toEqual(whole.sparse.indptr);
      expect(joined.sparse.indices).toEqual(whole.sparse.indices);
      expect(joined.sparse.values).toEqual(whole.sparse.values);
      expect(joined.sparse.cols).toBe(whole.sparse.cols);

      const ranked = await overRanges(pool, fused.n, (from, to) =>
        pool.run('reRankRows', { space: whole, pool: knn, k: 5, from, to }),
      );
      const inline = await inlineRunner.run('reRankRows', {
        space: whole,
        pool: knn,
        k: 5,
        from: 0,
        to: fused.n,
      });
      expect(inline.length).toBe(fused.n * 5);
      const stitched = new Int32Array(fused.n * 5);
      for (const { from, value } of ranked) stitched.set(value, from * 5);
      expect(stitched).toEqual(inline);
      // the re-ranked neighbours are the pool's members, most similar in the new space first
      expect(inline.subarray(0, 5).every((j) => knn.neighbours.subarray(0, 30).includes(j))).toBe(
        true,
      );
    } finally {
      await pool.close();
    }
  });

  it('passes a failing task’s error back to the caller', async () => {
    const pool = pipelinePool(1);
    try {
      const bad = {
        space: undefined as never,
        cents: undefined as never,
        probes: 1,
        from: 0,
        to: 1,
      };
      await expect(pool.run('nearestCells', bad)).rejects.toThrow();
      await expect(inlineRunner.run('nearestCells', bad)).rejects.toThrow();
      // The worker survives a failed task.
      const input = { space: space(), k: 3, weights: new Float64Array(600).fill(1), seed: 1 };
      expect((await pool.run('kmeans', input)).assignments).toEqual(
        (await inlineRunner.run('kmeans', input)).assignments,
      );
    } finally {
      await pool.close();
    }
  });

  it('falls back to running inline when its workers cannot start, with the same result', async () => {
    const pool = pipelinePool(2, new URL('./no-such-worker.ts', import.meta.url));
    const input = { space: space(), k: 4, weights: new Float64Array(600).fill(1), seed: 2 };
    const [a, b] = await Promise.all([pool.run('kmeans', input), pool.run('kmeans', input)]);
    const expected = (await inlineRunner.run('kmeans', input)).assignments;
    expect(a.assignments).toEqual(expected);
    expect(b.assignments).toEqual(expected);
    // Later tasks run inline straight away.
    expect((await pool.run('kmeans', input)).assignments).toEqual(expected);
    await pool.close();
  });

  it('never keeps a process alive: idle workers let it exit', async () => {
    const runners = new URL('./runners.ts', import.meta.url).href;
    const code = `import { pipelinePool } from ${JSON.stringify(runners)};
      const p = pipelinePool(2);
      p.warm();
      console.log('warmed');`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', code],
      { timeout: 20_000 },
    );
    expect(stdout.trim()).toBe('warmed');
  });

  it('keeps small inputs and one-thread settings in this thread', () => {
    expect(runnerFor(PARALLEL_MIN_ITEMS - 1, 4)).toBe(inlineRunner);
    expect(runnerFor(PARALLEL_MIN_ITEMS, 2)).toBeInstanceOf(WorkerPool);
    expect(runnerFor(50_000, 1)).toBe(inlineRunner);
    expect(runnerFor(50_000, 2)).toBeInstanceOf(WorkerPool);
    expect(runnerFor(50_000, 2)).toBe(runnerFor(20_000, 2));
  });
});
