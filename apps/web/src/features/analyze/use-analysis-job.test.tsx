// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { DEFAULT_FAILURE_MESSAGE, POLL_INTERVAL_MS, useAnalysisJob } from './use-analysis-job';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const statusBody = (status: string, extra: Record<string, unknown> = {}) => ({
  job_id: 'j1',
  status,
  error: null,
  video_id: 'dQw4w9WgXcQ',
  progress_percent: 10,
  eta_seconds: 20,
  ...extra,
});

describe('useAnalysisJob', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('auth_token', 'tok');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** SSE refused (404), then the given status replies in order. */
  function replies(...bodies: Record<string, unknown>[]) {
    const queue = [...bodies];
    fetchMock.mockImplementation((input) => {
      const url = typeof input === 'string' ? input : (input as Request).url;
      if (url.endsWith('/events'))
        return Promise.resolve(json(404, { message: 'no', code: 'not_found' }));
      return Promise.resolve(json(200, queue.length > 1 ? queue.shift() : queue[0]));
    });
  }

  it('keeps current_job and reports nothing when the page unload aborts a status request', async () => {
    fetchMock.mockImplementation(() =>
      Promise.reject(new DOMException('The user aborted a request.', 'AbortError')),
    );
    const onComplete = vi.fn();
    const onFailed = vi.fn();
    const { result } = renderHook(() => useAnalysisJob({ onComplete, onFailed }));
    act(() => result.current.start('j1', 'dQw4w9WgXcQ'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2)); // the stream, then one poll
    await new Promise((r) => setTimeout(r, 50));
    expect(onFailed).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('current_job')!)).toMatchObject({ jobId: 'j1' });
  });

  it('falls back to polling every 1.5 s, maps steps and completes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    replies(
      statusBody('embedding', { progress_percent: 40 }),
      statusBody('discovering'),
      statusBody('complete'),
    );
    const onComplete = vi.fn();
    const onFailed = vi.fn();
    const { result } = renderHook(() => useAnalysisJob({ onComplete, onFailed }));
    act(() => result.current.start('j1', 'dQw4w9WgXcQ'));
    expect(JSON.parse(localStorage.getItem('current_job')!)).toEqual({
      jobId: 'j1',
      videoId: 'dQw4w9WgXcQ',
    });
    await waitFor(() => expect(result.current.progress?.step).toBe(1));
    expect(result.current.progress?.percent).toBe(40);
    expect(result.current.progress?.etaSeconds).toBe(20);
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    await waitFor(() => expect(result.current.progress?.step).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    await waitFor(() => expect(onComplete).toHaveBeenCalledWith('dQw4w9WgXcQ'));
    expect(result.current.progress?.step).toBe(4);
    expect(localStorage.getItem('current_job')).toBeNull();
    // Indicators reset 0.8 s later.
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(result.current.progress).toBeNull();
    expect(onFailed).not.toHaveBeenCalled();
    const statusCalls = fetchMock.mock.calls.filter(([u]) =>
      (u as string).endsWith('/api/v1/status/j1'),
    );
    expect(statusCalls).toHaveLength(3);
  });

  it('reports a failed job as Error: {message}, or the default message', async () => {
    replies(statusBody('failed', { error: 'The video has comments turned off.' }));
    const onFailed = vi.fn();
    const { result } = renderHook(() => useAnalysisJob({ onComplete: vi.fn(), onFailed }));
    act(() => result.current.start('j1', 'dQw4w9WgXcQ'));
    await waitFor(() =>
      expect(onFailed).toHaveBeenCalledWith('Error: The video has comments turned off.'),
    );
    expect(localStorage.getItem('current_job')).toBeNull();

    replies(statusBody('failed', { error: null }));
    const onFailed2 = vi.fn();
    const second = renderHook(() => useAnalysisJob({ onComplete: vi.fn(), onFailed: onFailed2 }));
    act(() => second.result.current.start('j2', 'dQw4w9WgXcQ'));
    await waitFor(() => expect(onFailed2).toHaveBeenCalledWith(DEFAULT_FAILURE_MESSAGE));
  });

  it('follows the server-sent events stream when offered', async () => {
    const enc = new TextEncoder();
    fetchMock.mockImplementation(() => {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(
            enc.encode(
              `event: status\ndata: ${JSON.stringify(statusBody('saving', { progress_percent: 90 }))}\n\n`,
            ),
          );
          c.enqueue(
            enc.encode(`event: status\ndata: ${JSON.stringify(statusBody('complete'))}\n\n`),
          );
          c.close();
        },
      });
      return Promise.resolve(
        new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
      );
    });
    const onComplete = vi.fn();
    const { result } = renderHook(() => useAnalysisJob({ onComplete, onFailed: vi.fn() }));
    act(() => result.current.start('j1', 'dQw4w9WgXcQ'));
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url as string).toBe('/api/v1/status/j1/events');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
