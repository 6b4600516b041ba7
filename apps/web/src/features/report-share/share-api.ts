import type {
  CreateShareReply,
  ExportFormat,
  ReportShare,
  SharedReportReply,
} from '@app/contracts';
import {
  apiRequest,
  apiUrl,
  authHeaders,
  errorFromResponse,
  NETWORK_ERROR_MESSAGE,
  ApiError,
} from '../../lib/api-client';

const enc = encodeURIComponent;

export const shareKeys = {
  list: (videoId: string) => ['report-shares', videoId] as const,
  shared: (token: string) => ['shared-report', token] as const,
};

/** The report's shared links and the public read-only report. */
export const shareApi = {
  list: (videoId: string, signal?: AbortSignal) =>
    apiRequest<ReportShare[]>(`/api/v1/report/${enc(videoId)}/shares`, { signal }),
  create: (videoId: string, expiresInDays: number | null) =>
    apiRequest<CreateShareReply>(`/api/v1/report/${enc(videoId)}/shares`, {
      method: 'POST',
      body: { expires_in_days: expiresInDays },
    }),
  revoke: (id: string) => apiRequest<unknown>(`/api/v1/shares/${enc(id)}`, { method: 'DELETE' }),
  shared: (token: string, signal?: AbortSignal) =>
    apiRequest<SharedReportReply>(`/api/v1/shared/${enc(token)}`, { auth: false, signal }),
};

/** The file name a Content-Disposition header gives, else `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(header ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Downloads the report as a file: the export needs the sign-in token, so the file is fetched and
 * handed to the browser as a blob link with the server's file name.
 */
export async function downloadExport(videoId: string, format: ExportFormat): Promise<void> {
  let res: Response;
  try {
    res = await fetch(apiUrl(`/api/v1/report/${enc(videoId)}/export`, { format }), {
      headers: authHeaders(),
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'network_error');
  }
  if (!res.ok) throw await errorFromResponse(res, true);
  const blob = await res.blob();
  const name = attachmentName(
    res.headers.get('content-disposition'),
    `chorus-report-${videoId}.${format}`,
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
