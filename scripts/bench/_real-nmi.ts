// (underscore: not run by `npm run bench`) Clustering NMI on real comments, where the "topic" is
// the video a comment was written under (comp34812: 90 videos x 50 comments) or the search keyword
// of its video (youtube_statistics: 41 keywords). Samples of 200/500/1,000/2,000 comments, like a
// video's comment section; NMI at the true number of groups and with the product's own K.
//
//   npx tsx scripts/bench/_real-nmi.ts [--sizes 200,500,1000,2000] [--samples 3]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { discoverClusters } from '../../packages/analysis/src/clustering/index';
import { createRandom, sampleIndices } from '../../packages/analysis/src/clustering/random';
import { normalizedMutualInfo } from '../../packages/analysis/src/eval/index';
import { ownText } from '../../packages/analysis/src/prepare/quoted-reply';
import { cachedEmbeddings, parseCsv, sharedRoot } from './embedding-cache';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string =>
  args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback;
const sizes = arg('sizes', '200,500,1000,2000').split(',').map(Number);
const samples = Number(arg('samples', '3'));
const only = args.includes('--sets') ? new Set(arg('sets', '').split(',')) : null;

interface Labelled {
  name: string;
  texts: string[];
  groups: string[];
}

function readRows(file: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(path.join(sharedRoot, 'datasets', file), 'utf8'));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

function comp(): Labelled {
  const rows = readRows('comp34812_youtube_comments/sample_50_per_video_90videos.csv').filter(
    (r) => r.comment!.trim() !== '',
  );
  return {
    name: 'comp34812-video',
    texts: rows.map((r) => ownText(r.comment!)),
    groups: rows.map((r) => r.video_id!),
  };
}

function ytstats(): Labelled {
  const videos = readRows('youtube_statistics_top_comments/videos-stats.csv');
  const keyword = new Map(videos.map((v) => [v['Video ID']!, v.Keyword!]));
  const rows = readRows('youtube_statistics_top_comments/comments.csv').filter(
    (r) => r.Comment!.trim() !== '' && keyword.has(r['Video ID']!),
  );
  return {
    name: 'ytstats-keyword',
    texts: rows.map((r) => r.Comment!),
    groups: rows.map((r) => keyword.get(r['Video ID']!)!),
  };
}

function poche(): Labelled {
  const rows = readRows('poche_icpc17_youtube_tutorial_comments/comments.csv').filter(
    (r) => r.comment!.trim() !== '',
  );
  return {
    name: 'poche-video',
    texts: rows.map((r) => r.comment!),
    groups: rows.map((r) => r.video_id!),
  };
}

const pct = (x: number): string => (100 * x).toFixed(1);
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

const summary: string[] = [];
for (const ds of [comp(), ytstats(), poche()]) {
  if (only && !only.has(ds.name)) continue;
  const vectors = await cachedEmbeddings(`real-${ds.name}`, ds.texts);
  const groupIds = [...new Set(ds.groups)].sort();
  const byGroup = new Map(groupIds.map((g) => [g, [] as number[]]));
  ds.groups.forEach((g, i) => byGroup.get(g)!.push(i));
  for (const size of sizes) {
    const trueNmis: number[] = [];
    const autoNmis: number[] = [];
    const autoKs: number[] = [];
    for (let s = 0; s < samples; s++) {
      const random = createRandom(1000 * size + s);
      // Whole groups (videos) of 50 for the video sets, comments at random for keywords.
      let idx: number[];
      if (ds.name === 'ytstats-keyword')
        idx = sampleIndices(
          ds.texts.map((_, i) => i),
          size,
          random,
        );
      else {
        const perGroup = ds.name === 'poche-video' ? Math.ceil(size / 5) : 50;
        const want = Math.max(2, Math.round(size / perGroup));
        const gs = sampleIndices(
          groupIds.map((_, i) => i),
          Math.min(want, groupIds.length),
          random,
        ).map((g) => groupIds[g]!);
        idx = gs.flatMap((g) => sampleIndices(byGroup.get(g)!, perGroup, random));
      }
      idx.sort((a, b) => a - b);
      const texts = idx.map((i) => ds.texts[i]!);
      const vecs = idx.map((i) => vectors[i]!);
      const labels = idx.map((i) => groupIds.indexOf(ds.groups[i]!));
      const k = new Set(labels).size;
      const r1 = await discoverClusters({ vectors: vecs, texts }, { k, seed: s + 1 });
      trueNmis.push(normalizedMutualInfo(labels, r1.assignments));
      const r2 = await discoverClusters({ vectors: vecs, texts }, { seed: s + 1 });
      autoNmis.push(normalizedMutualInfo(labels, r2.assignments));
      autoKs.push(r2.k);
    }
    const line = `${ds.name.padEnd(16)} n=${String(size).padStart(5)}  true-K NMI ${pct(mean(trueNmis))}  own-K NMI ${pct(mean(autoNmis))} (K ${autoKs.join('/')})`;
    console.log(line);
    summary.push(line);
  }
}
const all = summary.map((l) => [...l.matchAll(/NMI (\d+\.\d)/g)].map((m) => Number(m[1])));
console.log(
  `mean true-K ${mean(all.map((x) => x[0]!)).toFixed(2)}  own-K ${mean(all.map((x) => x[1]!)).toFixed(2)}`,
);
