/**
 * (The leading underscore keeps `npm run bench` from running it.)
 * Draws the comments to label by hand (run once: `npx tsx scripts/bench/_intent-dev-sample.ts`).
 * Writes candidates.tsv (dataset, key, text for the labeller to read) to /tmp, NOT into the repo, since two
 * datasets state no licence. Deterministic: rows are ordered by md5(dataset:key) and taken in that order.
 *
 * Stratification: per dataset, a plain random part plus an "enriched" part drawn from rows that contain a
 * surface cue for the rarer intents (question mark, please/can you/should/next video, negative words). The cue
 * only decides which rows get READ; every label is decided by a person reading the comment.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEV_SOURCES,
  csvRecords,
  indexDatasetTexts,
  type DevDataset,
} from '../../packages/analysis/src/intent/dev-set';
import { datasetsDir } from './dev-set-files';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const CUE =
  /\?|\bplease\b|\bpls\b|\bcan you\b|\bcould you\b|\bshould\b|\bnext video\b|\bmake a\b|\bwish\b|\bbad\b|\bworst\b|\bhate\b|\bboring\b|\bwrong\b|\bannoying\b|\bdisappoint|\bclickbait\b|\btoo (much|many|long|loud|fast)\b/i;

interface Plan {
  dataset: DevDataset;
  random: number;
  enriched: number;
  perGroup: number;
}
const plans: Plan[] = [
  { dataset: 'youtube_statistics_top_comments', random: 90, enriched: 70, perGroup: 2 },
  { dataset: 'comp34812_youtube_comments', random: 60, enriched: 40, perGroup: 3 },
  { dataset: 'kaggle_trending_gbcomments_sample', random: 40, enriched: 30, perGroup: 8 },
  { dataset: 'poche_icpc17_youtube_tutorial_comments', random: 50, enriched: 40, perGroup: 14 },
];

/** Round 2: negative-judgement cues only, because Criticism came out the smallest class in round 1. */
const NEG =
  /\b(bad|worst|terrible|awful|horrible|boring|annoying|hate|sucks?|trash|garbage|disappoint\w*|waste|wrong|mistake|error in|cringe|clickbait|overrated|stupid|useless|too (much|long|loud|fast|slow)|not (good|great|funny)|dislike|unsubscrib\w*)\b/i;
const round2: Record<DevDataset, number> = {
  youtube_statistics_top_comments: 25,
  comp34812_youtube_comments: 15,
  kaggle_trending_gbcomments_sample: 10,
  poche_icpc17_youtube_tutorial_comments: 10,
};

/** Round 3 (second labelling session): [random, enriched, critical] per dataset; caps per video raised by the same walk. */
const round3: Record<DevDataset, [number, number, number]> = {
  youtube_statistics_top_comments: [60, 30, 30],
  comp34812_youtube_comments: [15, 10, 5],
  kaggle_trending_gbcomments_sample: [15, 10, 5],
  poche_icpc17_youtube_tutorial_comments: [10, 10, 0],
};
const last: (() => void)[] = [];
/** Round 4 (third labelling session), mostly random to make the held-out estimate closer to real comment mixes. */
const round4: Record<DevDataset, [number, number, number]> = {
  youtube_statistics_top_comments: [50, 10, 10],
  comp34812_youtube_comments: [20, 5, 0],
  kaggle_trending_gbcomments_sample: [0, 0, 0],
  poche_icpc17_youtube_tutorial_comments: [15, 10, 0],
};
const fourth: (() => void)[] = [];

const out: string[] = ['n\tdataset\tkey\tgroup\tpool\ttext'];
let n = 0;
const later: (() => void)[] = [];
for (const plan of plans) {
  const content = readFileSync(path.join(datasetsDir, DEV_SOURCES[plan.dataset]), 'utf8');
  const texts = indexDatasetTexts(plan.dataset, content);
  const recs = csvRecords(content);
  const groupOf = (i: number): string => {
    const r = recs[i] ?? {};
    return r['Video ID'] ?? r.video_id ?? '';
  };
  const keys = [...texts.keys()];
  const rows = keys
    .map((key, i) => ({
      key,
      i,
      text: texts.get(key) ?? '',
      group: groupOf(i),
      h: md5(`${plan.dataset}:${key}`),
    }))
    .filter((r) => r.text.trim() !== '')
    .sort((a, b) => (a.h < b.h ? -1 : 1));
  const perGroup = new Map<string, number>();
  const taken = new Set<string>();
  const take = (pool: string, want: number, pred: (t: string) => boolean, cap = plan.perGroup) => {
    let got = 0;
    for (const r of rows) {
      if (got >= want) break;
      if (taken.has(r.key) || !pred(r.text)) continue;
      const g = perGroup.get(r.group) ?? 0;
      if (g >= cap) continue;
      perGroup.set(r.group, g + 1);
      taken.add(r.key);
      got++;
      out.push([++n, plan.dataset, r.key, r.group, pool, r.text.replace(/\s+/g, ' ')].join('\t'));
    }
  };
  take('random', plan.random, () => true);
  take('enriched', plan.enriched, (t) => CUE.test(t));
  later.push(() => take('critical', round2[plan.dataset], (t) => NEG.test(t)));
  const r3 = round3[plan.dataset];
  last.push(() => {
    take('random3', r3[0], () => true, plan.perGroup * 2);
    take('enriched3', r3[1], (t) => CUE.test(t), plan.perGroup * 2);
    take('critical3', r3[2], (t) => NEG.test(t), plan.perGroup * 2);
  });
  const r4 = round4[plan.dataset];
  fourth.push(() => {
    take('random4', r4[0], () => true, plan.perGroup * 3);
    take('enriched4', r4[1], (t) => CUE.test(t), plan.perGroup * 3);
    take('critical4', r4[2], (t) => NEG.test(t), plan.perGroup * 3);
  });
}
for (const run of later) run();
for (const run of last) run();
for (const run of fourth) run();
writeFileSync('/tmp/intent-candidates.tsv', out.join('\n') + '\n');
console.log(`wrote ${n} candidates to /tmp/intent-candidates.tsv`);
