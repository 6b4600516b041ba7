import { parseCsv } from '../../text/csv';

/** Header-keyed records of an evaluation CSV, keeping only well-formed rows (test helper). */
export function readCsvRecords(content: string): Record<string, string>[] {
  const [header, ...rest] = parseCsv(content);
  if (!header) return [];
  return rest
    .filter((r) => r.length === header.length)
    .map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}
