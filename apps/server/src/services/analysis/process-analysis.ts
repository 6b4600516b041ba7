import { embeddingText, PrefetchEmbedder, type StageProgress } from '@app/analysis';
import { isSampleVideoId, type ReportBody } from '@app/contracts';
import { LeaseLostError } from '../../jobs/job-queue.port';
import type { Logger } from '../../logger';
import { noopMetrics, type Metrics } from '../../providers/metrics/metrics.port';
import { CommentSourceError } from '../../providers/comment-sources/comment-source.port';
import type { AnalysisJob, AnalysisJobStatus } from '../../repositories/analysis-job.repository';
import { creditsFor, isAnalysisInputError, ledgerKeys, type AnalysisDeps } from './analysis-deps';
import { toReportQuestions } from './report-questions';

/** Deliveries after which a job that keeps dying is failed (and refunded) instead of retried. */
export const MAX_ANALYSIS_ATTEMPTS = 3;

export const UNEXPECTED_FAILURE =
  'The analysis failed unexpectedly. Your credits were refunded; please try again.';

/**
 * Where each stage sits on the 0-100 progress bar, and which job status (so which step) it shows.
 * The widths follow the stages' measured shares of an analysis of a few thousand comments on one
 * thread (embedding about a quarter, clustering over half, headings and summary about a fifth), so
 * the bar moves at about one pace. Writing the headings and the summary is the "Writing report" step.
 */
export const PROGRESS_BANDS: Record<
  StageProgress['stage'],
  { status: AnalysisJobStatus; from: number; to: number }
> = {
  preparing: { status: 'embedding', from: 20, to: 21 },
  embedding: { status: 'embedding', from: 21, to: 40 },
  discovering: { status: 'discovering', from: 40, to: 78 },
  labelling: { status: 'saving', from: 78, to: 93 },
  summarising: { status: 'saving', from: 93, to: 95 },
};
const BANDS = PROGRESS_BANDS;

type ProcessDeps = Pick<
  AnalysisDeps,
  'repos' | 'transaction' | 'clock' | 'commentSources' | 'embedder' | 'languageModel' | 'analyse'
> &
  Partial<Pick<AnalysisDeps, 'analysisConfig' | 'metrics'>> & {
    logger?: Pick<Logger, 'warn' | 'error'>;
    progressIntervalMs?: number;
  };

/**
 * Runs one analysis job: fetch comments, analyse, then in ONE transaction store comments and
 * report, settle credits and mark the job complete. Each page of comments is embedded in the
 * background as soon as the source reads it, so once the last page is in, the analysis mostly
 * finds its vectors made; the background stops with the job (cancelled, failed or done). The
 * transaction locks the job row and does nothing if the job already finished, so a redelivered
 * job (its worker was killed) completes once and settles once. User-facing failures mark the job
 * failed with a readable reason and refund the reservation; a cancelled run (shutdown, lost lease)
 * rethrows so the queue runs it again.
 * Answers true when this run completed the job (false: failed, or already finished).
 */
