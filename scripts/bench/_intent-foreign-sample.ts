/**
 * (The leading underscore keeps `npm run bench` from running it.)
 * Samples labelling round 8 of the intent train split: comments not yet labelled, mostly in Latin script, that read as
 * another language than English (franc-min says neither English nor undetermined, and at most 15% of the words are
 * common English function words), 12-400 characters, ordered by md5("foreign:<dataset>:<key>"). Writes two batches for
 * annotators in the format `_intent-merge-round.ts` reads (batch-<i>.tsv, overlap.json with no overlap rows), NOT into
 * the repo (two datasets state no licence).
 *
 *   npx tsx scripts/bench/_intent-foreign-sample.ts 140      (round 8: 1,547 candidates, the first 140 in hash order)
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { franc } from 'franc-min';
import {
  DEV_SOURCES,
  indexDatasetTexts,
  type DevDataset,
} from '../../packages/analysis/src/intent';
import { datasetsDir, loadDevLabels } from './dev-set-files';
const labelled = new Set(loadDevLabels().map((l) => `${l.dataset}:${l.key}`));
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const ENGLISH =
  /\b(the|and|is|you|this|that|it|to|of|i|my|for|what|was|are|have|not|with|on|so|he|she|they|we)\b/gi;
const cands: { dataset: string; key: string; text: string; lang: string; h: string }[] = [];
for (const ds of Object.keys(DEV_SOURCES) as DevDataset[]) {
  const texts = indexDatasetTexts(
    ds,
    readFileSync(path.join(datasetsDir, DEV_SOURCES[ds]), 'utf8'),
  );
  for (const [key, text] of texts) {
    if (labelled.has(`${ds}:${key}`)) continue;
    const t = text.replace(/\s+/g, ' ').trim();
    if (t.length < 12 || t.length > 400 || !/\p{Script=Latin}/u.test(t)) continue;
    const latin = (t.match(/\p{Script=Latin}/gu) ?? []).length;
    const letters = (t.match(/\p{L}/gu) ?? []).length;
    if (latin < 0.8 * letters) continue;
    const english = (t.match(ENGLISH) ?? []).length;
    const words = t.split(' ').length;
    if (english > 0.15 * words) continue;
    const lang = franc(t, { minLength: 10 });
    if (['eng', 'und', 'sco'].includes(lang)) continue;
    cands.push({ dataset: ds, key, text: t, lang, h: md5(`foreign:${ds}:${key}`) });
  }
}
cands.sort((a, b) => (a.h < b.h ? -1 : 1));
const byLang: Record<string, number> = {};
for (const c of cands) byLang[c.lang] = (byLang[c.lang] ?? 0) + 1;
console.log(cands.length, JSON.stringify(byLang));
const N = Number(process.argv[2] ?? 140);
const picked = cands.slice(0, N);
const out = '/tmp/intent-foreign';
mkdirSync(out, { recursive: true });
const per = Math.ceil(picked.length / 2);
for (let a = 0; a < 2; a++) {
  const lines = ['n\tdataset\tkey\ttext'];
  picked
    .slice(a * per, (a + 1) * per)
    .forEach((m, i) => lines.push([i + 1, m.dataset, m.key, m.text].join('\t')));
  writeFileSync(`${out}/batch-${a + 1}.tsv`, lines.join('\n') + '\n');
}
writeFileSync(`${out}/overlap.json`, '[]');
for (const p of picked.slice(0, 15)) console.log(p.lang, p.dataset, '|', p.text.slice(0, 100));
