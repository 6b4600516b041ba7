/**
 * Trains the learned sentiment models (packages/analysis/src/sentiment/model.ts) and writes them to
 * packages/analysis/data/models/sentiment-{text,use}.json.
 *
 *   npx tsx scripts/train-sentiment.ts [--embed]          # evaluate (see below)
 *   npx tsx scripts/train-sentiment.ts --write [--embed]  # fit on everything but held-out, write the model
 *   options: --l2 0.003 --min-df 3 --epochs 300 --balanced 0.5 --embed-scale 3 --no-tweets
 *
 * Training rows: the hand sentiment of the intent development set's train and tune splits (YouTube
 * comments, 4 classes with "mixed") and TweetEval's sentiment validation tweets (3 classes). The
 * evaluation fits twice, each time with one half of the tweets, and scores the other half (so every
 * tweet is scored by a model that never saw it) and the development set's held-out split, which is
 * never fitted or tuned on. --embed adds Universal Sentence Encoder lite vectors (the reference
 * ONNX model through the benchmark's embedding cache). Deterministic; the written model holds
 * terms and weights, no texts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { csvRecords } from '@app/analysis';
import {
  classificationReport,
  scoreSentiment,
  SENTIMENT_FIXED_FEATURES,
  sentimentFeatures,
  type SentimentLabel,
  sentimentLogits,
  type SentimentModel,
  sentimentTerms,
  type SparseFeatures,
  vectorReadable,
  vocabIndexOf,
} from '@app/analysis/eval';
import { datasetsDir, loadDevSetOrExit } from './bench/dev-set-files';
import {
  asLinearModel,
  buildVocab,
  fitLinear,
  trainerArgs,
  withEmbedding,
  writeModelFile,
} from './learn/fit-linear';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLASSES: SentimentLabel[] = ['positive', 'neutral', 'negative', 'mixed'];
const THREE: SentimentLabel[] = ['positive', 'neutral', 'negative'];
const args = process.argv.slice(2);
const { write, l2, minDf, epochs, balanced, embed, embedScale } = trainerArgs(args);
const withTweets = !args.includes('--no-tweets');

interface Row {
  text: string;
  label: SentimentLabel;
  source: 'youtube' | 'tweet';
  split: 'train' | 'tune' | 'heldout' | 'a' | 'b';
}

const examples = loadDevSetOrExit();
const rows: Row[] = examples
  .filter((e) => e.sentiment !== undefined)
  .map((e) => ({ text: e.text, label: e.sentiment!, source: 'youtube', split: e.split }));
const tweetsPath = path.join(datasetsDir, 'tweeteval_sentiment_emotion/sentiment_val.csv');
if (withTweets && existsSync(tweetsPath)) {
  csvRecords(readFileSync(tweetsPath, 'utf8')).forEach((r, i) =>
    rows.push({
      text: r.text ?? '',
      label: r.label_name as SentimentLabel,
      source: 'tweet',
      split: i % 2 === 0 ? 'a' : 'b',
    }),
  );
}

let vectors: Map<Row, Float32Array> | null = null;
if (embed) {
  const { cachedEmbeddings } = await import('./bench/embedding-cache');
  vectors = new Map();
  for (const source of ['youtube', 'tweet'] as const) {
    const part = rows.filter((r) => r.source === source);
    if (part.length === 0) continue;
    const key = source === 'youtube' ? 'sentiment-dev' : 'tweeteval-sentiment-val';
    const all = await cachedEmbeddings(
      key,
      part.map((r) => r.text),
    );
    part.forEach((r, i) => vectors!.set(r, all[i]!));
  }
}
const dims = vectors ? 512 : 0;

/**
 * With --embed, only rows USE-lite can read: the product gives texts without a Latin letter (which
 * USE-lite embeds as one and the same vector) to the words-only model (predictEach).
 */
const modelReads = (r: Row): boolean => !embed || vectorReadable(r.text);

/** A fitted model with the vocabulary of the rows it was fitted on. */
function fit(rowsToFit: Row[]): SentimentModel {
  const fitRows = rowsToFit.filter(modelReads);
  const vocab = buildVocab(
    fitRows.map((r) => r.text),
    sentimentTerms,
    minDf,
  );
  const vocabIndex = new Map(vocab.map((t, i) => [t, i]));
  const width = SENTIMENT_FIXED_FEATURES.length + vocab.length;
  const feats = fitRows.map((r) => withVector(sentimentFeatures(r.text, vocabIndex), r, width));
  const m = fitLinear(
    feats,
    fitRows.map((r) => CLASSES.indexOf(r.label)),
    { classes: CLASSES.length, width: width + dims, l2, epochs, balanced },
  );
  return asLinearModel(CLASSES, vocab, m, embed ? embedScale : null);
}

