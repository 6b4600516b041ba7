import { youtube, type youtube_v3 } from '@googleapis/youtube';

export interface YouTubeDataApiOptions {
  apiKey: string;
  /** `https://youtube.googleapis.com/` in production; a 127.0.0.1 stub in tests. */
  baseUrl?: string;
  timeoutMs?: number;
}

/** The official YouTube Data API v3 client, keyed, with our timeout and retry settings. */
export function createYouTubeDataApiClient(options: YouTubeDataApiOptions): youtube_v3.Youtube {
  return youtube({
    version: 'v3',
    auth: options.apiKey,
    rootUrl: options.baseUrl ?? 'https://youtube.googleapis.com/',
    timeout: options.timeoutMs ?? 20_000,
    retryConfig: { retry: 2, noResponseRetries: 1 },
  });
}

interface GoogleErrorShape {
  response?: {
    status?: number;
    data?: { error?: { message?: string; errors?: { reason?: string }[] } };
  };
}

/** The HTTP status and the `reason`s of a Google API error body (`{error:{errors:[{reason}]}}`). */
export function googleError(err: unknown): { status: number | undefined; reasons: string[] } {
  const e = err as GoogleErrorShape;
  return {
    status: e.response?.status,
    reasons: (e.response?.data?.error?.errors ?? []).map((x) => x.reason ?? ''),
  };
}

/** Reasons that mean the key's daily quota (or its rate) is used up. */
export const QUOTA_REASONS = ['quotaExceeded', 'dailyLimitExceeded', 'rateLimitExceeded'];
