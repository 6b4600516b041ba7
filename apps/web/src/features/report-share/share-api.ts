import type { ExportFormat } from '@app/contracts';
import { api } from '../../lib/api';

export const shareKeys = {
  list: (videoId: string) => ['report-shares', videoId] as const,
  shared: (token: string) => ['shared-report', token] as const,
};

/**
 * Downloads the report as a file: the export needs the sign-in token, so the file is fetched and
 * handed to the browser as a blob link with the server's file name.
 */
export async function downloadExport(videoId: string, format: ExportFormat): Promise<void> {
  const file = await api.exportReport({ params: { video_id: videoId }, query: { format } });
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? `chorus-report-${videoId}.${format}`;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
