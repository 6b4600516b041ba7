/**
 * Builds a local demo folder for COMMENTS_DIR from a sample of the Kaggle "Trending YouTube Video
 * Statistics and Comments" GB data (a development aid; the output folder is not committed).
 *
 * --from names a folder holding two CSV files (header row, the dataset's own columns):
 *  - `GBcomments_sample.csv`: video_id, comment_text, likes, replies (line breaks as a literal \n);
 *  - `GBvideos_rows_for_sample.csv`: the GBvideos.csv rows of the same videos, at least video_id,
 *    title, channel_title and comment_total (one row per trending day; the last one is used).
 * The sample we use has 10 real videos with about 100 comments each. The data set's licence is only
 * *reported* as CC0 and the copies we know state none, so the generated files stay on this machine.
 * Writes `<out>/<VIDEO_ID>.csv` (id, text, likes, reply_count) and `<VIDEO_ID>.meta.json` (title,
 * channel_title, thumbnail_url, comment_count) from the dataset's video rows.
 *
 *   npx tsx apps/server/demo/build-demo-comments.ts --from <folder> [--out data/demo-comments]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsv } from '../src/providers/comment-sources/comment-file-parser';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const argValue = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const from = argValue('--from');
if (!from) {
  console.error(
    'Usage: npx tsx apps/server/demo/build-demo-comments.ts --from <folder> [--out data/demo-comments]\n' +
      '<folder> holds GBcomments_sample.csv and GBvideos_rows_for_sample.csv (see apps/server/demo/README.md).',
  );
  process.exit(1);
}
const source = path.resolve(from);
const out = path.resolve(repoRoot, argValue('--out') ?? 'data/demo-comments');

for (const file of ['GBcomments_sample.csv', 'GBvideos_rows_for_sample.csv']) {
  if (!existsSync(path.join(source, file))) {
    console.error(`No ${file} in ${source}. Point COMMENTS_DIR at your own folder instead (see apps/server/demo/README.md).`);
    process.exit(1);
  }
}

const cell = (s: string) => `"${s.replace(/"/g, '""')}"`;
const [cHeader, ...cRows] = parseCsv(readFileSync(path.join(source, 'GBcomments_sample.csv'), 'utf8'));
const [vHeader, ...vRows] = parseCsv(readFileSync(path.join(source, 'GBvideos_rows_for_sample.csv'), 'utf8'));
const col = (header: string[], name: string) => header.indexOf(name);

const byVideo = new Map<string, string[][]>();
for (const row of cRows) {
  const id = row[col(cHeader!, 'video_id')]!;
  if (!byVideo.has(id)) byVideo.set(id, []);
  byVideo.get(id)!.push(row);
}

mkdirSync(out, { recursive: true });
for (const [videoId, rows] of byVideo) {
  const lines = ['id,text,likes,reply_count'];
  rows.forEach((r, i) => {
    // The dataset keeps line breaks as a literal backslash-n.
    const text = r[col(cHeader!, 'comment_text')]!.replace(/\\n/g, '\n');
    lines.push(`${videoId}-${i + 1},${cell(text)},${r[col(cHeader!, 'likes')]},${r[col(cHeader!, 'replies')]}`);
  });
  writeFileSync(path.join(out, `${videoId}.csv`), `${lines.join('\n')}\n`);
  // The last trending day's row holds the latest title and comment total.
  const video = vRows.filter((v) => v[col(vHeader!, 'video_id')] === videoId).at(-1);
  if (video) {
    const meta = {
      title: video[col(vHeader!, 'title')],
      channel_title: video[col(vHeader!, 'channel_title')],
      thumbnail_url: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
      comment_count: Number(video[col(vHeader!, 'comment_total')]) || rows.length,
    };
    writeFileSync(path.join(out, `${videoId}.meta.json`), `${JSON.stringify(meta, null, 2)}\n`);
  }
  console.log(`${videoId}: ${rows.length} comments${video ? ` — ${video[col(vHeader!, 'title')]}` : ''}`);
}
console.log(`\nWrote ${byVideo.size} videos to ${out}. Start with: COMMENTS_DIR=${path.relative(repoRoot, out)} npm start`);
