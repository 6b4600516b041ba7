export {
  scoreSentiment,
  squeezeRepeats,
  type SentimentLabel,
  type SentimentResult,
} from './sentiment';
export { classifySentiments } from './classify-many';
export { predictSentiment, type SentimentModel } from './model';