export async function processAnalysisJob(
  deps: ProcessDeps,
  jobId: string,
  context: { signal: AbortSignal; attempt: number },
): Promise<boolean> {
  const job = await deps.repos.analysisJobs.findById(jobId);
  if (!job || job.status === 'complete' || job.status === 'failed') return false;
  if (context.attempt > MAX_ANALYSIS_ATTEMPTS) {
    await failAndRefund(deps, job, UNEXPECTED_FAILURE);
    return false;
  }

  const started = deps.clock.now();
  const progress = createProgressWriter(deps, job.id, started, deps.progressIntervalMs ?? 500);
  const stages = createStageTimer(deps.metrics ?? noopMetrics);
  // The texts the analysis will embed, embedded while the next pages download.
  const embedder = new PrefetchEmbedder(deps.embedder, { signal: context.signal });
  try {
    stages.enter('fetching');
    await progress.set('fetching', 1, true);
    const fetched = await deps.commentSources.sourceFor(job.platform).fetchComments(job.videoId, {
      maxComments: job.commentLimit,
      signal: context.signal,
      workspaceId: job.workspaceId,
      onProgress: (n) => void progress.set('fetching', 1 + 18 * Math.min(1, n / job.commentLimit)),
      onPage: (page) => embedder.prefetch(page.map(embeddingText)),
    });
    if (!fetched)
      throw new CommentSourceError(
        'video_not_found',
        'No comments were found for this video. Check the link and try again.',
      );
    if (fetched.comments.length === 0) {
      throw new CommentSourceError(
        'comments_disabled',
        'This video has no comments to analyze yet.',
      );
    }
    stages.comments = fetched.comments.length;
    await progress.set('embedding', 20, true);

    const result = await deps.analyse(
      fetched.comments,
      { embedder, languageModel: deps.languageModel },
      {
        seed: 42,
        source: { title: job.title, channel: job.channelTitle },
        signal: context.signal,
        threads: deps.analysisConfig?.threads,
        onProgress: (p) => {
          stages.enter(p.stage);
          const band = BANDS[p.stage];
          void progress.set(band.status, band.from + (band.to - band.from) * p.fraction);
        },
      },
    );
    stages.enter('saving');
    await progress.set('saving', 96, true);
    await progress.flush();

    const analyzed = fetched.comments.length;
    const report: ReportBody = {
      clusters: result.clusters,
      sentiment: result.sentiment,
      labeller: result.labeller,
      embedder: result.embedder,
      video_comment_count: job.videoCommentCount,
      analysed_comments: analyzed,
      duplicate_comments: result.stats.duplicates,
      spam_comments: result.stats.spam,
      set_aside_comments: result.setAside.count,
      likes_approximate: fetched.likesApproximate,
      source: fetched.source,
    };
    const byId = new Map(fetched.comments.map((c) => [c.id, c]));
    const questions = toReportQuestions(result.questions ?? [], (id) => {
      const c = byId.get(id);
      return c
        ? {
            id: c.id,
            text: c.text,
            author: c.author,
            like_count: c.likes,
            published_at: c.publishedAt,
          }
        : undefined;
    });
    const finishedAt = deps.clock.now();
    const processingSeconds = Math.max(0, (finishedAt.getTime() - started.getTime()) / 1000);

    // what the transaction settled, or null when another delivery had finished the job
    const settled: { credits: number | null } = { credits: null };
    await deps.transaction(async (repos) => {
      settled.credits = null;
      const locked = await repos.analysisJobs.lockById(job.id);
      if (!locked || locked.status === 'complete' || locked.status === 'failed') return;
      await repos.comments.insertMany(
        job.id,
        fetched.comments.map((c, i) => {
          const r = result.comments[i];
          return {
            position: i,
            commentId: c.id,
            text: c.text,
            author: c.author,
            likeCount: c.likes,
            publishedAt: c.publishedAt,
            parentId: c.parentId,
            replyCount: c.replyCount,
            clusterId: r?.clusterId ?? 0,
            intent: r?.intent ?? 'Opinion',
            classifiedIntent: r?.classifiedIntent ?? null,
            byCreator: c.byCreator === true,
            spam: r?.spam ?? false,
            sentimentScore: r?.sentiment.score ?? 0,
            sentimentLabel: r?.sentiment.label ?? 'neutral',
          };
        }),
      );
      await repos.reports.insert({
        jobId: job.id,
        userId: job.userId,
        videoId: job.videoId,
        platform: job.platform,
        report,
        executiveSummary: result.executiveSummary,
        questions,
        totalComments: analyzed,
        processingSeconds,
      });
      // A sample video's analysis is free: it held nothing and settles nothing.
      const free = isSampleVideoId(job.videoId);
      const charged = free ? 0 : Math.min(locked.reservedCredits, creditsFor(analyzed));
      if (!free) {
        await repos.ledger.append({
          userId: job.userId,
          delta: locked.reservedCredits - charged,
          kind: 'settlement',
          idempotencyKey: ledgerKeys(job.id).settle,
          jobId: job.id,
        });
      }
      await repos.analysisJobs.markComplete(job.id, { chargedCredits: charged, finishedAt });
      settled.credits = charged;
      // the public counter counts real audiences' comments, not the invented sample ones
      if (!free) await repos.reports.addAnalysedComments(analyzed);
    });
    stages.end();
    if (settled.credits !== null) {
      deps.metrics?.credits('settled', settled.credits);
      stages.finished('complete');
    }
    return settled.credits !== null;
  } catch (error) {
    progress.stop();
    if (context.signal.aborted) {
      // Cancelled: a stopping worker hands the job back, so it waits as pending; a lost lease
      // means another worker runs it already and writes its progress, which is left alone.
      if (!(context.signal.reason instanceof LeaseLostError)) await progress.requeued();
      throw error;
    }
    if (error instanceof CommentSourceError || isAnalysisInputError(error)) {
      if (error instanceof CommentSourceError && error.network !== null) {
        // The creator reads that YouTube could not be reached; whoever runs the server reads why
        // and what to do about it.
        deps.logger?.warn(
          { jobId: job.id, videoId: job.videoId, network: error.network },
          'YouTube could not be reached from this server, so an analysis failed. Check its internet access, or set COMMENTS_DIR to a folder of recorded comment files (see apps/server/demo/README.md).',
        );
      }
      const refunded = isSampleVideoId(job.videoId) ? '' : ' Your credits were refunded.';
      await failAndRefund(deps, job, `${error.message}${refunded}`);
      stages.finished('failed');
      return false;
    }
    deps.logger?.error(
      { err: error, jobId: job.id, attempt: context.attempt },
      'analysis job failed',
    );
    // Unknown errors (a database blip, a bug) get another delivery; the last one refunds.
    if (context.attempt < MAX_ANALYSIS_ATTEMPTS) {
      await progress.requeued();
      throw error;
    }
    await failAndRefund(deps, job, UNEXPECTED_FAILURE);
    stages.finished('failed');
    return false;
  } finally {
    progress.stop();
    embedder.stop();
  }
}

