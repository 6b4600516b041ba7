import { predictEach, type TextEmbeddings } from '../text/linear-model';
import { predictSentiment } from './model';
import { SENTIMENT_MODEL_TEXT, SENTIMENT_MODEL_USE } from './weights';
import type { SentimentResult } from './sentiment';

/**
 * Sentiment of many comments, in input order, with the learned model (model.ts): the lexicon
 * scorer's answer and valences, shape and words, plus the Universal Sentence Encoder lite vectors
 * when the analysis embedded with that model (the product's default); other embedders' vectors
 * mean something else to the weights, so those analyses use the words-only model, and so do texts
 * without a Latin letter (emoji, other scripts: see vectorReadable).
 */
export function classifySentiments(
  texts: readonly string[],
  embeddings?: TextEmbeddings,
): SentimentResult[] {
  return predictEach(
    { withVectors: SENTIMENT_MODEL_USE, wordsOnly: SENTIMENT_MODEL_TEXT },
    texts,
    embeddings,
    predictSentiment,
  );
}
