import type { InputComment } from '@app/analysis';
import { CsvQuoteError, parseCsv, sniffDelimiter, splitQuotedReply } from '@app/analysis';
import { countValue } from './count-text';

export { parseCsv };

/**
 * Parsers for the comment files the file source and the CLI read: CSV (RFC 4180, quoted fields may
 * hold commas, quotes and newlines), JSON Lines, and yt-dlp's `.info.json`.
 * Columns: `text` (required; `comment`/`comment_text` accepted), `id`, `likes` (`like_count`),
 * `author` (`username`), `published_at` (`timestamp` in seconds), `parent_id` (`parent_comment_id`), `reply_count`,
 * `by_creator` (`is_creator`, `author_is_channel_owner`: true/1/yes for the channel's own comments);
 * names match in any case and with any separators (`Text`, `Like Count`, `publishedAt`). Like
 * counts may be rounded as YouTube shows them ("1.2K"). A reply written with the comment it answers,
 * "[MAIN] top comment [REPLY] reply" (quoted-reply.ts), is read as the reply alone, in the thread of
 * its top comment.
 */

export class CommentFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommentFileError';
  }
}

type Row = Record<string, unknown>;

// Column names match whatever their case and separators ("Text", "Comment Text", "like-count",
// "publishedAt"): key() lower-cases a name and drops everything but letters and digits.
const TEXT_KEYS = ['text', 'comment', 'commenttext', 'textoriginal'];
const LIKE_KEYS = ['likes', 'likecount'];
const AUTHOR_KEYS = ['author', 'username', 'authorname'];
const DATE_KEYS = ['publishedat', 'date'];
const CREATOR_KEYS = ['bycreator', 'iscreator', 'authorischannelowner', 'ischannelowner'];
const PARENT_KEYS = ['parentid', 'parentcommentid', 'parent'];

/** A column or field name as matched: lower case, letters and digits only. */
function key(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** The row with its names matched by key(); of names that match alike, the first one counts. */
function keyed(row: Row): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(row)) {
    const k = key(name);
    if (!(k in out)) out[k] = value;
  }
  return out;
}

/** The first of `keys` holding a string or number, as a string. */
function pick(row: Row, keys: string[]): string | undefined {
  for (const k of keys) {
    const v = row[k];
    if ((typeof v === 'string' && v !== '') || (typeof v === 'number' && Number.isFinite(v)))
      return String(v);
  }
  return undefined;
}

/** A count: "1,234" -> 1234, "1.2K" -> 1200, "3M" -> 3000000; anything else (or negative) -> 0. */
function toCount(v: string | undefined): number {
  const n = countValue(v, true);
  return n !== null && n > 0 ? Math.floor(n) : 0;
}

/** A yes/no field: true, 1, yes (any case) or a JSON true. */
function isYes(row: Row, keys: string[]): boolean {
  return keys.some((k) => {
    const v = row[k];
    return v === true || v === 1 || (typeof v === 'string' && /^(?:true|1|yes|y)$/i.test(v.trim()));
  });
}

/**
 * A published date as ISO, or null: Unix time in seconds (9-11 digits) or milliseconds (12-13), a
 * calendar date whose day exists ("2023-02-30" is no date, where Date rolled it over to 2 March),
 * or anything else Date reads; a bare "0" or "12" is no date (Date read "0" as 1 January 2000).
 */
function toIsoDate(v: string | undefined, seconds: string | undefined): string | null {
  const text = v?.trim();
  if (text !== undefined && text !== '') {
    if (/^\d+$/.test(text))
      return text.length >= 9 && text.length <= 13
        ? new Date(Number(text) * (text.length <= 11 ? 1000 : 1)).toISOString()
        : null;
    const d = new Date(text);
    if (!Number.isNaN(d.getTime())) {
      const ymd = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
      // a day past its month's end is a typo, not the next month
      if (ymd && new Date(Date.UTC(+ymd[1]!, +ymd[2]! - 1, +ymd[3]!)).getUTCDate() !== +ymd[3]!)
        return null;
      return d.toISOString();
    }
  }
  if (seconds !== undefined && Number.isFinite(Number(seconds)))
    return new Date(Number(seconds) * 1000).toISOString();
  return null;
}

/** What a parse counted: the rows without text (kept or skipped). */
export interface ParseStats {
  empty: number;
}

export interface ParseOptions {
  /**
   * Keep a row without text as a comment with empty text (which the analysis weighs 0), so that a
   * report answers every row in order (the CLI); otherwise such rows are skipped.
   */
  keepEmpty?: boolean;
  stats?: ParseStats;
}

