/**
 * Trains the learned intent models (packages/analysis/src/intent/model.ts) on the hand-labelled
 * development set and writes them to packages/analysis/data/models/intent-{text,use}.json.
 *
 *   npx tsx scripts/train-intent.ts [--embed]            # evaluate: fit on train, report tune and held-out
 *   npx tsx scripts/train-intent.ts --cv 5 --fit train,tune [--embed]   # k-fold cross-validation
 *   npx tsx scripts/train-intent.ts --write [--embed]    # fit on train + tune, write the model, report held-out
 *   npx tsx scripts/train-intent.ts --cv 5 --fit train,tune --embed --dump-oof /tmp/oof.tsv   # and write the out-of-fold predictions
 *   options: --max-round 6 (words-only default; with --embed every round) --l2 0.003 --min-df 3 --epochs 300 --balanced 0.5 --embed-scale 3
 *            --offsets (per-class logit offsets tuned for macro-F1 on 5-fold out-of-fold predictions, kept in the model)
 * --embed adds the Universal Sentence Encoder lite vectors (computed with the reference ONNX model
 * through the benchmark's embedding cache): the "use" model, which the product applies when its embedder is USE-lite.
 *
 * The held-out split is never used for fitting or for choosing settings. Deterministic (full-batch
 * gradient descent from zero weights). Comment texts are joined at run time from local copies of the
 * public data sets the development set was drawn from (packages/analysis/data/intent-dev/README.md);
 * the written model holds terms and weights, not comments.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Intent } from '@app/contracts';
import {
  classificationReport,
  classifyIntent,
  type DevExample,
  FIXED_FEATURES,
  type IntentFeatures,
  intentFeatures,
  intentLogits,
  type IntentModel,
  intentTerms,
  softmax,
  vectorReadable,
} from '@app/analysis/eval';
import { loadDevSetOrExit } from './bench/dev-set-files';
import {
  asLinearModel,
  buildVocab,
  fitLinear,
  trainerArgs,
  withEmbedding,
  writeModelFile,
  type LinearFit,
} from './learn/fit-linear';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLASSES: Intent[] = ['Request', 'Question', 'Criticism', 'Praise', 'Opinion'];
const args = process.argv.slice(2);
const { num, write, l2, minDf, epochs, balanced, embed, embedScale } = trainerArgs(args);

const examples = loadDevSetOrExit();

const fitArg = args.includes('--fit') ? args[args.indexOf('--fit') + 1] : undefined;
const fitSplits = fitArg ? fitArg.split(',') : write ? ['train', 'tune'] : ['train'];
// --limit N: fit on the first N rows only (learning curves)
// --max-round N: fit on labelling rounds up to N. The words-only model stops at round 6 by default:
// fitted on train alone, round 7 lowered it on the 799 tune + held-out comments it never saw (macro-F1
// 70.3 / 62.1 -> 68.6 / 61.7), while the model with USE-lite vectors gained (70.3 / 68.7 -> 74.0 / 68.4).
const maxRound = num('--max-round', embed ? Number.POSITIVE_INFINITY : 6);
// With --embed, only comments USE-lite can read: the product gives the others (no Latin letter, which
// USE-lite embeds as one and the same vector) to the words-only model (predictEach).
const modelReads = (e: DevExample): boolean => !embed || vectorReadable(e.text);
const fitRows = examples
  .filter((e) => fitSplits.includes(e.split) && (e.round ?? 6) <= maxRound && modelReads(e))
  .slice(0, args.includes('--limit') ? num('--limit', 0) : undefined);
const evalSplits = write ? ['heldout'] : ['tune', 'heldout'];

// vocabulary: terms in at least minDf training comments
const vocab = buildVocab(
  fitRows.map((e) => e.text),
  intentTerms,
  minDf,
);
const vocabIndex = new Map(vocab.map((t, i) => [t, i]));
const width = FIXED_FEATURES.length + vocab.length;

let vectors: Map<DevExample, Float32Array> | null = null;
if (embed) {
  const { cachedEmbeddings } = await import('./bench/embedding-cache');
  const all = await cachedEmbeddings(
    'intent-dev',
    examples.map((e) => e.text),
  );
  vectors = new Map(examples.map((e, i) => [e, all[i]!]));
}
const dims = vectors ? 512 : 0;
const featuresOf = (e: DevExample): IntentFeatures => {
  const f = intentFeatures(e.text, vocabIndex);
  if (!vectors) return f;
  return withEmbedding(f, vectors.get(e)!, width, embedScale);
};

function train(rows: DevExample[]): LinearFit {
  return fitLinear(
    rows.map(featuresOf),
    rows.map((r) => CLASSES.indexOf(r.intent)),
    { classes: CLASSES.length, width: width + dims, l2, epochs, balanced },
  );
}

/** The fitted weights as the product's model (what `classifyIntents` reads). */
function asModel(m: LinearFit): IntentModel {
  return asLinearModel(CLASSES, vocab, m, embed ? embedScale : null);
}

