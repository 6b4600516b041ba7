/**
 * (The leading underscore keeps `npm run bench` from running it.)
 * Merges one labelling round of the intent train split into packages/analysis/data/intent-dev/labels.jsonl.
 * Input: the directory `_intent-train-sample.ts` wrote (batch-<i>.tsv, overlap.json) and the annotators' files
 * labels-<i>.tsv (header `n dataset key intent sentiment`, one line per batch row, in batch order).
 *
 *   npx tsx scripts/bench/_intent-merge-round.ts --dir /tmp/intent-train7 --round 7 [--write]
 *
 * Checks every file (same rows as its batch, allowed values, no duplicate keys), prints each annotator's agreement
 * with the gold labels on the overlap rows they were given blind, and the new rows' intent counts. With --write the
 * new rows are appended with split `train` (overlap rows keep their gold label). Nothing is written when a check fails.
 */
import { appendFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { INTENT_PRECEDENCE } from '@app/contracts';
import { labelsPath, loadDevLabels } from './dev-set-files';

const argv = process.argv.slice(2);
const dir = argv.includes('--dir') ? argv[argv.indexOf('--dir') + 1]! : '/tmp/intent-train';
const write = argv.includes('--write');
const round = argv.includes('--round') ? Number(argv[argv.indexOf('--round') + 1]) : undefined;
if (write && !Number.isInteger(round))
  throw new Error('--write needs --round N (recorded on every new row)');
const SENTIMENTS = ['positive', 'negative', 'neutral', 'mixed'];

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};
const rowsOf = (file: string): string[][] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split('\t').map((c) => c.trim()));

const gold = new Map(loadDevLabels().map((l) => [`${l.dataset}:${l.key}`, l]));
const overlap = new Set<string>(
  JSON.parse(readFileSync(path.join(dir, 'overlap.json'), 'utf8')) as string[],
);
const batches = readdirSync(dir)
  .map((f) => /^batch-(\d+)\.tsv$/.exec(f)?.[1])
  .filter((b): b is string => b !== undefined)
  .sort((a, b) => Number(a) - Number(b));

const fresh: { dataset: string; key: string; intent: string; sentiment: string }[] = [];
const seen = new Set<string>();
let agreeAll = 0;
let overlapAll = 0;
const disagreements: string[] = [];
for (const b of batches) {
  const file = path.join(dir, `labels-${b}.tsv`);
  if (!existsSync(file)) fail(`missing ${file}`);
  const input = rowsOf(path.join(dir, `batch-${b}.tsv`));
  const output = rowsOf(file);
  if (output.length !== input.length)
    fail(`labels-${b}.tsv has ${output.length} rows, batch-${b}.tsv ${input.length}`);
  let agree = 0;
  let over = 0;
  output.forEach((row, i) => {
    const [n, dataset, key, intent, sentiment] = row;
    const [inN, inDataset, inKey] = input[i]!;
    if (n !== inN || dataset !== inDataset || key !== inKey)
      fail(
        `labels-${b}.tsv line ${i + 2}: expected ${inN} ${inDataset} ${inKey}, got ${row.join(' ')}`,
      );
    if (!INTENT_PRECEDENCE.includes(intent as never))
      fail(`labels-${b}.tsv line ${i + 2}: intent "${intent}"`);
    if (!SENTIMENTS.includes(sentiment!))
      fail(`labels-${b}.tsv line ${i + 2}: sentiment "${sentiment}"`);
    const id = `${dataset}:${key}`;
    if (overlap.has(id)) {
      const g = gold.get(id);
      if (!g) fail(`overlap row ${id} is not in labels.jsonl`);
      over++;
      if (g!.intent === intent) agree++;
      else disagreements.push(`${id}: gold ${g!.intent}, annotator ${b} ${intent}`);
      return;
    }
    if (gold.has(id)) fail(`${id} is already labelled`);
    if (seen.has(id)) fail(`${id} appears twice`);
    seen.add(id);
    fresh.push({ dataset: dataset!, key: key!, intent: intent!, sentiment: sentiment! });
  });
  agreeAll += agree;
  overlapAll += over;
  console.log(`annotator ${b}: ${output.length} rows, overlap agreement ${agree}/${over}`);
}
console.log(
  `overlap agreement ${agreeAll}/${overlapAll} (${((100 * agreeAll) / Math.max(1, overlapAll)).toFixed(1)}%)`,
);
for (const d of disagreements) console.log(`  ${d}`);
const counts = new Map<string, number>();
for (const r of fresh) counts.set(r.intent, (counts.get(r.intent) ?? 0) + 1);
console.log(
  `${fresh.length} new rows: ${INTENT_PRECEDENCE.map((i) => `${i} ${counts.get(i) ?? 0}`).join(', ')}`,
);
if (write) {
  appendFileSync(
    labelsPath,
    fresh
      .map((r) =>
        JSON.stringify({
          dataset: r.dataset,
          key: r.key,
          split: 'train',
          intent: r.intent,
          sentiment: r.sentiment,
          round,
        }),
      )
      .join('\n') + '\n',
  );
  console.log(`appended to ${labelsPath}`);
}