function withVector(f: SparseFeatures, r: Row, width: number): SparseFeatures {
  if (!vectors) return f;
  return withEmbedding(f, vectors.get(r)!, width, embedScale);
}

function logitsOf(model: SentimentModel, r: Row): number[] {
  return sentimentLogits(model, sentimentFeatures(r.text, vocabIndexOf(model)), vectors?.get(r));
}

/** Best class among `allowed` (a 3-class benchmark reads the best non-mixed class). */
function pick(z: readonly number[], allowed: readonly SentimentLabel[]): SentimentLabel {
  let best: SentimentLabel = allowed[0]!;
  for (const c of allowed) if (z[CLASSES.indexOf(c)]! > z[CLASSES.indexOf(best)]!) best = c;
  return best;
}

const pct = (x: number) => (100 * x).toFixed(1);
function show(
  name: string,
  gold: SentimentLabel[],
  learned: SentimentLabel[],
  lexicon: SentimentLabel[],
  labels: SentimentLabel[],
): void {
  const l = classificationReport(gold, learned, labels);
  const x = classificationReport(gold, lexicon, labels);
  console.log(
    `${name.padEnd(34)} n=${String(gold.length).padStart(4)}  learned macro-F1 ${pct(l.macroF1)} macro-recall ${pct(l.macroRecall)} acc ${pct(l.accuracy)}  |  lexicon macro-F1 ${pct(x.macroF1)} macro-recall ${pct(x.macroRecall)} acc ${pct(x.accuracy)}  |  ${labels.map((c) => `${c} ${pct(l.perClass[c].f1)}`).join(', ')}`,
  );
}
const lexicon3 = (text: string): SentimentLabel => {
  const s = scoreSentiment(text);
  if (s.label !== 'mixed') return s.label;
  return s.score >= 0.05 ? 'positive' : s.score <= -0.05 ? 'negative' : 'neutral';
};

const heldout = rows.filter((r) => r.split === 'heldout' && modelReads(r));
/** The dev set's held-out comments (never fitted on), learned vs the lexicon. */
function showHeldout(model: SentimentModel): void {
  show(
    'YouTube held-out (4 classes)',
    heldout.map((r) => r.label),
    heldout.map((r) => pick(logitsOf(model, r), CLASSES)),
    heldout.map((r) => scoreSentiment(r.text).label),
    CLASSES,
  );
}
const youtubeFit = rows.filter((r) => r.split === 'train' || r.split === 'tune');
if (!write) {
  const tweetGold: SentimentLabel[] = [];
  const tweetPred: SentimentLabel[] = [];
  const tweetAnswer: SentimentLabel[] = [];
  const tweetLexAnswer: SentimentLabel[] = [];
  const tweetLex: SentimentLabel[] = [];
  let first: SentimentModel | null = null;
  for (const half of withTweets ? (['a', 'b'] as const) : []) {
    const model = fit([
      ...youtubeFit,
      ...rows.filter((r) => r.source === 'tweet' && r.split !== half),
    ]);
    first ??= model;
    for (const r of rows.filter((x) => x.split === half)) {
      tweetGold.push(r.label);
      const z = logitsOf(model, r);
      tweetPred.push(pick(z, THREE));
      tweetAnswer.push(pick(z, CLASSES));
      tweetLex.push(lexicon3(r.text));
      tweetLexAnswer.push(scoreSentiment(r.text).label);
    }
  }
  const model = first ?? fit(youtubeFit);
  showHeldout(model);
  if (tweetGold.length > 0) {
    show('TweetEval val, out-of-half (3)', tweetGold, tweetPred, tweetLex, THREE);
    // what the product answers: a "mixed" answer counts as an error against 3-class gold
    show('  the same, "mixed" answers wrong', tweetGold, tweetAnswer, tweetLexAnswer, CLASSES);
  }
} else {
  const fitRows = rows.filter((r) => r.split !== 'heldout' && modelReads(r));
  const t0 = performance.now();
  const model = fit(fitRows);
  console.log(
    `fit on ${fitRows.length} rows (${model.vocab.length} terms${embed ? ', + embeddings' : ''}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  showHeldout(model);
  const kind = embed ? 'use' : 'text';
  const file = path.join(root, `packages/analysis/data/models/sentiment-${kind}.json`);
  writeModelFile({
    file,
    about:
      `Generated by scripts/train-sentiment.ts from hand-labelled YouTube comments (intent development set, train + tune) ` +
      `and TweetEval sentiment validation tweets (${fitRows.length} rows; l2 ${l2}, min-df ${minDf}, ${epochs} epochs, class balance ${balanced}` +
      `${embed ? `, USE-lite vectors x${embedScale}` : ''}).`,
    model,
  });
  console.log(`wrote ${path.relative(root, file)} (${model.vocab.length} terms)`);
}