/**
 * Marks the job failed and returns the whole reservation, once (the refund key is unique). A free
 * sample analysis held nothing and gets no refund line.
 */
export async function failAndRefund(
  deps: Pick<AnalysisDeps, 'transaction' | 'clock' | 'metrics'>,
  job: Pick<AnalysisJob, 'id' | 'userId'>,
  reason: string,
): Promise<void> {
  let refunded = 0;
  await deps.transaction(async (repos) => {
    refunded = 0;
    const locked = await repos.analysisJobs.lockById(job.id);
    if (!locked || locked.status === 'complete' || locked.status === 'failed') return;
    if (!isSampleVideoId(locked.videoId)) {
      refunded = locked.reservedCredits;
      await repos.ledger.append({
        userId: job.userId,
        delta: locked.reservedCredits,
        kind: 'refund',
        idempotencyKey: ledgerKeys(job.id).refund,
        jobId: job.id,
      });
    }
    await repos.analysisJobs.markFailed(job.id, { error: reason, finishedAt: deps.clock.now() });
  });
  deps.metrics?.credits('refunded', refunded);
}

/**
 * Times a run's stages for the metrics (wall-clock, whatever the injected clock says): each
 * `enter` closes the stage before it; the embedding stage also counts the comments embedded.
 */
function createStageTimer(metrics: Metrics) {
  const runStart = performance.now();
  let current: string | null = null;
  let since = 0;
  const close = (at: number) => {
    if (current === null) return;
    const seconds = (at - since) / 1000;
    metrics.analysisStage({ stage: current, comments: timer.comments, seconds });
    if (current === 'embedding') metrics.commentsEmbedded({ comments: timer.comments, seconds });
    current = null;
  };
  const timer = {
    /** The run's comment count, once fetched (0 before). */
    comments: 0,
    enter(stage: string) {
      if (stage === current) return;
      const at = performance.now();
      close(at);
      current = stage;
      since = at;
    },
    end: () => close(performance.now()),
    finished(outcome: 'complete' | 'failed') {
      const seconds = (performance.now() - runStart) / 1000;
      metrics.analysisFinished({ outcome, comments: timer.comments, seconds });
    },
  };
  return timer;
}

