import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { embeddingText, type EmbedOptions, type InputComment } from '@app/analysis';
import type { Platform } from '@app/contracts';
import { parseCommentsCsv } from '../../providers/comment-sources/comment-file-parser';
import {
  CommentSourceError,
  type CommentSource,
  type FetchCommentsOptions,
} from '../../providers/comment-sources/comment-source.port';
import { FakeTextEmbedder } from '../../providers/embeddings/fake-text-embedder';
import { describeEachDatabase } from '../../test/databases';
import { createTestUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { analysisDepsFrom } from './analysis-deps';
import { createPendingJob, factoryCsv, waitFor } from './analysis.test-support';
import { processAnalysisJob } from './process-analysis';

const VIDEO = 'vidPages001';
const PAGE = 40;
const PAGES = 6;

/** Factory comments, some with markup and entities the analysis cleans away before embedding. */
const COMMENTS: InputComment[] = parseCommentsCsv(factoryCsv(PAGE * PAGES), VIDEO).map((c, i) =>
  i % 7 === 0 ? { ...c, text: `<b>${c.text}</b> &amp; more` } : c,
);

/** The fake embedder, recording every text it was given and each call's signal. */
class RecordingEmbedder extends FakeTextEmbedder {
  readonly texts: string[] = [];
  readonly signals: (AbortSignal | undefined)[] = [];
  override embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    this.texts.push(...texts);
    this.signals.push(options.signal);
    return super.embed(texts, options);
  }
}

interface PagedSourceOptions {
  /** Report pages through onPage (a source that does not gives the job nothing to prefetch). */
  pages?: boolean;
  /** Before the last page: waits (at most a second) until this holds. */
  beforeLast?: () => boolean;
  /** After this many pages: calls it, then throws what it returns (it may abort the job). */
  failAfter?: { pages: number; error: () => Error };
}

/** Pages of PAGE comments, one every 10 ms, as a vendor's API answers them. */
function pagedSource(options: PagedSourceOptions, seen: { atLastPage?: number }): CommentSource {
  return {
    name: 'paged',
    getVideo: () => Promise.resolve(null),
    async fetchComments(_videoId: string, fetch: FetchCommentsOptions) {
      const out: InputComment[] = [];
      for (let p = 0; p < PAGES; p++) {
        if (options.failAfter && p === options.failAfter.pages) throw options.failAfter.error();
        if (p === PAGES - 1 && options.beforeLast) {
          const until = Date.now() + 1000;
          while (!options.beforeLast() && Date.now() < until)
            await new Promise((r) => setTimeout(r, 10));
          seen.atLastPage = Date.now();
        }
        await new Promise((r) => setTimeout(r, 10));
        fetch.signal?.throwIfAborted();
        const page = COMMENTS.slice(p * PAGE, (p + 1) * PAGE);
        out.push(...page);
        if (options.pages !== false) fetch.onPage?.(page);
        fetch.onProgress?.(out.length);
      }
      return { comments: out, likesApproximate: false, source: 'paged' };
    },
  };
}

