/**
 * Real comments for the benchmarks, from the comment datasets in ../shared/datasets (see
 * analysis-speed.ts). The caller checks that the folder exists.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type InputComment, ownText } from '@app/analysis';
import { parseCsv } from '../../apps/server/src/providers/comment-sources/comment-file-parser';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The shared datasets folder, next to the repository. */
export const datasets = path.resolve(repoRoot, '../shared/datasets');

/** Real comment files: [file, text column, likes column or null, author column or null]. */
const SOURCES: [string, string, string | null, string | null][] = [
  ['youtube_statistics_top_comments/comments.csv', 'Comment', 'Likes', null],
  ['poche_icpc17_youtube_tutorial_comments/comments.csv', 'comment', null, null],
  ['comp34812_youtube_comments/full_threads_4videos_subset.csv', 'comment', null, 'username'],
  ['comp34812_youtube_comments/sample_50_per_video_90videos.csv', 'comment', null, 'username'],
  ['kaggle_trending_gbcomments_sample/GBcomments_sample.csv', 'comment_text', 'likes', null],
];

export function loadRealComments(): InputComment[] {
  const out: InputComment[] = [];
  for (const [file, textCol, likesCol, authorCol] of SOURCES) {
    const [header, ...rows] = parseCsv(readFileSync(path.join(datasets, file), 'utf8'));
    const idx = (name: string | null): number => (name === null ? -1 : header!.indexOf(name));
    const [t, l, a] = [idx(textCol), idx(likesCol), idx(authorCol)];
    for (const cells of rows) {
      const text = cells[t] ?? '';
      if (text.trim() === '') continue;
      out.push({
        id: `${out.length + 1}`,
        // comp34812 replies carry their parent as "[MAIN] ... [REPLY] ..."; keep the reply only.
        text: ownText(text),
        likes: l >= 0 ? Math.max(0, Math.floor(Number(cells[l]) || 0)) : 0,
        author: a >= 0 ? (cells[a] ?? null) : null,
        publishedAt: null,
        replyCount: 0,
        parentId: null,
      });
    }
  }
  return out;
}

/** Deterministic shuffle (mulberry32), so every run analyses the same mix of sources. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  let s = seed >>> 0;
  const random = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The real comments, read and shuffled once per process (every size samples the same list). */
let real: InputComment[] | undefined;

/**
 * `n` real comments: every real comment dataset concatenated and shuffled with a fixed seed, so
 * every run analyses the same mix. Past the ~27,700 real ones, copies get a " #k" suffix and stay
 * distinct texts.
 */
export function realComments(n: number): InputComment[] {
  real ??= shuffled(loadRealComments(), 20241121);
  const out: InputComment[] = [];
  for (let i = 0; i < n; i++) {
    const base = real[i % real.length]!;
    const copy = Math.floor(i / real.length);
    out.push({
      ...base,
      id: String(i + 1),
      text: copy === 0 ? base.text : `${base.text} #${copy + 1}`,
    });
  }
  return out;
}
