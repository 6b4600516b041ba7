/** Types for the untyped `vader-sentiment` package (Apache-2.0), only the part Chorus uses. */
declare module 'vader-sentiment' {
  export interface PolarityScores {
    neg: number;
    neu: number;
    pos: number;
    compound: number;
  }
  export const SentimentIntensityAnalyzer: {
    polarity_scores(text: string): PolarityScores;
  };
}