/** Class scores of one comment, computed by the product's own scorer. */
function logits(m: LinearFit, e: DevExample): number[] {
  return intentLogits(asModel(m), intentFeatures(e.text, vocabIndex), vectors?.get(e));
}

function argmax(z: readonly number[], offsets: readonly number[] = []): Intent {
  let best = 0;
  z.forEach((s, c) => {
    if (s + (offsets[c] ?? 0) > z[best]! + (offsets[best] ?? 0)) best = c;
  });
  return CLASSES[best]!;
}

/**
 * Per-class offsets on the logits that maximise macro-F1 over out-of-fold predictions (coordinate
 * ascent, steps of 0.1 in -2..2): macro-F1 rewards the rare classes' recall more than the loss does.
 */
function tuneOffsets(gold: readonly Intent[], z: readonly number[][]): number[] {
  const offsets = CLASSES.map(() => 0);
  const score = () =>
    classificationReport(
      gold,
      z.map((v) => argmax(v, offsets)),
      CLASSES,
    ).macroF1;
  let best = score();
  for (let pass = 0; pass < 3; pass++) {
    for (let c = 0; c < CLASSES.length; c++) {
      const keep = offsets[c]!;
      let bestV = keep;
      for (let v = -2; v <= 2.0001; v += 0.1) {
        offsets[c] = v;
        const s = score();
        if (s > best + 1e-9) {
          best = s;
          bestV = v;
        }
      }
      offsets[c] = bestV;
    }
  }
  return offsets.map((o) => Math.round(o * 10) / 10);
}

/** Softmax probabilities of the gold class and of the predicted class, 3 decimals (for reading errors). */
function probabilities(z: readonly number[], gold: Intent): string[] {
  const p = softmax(z);
  return [p[CLASSES.indexOf(gold)]!, Math.max(...p)].map((x) => x.toFixed(3));
}

/** Out-of-fold logits of a k-fold cross-validation over the fitting rows. */
function crossValidate(k: number): {
  gold: Intent[];
  z: number[][];
  rules: Intent[];
  rows: DevExample[];
} {
  const gold: Intent[] = [];
  const rows: DevExample[] = [];
  const z: number[][] = [];
  const rules: Intent[] = [];
  for (let f = 0; f < k; f++) {
    const m = train(fitRows.filter((_, i) => i % k !== f));
    fitRows.forEach((r, i) => {
      if (i % k !== f) return;
      gold.push(r.intent);
      rows.push(r);
      z.push(logits(m, r));
      rules.push(classifyIntent(r.text).intent);
    });
  }
  return { gold, z, rules, rows };
}

