/**
 * (The leading underscore keeps `npm run bench` from running it.)
 * Round 5 of the intent labelling: draws a TRAINING pool for the learned intent model, disjoint from every
 * row already in labels.jsonl (so the held-out split stays untouched). Deterministic: rows are ordered by
 * md5("train:" + dataset + ":" + key). Three quarters are plain random rows, one quarter rows with a surface
 * cue for the rarer intents (the cue only decides which rows get read; a person decides every label).
 * Also draws `--overlap N` rows per annotator from the labelled set, to measure agreement with the gold labels.
 *
 *   npx tsx scripts/bench/_intent-train-sample.ts --annotators 6 --overlap 25            (round 5)
 *   npx tsx scripts/bench/_intent-train-sample.ts --annotators 8 --overlap 10 --scale 1.5 --out /tmp/intent-train6
 *   npx tsx scripts/bench/_intent-train-sample.ts --annotators 8 --overlap 10 --scale 2 --critical 0.25 --out /tmp/intent-train7   (round 7)
 * --critical F: a share F of each dataset's rows carries a negative-judgement cue (Criticism is the rarest class and the
 * weakest in the benchmark); the cued quarter stays, and the rest is plain random.
 * Writes <out>/batch-<i>.tsv (n, dataset, key, text), NOT into the repo (two datasets state no licence).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEV_SOURCES,
  indexDatasetTexts,
  type DevDataset,
} from '../../packages/analysis/src/intent/dev-set';
import { datasetsDir, loadDevLabels } from './dev-set-files';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const arg = (name: string, d: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const annotators = arg('--annotators', 6);
const overlap = arg('--overlap', 25);
// --scale 1.5: draw 1.5x the plan (later rounds; rows already labelled are skipped, so rounds never repeat rows)
const scale = arg('--scale', 1);
const outDir = process.argv.includes('--out')
  ? process.argv[process.argv.indexOf('--out') + 1]!
  : '/tmp/intent-train';
const criticalShare = arg('--critical', 0);
const CRITICAL =
  /\b(bad|worse|worst|terrible|awful|horrible|boring|annoying|hate|sucks?|trash|garbage|disappoint\w*|waste|wrong|mistake|error|cringe|clickbait|overrated|overpriced|stupid|useless|dislike|unsubscrib\w*|lazy|fake|misleading|ruined?|unfortunately|not (good|great|funny|worth|as good)|should(n'?t| not) have|too (much|many|long|loud|fast|slow|short|quiet))\b/i;
const CUE =
  /\?|\bplease\b|\bpls\b|\bcan you\b|\bcould you\b|\bshould\b|\bnext video\b|\bmake a\b|\bwish\b|\b(bad|worst|terrible|awful|boring|annoying|hate|sucks?|trash|disappoint\w*|waste|wrong|mistake|cringe|clickbait|overrated|stupid|useless|dislike)\b|\btoo (much|many|long|loud|fast|slow)\b/i;
const PLAN: Record<DevDataset, number> = {
  youtube_statistics_top_comments: 700,
  comp34812_youtube_comments: 350,
  kaggle_trending_gbcomments_sample: 250,
  poche_icpc17_youtube_tutorial_comments: 300,
};
const labelled = loadDevLabels();
const done = new Set(labelled.map((l) => `${l.dataset}:${l.key}`));
const picked: { dataset: string; key: string; text: string }[] = [];
const allTexts = new Map<string, Map<string, string>>();
for (const [ds, planned] of Object.entries(PLAN) as [DevDataset, number][]) {
  const want = Math.round(planned * scale);
  const texts = indexDatasetTexts(
    ds,
    readFileSync(path.join(datasetsDir, DEV_SOURCES[ds]), 'utf8'),
  );
  allTexts.set(ds, texts);
  const rows = [...texts.entries()]
    .filter(([k, t]) => t.trim() !== '' && !done.has(`${ds}:${k}`))
    .map(([key, text]) => ({ key, text, h: md5(`train:${ds}:${key}`) }))
    .sort((a, b) => (a.h < b.h ? -1 : 1));
  const seenText = new Set<string>();
  let critical = Math.round(want * criticalShare);
  let cued = Math.round(want * 0.25);
  let random = want - critical - cued;
  for (const r of rows) {
    if (random + cued + critical === 0) break;
    const norm = r.text.toLowerCase().replace(/\s+/g, ' ').trim();
    if (seenText.has(norm)) continue;
    if (random > 0) random--;
    else if (critical > 0 && CRITICAL.test(r.text)) critical--;
    else if (cued > 0 && CUE.test(r.text)) cued--;
    else continue;
    seenText.add(norm);
    picked.push({ dataset: ds, key: r.key, text: r.text });
  }
}
// Overlap rows: a deterministic sample of already-labelled rows, different for each annotator.
const gold = labelled
  .map((l) => ({ ...l, h: md5(`overlap:${l.dataset}:${l.key}`) }))
  .sort((a, b) => (a.h < b.h ? -1 : 1));
// Interleave datasets across batches, then shuffle within a batch by hash so annotators see a mix.
const order = picked
  .map((p) => ({ ...p, h: md5(`order:${p.dataset}:${p.key}`) }))
  .sort((a, b) => (a.h < b.h ? -1 : 1));
mkdirSync(outDir, { recursive: true });
for (let a = 0; a < annotators; a++) {
  const mine = order.filter((_, i) => i % annotators === a).map((p) => ({ ...p }));
  for (const g of gold.slice(a * overlap, (a + 1) * overlap))
    mine.push({
      dataset: g.dataset,
      key: g.key,
      text: allTexts.get(g.dataset)?.get(g.key) ?? '',
      h: md5(`order:${g.dataset}:${g.key}`),
    });
  mine.sort((x, y) => (x.h < y.h ? -1 : 1));
  const lines = ['n\tdataset\tkey\ttext'];
  mine.forEach((m, i) =>
    lines.push([i + 1, m.dataset, m.key, m.text.replace(/\s+/g, ' ').trim()].join('\t')),
  );
  writeFileSync(`${outDir}/batch-${a + 1}.tsv`, lines.join('\n') + '\n');
}
writeFileSync(
  `${outDir}/overlap.json`,
  JSON.stringify(gold.slice(0, annotators * overlap).map((g) => `${g.dataset}:${g.key}`)),
);
console.log(
  `picked ${picked.length} new rows + ${overlap} overlap rows for each of ${annotators} annotators`,
);
