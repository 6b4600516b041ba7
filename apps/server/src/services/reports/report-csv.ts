import type { ReportReply } from '@app/contracts';
import { clusterHeading, clustersByShare } from './report-content';

export const CSV_COLUMNS = [
  'cluster_id',
  'heading',
  'category',
  'percentage',
  'engagement_percentage',
  'size',
  'like_count',
  'sentiment',
  'tags',
] as const;

/**
 * One CSV cell. Text that a spreadsheet would read as a formula (starting with =, +, -, @, a tab
 * or a carriage return) gets a leading apostrophe, and every text cell is quoted with its quotes
 * doubled, so a heading or tag can neither run a formula nor break a row.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The clusters as CSV (RFC 4180, CRLF lines, a UTF-8 byte-order mark for spreadsheet apps). */
export function reportCsv(reply: ReportReply): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const c of clustersByShare(reply.report.clusters)) {
    lines.push(
      [
        csvCell(c.cluster_id),
        csvCell(clusterHeading(c)),
        csvCell(c.category),
        csvCell(c.percentage),
        csvCell(c.engagement_percentage),
        csvCell(c.size),
        csvCell(c.like_count),
        csvCell(c.sentiment.label),
        csvCell(c.tags.join('; ')),
      ].join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
