/**
 * RFC 4180 CSV: quoted fields, doubled quotes, commas and newlines inside quotes, CRLF or LF, a
 * leading byte-order mark. A quote opens a quoted field only at the start of a field (a stray `"`
 * inside a plain field is kept as text), and blank lines are skipped. The one CSV reader of the
 * project: comment files (server and CLI), the data sets of the benchmarks and tests. `delimiter`
 * reads the semicolon files of spreadsheets set to European locales, and tab-separated files.
 */
export function parseCsv(
  text: string,
  delimiter: ',' | ';' | '\t' = ',',
  options: { strict?: boolean } = {},
): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let quoteAt = 0;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') {
      quoted = true;
      quoteAt = i;
    } else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += c;
  }
  // strict: a quote never closed took every later line into one field (a stray " in a comment
  // turned the rest of an export into one comment); say where it opened instead
  if (quoted && options.strict)
    throw new CsvQuoteError(src.slice(0, quoteAt).split(/\r\n|\r|\n/).length);
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A quoted field that is never closed (strict parsing); `line` is where its quote opened. */
export class CsvQuoteError extends Error {
  constructor(readonly line: number) {
    super(
      `A quoted field opened on line ${line} is never closed, so every line after it would be one field. Close the quote (a quote inside a field is written "").`,
    );
    this.name = 'CsvQuoteError';
  }
}

/** CSV rows as records keyed by the header row (missing trailing fields become ''). */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

/**
 * The delimiter a header line uses: whichever of comma, semicolon and tab it holds most often outside
 * quotes (a comma on a tie or when it holds none).
 */
export function sniffDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && (c === ',' || c === ';' || c === '\t')) counts[c]++;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}
