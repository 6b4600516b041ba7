import type { InputComment } from '@app/analysis';
import { parseCsv } from '@app/analysis';

export { parseCsv };

/**
 * Parsers for the comment files the file source and the CLI read: CSV (RFC 4180, quoted fields may
 * hold commas, quotes and newlines), JSON Lines, and yt-dlp's `.info.json`.
 * Columns: `text` (required; `comment`/`comment_text` accepted), `id`, `likes` (`like_count`),
 * `author` (`username`), `published_at` (`timestamp` in seconds), `parent_id`, `reply_count`.
 */

export class CommentFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommentFileError';
  }
}

type Row = Record<string, unknown>;

const TEXT_KEYS = ['text', 'comment', 'comment_text', 'textOriginal'];
const LIKE_KEYS = ['likes', 'like_count', 'likeCount'];
const AUTHOR_KEYS = ['author', 'username', 'author_name'];
const DATE_KEYS = ['published_at', 'publishedAt', 'date'];

/** The first of `keys` holding a string or number, as a string. */
function pick(row: Row, keys: string[]): string | undefined {
  for (const k of keys) {
    const v = row[k];
    if ((typeof v === 'string' && v !== '') || (typeof v === 'number' && Number.isFinite(v)))
      return String(v);
  }
  return undefined;
}

function toCount(v: string | undefined): number {
  const n = Number((v ?? '').replace(/,/g, ''));
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

function toIsoDate(v: string | undefined, seconds: string | undefined): string | null {
  if (v !== undefined) {
    const d = new Date(v);
    if (!Number.isNaN(d.getTime())) return d.toISOString();
  }
  if (seconds !== undefined && Number.isFinite(Number(seconds)))
    return new Date(Number(seconds) * 1000).toISOString();
  return null;
}

/** Turns loosely typed rows into pipeline comments; rows without text are skipped. */
export function rowsToComments(rows: Row[], idPrefix: string): InputComment[] {
  const out: InputComment[] = [];
  rows.forEach((row, i) => {
    const text = pick(row, TEXT_KEYS);
    if (text === undefined || text.trim() === '') return;
    const author = pick(row, AUTHOR_KEYS);
    const parent = pick(row, ['parent_id', 'parent']);
    out.push({
      id: pick(row, ['id', 'comment_id']) ?? `${idPrefix}-${i + 1}`,
      text,
      likes: toCount(pick(row, LIKE_KEYS)),
      author: author ?? null,
      publishedAt: toIsoDate(pick(row, DATE_KEYS), pick(row, ['timestamp'])),
      replyCount: toCount(pick(row, ['reply_count', 'replies'])),
      parentId: parent === undefined || parent === 'root' ? null : parent,
    });
  });
  return out;
}

/** Parses a CSV with a header row. Throws CommentFileError when there is no text column. */
export function parseCommentsCsv(text: string, idPrefix = 'row'): InputComment[] {
  const [header, ...body] = parseCsv(text);
  if (header === undefined) return [];
  const names = header.map((h) => h.trim());
  if (!names.some((n) => TEXT_KEYS.includes(n))) {
    throw new CommentFileError(
      `The comments file has no "text" column (found: ${names.join(', ') || 'nothing'}).`,
    );
  }
  const rows = body.map((cells) => Object.fromEntries(names.map((n, i) => [n, cells[i] ?? ''])));
  return rowsToComments(rows, idPrefix);
}

/** Parses JSON Lines (one object per line; blank lines ignored). */
export function parseCommentsJsonl(text: string, idPrefix = 'row'): InputComment[] {
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
  return rowsToComments(rows, idPrefix);
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
