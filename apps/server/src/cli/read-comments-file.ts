import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { InputComment } from '@app/analysis';
import {
  CommentFileError,
  decodeCommentsFile,
  parseCommentsCsv,
  parseCommentsJsonArray,
  parseCommentsJsonl,
} from '../providers/comment-sources/comment-file-parser';

/** A comments file the CLI cannot use; the message is one line a person can act on. */
export class InputFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputFileError';
  }
}

/**
 * JSON Lines by extension (.jsonl, .ndjson), a JSON list by .json, else by content (first character
 * `{` or `[`), otherwise CSV.
 */
export function detectFormat(file: string, content: string): 'csv' | 'jsonl' | 'json' {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  if (ext === '.json') return 'json';
  if (ext === '.csv') return 'csv';
  const first = content.replace(/^\ufeff/, '').trimStart();
  return first.startsWith('{') ? 'jsonl' : first.startsWith('[') ? 'json' : 'csv';
}

/**
 * Reads comments from a CSV (header with a `text` column; `id`, `likes`, `author`, `published_at`
 * optional; other columns ignored; RFC 4180 quoting; BOM allowed) or a JSON Lines file with the same
 * fields. A row with empty text is kept (and counted), so the report answers every row in input
 * order; the analysis gives it no weight. Throws InputFileError when the file is missing,
 * unreadable, has no text column or holds no comment with text.
 */
export async function readCommentsFile(
  file: string,
): Promise<{ comments: InputComment[]; empty: number; encoding: string }> {
  let content: string;
  let encoding: string;
  try {
    ({ text: content, encoding } = decodeCommentsFile(await readFile(file)));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputFileError(`Input file not found: ${file}`);
    if (code === 'EISDIR') throw new InputFileError(`Input is a folder, not a file: ${file}`);
    throw new InputFileError(`Cannot read input file ${file}: ${code ?? 'unknown error'}`);
  }
  const body = content.replace(/^\ufeff/, '');
  if (body.trim() === '') throw new InputFileError(`Input file is empty: ${file}`);
  let comments: InputComment[];
  const stats = { empty: 0 };
  try {
    const format = detectFormat(file, body);
    comments =
      format === 'jsonl'
        ? parseCommentsJsonl(body, 'row', { keepEmpty: true, stats })
        : format === 'json'
          ? parseCommentsJsonArray(body, 'row', { keepEmpty: true, stats })
          : parseCommentsCsv(body, 'row', { keepEmpty: true, stats });
  } catch (error) {
    if (error instanceof CommentFileError) throw new InputFileError(`${file}: ${error.message}`);
    throw error;
  }
  if (comments.every((c) => c.text.trim() === ''))
    throw new InputFileError(`Input file has no comments with text: ${file}`);
  return { comments, empty: stats.empty, encoding };
}
