import { EXPORT_MEDIA_TYPE, type ExportFormat, type ReportReply } from '@app/contracts';
import type { AnalysisDeps } from '../analysis/analysis-deps';
import { getReport } from '../analysis/get-report';
import { dayOf, withoutCommentText } from './report-content';
import { reportCsv } from './report-csv';
import { reportMarkdown } from './report-markdown';
import { reportPdf } from './report-pdf';

export interface ReportFile {
  body: string | Buffer;
  contentType: string;
  filename: string;
}

const TYPES: Record<ExportFormat, string> = {
  csv: `${EXPORT_MEDIA_TYPE.csv}; charset=utf-8`,
  json: `${EXPORT_MEDIA_TYPE.json}; charset=utf-8`,
  md: `${EXPORT_MEDIA_TYPE.md}; charset=utf-8`,
  pdf: EXPORT_MEDIA_TYPE.pdf,
};

/** The file of a report: made from the stored report (nothing is counted again), without comment text. */
export async function renderReportFile(
  reply: ReportReply,
  format: ExportFormat,
): Promise<ReportFile> {
  const clean = withoutCommentText(reply);
  const filename = `chorus-report-${reply.video_id}-${dayOf(reply.created_at)}.${format}`;
  const body =
    format === 'csv'
      ? reportCsv(clean)
      : format === 'json'
        ? `${JSON.stringify(clean, null, 2)}\n`
        : format === 'md'
          ? reportMarkdown(clean)
          : await reportPdf(clean);
  return { body, contentType: TYPES[format], filename };
}

/**
 * The signed-in user's report of the video (the latest, or the analysis `jobId` names) as a file in
 * `format`; 404 when the user has no such report.
 */
export async function exportReport(
  deps: Pick<AnalysisDeps, 'repos'>,
  input: { userId: string; videoId: string; jobId?: string | undefined; format: ExportFormat },
): Promise<ReportFile> {
  const reply = await getReport(deps, input);
  return renderReportFile(reply, input.format);
}