const pct = (x: number) => (100 * x).toFixed(1);
const cv = num('--cv', 0);
// --offsets: tune per-class logit offsets for macro-F1 on 5-fold out-of-fold predictions (and keep them)
const useOffsets = args.includes('--offsets');
let offsets: number[] = CLASSES.map(() => 0);
if (cv > 1 || useOffsets) {
  // k-fold cross-validation over the fitting rows (vocabulary kept from all of them: a small optimism)
  const k = cv > 1 ? cv : 5;
  const { gold, z, rules, rows } = crossValidate(k);
  // --dump-oof FILE: the out-of-fold predictions as TSV (gold, predicted, rules, P(gold), P(predicted), split, dataset, key, text) for reading errors;
  // write it outside the repository (the texts come from datasets whose licences are not verified)
  if (args.includes('--dump-oof'))
    writeFileSync(
      args[args.indexOf('--dump-oof') + 1]!,
      ['gold\tpredicted\trules\tp_gold\tp_pred\tsplit\tdataset\tkey\ttext']
        .concat(
          rows.map((r, i) =>
            [
              gold[i],
              argmax(z[i]!),
              rules[i],
              ...probabilities(z[i]!, gold[i]!),
              r.split,
              r.dataset,
              r.key,
              r.text.replace(/\s+/g, ' '),
            ].join('\t'),
          ),
        )
        .join('\n') + '\n',
    );
  const l = classificationReport(
    gold,
    z.map((v) => argmax(v)),
    CLASSES,
  );
  const r = classificationReport(gold, rules, CLASSES);
  console.log(
    `${k}-fold CV on ${fitSplits.join('+')} (${gold.length}): learned macro-F1 ${pct(l.macroF1)} acc ${pct(l.accuracy)} | rules macro-F1 ${pct(r.macroF1)} acc ${pct(r.accuracy)} | learned per class ${CLASSES.map((c) => `${c} ${pct(l.perClass[c].f1)}`).join(', ')}`,
  );
  if (useOffsets) {
    offsets = tuneOffsets(gold, z);
    const o = classificationReport(
      gold,
      z.map((v) => argmax(v, offsets)),
      CLASSES,
    );
    console.log(
      `  offsets ${CLASSES.map((c, i) => `${c} ${offsets[i]}`).join(', ')}: CV macro-F1 ${pct(o.macroF1)} (tuned on these folds, so optimistic)`,
    );
  }
  if (cv > 1 && !write && !useOffsets) process.exit(0);
}
const t0 = performance.now();
const model = train(fitRows);
console.log(
  `fit on ${fitSplits.join('+')} (${fitRows.length} comments, ${vocab.length} terms, l2 ${l2}, min-df ${minDf}, ${epochs} epochs${embed ? ', + embeddings' : ''}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
for (const split of evalSplits) {
  const rows = examples.filter((e) => e.split === split && modelReads(e));
  const gold = rows.map((r) => r.intent);
  const learned = classificationReport(
    gold,
    rows.map((r) => argmax(logits(model, r), offsets)),
    CLASSES,
  );
  const rules = classificationReport(
    gold,
    rows.map((r) => classifyIntent(r.text).intent),
    CLASSES,
  );
  console.log(
    `${split.padEnd(8)} n=${rows.length}  learned macro-F1 ${pct(learned.macroF1)} acc ${pct(learned.accuracy)}  |  rules macro-F1 ${pct(rules.macroF1)} acc ${pct(rules.accuracy)}  |  per class ${CLASSES.map((c) => `${c} ${pct(learned.perClass[c].f1)}`).join(', ')}`,
  );
}

if (write) {
  const kind = embed ? 'use' : 'text';
  const file = path.join(root, `packages/analysis/data/models/intent-${kind}.json`);
  writeModelFile({
    file,
    about:
      `Generated by scripts/train-intent.ts from the hand-labelled intent development set (train + tune splits, ` +
      `${fitRows.length} comments; l2 ${l2}, min-df ${minDf}, ${epochs} epochs, class balance ${balanced}` +
      `${embed ? `, USE-lite vectors x${embedScale}` : ''}).`,
    // tuned offsets (--offsets) are kept in the biases
    model: { ...asModel(model), bias: Array.from(model.b, (b, c) => b + offsets[c]!) },
  });
  console.log(`wrote ${path.relative(root, file)} (${vocab.length} terms)`);
}
