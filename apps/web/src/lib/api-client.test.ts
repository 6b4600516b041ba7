// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  apiFile,
  apiRequest,
  isAbortError,
  onUnauthorized,
} from './api-client';

/** A blob's text: jsdom's Blob (under some Node versions) has no text(), so FileReader reads it there. */
function blobText(blob: Blob): Promise<string> {
  if ('text' in blob && typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(new Error('the blob could not be read'));
    reader.readAsText(blob);
  });
}

function reply(status: number, body: string, contentType = 'application/json') {
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends the stored token as a bearer header, except on login calls', async () => {
    localStorage.setItem('auth_token', 'tok-123');
    fetchMock.mockImplementation(() => Promise.resolve(reply(200, '{"ok":1}')));
    await apiRequest('/api/v1/auth/me');
    await apiRequest('/api/v1/auth/login', {
      method: 'POST',
      body: { email: 'a@b.co', password: 'x' },
      auth: false,
    });
    const first = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    const second = fetchMock.mock.calls[1]![1]!.headers as Record<string, string>;
    expect(first.Authorization).toBe('Bearer tok-123');
    expect(second.Authorization).toBeUndefined();
  });

  it('on 401 removes the stored token, tells listeners and throws the server message', async () => {
    localStorage.setItem('auth_token', 'expired');
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    fetchMock.mockResolvedValue(
      reply(401, '{"message":"Your session has expired.","code":"unauthorized"}'),
    );
    const err = await apiRequest('/api/v1/analyses').catch((e: unknown) => e);
    off();
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect((err as ApiError).message).toBe('Your session has expired.');
    expect((err as ApiError).code).toBe('unauthorized');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a 401 on a call without a token (wrong password) keeps state and does not notify', async () => {
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    fetchMock.mockResolvedValue(
      reply(401, '{"message":"Invalid email or password.","code":"invalid_credentials"}'),
    );
    const err = (await apiRequest('/api/v1/auth/login', { method: 'POST', auth: false }).catch(
      (e: unknown) => e,
    )) as ApiError;
    off();
    expect(err.message).toBe('Invalid email or password.');
    expect(listener).not.toHaveBeenCalled();
  });

  it('falls back to the body text, then to the status, for the message', async () => {
    fetchMock.mockResolvedValueOnce(reply(500, 'upstream exploded', 'text/plain'));
    fetchMock.mockResolvedValueOnce(reply(502, ''));
    const a = (await apiRequest('/x').catch((e: unknown) => e)) as ApiError;
    const b = (await apiRequest('/x').catch((e: unknown) => e)) as ApiError;
    expect(a.message).toBe('upstream exploded');
    expect(b.message).toMatch(/Request failed \(502/);
  });

  it('turns a network failure into a readable error with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = (await apiRequest('/x').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(0);
    expect(err.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('sends query parameters and JSON bodies', async () => {
    fetchMock.mockResolvedValue(reply(200, ''));
    const out = await apiRequest('/api/v1/analyze', {
      method: 'POST',
      query: { video_url: 'https://youtu.be/a?b=c' },
      body: { k: 1 },
    });
    expect(out).toBeNull();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/analyze?video_url=https%3A%2F%2Fyoutu.be%2Fa%3Fb%3Dc');
    expect(init!.body).toBe('{"k":1}');
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});

describe('isAbortError', () => {
  it('recognises cancelled requests, whoever cancelled them, and nothing else', () => {
    expect(isAbortError(new DOMException('aborted', 'AbortError'))).toBe(true);
    const named = new Error('stopped');
    named.name = 'AbortError';
    expect(isAbortError(named)).toBe(true);
    expect(isAbortError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAbortError(new ApiError('down', 0))).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
  });
});

describe('apiFile', () => {
  it("reads the bytes and the server's file name, with the stored token", async () => {
    localStorage.setItem('auth_token', 'tok-9');
    fetchMock.mockResolvedValue(
      new Response('a,b\n1,2\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="chorus-report-x-2026-01-02.csv"',
        },
      }),
    );
    const file = await apiFile('/api/v1/report/x/export', { query: { format: 'csv' } });
    expect(file.filename).toBe('chorus-report-x-2026-01-02.csv');
    expect(await blobText(file.blob)).toBe('a,b\n1,2\n');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url as string).toMatch(/\/api\/v1\/report\/x\/export\?format=csv$/);
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer tok-9');
  });

  it("answers a refusal as the server's ApiError, and a nameless file with a null name", async () => {
    fetchMock.mockResolvedValueOnce(
      reply(404, '{"message":"No report for that video.","code":"not_found"}'),
    );
    await expect(apiFile('/api/v1/report/x/export')).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'No report for that video.',
    });
    fetchMock.mockResolvedValueOnce(new Response('x'));
    expect((await apiFile('/api/v1/report/x/export')).filename).toBeNull();
  });
});
