import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { createLogger } from '../logger';
import { FakeTextEmbedder } from '../providers/embeddings/fake-text-embedder';
import { analysisDepsFrom, type AnalyseFn } from '../services/analysis/analysis-deps';
import { describeEachDatabase } from '../test/databases';
import { buildTestApp, signUpTestUser } from '../test/test-app';
import { analysisJob } from './analysis.job';

const JOB_ID = '00000000-0000-4000-8000-0000000000b1';

/** A JSON logger (the process's own) whose lines the test reads back. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) {
          raw.push(line);
          lines.push(JSON.parse(line) as Record<string, unknown>);
        }
      done();
    },
  });
  return { logger: createLogger('info', stream), lines, raw };
}

describeEachDatabase('the analysis job logs', (t) => {
  it('carries the job id on every line about the job, attempt after attempt', async () => {
    const analyse: AnalyseFn = () => Promise.reject(new Error('a bug in the pipeline'));
    const test = await buildTestApp({
      database: t.database,
      env: { YOUTUBE_FALLBACK: 'none' },
      overrides: { embedder: new FakeTextEmbedder(), languageModel: null, analyse },
    });
    try {
      const { container } = test;
      const { email } = await signUpTestUser(test.app);
      const user = (await container.repos.users.findByEmail(email))!;
      await container.repos.analysisJobs.create({
        id: JOB_ID,
        userId: user.id,
        // a sample video: its comments ship with Chorus, and it holds no credits
        videoId: 'sample_knife-skills',
        title: null,
        thumbnailUrl: null,
        channelTitle: null,
        videoCommentCount: null,
        commentLimit: 50,
        reservedCredits: 0,
        priority: 0,
      });
      const { logger, lines, raw } = capturedLogger();
      const job = analysisJob({ ...analysisDepsFrom(container), logger });
      const run = (attempt: number) =>
        job.handle(
          { jobId: JOB_ID },
          { id: JOB_ID, name: job.name, payload: { jobId: JOB_ID }, attempt },
          { signal: new AbortController().signal },
        );

      // a first delivery that fails unexpectedly goes back to the queue; the last one fails the job
      await expect(run(1)).rejects.toThrow('a bug in the pipeline');
      await run(3);
      const job1 = await container.repos.analysisJobs.findById(JOB_ID);
      expect(job1?.status).toBe('failed');

      const messages = lines.map((l) => l.msg);
      expect(messages).toEqual([
        'analysis job started',
        'analysis job failed',
        'analysis job handed back to the queue',
        'analysis job started',
        'analysis job failed',
        'analysis job ended',
      ]);
      for (const line of lines) {
        expect(line.jobId, String(line.msg)).toBe(JOB_ID);
        expect(typeof line.time).toBe('number');
        expect(typeof line.level).toBe('number');
      }
      // no line names the key twice (the child's binding and the line's own field)
      for (const line of raw) expect(line.split('"jobId"').length, line).toBe(2);
    } finally {
      await test.app.close();
    }
  });
});
