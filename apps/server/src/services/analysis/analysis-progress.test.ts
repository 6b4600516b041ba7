import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseComments } from '@app/analysis';
import { FakeTextEmbedder } from '../../providers/embeddings/fake-text-embedder';
import { describeEachDatabase } from '../../test/databases';
import { buildTestApp, signUpTestUser, type TestApp } from '../../test/test-app';
import { analysisDepsFrom, type AnalyseFn } from './analysis-deps';
import { makeCommentsDir } from './analysis.test-support';
import { createThroughput, processAnalysisJob, PROGRESS_BANDS } from './process-analysis';

const VIDEO = 'vidProgr001';
const JOB_ID = '00000000-0000-4000-8000-00000000c0de';

describe('the ETA from measured throughput', () => {
  it('follows the pace of the last seconds, not the average since the start', () => {
    const t = createThroughput(8);
    const at = (s: number) => 1_000_000 + s * 1000;
    t.add(at(0), 1);
    expect(t.eta(at(0), 1)).toBeNull(); // under 5%: no estimate yet
    // 4% a second for 10 s: 50%, about 12 s left
    for (let s = 1; s <= 10; s++) t.add(at(s), 1 + 4 * s);
    expect(t.eta(at(10), 41)).toBe(15);
    // then a slow stage: 1% a second for 8 s; the estimate grows at once to that pace
    for (let s = 11; s <= 18; s++) t.add(at(s), 41 + (s - 10));
    expect(t.eta(at(18), 49)).toBe(51);
  });
});

describeEachDatabase('analysis progress', (t) => {
  let dir: string;
  let test: TestApp;

  beforeAll(async () => {
    dir = makeCommentsDir({ [VIDEO]: { comments: 400 } });
    // The real core; each progress report is a second later on the job's clock.
    const analyse: AnalyseFn = (comments, deps, options) =>
      analyseComments(comments, deps, {
        ...options,
        threads: 1,
        onProgress: (p) => {
          test.clock.advance({ seconds: 1 });
          options.onProgress?.(p);
        },
      });
    test = await buildTestApp({
      database: t.database,
      env: { COMMENTS_DIR: dir, YOUTUBE_FALLBACK: 'none' },
      overrides: { embedder: new FakeTextEmbedder(), languageModel: null, analyse },
    });
  });
  afterAll(async () => {
    await test.app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports every stage, clustering and writing the report included, and only moves forward', async () => {
    const { container } = test;
    const { email } = await signUpTestUser(test.app);
    const user = (await container.repos.users.findByEmail(email))!;
    await container.repos.analysisJobs.create({
      id: JOB_ID,
      userId: user.id,
      videoId: VIDEO,
      title: null,
      thumbnailUrl: null,
      channelTitle: null,
      videoCommentCount: 400,
      commentLimit: 400,
      reservedCredits: 0,
      priority: 0,
    });
    const writes: { status: string; progressPercent: number; etaSeconds: number | null }[] = [];
    const repos = container.repos;
    const analysisJobs = {
      ...repos.analysisJobs,
      updateProgress: async (
        id: string,
        update: Parameters<typeof repos.analysisJobs.updateProgress>[1],
      ) => {
        writes.push(update);
        await repos.analysisJobs.updateProgress(id, update);
      },
    };
    await processAnalysisJob(
      { ...analysisDepsFrom(container), repos: { ...repos, analysisJobs }, progressIntervalMs: 0 },
      JOB_ID,
      { signal: new AbortController().signal, attempt: 1 },
    );
    expect((await repos.analysisJobs.findById(JOB_ID))!.status).toBe('complete');

    // the steps in order, each reported, never going back
    const order = writes.map((w) => w.status).filter((s, i, all) => s !== all[i - 1]);
    expect(order).toEqual(['fetching', 'embedding', 'discovering', 'saving']);
    const percents = writes.map((w) => w.progressPercent);
    expect(percents.every((p, i) => i === 0 || p >= percents[i - 1]!)).toBe(true);

    // clustering reports its own progress: several values inside its band, not just its ends
    const band = PROGRESS_BANDS.discovering;
    const clustering = new Set(
      writes
        .filter((w) => w.status === 'discovering')
        .map((w) => w.progressPercent)
        .filter((p) => p > band.from && p < band.to),
    );
    expect(clustering.size).toBeGreaterThanOrEqual(5);
    // "Writing report" lights up while the headings and the summary are written, before saving
    expect(
      writes.some(
        (w) => w.status === 'saving' && w.progressPercent < PROGRESS_BANDS.summarising.to,
      ),
    ).toBe(true);

    // an ETA once there is progress to measure, recomputed as the pace changes
    const etas = writes.map((w) => w.etaSeconds).filter((e): e is number => e !== null);
    expect(etas.length).toBeGreaterThan(3);
    expect(etas.every((e) => e >= 0)).toBe(true);
    expect(new Set(etas).size).toBeGreaterThan(2);
  });
});
