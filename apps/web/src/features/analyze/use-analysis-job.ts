import { useCallback, useEffect, useRef, useState } from 'react';
import { directRoutes, statusStep } from '@app/contracts';
import {
  ApiError,
  authHeaders,
  errorFromResponse,
  isAbortError,
} from '../../lib/api-client';
import { api, directUrl } from '../../lib/api';
import { clearCurrentJob, writeCurrentJob } from '../../lib/storage';
import { createSseParser, etaOf } from './job-events';
import type { StatusUpdate } from './job-events';

/** GET /status is polled every 1.5 s; the indicator resets 0.8 s after the job ends. */
export const POLL_INTERVAL_MS = 1500;
export const INDICATOR_RESET_MS = 800;
export const DEFAULT_FAILURE_MESSAGE = 'An unknown error occurred. Please try again.';
const MAX_NETWORK_RETRIES = 3;

export interface JobProgress {
  jobId: string;
  videoId: string;
  status: string;
  step: number;
  percent: number;
  etaSeconds: number | null;
  /** Credits held while it runs (what it does not use comes back); null until the server says. */
  reservedCredits: number | null;
}

interface Callbacks {
  onComplete: (videoId: string) => void;
  onFailed: (message: string) => void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

/**
 * Follows an analysis job: the server-sent-events stream when the server offers it, else polling
 * GET /status every 1.5 s. Completion or failure clears `current_job` and resets the indicator
 * after 0.8 s.
 */
export function useAnalysisJob({ onComplete, onFailed }: Callbacks) {
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const ctrlRef = useRef<AbortController | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const callbacks = useRef({ onComplete, onFailed });
  useEffect(() => {
    callbacks.current = { onComplete, onFailed };
  }, [onComplete, onFailed]);

  const stop = useCallback(() => {
    ctrlRef.current?.abort();
    ctrlRef.current = null;
    if (resetTimer.current) clearTimeout(resetTimer.current);
    setProgress(null);
  }, []);

  useEffect(() => () => ctrlRef.current?.abort(), []);

  const follow = useCallback((jobId: string, videoId: string) => {
    ctrlRef.current?.abort();
    if (resetTimer.current) clearTimeout(resetTimer.current);
    const ctrl = new AbortController();
    ctrlRef.current = ctrl;
    const { signal } = ctrl;
    setProgress({
      jobId,
      videoId,
      status: 'pending',
      step: 0,
      percent: 0,
      etaSeconds: null,
      reservedCredits: null,
    });

    const finish = () => {
      clearCurrentJob(jobId);
      resetTimer.current = setTimeout(() => {
        if (ctrlRef.current === ctrl) setProgress(null);
      }, INDICATOR_RESET_MS);
    };

    /** Applies one update; returns true when the job reached a final state. */
    const apply = (u: StatusUpdate): boolean => {
      if (signal.aborted) return true;
      const percent =
        u.status === 'complete' ? 100 : Math.max(0, Math.min(100, u.progress_percent ?? 0));
      setProgress({
        jobId,
        videoId,
        status: u.status,
        step: statusStep(u.status),
        percent,
        etaSeconds: etaOf(u),
        reservedCredits: u.reserved_credits ?? null,
      });
      if (u.status === 'complete') {
        finish();
        callbacks.current.onComplete(u.video_id ?? videoId);
        return true;
      }
      if (u.status === 'failed') {
        finish();
        callbacks.current.onFailed(u.error ? `Error: ${u.error}` : DEFAULT_FAILURE_MESSAGE);
        return true;
      }
      return false;
    };

    /** Reads the SSE stream; resolves true when a final state arrived, false to fall back to polling. */
    const viaEvents = async (): Promise<boolean> => {
      if (typeof ReadableStream === 'undefined' || typeof TextDecoder === 'undefined') return false;
      let res: Response;
      try {
        res = await fetch(directUrl(directRoutes.jobEvents, { job_id: jobId }), {
          headers: { Accept: 'text/event-stream', ...authHeaders() },
          signal,
          cache: 'no-store',
        });
      } catch {
        return false;
      }
      if (res.status === 401) {
        await errorFromResponse(res, true);
        ctrl.abort();
        return true;
      }
      if (
        !res.ok ||
        !res.body ||
        !(res.headers.get('content-type') ?? '').includes('text/event-stream')
      )
        return false;
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      const parse = createSseParser();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return false;
          for (const u of parse(decoder.decode(value, { stream: true }))) if (apply(u)) return true;
        }
      } catch {
        return signal.aborted;
      } finally {
        reader.cancel().catch(() => undefined);
      }
    };

    const viaPolling = async () => {
      let networkFailures = 0;
      while (!signal.aborted) {
        try {
          const u = await api.jobStatus({ params: { job_id: jobId }, signal });
          networkFailures = 0;
          if (apply(u)) return;
        } catch (err) {
          // Cancelled, by us or by the page unloading: the stored current_job must survive a reload.
          if (signal.aborted || isAbortError(err)) return;
          if (
            err instanceof ApiError &&
            err.status === 0 &&
            ++networkFailures <= MAX_NETWORK_RETRIES
          ) {
            // A blip: keep polling; the stored current_job survives for a reload.
          } else {
            // A request error stops the loop, and the user is told why the progress stopped.
            if (err instanceof ApiError && err.status === 401) return;
            if (!(err instanceof ApiError && err.status === 0)) clearCurrentJob(jobId);
            setProgress(null);
            callbacks.current.onFailed(
              err instanceof ApiError && err.status === 0
                ? 'Lost contact with the server while following the analysis. Reload the page to resume.'
                : `Error: ${err instanceof Error ? err.message : DEFAULT_FAILURE_MESSAGE}`,
            );
            return;
          }
        }
        await sleep(POLL_INTERVAL_MS, signal);
      }
    };

    void (async () => {
      const done = await viaEvents();
      if (!done && !signal.aborted) await viaPolling();
    })();
  }, []);

  /**
   * Starts following a job and remembers it for a reload (`current_job`). `resume` follows without
   * storing; either way only the followed job's own `current_job` entry is ever cleared.
   */
  const start = useCallback(
    (jobId: string, videoId: string) => {
      writeCurrentJob({ jobId, videoId });
      follow(jobId, videoId);
    },
    [follow],
  );

  return { progress, start, resume: follow, stop };
}
