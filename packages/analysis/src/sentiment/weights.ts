/** The learned sentiment models' weights (data/models, written by scripts/train-sentiment.ts). */
import { readModelJson } from '../model-data';
import type { SentimentModel } from './model';

/** Words, lexicon and shape only: for other embedders and texts the vectors cannot read. */
export const SENTIMENT_MODEL_TEXT = readModelJson<SentimentModel>('sentiment-text.json');
/** The same plus Universal Sentence Encoder lite vectors (the product's default embedder). */
export const SENTIMENT_MODEL_USE = readModelJson<SentimentModel>('sentiment-use.json');
