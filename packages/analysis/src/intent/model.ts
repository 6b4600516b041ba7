import { INTENT_PRECEDENCE, type Intent } from '@app/contracts';
import {
  classifyNormalised,
  foreignComplaint,
  foreignRequest,
  lazyTone,
  normaliseForIntent,
} from './classify';
import {
  addTermFeatures,
  argmaxClass,
  fixedFeatureSetter,
  lengthFeature,
  linearLogits,
  vocabIndexOf,
  wordTerms,
  type LinearModel,
  type SparseFeatures,
} from '../text/linear-model';

/**
 * The learned part of the intent classifier: a multinomial logistic regression over
 * - the rule classifier's output (which intents its cues found, and its single answer),
 * - the tone (VADER compound, binned) and surface shape (question marks, length, a reply's "@"),
 * - word unigrams and bigrams of the normalised text (stopwords kept: "can you", "how do" carry intent),
 * trained on the hand-labelled development set (scripts/train-intent.ts). The rules know the
 * guideline's precedence and negation; the regression learns how much to trust each cue and the
 * words the cues miss. Everything is offline and deterministic.
 */
export type IntentModel = LinearModel<Intent>;

/** Names of the fixed (non-word) features, in index order. */
export const FIXED_FEATURES: readonly string[] = [
  'rule:Request',
  'rule:Question',
  'rule:Criticism',
  'rule:Praise',
  'answer:Request',
  'answer:Question',
  'answer:Criticism',
  'answer:Praise',
  'answer:Opinion',
  'tone:very-negative',
  'tone:negative',
  'tone:neutral',
  'tone:positive',
  'tone:very-positive',
  'shape:has-question-mark',
  'shape:ends-with-question-mark',
  'shape:reply',
  'shape:words-1-3',
  'shape:words-4-10',
  'shape:words-11-30',
  'shape:words-31+',
  'shape:timestamp',
  'shape:exclamation',
];

const setFixed = fixedFeatureSetter(FIXED_FEATURES);

/** The word terms of a text: unigrams, bigrams and the opening word (marked "^"). */
export function intentTerms(text: string): string[] {
  return wordTerms(normaliseForIntent(text));
}

/** Sparse feature vector: indices and values (word features scaled so a long comment does not dominate). */
export type IntentFeatures = SparseFeatures;

export function intentFeatures(
  text: string,
  vocabIndex: ReadonlyMap<string, number>,
): IntentFeatures {
  const f: IntentFeatures = { indices: [], values: [] };
  const fixed = (name: string): void => setFixed(f, name);
  // normalised once, tone computed at most once, for the rules and the features alike
  const t = typeof text === 'string' ? normaliseForIntent(text) : '';
  const compound = lazyTone(t);
  const rule = classifyNormalised(t, compound);
  for (const i of rule.matched) if (i !== 'Opinion') fixed(`rule:${i}`);
  fixed(`answer:${rule.intent}`);
  const tone = compound();
  fixed(
    tone <= -0.5
      ? 'tone:very-negative'
      : tone <= -0.05
        ? 'tone:negative'
        : tone < 0.05
          ? 'tone:neutral'
          : tone < 0.5
            ? 'tone:positive'
            : 'tone:very-positive',
  );
  if (t.includes('?')) fixed('shape:has-question-mark');
  if (/\?\s*\W*$/u.test(t)) fixed('shape:ends-with-question-mark');
  if (/^[^\p{L}@]*@/u.test(t)) fixed('shape:reply');
  fixed(lengthFeature(t));
  if (t.includes('timestamp')) fixed('shape:timestamp');
  if (t.includes('!')) fixed('shape:exclamation');
  addTermFeatures(f, wordTerms(t), vocabIndex, FIXED_FEATURES.length);
  return f;
}

/** Class scores (logits) of one feature vector and, for an embedding model, the comment's vector. */
export function intentLogits(
  model: IntentModel,
  f: IntentFeatures,
  vector?: Float32Array,
): number[] {
  return linearLogits(model, FIXED_FEATURES.length, f, vector);
}

/**
 * The model's intent for one comment (ties go to the higher-precedence intent). Where the model
 * cannot read the language, the rules' answer stands: a request in Japanese, Chinese or Korean
 * (foreignRequest) is a Request, and a complaint in another language (foreignComplaint) is
 * Criticism where the model says Praise or Opinion.
 */
export function predictIntent(model: IntentModel, text: string, vector?: Float32Array): Intent {
  const logits = intentLogits(model, intentFeatures(text, vocabIndexOf(model)), vector);
  const intent = argmaxClass(model.classes, logits, INTENT_PRECEDENCE);
  if (intent === 'Request') return intent;
  if (foreignRequest(text)) return 'Request';
  if (intent !== 'Praise' && intent !== 'Opinion') return intent;
  return foreignComplaint(text)?.intent === 'Criticism' ? 'Criticism' : intent;
}
