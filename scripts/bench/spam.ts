/**
 * Spam flags of the preparation step (packages/analysis/src/prepare) against the COMP34812 hand
 * labels (../shared/datasets/comp34812_youtube_comments: spam = "tries to direct people away from
 * the content"; ham and neutral are genuine; unlabelled rows are left out). Each video's comments
 * are prepared together, as the product prepares one video. Three readings:
 *   - names + creator: display names given, the channel's own comments marked (channel_name = username;
 *     the full-thread file has no channel column), as the YouTube adapters supply them;
 *   - names: display names, no creator marks (a CSV without that column);
 *   - text only: neither (a CSV with a text column alone).
 * Also the share of comments flagged by text alone in the other real comment sets (no spam labels):
 * a ceiling on how many genuine comments the rules could be hiding there.
 *
 *   npx tsx scripts/bench/spam.ts [--show]   (--show lists the misses and false alarms)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanText, csvRecords, type InputComment, ownText, prepareComments } from '@app/analysis';
import { spamReason } from '@app/analysis/eval';
import { datasetsDir as datasets } from './dev-set-files';
import { repoRoot } from './embedding-cache';

const show = process.argv.includes('--show');
if (!existsSync(datasets)) {
  console.log(
    `spam: skipped, it needs the hand-labelled real comments in ${datasets}, which is not there`,
  );
  process.exit(0);
}

const records = (file: string) => csvRecords(readFileSync(path.join(datasets, file), 'utf8'));

type Reading = 'names + creator' | 'names' | 'text only';
const READINGS: Reading[] = ['names + creator', 'names', 'text only'];

interface Score {
  file: string;
  reading: Reading;
  labelled: number;
  spam: number;
  precision: number;
  recall: number;
  f1: number;
  /** Share of the genuine (ham and neutral) comments flagged: comments the product would lose (goal < 0.5%). */
  genuineFlagged: number;
}

const scores: Score[] = [];
for (const file of ['sample_50_per_video_90videos.csv', 'full_threads_4videos_subset.csv']) {
  const rows = records(`comp34812_youtube_comments/${file}`);
  const byVideo = new Map<string, Record<string, string>[]>();
  for (const r of rows) {
    const list = byVideo.get(r.video_id!);
    if (list) list.push(r);
    else byVideo.set(r.video_id!, [r]);
  }
  for (const reading of READINGS) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let labelled = 0;
    for (const list of byVideo.values()) {
      const input = list.map((r): InputComment => ({
        id: r.comment_id!,
        text: ownText(r.comment!),
        likes: 0,
        author: reading === 'text only' ? null : r.username || null,
        publishedAt: null,
        replyCount: 0,
        // replies keep their thread, as the YouTube adapters give it
        parentId: r.parent_comment_id || null,
        ...(reading === 'names + creator' && r.channel_name && r.username === r.channel_name
          ? { byCreator: true }
          : {}),
      }));
      const prepared = prepareComments(input).comments;
      prepared.forEach((c, i) => {
        const cls = list[i]!.class;
        if (cls !== 'spam' && cls !== 'ham' && cls !== 'neutral') return;
        labelled++;
        const gold = cls === 'spam';
        if (c.spam && gold) tp++;
        else if (c.spam) fp++;
        else if (gold) fn++;
        if (show && reading === 'names + creator' && c.spam !== gold)
          console.log(
            `${gold ? 'missed' : 'false alarm'} | ${list[i]!.username} | ${c.clean.slice(0, 140)}`,
          );
      });
    }
    const precision = tp / Math.max(1, tp + fp);
    const recall = tp / Math.max(1, tp + fn);
    const f1 = (2 * precision * recall) / Math.max(1e-9, precision + recall);
    const genuineFlagged = fp / Math.max(1, labelled - tp - fn);
    scores.push({ file, reading, labelled, spam: tp + fn, precision, recall, f1, genuineFlagged });
  }
}

const pct = (x: number) => (100 * x).toFixed(1).padStart(6);
console.log(
  '\nSpam flags vs COMP34812 hand labels (spam vs ham + neutral), per video as the product prepares it',
);
console.log(
  'file                               reading           labelled  spam  precision  recall      F1  genuine flagged',
);
for (const s of scores)
  console.log(
    `${s.file.padEnd(34)} ${s.reading.padEnd(16)} ${String(s.labelled).padStart(9)} ${String(s.spam).padStart(5)} ${pct(s.precision)}   ${pct(s.recall)}  ${pct(s.f1)}  ${(100 * s.genuineFlagged).toFixed(2).padStart(6)}%`,
  );
console.log(
  'goals (names + creator, the 90-video sample): genuine flagged < 0.5%, precision > 85%, recall > 50%',
);

// Other real comment sets: the share flagged by text alone (no labels there).
const OTHER: [string, string][] = [
  ['youtube_statistics_top_comments/comments.csv', 'Comment'],
  ['kaggle_trending_gbcomments_sample/GBcomments_sample.csv', 'comment_text'],
  ['poche_icpc17_youtube_tutorial_comments/comments.csv', 'comment'],
];
const flaggedShare: Record<string, { n: number; flagged: number }> = {};
for (const [file, column] of OTHER) {
  const texts = records(file).map((r) => cleanText(r[column] ?? ''));
  const flagged = texts.filter((t) => spamReason(t) !== null).length;
  flaggedShare[file.split('/')[0]!] = { n: texts.length, flagged };
  console.log(
    `flagged by text in ${file.split('/')[0]!.padEnd(40)} ${String(flagged).padStart(4)} of ${texts.length} (${((100 * flagged) / texts.length).toFixed(2)}%)`,
  );
}

const outDir = path.join(repoRoot, 'artifacts/bench');
mkdirSync(outDir, { recursive: true });
writeFileSync(
  path.join(outDir, 'spam.json'),
  JSON.stringify({ generatedAt: new Date().toISOString(), scores, flaggedShare }, null, 2),
);
console.log(`\nWrote ${path.relative(repoRoot, path.join(outDir, 'spam.json'))}`);
