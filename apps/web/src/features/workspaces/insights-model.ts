/**
 * The Insights tab's figures as pure functions: the chart series from the insights reply, each
 * percent worked out from the stored counts exactly as the report shows it.
 */
import { sharePercent, type InsightVideo, type Intent } from '@app/contracts';

/** The intents in the order the charts, legends and table list them. */
export const INTENT_ORDER: readonly Intent[] = [
  'Praise',
  'Question',
  'Request',
  'Criticism',
  'Opinion',
];

export const SENTIMENT_ORDER = ['positive', 'neutral', 'negative'] as const;
export type SentimentSide = (typeof SENTIMENT_ORDER)[number];

export const SENTIMENT_LABELS: Record<SentimentSide, string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};

/** A video's sentiment side as a whole percent of its counted comments (the report's score). */
export function sentimentPercent(video: InsightVideo, side: SentimentSide): number {
  const c = video.sentiment_counts;
  return sharePercent(c[side], c.positive + c.neutral + c.negative);
}

/** An intent's share of a video's clustered comments as a whole percent. */
export function intentPercent(video: InsightVideo, intent: Intent): number {
  const c = video.intent_counts;
  return sharePercent(
    c[intent],
    Object.values(c).reduce((a, b) => a + b, 0),
  );
}

/** One line of a chart: a value per video, in the videos' order. */
export interface ChartSeries {
  key: string;
  label: string;
  colour: string;
  /** A dash pattern, so lines differ by more than colour (empty: solid). */
  dash: string;
  values: number[];
}

const DASHES = ['', '6 4', '2 3', '10 3 2 3', '4 2'];

/** Sentiment shares over time: positive, neutral, negative. */
export function sentimentSeries(videos: readonly InsightVideo[]): ChartSeries[] {
  const colours: Record<SentimentSide, string> = {
    positive: 'var(--chart-positive)',
    neutral: 'var(--chart-neutral)',
    negative: 'var(--chart-negative)',
  };
  return SENTIMENT_ORDER.map((side, i) => ({
    key: side,
    label: SENTIMENT_LABELS[side],
    colour: colours[side],
    dash: DASHES[i]!,
    values: videos.map((v) => sentimentPercent(v, side)),
  }));
}

/** Each intent's share over time. */
export function intentSeries(
  videos: readonly InsightVideo[],
  colourAt: (i: number) => string,
): ChartSeries[] {
  return INTENT_ORDER.map((intent, i) => ({
    key: intent,
    label: intent,
    colour: colourAt(i),
    dash: DASHES[i % DASHES.length]!,
    values: videos.map((v) => intentPercent(v, intent)),
  }));
}

/** A short date for an axis: "Mar 2" ("Mar 2, 2024" when the videos span years); "?" unknown. */
export function axisDate(value: string | null, withYear: boolean): string {
  if (!value) return '?';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '?';
  return d.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
  });
}

/** Whether the videos were published in more than one year. */
export function spansYears(videos: readonly InsightVideo[]): boolean {
  const years = new Set(
    videos.filter((v) => v.published_at).map((v) => new Date(v.published_at!).getUTCFullYear()),
  );
  return years.size > 1;
}

/** The axis labels shown under a chart of `n` points: all up to 6, else about 5 spread evenly. */
export function labelledPoints(n: number): Set<number> {
  if (n <= 6) return new Set(Array.from({ length: n }, (_, i) => i));
  const step = (n - 1) / 4;
  return new Set([0, 1, 2, 3, 4].map((k) => Math.round(k * step)));
}

/** "+3 points", "−2 points", "no change". */
export function pointsChange(points: number): string {
  if (points === 0) return 'no change';
  const n = Math.abs(points);
  return `${points > 0 ? '+' : '−'}${n} ${n === 1 ? 'point' : 'points'}`;
}

/** A video's title for people: its title, else its id. */
export function videoTitle(video: Pick<InsightVideo, 'title' | 'video_id'> | undefined): string {
  return video?.title?.trim() || video?.video_id || 'Unknown video';
}