/** Turns loosely typed rows into pipeline comments; rows without text are counted, and kept or skipped. */
export function rowsToComments(
  rows: Row[],
  idPrefix: string,
  options: ParseOptions = {},
): InputComment[] {
  const out: InputComment[] = [];
  // Replies quoting their thread's top comment ("[MAIN] ... [REPLY] ..."), with that quote, for
  // the ones whose row names no parent: they join the thread once every row's id is known.
  const quotedThreads: { comment: InputComment; parent: string }[] = [];
  rows.forEach((given, i) => {
    const row = keyed(given);
    const raw = pick(row, TEXT_KEYS);
    if (raw === undefined || raw.trim() === '') {
      if (options.stats) options.stats.empty++;
      if (!options.keepEmpty) return;
    }
    // A quoted reply whose own text is empty (the export lost its emoji or sticker) is still a
    // comment in the thread: kept with empty text, which the analysis weighs 0.
    const quoted = raw === undefined ? null : splitQuotedReply(raw);
    const text = quoted ? quoted.reply : (raw ?? '');
    const author = pick(row, AUTHOR_KEYS);
    const parent = pick(row, PARENT_KEYS);
    const comment: InputComment = {
      id: pick(row, ['id', 'commentid']) ?? `${idPrefix}-${i + 1}`,
      text,
      likes: toCount(pick(row, LIKE_KEYS)),
      author: author ?? null,
      publishedAt: toIsoDate(pick(row, DATE_KEYS), pick(row, ['timestamp'])),
      replyCount: toCount(pick(row, ['replycount', 'replies'])),
      parentId: parent === undefined || parent === 'root' ? null : parent,
      ...(isYes(row, CREATOR_KEYS) ? { byCreator: true } : {}),
    };
    if (quoted && comment.parentId === null) quotedThreads.push({ comment, parent: quoted.parent });
    out.push(comment);
  });
  if (quotedThreads.length > 0) joinQuotedThreads(out, quotedThreads, idPrefix);
  return out;
}

/**
 * Gives each reply that quotes its top comment the id of that comment when the file holds it (the
 * first top-level comment with the quoted text), else one id per distinct quote
 * (`PREFIX-thread-N`), so the replies of one thread stay together as replies.
 */
function joinQuotedThreads(
  comments: readonly InputComment[],
  replies: readonly { comment: InputComment; parent: string }[],
  idPrefix: string,
): void {
  const quoting = new Set(replies.map((r) => r.comment));
  const idOfText = new Map<string, string>();
  for (const c of comments) {
    const t = c.text.trim();
    if (c.parentId === null && !quoting.has(c) && !idOfText.has(t)) idOfText.set(t, c.id);
  }
  const threads = new Map<string, string>();
  for (const { comment, parent } of replies) {
    let id = idOfText.get(parent) ?? threads.get(parent);
    if (id === undefined) threads.set(parent, (id = `${idPrefix}-thread-${threads.size + 1}`));
    comment.parentId = id;
  }
}

/**
 * Parses a CSV with a header row, separated by commas, or by semicolons or tabs when the header is.
 * Throws CommentFileError when there is no text column.
 */
export function parseCommentsCsv(
  text: string,
  idPrefix = 'row',
  options: ParseOptions = {},
): InputComment[] {
  const delimiter = sniffDelimiter(text);
  let parsed: string[][];
  try {
    parsed = parseCsv(text, delimiter, { strict: true });
  } catch (error) {
    if (error instanceof CsvQuoteError) throw new CommentFileError(error.message);
    throw error;
  }
  const [header, ...body] = parsed;
  if (header === undefined) return [];
  const names = header.map((h) => h.trim());
  const textAt = names.findIndex((n) => TEXT_KEYS.includes(key(n)));
  if (textAt < 0) {
    const first = text.replace(/^\ufeff/, '').trimStart();
    throw new CommentFileError(
      first.startsWith('{') || first.startsWith('[')
        ? 'The comments file holds JSON, not CSV: name it .jsonl (one object per line) or .json (a list of objects).'
        : `The comments file has no "text" column (found: ${foundColumns(names)}).`,
    );
  }
  // A text column last in the header takes the cells past the header back: an unquoted comma in a
  // comment ("I disagree, the audio was bad") had cut it at the comma.
  const lastIsText = textAt === names.length - 1;
  // a line with no cells at all (a trailing blank line) is no row
  const rows = body
    .filter((cells) => cells.some((c) => c.trim() !== ''))
    .map((cells) => {
      const row = Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']));
      if (lastIsText && cells.length > names.length)
        row[names[textAt]!] = cells.slice(textAt).join(delimiter);
      return row;
    });
  return rowsToComments(rows, idPrefix, options);
}