/** Seconds of progress the ETA's pace is measured over. */
export const ETA_WINDOW_S = 8;

/**
 * The remaining time from the measured pace: percent per second over the last ETA_WINDOW_S
 * seconds (the whole run while it is shorter), so a stage slower than its share of the bar
 * lengthens the estimate at once and a faster one shortens it. No estimate before 5% or 2 s.
 */
export function createThroughput(windowS = ETA_WINDOW_S) {
  const samples: { at: number; percent: number }[] = [];
  return {
    add(at: number, percent: number) {
      samples.push({ at, percent });
      // keep one sample older than the window, so the pace spans the whole window
      while (samples.length > 2 && samples[1]!.at <= at - windowS * 1000) samples.shift();
    },
    eta(at: number, percent: number): number | null {
      const first = samples[0];
      if (!first || percent < 5 || percent >= 100) return null;
      const seconds = (at - first.at) / 1000;
      const moved = percent - first.percent;
      if (seconds < 2 || moved <= 0) return null;
      return Math.round((100 - percent) / (moved / seconds));
    },
  };
}

/**
 * Writes status, percent and an ETA at most every `intervalMs` (and at once on a status change),
 * so thousands of progress callbacks cost a handful of UPDATEs. Writes never overlap.
 */
function createProgressWriter(
  deps: Pick<AnalysisDeps, 'repos' | 'clock'> & { logger?: Pick<Logger, 'warn'> },
  jobId: string,
  started: Date,
  intervalMs: number,
) {
  let status: AnalysisJobStatus | null = null;
  let percent = 0;
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  let stopped = false;
  let firstStart = true;
  let trailing: ReturnType<typeof setTimeout> | null = null;

  const throughput = createThroughput();
  const write = () => {
    const at = deps.clock.now().getTime();
    throughput.add(at, percent);
    const eta = throughput.eta(at, percent);
    const update = {
      status: status!,
      progressPercent: Math.round(percent * 10) / 10,
      etaSeconds: eta,
      ...(firstStart ? { startedAt: started } : {}),
    };
    firstStart = false;
    lastWrite = Date.now();
    writing = writing
      .then(() => deps.repos.analysisJobs.updateProgress(jobId, update))
      .catch((err: unknown) => deps.logger?.warn({ err, jobId }, 'progress update failed'));
    return writing;
  };

  return {
    set(next: AnalysisJobStatus, nextPercent: number, force = false): Promise<void> {
      if (stopped) return Promise.resolve();
      const changed = next !== status;
      status = next;
      percent = Math.max(percent, Math.min(99, nextPercent));
      const since = Date.now() - lastWrite;
      if (force || changed || since >= intervalMs) {
        if (trailing) clearTimeout(trailing);
        trailing = null;
        return write();
      }
      // A value held back by the interval is written when the interval ends, even when no
      // further progress comes before a long step.
      trailing ??= setTimeout(() => {
        trailing = null;
        if (!stopped) void write();
      }, intervalMs - since);
      return Promise.resolve();
    },
    flush: () => writing,
    stop: () => {
      stopped = true;
      if (trailing) clearTimeout(trailing);
      trailing = null;
    },
    /**
     * The run ends without finishing the job and the queue will run it again: the job reads
     * pending (waiting for a worker) at 0% until then, after any write still in flight. Left at
     * its stage, it showed a stale "Clustering 60%" while waiting, then went back to fetching.
     */
    requeued: (): Promise<void> => {
      stopped = true;
      if (trailing) clearTimeout(trailing);
      trailing = null;
      writing = writing
        .then(() =>
          deps.repos.analysisJobs.updateProgress(jobId, {
            status: 'pending',
            progressPercent: 0,
            etaSeconds: null,
          }),
        )
        .catch((err: unknown) => deps.logger?.warn({ err, jobId }, 'progress update failed'));
      return writing;
    },
  };
}
