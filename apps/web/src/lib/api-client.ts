import type { DownloadedFile } from '@app/contracts';
import { STORAGE_KEYS, readStorage, writeStorage } from './storage';

/**
 * Error raised for every failed call. `status` is 0 when the server could not be reached.
 * `message` is written for a person: the server's `message` field, else the body text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;

  constructor(message: string, status: number, code: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/**
 * True for a request that was cancelled rather than answered: by its AbortSignal, or by the browser
 * when the page unloads (a reload aborts every fetch in flight). Such a request says nothing about
 * the session or the job, so callers ignore it.
 */
export function isAbortError(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError'
  );
}

/** A request or reply that did not get through: cancellations pass unchanged, the rest is a network error. */
function transferFailure(err: unknown): never {
  if (isAbortError(err)) throw err;
  throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'network_error');
}

export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Check your connection and try again.';

/** Base of every path: VITE_API_BASE_URL when set at build time, else the same origin. */
export const API_BASE: string =
  (import.meta.env.VITE_API_BASE_URL as string | undefined)?.replace(/\/$/, '') ?? '';

type UnauthorizedHandler = () => void;
const unauthorizedHandlers = new Set<UnauthorizedHandler>();

/** Subscribes to "a call got 401"; the auth provider uses it to show the signed-out state. */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandlers.add(handler);
  return () => unauthorizedHandlers.delete(handler);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** False for the login calls, which never send the stored token. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** Builds the full URL for an API path with optional query parameters. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/** The headers of an authenticated call (bearer token when one is stored). */
export function authHeaders(auth = true): Record<string, string> {
  const token = auth ? readStorage(STORAGE_KEYS.token) : null;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Turns a non-OK reply into an ApiError; a 401 also drops the stored token and notifies listeners. */
export async function errorFromResponse(res: Response, sentToken: boolean): Promise<ApiError> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    // Body unreadable: fall back to the status line below.
  }
  let message = text.trim();
  let code: string | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) {
      const m = (parsed as { message?: unknown }).message;
      const c = (parsed as { code?: unknown }).code;
      if (typeof m === 'string' && m !== '') message = m;
      if (typeof c === 'string') code = c;
    }
  } catch {
    // Not JSON: the body text is the message.
  }
  if (message === '')
    message = `Request failed (${res.status}${res.statusText ? ` ${res.statusText}` : ''}).`;
  if (res.status === 401 && sentToken) {
    writeStorage(STORAGE_KEYS.token, null);
    for (const h of unauthorizedHandlers) h();
  }
  return new ApiError(message, res.status, code);
}

/** Sends one call; a non-OK reply or an unreachable server is an ApiError. */
async function send(
  path: string,
  options: RequestOptions,
  accept: string | null,
): Promise<Response> {
  const headers: Record<string, string> = {
    ...(accept ? { Accept: accept } : {}),
    ...authHeaders(options.auth ?? true),
  };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      cache: 'no-store',
    });
  } catch (err) {
    transferFailure(err);
  }
  if (!res.ok) throw await errorFromResponse(res, 'Authorization' in headers);
  return res;
}

/**
 * Calls the API and returns the parsed JSON reply (or null for an empty body).
 * Throws ApiError on a non-OK reply or when the server cannot be reached.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options, 'application/json');
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    // The reply was cut off (connection lost, or the page unloading while reading it).
    transferFailure(err);
  }
  if (text === '') return null as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError('The server sent a reply the app could not read.', res.status, 'bad_reply');
  }
}

/** The file name a Content-Disposition header gives, or null. */
export function attachmentName(header: string | null): string | null {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? null;
}

/** Calls a route whose reply is a file: its bytes and the name the server gave it. */
export async function apiFile(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const res = await send(path, options, null);
  try {
    return {
      blob: await res.blob(),
      filename: attachmentName(res.headers.get('content-disposition')),
    };
  } catch (err) {
    transferFailure(err);
  }
}

/** A readable message for anything thrown by a call. */
export function errorMessage(
  err: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