/** The header's column names for a message: at most 12, each at most 30 characters. */
function foundColumns(names: readonly string[]): string {
  if (names.length === 0 || names.every((n) => n === '')) return 'nothing';
  const shown = names.slice(0, 12).map((n) => (n.length > 30 ? `${n.slice(0, 29)}…` : n));
  return shown.join(', ') + (names.length > 12 ? ` and ${names.length - 12} more` : '');
}

/** Parses a JSON file holding a list of comment objects (`[{"text": …}, …]`). */
export function parseCommentsJsonArray(
  text: string,
  idPrefix = 'row',
  options: ParseOptions = {},
): InputComment[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CommentFileError('The comments file is not valid JSON.');
  }
  if (!Array.isArray(value))
    throw new CommentFileError('The comments file is JSON but not a list of comment objects.');
  value.forEach((item, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      throw new CommentFileError(`Item ${i + 1} of the comments list is not a JSON object.`);
  });
  return rowsToComments(value as Row[], idPrefix, options);
}

/**
 * A comments file's bytes as text: UTF-8 (with or without its byte-order mark), UTF-16 by its
 * byte-order mark (Excel's "Unicode text") or, without one, by the zero byte in every other place
 * that Latin text has in UTF-16, else Windows-1252 when the bytes are not UTF-8 (older Excel CSV
 * exports; Latin-1 is its subset). Read as UTF-8 regardless, UTF-16 gave ids full of NUL characters
 * and a phantom row, and every accented letter of a Windows-1252 file became "�".
 */
export function decodeCommentsFile(bytes: Uint8Array): {
  text: string;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
} {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  // UTF-16 without its mark: text in Latin letters has a zero byte in every other place (first in
  // big-endian, second in little-endian), which UTF-8 text never has
  const head = bytes.subarray(0, 2000 - (Math.min(bytes.length, 2000) % 2));
  let evenZeros = 0;
  let oddZeros = 0;
  head.forEach((b, i) => {
    if (b === 0) {
      if (i % 2 === 0) evenZeros++;
      else oddZeros++;
    }
  });
  const pairs = head.length / 2;
  if (pairs >= 2 && evenZeros > 0.4 * pairs && oddZeros === 0)
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  if (pairs >= 2 && oddZeros > 0.4 * pairs && evenZeros === 0)
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/** Windows-1252's characters at 0x80-0x9F (the rest of its bytes are the same code points). */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Windows-1252, written out: Node's TextDecoder reads that label as ISO-8859-1, which turns the
 * smart quotes and dashes Excel writes (0x91-0x97) into control characters.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(
      ...Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b)),
    );
  }
  return out;
}

/** Parses JSON Lines (one object per line; blank lines ignored). */
export function parseCommentsJsonl(
  text: string,
  idPrefix = 'row',
  options: ParseOptions = {},
): InputComment[] {
  const rows: Row[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      const value: unknown = JSON.parse(line);
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        throw new Error('not an object');
      rows.push(value as Row);
    } catch {
      throw new CommentFileError(`Line ${i + 1} of the comments file is not a JSON object.`);
    }
  });
  return rowsToComments(rows, idPrefix, options);
}

export interface InfoJson {
  title?: unknown;
  thumbnail?: unknown;
  channel?: unknown;
  uploader?: unknown;
  comment_count?: unknown;
  comments?: unknown;
}

/** Parses yt-dlp's `VIDEO.info.json` (written with `--write-comments`). */
export function parseInfoJson(text: string): { info: InfoJson; comments: InputComment[] } {
  let info: InfoJson;
  try {
    info = JSON.parse(text) as InfoJson;
  } catch {
    throw new CommentFileError('The .info.json file is not valid JSON.');
  }
  if (!Array.isArray(info.comments)) {
    throw new CommentFileError(
      'The .info.json file has no "comments" list; write it with yt-dlp --write-comments.',
    );
  }
  const comments = rowsToComments(info.comments as Row[], 'c');
  const replies = new Map<string, number>();
  for (const c of comments)
    if (c.parentId) replies.set(c.parentId, (replies.get(c.parentId) ?? 0) + 1);
  for (const c of comments) if (c.replyCount === 0) c.replyCount = replies.get(c.id) ?? 0;
  return { info, comments };
}
