import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { InputComment } from '@app/analysis';
import {
  CommentFileError,
  decodeCommentsFile,
  parseCommentsCsv,
  parseCommentsJsonl,
  parseInfoJson,
  type InfoJson,
} from './comment-file-parser';
import {
  CommentSourceError,
  type CommentSource,
  type FetchCommentsOptions,
  type FetchedComments,
  type VideoMetadata,
} from './comment-source.port';

const ID = /^[A-Za-z0-9_-]{11}$/;

interface MetaJson {
  title?: unknown;
  thumbnail_url?: unknown;
  channel_title?: unknown;
  comment_count?: unknown;
}

interface Loaded {
  comments: InputComment[];
  info: InfoJson | null;
  meta: MetaJson | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const count = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : null;

async function readIfExists(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Answers a video id `X` from `dir/X.csv`, `X.jsonl` or `X.info.json` (first found), with optional
 * `X.meta.json` (title, thumbnail_url, channel_title, comment_count). Videos without a file give
 * null so the chain asks the next source. Parsed files are cached by their and the meta file's
 * modification times.
 */
export class FileCommentSource implements CommentSource {
  readonly name = 'file';
  private readonly cache = new Map<string, { version: string; loaded: Loaded }>();

  constructor(private readonly dir: string) {}

  private async load(videoId: string): Promise<Loaded | null> {
    // The id pattern also keeps a crafted id from walking out of the folder.
    if (!ID.test(videoId)) return null;
    for (const ext of ['csv', 'jsonl', 'info.json'] as const) {
      const file = path.join(this.dir, `${videoId}.${ext}`);
      let mtimeMs: number;
      try {
        mtimeMs = (await stat(file)).mtimeMs;
      } catch {
        continue;
      }
      // an edited (or added, or removed) .meta.json counts as a change too
      const metaMs = await stat(path.join(this.dir, `${videoId}.meta.json`)).then(
        (m) => m.mtimeMs,
        () => -1,
      );
      const version = `${mtimeMs}:${metaMs}`;
      const cached = this.cache.get(file);
      if (cached && cached.version === version) return cached.loaded;
      const text = decodeCommentsFile(await readFile(file)).text;
      const metaText = await readIfExists(path.join(this.dir, `${videoId}.meta.json`));
      let loaded: Loaded;
      try {
        const meta = metaText === null ? null : (JSON.parse(metaText) as MetaJson);
        if (ext === 'info.json') {
          const { info, comments } = parseInfoJson(text);
          loaded = { comments, info, meta };
        } else {
          const comments =
            ext === 'csv' ? parseCommentsCsv(text, videoId) : parseCommentsJsonl(text, videoId);
          loaded = { comments, info: null, meta };
        }
      } catch (err) {
        const why =
          err instanceof CommentFileError ? err.message : 'The .meta.json file is not valid JSON.';
        throw new CommentSourceError(
          'invalid_file',
          `The comments file for ${videoId} could not be read: ${why}`,
        );
      }
      this.cache.set(file, { version, loaded });
      return loaded;
    }
    return null;
  }

  async getVideo(videoId: string): Promise<VideoMetadata | null> {
    const loaded = await this.load(videoId);
    if (!loaded) return null;
    const { meta, info, comments } = loaded;
    return {
      videoId,
      title: str(meta?.title) ?? str(info?.title),
      thumbnailUrl: str(meta?.thumbnail_url) ?? str(info?.thumbnail),
      channelTitle: str(meta?.channel_title) ?? str(info?.channel) ?? str(info?.uploader),
      commentCount: count(meta?.comment_count) ?? count(info?.comment_count) ?? comments.length,
    };
  }

  async fetchComments(
    videoId: string,
    options: FetchCommentsOptions,
  ): Promise<FetchedComments | null> {
    const loaded = await this.load(videoId);
    if (!loaded) return null;
    const comments = loaded.comments.slice(0, Math.max(0, options.maxComments));
    options.onPage?.(comments);
    options.onProgress?.(comments.length);
    return { comments, likesApproximate: false, source: this.name };
  }
}
