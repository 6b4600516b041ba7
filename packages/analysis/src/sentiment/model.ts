import { foreignComplaint, foreignPraise, normaliseForIntent } from '../intent/classify';
import {
  addTermFeatures,
  argmaxClass,
  fixedFeatureSetter,
  lengthFeature,
  linearLogits,
  softmax,
  vocabIndexOf,
  wordTerms,
  type LinearModel,
  type SparseFeatures,
} from '../text/linear-model';
import { lexiconSentiment, type SentimentLabel, type SentimentResult } from './sentiment';

/**
 * The learned sentiment classifier: a multinomial logistic regression over the lexicon scorer's
 * answer and valences (sentiment.ts), the comment's shape, its word unigrams and bigrams and, when
 * the analysis embedded with Universal Sentence Encoder lite, its vector. Fitted by
 * scripts/train-sentiment.ts on hand-labelled YouTube comments and TweetEval tweets.
 */
export type SentimentModel = LinearModel<SentimentLabel>;

/** Names of the fixed (non-word) features, in index order. */
export const SENTIMENT_FIXED_FEATURES: readonly string[] = [
  'lexicon:positive',
  'lexicon:neutral',
  'lexicon:negative',
  'lexicon:mixed',
  'compound:<=-0.6',
  'compound:<=-0.3',
  'compound:<=-0.05',
  'compound:near-0',
  'compound:<0.35',
  'compound:<0.6',
  'compound:<0.8',
  'compound:>=0.8',
  'compound',
  'valence:positive',
  'valence:negative',
  'shape:words-1-3',
  'shape:words-4-10',
  'shape:words-11-30',
  'shape:words-31+',
  'shape:question-mark',
  'shape:exclamation',
  'shape:few-latin-letters',
];

const setFixed = fixedFeatureSetter(SENTIMENT_FIXED_FEATURES);

/** The word terms the sentiment model reads (the same normalisation as intent). */
export function sentimentTerms(text: string): string[] {
  return wordTerms(normaliseForIntent(text));
}

export function sentimentFeatures(
  text: string,
  vocabIndex: ReadonlyMap<string, number>,
): SparseFeatures {
  const f: SparseFeatures = { indices: [], values: [] };
  const add = (name: string, value = 1): void => setFixed(f, name, value);
  const raw = typeof text === 'string' ? text : '';
  const lex = lexiconSentiment(raw);
  const c = lex.score;
  add(`lexicon:${lex.label}`);
  add(
    c <= -0.6
      ? 'compound:<=-0.6'
      : c <= -0.3
        ? 'compound:<=-0.3'
        : c <= -0.05
          ? 'compound:<=-0.05'
          : c < 0.05
            ? 'compound:near-0'
            : c < 0.35
              ? 'compound:<0.35'
              : c < 0.6
                ? 'compound:<0.6'
                : c < 0.8
                  ? 'compound:<0.8'
                  : 'compound:>=0.8',
  );
  if (c !== 0) add('compound', c);
  if (lex.rawPos > 0) add('valence:positive', Math.log1p(lex.rawPos));
  if (lex.rawNeg > 0) add('valence:negative', Math.log1p(lex.rawNeg));
  const t = normaliseForIntent(raw);
  add(lengthFeature(t));
  if (t.includes('?')) add('shape:question-mark');
  if (t.includes('!')) add('shape:exclamation');
  // text the lexicon cannot read (other scripts): its neutral answer means little
  const letters = t.match(/\p{L}/gu)?.length ?? 0;
  const latin = t.match(/[a-z]/g)?.length ?? 0;
  if (letters > 0 && latin < letters / 2) add('shape:few-latin-letters');
  addTermFeatures(f, wordTerms(t), vocabIndex, SENTIMENT_FIXED_FEATURES.length);
  return f;
}

export function sentimentLogits(
  model: SentimentModel,
  f: SparseFeatures,
  vector?: Float32Array,
): number[] {
  return linearLogits(model, SENTIMENT_FIXED_FEATURES.length, f, vector);
}

/**
 * The model's sentiment for one comment: its most likely class, and as the score the probability
 * of positive minus that of negative (in -1..1, so a cluster's mean score follows its labels).
 */
export function predictSentiment(
  model: SentimentModel,
  text: string,
  vector?: Float32Array,
): SentimentResult {
  const z = sentimentLogits(model, sentimentFeatures(text, vocabIndexOf(model)), vector);
  const p = softmax(z);
  const prob = (label: SentimentLabel): number => {
    const c = model.classes.indexOf(label);
    return c < 0 ? 0 : p[c]!;
  };
  const score = Math.round((prob('positive') - prob('negative')) * 10000) / 10000;
  const label = argmaxClass(model.classes, z);
  // A complaint in another language (intent/classify.ts: foreignComplaint) is negative, or mixed
  // when it also praises, whatever the model, which cannot read it, says ("Pésimo video" was positive).
  if (label === 'negative' || label === 'mixed') return { score, label };
  const complaint = foreignComplaint(text);
  if (!complaint) {
    // Praise in another language (foreignPraise) is positive where the model reads it as neutral.
    if (label === 'neutral' && foreignPraise(text))
      return { score: Math.max(score, 0.5), label: 'positive' };
    return { score, label };
  }
  return complaint.praises
    ? { score: Math.min(score, 0), label: 'mixed' }
    : { score: Math.min(score, -0.5), label: 'negative' };
}