describeEachDatabase('an analysis job fed page by page', (t) => {
  let test: TestApp;
  let userId: string;

  beforeAll(async () => {
    test = await buildTestApp({
      database: t.database,
      overrides: { embedder: new FakeTextEmbedder(), languageModel: null },
    });
    userId = (await createTestUser(test, { credits: 100 })).userId;
  });
  afterAll(() => test.app.close());

  /** Runs one job through processAnalysisJob with the source and embedder given. */
  async function runJob(
    source: CommentSource,
    embedder: RecordingEmbedder,
    signal = new AbortController().signal,
  ) {
    const { container } = test;
    const jobId = await createPendingJob(container.repos, {
      userId,
      videoId: VIDEO,
      comments: COMMENTS.length,
      reservedCredits: 3,
    });
    const stored: { report?: unknown; comments?: unknown } = {};
    const base = analysisDepsFrom(container);
    const deps = {
      ...base,
      embedder,
      progressIntervalMs: 0,
      commentSources: {
        ...container.commentSources,
        sourceFor: (_platform: Platform) => source,
      },
      // what the completing transaction stores, as it stores it
      transaction: ((fn) =>
        container.transaction((repos) =>
          fn({
            ...repos,
            reports: {
              ...repos.reports,
              insert: (r) => {
                const { processingSeconds: _s, jobId: _j, ...rest } = r;
                stored.report = rest;
                return repos.reports.insert(r);
              },
            },
            comments: {
              ...repos.comments,
              insertMany: (id, rows) => {
                stored.comments = rows;
                return repos.comments.insertMany(id, rows);
              },
            },
          }),
        )) as typeof base.transaction,
    };
    const run = processAnalysisJob(deps, jobId, { signal, attempt: 1 });
    return { jobId, run, stored };
  }

  it('embeds the pages already read before the last page arrives, and stores the same report', async () => {
    const distinctBeforeLast = new Set(COMMENTS.slice(0, PAGE * (PAGES - 1)).map(embeddingText));
    const embedder = new RecordingEmbedder();
    const seen: { atLastPage?: number } = {};
    const source = pagedSource(
      { beforeLast: () => distinctBeforeLast.size === new Set(embedder.texts).size },
      seen,
    );
    const { jobId, run, stored } = await runJob(source, embedder);
    let embeddedAtLastPage = -1;
    const watcher = setInterval(() => {
      if (seen.atLastPage !== undefined && embeddedAtLastPage < 0)
        embeddedAtLastPage = embedder.texts.length;
    }, 0);
    await expect(run).resolves.toBe(true);
    clearInterval(watcher);
    // When the last page came, every earlier page was embedded, exactly as the analysis embeds it.
    expect(embeddedAtLastPage).toBeGreaterThanOrEqual(distinctBeforeLast.size);
    expect(new Set(embedder.texts.slice(0, distinctBeforeLast.size))).toEqual(distinctBeforeLast);
    // No text was embedded twice, and nothing else was.
    expect(embedder.texts.length).toBe(new Set(embedder.texts).size);
    expect(new Set(embedder.texts)).toEqual(new Set(COMMENTS.map(embeddingText)));
    expect((await test.container.repos.analysisJobs.findById(jobId))!.status).toBe('complete');

    // The same job from a source that reports no pages (nothing prefetched) stores the same.
    const plain = new RecordingEmbedder();
    const reference = await runJob(pagedSource({ pages: false }, {}), plain);
    await expect(reference.run).resolves.toBe(true);
    expect(stored.report).toEqual(reference.stored.report);
    expect(stored.comments).toEqual(reference.stored.comments);
    expect(stored.report).toBeDefined();
  });

  it('fails and refunds on a source failure after some pages, leaving nothing unhandled', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const embedder = new RecordingEmbedder();
      const failure = new CommentSourceError('unavailable', 'YouTube could not be reached.');
      const { jobId, run } = await runJob(
        pagedSource({ failAfter: { pages: 3, error: () => failure } }, {}),
        embedder,
      );
      await expect(run).resolves.toBe(false);
      const job = (await test.container.repos.analysisJobs.findById(jobId))!;
      expect(job.status).toBe('failed');
      expect(job.error).toMatch(/^YouTube could not be reached\. Your credits were refunded\./);
      // the background embedding ends with the job
      const calls = embedder.texts.length;
      await new Promise((r) => setTimeout(r, 50));
      expect(embedder.texts.length).toBe(calls);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('stops the background embedding when the job is cancelled, and hands the job back', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const embedder = new RecordingEmbedder();
      const controller = new AbortController();
      const stopping = new Error('The worker is shutting down.');
      const { jobId, run } = await runJob(
        pagedSource(
          {
            failAfter: {
              pages: 3,
              error: () => {
                controller.abort(stopping);
                return stopping;
              },
            },
          },
          {},
        ),
        embedder,
        controller.signal,
      );
      await expect(run).rejects.toBe(stopping);
      await waitFor(() => (embedder.signals.length > 0 ? true : undefined));
      expect(embedder.signals.every((s) => s?.aborted)).toBe(true);
      const calls = embedder.texts.length;
      await new Promise((r) => setTimeout(r, 50));
      expect(embedder.texts.length).toBe(calls);
      expect((await test.container.repos.analysisJobs.findById(jobId))!.status).toBe('pending');
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
