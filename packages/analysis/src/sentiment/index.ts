export {
  scoreSentiment,
  squeezeRepeats,
  type SentimentLabel,
  type SentimentResult,
} from './sentiment';
