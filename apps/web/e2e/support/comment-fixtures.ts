import fs from 'node:fs';
import path from 'node:path';
import { csvRecords } from '@app/analysis';
import { fixturesCommentsDir, repoRoot } from './paths';

/**
 * The e2e comment files (`X.csv` + `X.meta.json` for the server's file comment source), built at
 * start-up from the real comments in ../shared/datasets. The texts are not committed: the datasets'
 * licences are not verified, so tests may use them but the repository must not redistribute them.
 */

/** The shared datasets folder beside the checkout (CI always has it). */
export const sharedDatasetsDir = path.resolve(repoRoot, '../shared/datasets');

interface FixtureRow {
  id: string;
  text: string;
  likes: number;
  author: string;
  published_at: string;
}

interface FixtureMeta {
  title: string;
  channel_title: string;
  comment_count: number;
}

/**
 * Header-keyed records, like Python's csv.DictReader on a file opened in text mode: line endings
 * (also inside quoted fields) read as '\n', blank lines skipped.
 */
function readCsvRecords(file: string): Record<string, string>[] {
  return csvRecords(fs.readFileSync(file, 'utf8').replace(/\r\n?/g, '\n'));
}

/** A field as Python's csv.writer writes it (QUOTE_MINIMAL). */
function csvField(value: string | number): string {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Python's int(float(x or 0)). */
function likeCount(raw: string | undefined): number {
  return Math.trunc(Number(raw || 0));
}

/** Writes via a temporary name and a rename, so parallel e2e workers never read a half-written file. */
function writeAtomic(file: string, content: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content, 'utf8');
  fs.renameSync(tmp, file);
}

function writeVideo(outDir: string, videoId: string, rows: FixtureRow[], meta: FixtureMeta): void {
  const lines = [['id', 'text', 'likes', 'author', 'published_at'].join(',')];
  for (const r of rows)
    lines.push([r.id, r.text, r.likes, r.author, r.published_at].map(csvField).join(','));
  writeAtomic(path.join(outDir, `${videoId}.csv`), lines.map((l) => `${l}\r\n`).join(''));
  writeAtomic(path.join(outDir, `${videoId}.meta.json`), `${JSON.stringify(meta, null, 2)}\n`);
}

/**
 * Writes the three e2e videos into `outDir` from `datasetsDir`:
 * - JspWFbynlmk: comp34812 full threads, the first 100 top-level "ham" comments (no like counts in the source);
 * - jt2OHQh0HoQ: kaggle trending GB comments, the first 100 rows of a phone review (with likes);
 * - wAZZ-UWGVHI: youtube_statistics top comments of a news video, plus one synthetic hostile
 *   comment that proves comments render as text.
 */
export function writeCommentFixtures(datasetsDir: string, outDir: string): void {
  fs.mkdirSync(outDir, { recursive: true });

  const comp = readCsvRecords(
    path.join(datasetsDir, 'comp34812_youtube_comments/full_threads_4videos_subset.csv'),
  )
    .filter((r) => r.video_id === 'JspWFbynlmk' && r.is_reply === '0' && r.class === 'ham')
    .slice(0, 100);
  writeVideo(
    outDir,
    'JspWFbynlmk',
    comp.map((r) => ({
      id: r.comment_id ?? '',
      text: r.comment ?? '',
      likes: 0,
      author: r.username ?? '',
      published_at: '2023-04-21T12:00:00Z',
    })),
    { title: 'SIDEMEN BRUTAL YOUTUBER RANKING', channel_title: 'Sidemen', comment_count: 5300 },
  );

  const gb = readCsvRecords(
    path.join(datasetsDir, 'kaggle_trending_gbcomments_sample/GBcomments_sample.csv'),
  )
    .filter((r) => r.video_id === 'jt2OHQh0HoQ')
    .slice(0, 100);
  writeVideo(
    outDir,
    'jt2OHQh0HoQ',
    gb.map((r, i) => ({
      id: `gb-${i}`,
      // The dataset stores line breaks as a literal backslash-n.
      text: (r.comment_text ?? '').replace(/\\n/g, '\n'),
      likes: likeCount(r.likes),
      author: '',
      published_at: '2017-09-14T10:00:00Z',
    })),
    { title: 'iPhone X hands-on', channel_title: 'A tech channel', comment_count: 100 },
  );

  const yts = readCsvRecords(
    path.join(datasetsDir, 'youtube_statistics_top_comments/comments.csv'),
  ).filter((r) => r['Video ID'] === 'wAZZ-UWGVHI');
  const apple: FixtureRow[] = yts.map((r, i) => ({
    id: `yts-${r.row_index ?? ''}`,
    text: r.Comment ?? '',
    likes: likeCount(r.Likes),
    author: `viewer${i}`,
    published_at: '2022-08-24T09:00:00Z',
  }));
  apple.push({
    id: 'xss-1',
    text: '<img src=x onerror=alert(1)> Apple Pay <b>rocks</b>',
    likes: 0,
    author: 'mallory',
    published_at: '2022-08-25T09:00:00Z',
  });
  writeVideo(outDir, 'wAZZ-UWGVHI', apple, {
    title: 'Apple Pay Is Killing the Physical Wallet After Only Eight Years',
    channel_title: 'WSJ',
    comment_count: 672,
  });
}

let prepared: string | undefined;

/**
 * Builds the e2e comment files once per process into `fixturesCommentsDir` (a temp folder) and
 * returns that folder, for the server's COMMENTS_DIR. Throws a one-line message when ../shared is absent.
 */
export function prepareCommentFixtures(): string {
  if (prepared !== undefined) return prepared;
  if (!fs.existsSync(sharedDatasetsDir))
    throw new Error(
      `e2e comment fixtures need the shared datasets at ${sharedDatasetsDir} (real comments are not committed); put /work/shared beside the checkout.`,
    );
  writeCommentFixtures(sharedDatasetsDir, fixturesCommentsDir);
  prepared = fixturesCommentsDir;
  return prepared;
}
