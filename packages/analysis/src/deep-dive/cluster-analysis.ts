import { toneOnlyLeans, type SentimentLabel } from '@app/contracts';
import { joinList, truncate } from '../text/wording';
import { clusterKeyphrases } from './keyphrases';
import { questionsIn, topQuestions } from './questions';
import type { ClusterDeepAnalysis, DeepDiveComment } from './types';

/** Polarity beyond which one comment counts as positive or negative (VADER's usual cut-off). */
const POLARITY_THRESHOLD = 0.05;

export interface SentimentBreakdown {
  label: SentimentLabel;
  mean: number;
  positiveShare: number;
  negativeShare: number;
  scored: number;
}

/** A comment's stored tone: its label, else its polarity's side; null when neither is stored. */
export function commentTone(c: DeepDiveComment): SentimentLabel | null {
  if (c.sentimentLabel) return c.sentimentLabel;
  if (c.sentimentScore === null || !Number.isFinite(c.sentimentScore)) return null;
  return c.sentimentScore >= POLARITY_THRESHOLD
    ? 'positive'
    : c.sentimentScore <= -POLARITY_THRESHOLD
      ? 'negative'
      : 'neutral';
}

/**
 * Aggregates stored per-comment sentiment into one label; 'mixed' when both sides are strong. A
 * comment's side is its stored label when there is one (the learned model's answer), else the sign
 * of its polarity beyond a small threshold.
 */
export function aggregateSentiment(comments: readonly DeepDiveComment[]): SentimentBreakdown {
  const scored = comments.filter(
    (c): c is DeepDiveComment & { sentimentScore: number } =>
      c.sentimentScore !== null && Number.isFinite(c.sentimentScore),
  );
  if (scored.length === 0)
    return { label: 'neutral', mean: 0, positiveShare: 0, negativeShare: 0, scored: 0 };
  const mean = scored.reduce((a, c) => a + c.sentimentScore, 0) / scored.length;
  const positiveShare = scored.filter((c) => commentTone(c) === 'positive').length / scored.length;
  const negativeShare = scored.filter((c) => commentTone(c) === 'negative').length / scored.length;
  let label: SentimentLabel = 'neutral';
  if (positiveShare >= 0.3 && negativeShare >= 0.3) label = 'mixed';
  else if (mean >= POLARITY_THRESHOLD && positiveShare > negativeShare) label = 'positive';
  else if (mean <= -POLARITY_THRESHOLD && negativeShare > positiveShare) label = 'negative';
  return { label, mean, positiveShare, negativeShare, scored: scored.length };
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

const TONE: Record<SentimentLabel, string> = {
  positive: 'Mostly positive',
  negative: 'Mostly negative',
  neutral: 'Mostly neutral',
  mixed: 'Mixed',
};

/** "Mostly" needs close to half of the comments on that side; fewer among neutral ones only lean. */
function toneWords(s: SentimentBreakdown): string {
  return toneOnlyLeans(s.label, s.positiveShare, s.negativeShare)
    ? `Leaning ${s.label}`
    : TONE[s.label];
}

/**
 * The offline deep analysis of one cluster, composed only from its comments: key themes by
 * keyphrases (against the video's other comments as background), the questions people actually
 * asked, the comments' stored sentiment, and a summary that states counts and quotes the most-liked comment.
 */
export function analyseClusterOffline(
  comments: readonly DeepDiveComment[],
  options: { background?: readonly string[] } = {},
): ClusterDeepAnalysis {
  if (comments.length === 0) {
    return {
      summary: 'This cluster has no comments to analyze.',
      keyThemes: [],
      topQuestions: [],
      sentiment: 'neutral',
    };
  }
  const sentiment = aggregateSentiment(comments);
  const themes = clusterKeyphrases(comments, options.background ?? []);
  const questions = topQuestions(comments, 5);
  const asking = comments.filter((c) => questionsIn(c.text).length > 0).length;
  const likes = comments.reduce((a, c) => a + Math.max(0, c.likes), 0);
  const mostLiked = [...comments].sort((a, b) => b.likes - a.likes || a.id.localeCompare(b.id))[0];

  const parts: string[] = [];
  parts.push(
    `${plural(comments.length, 'comment', 'comments')}${likes > 0 ? ` with ${plural(likes, 'like', 'likes')} in total` : ''}.`,
  );
  if (sentiment.scored > 0) {
    parts.push(
      `${toneWords(sentiment)} in tone (${percent(sentiment.positiveShare)} positive, ${percent(sentiment.negativeShare)} negative).`,
    );
  }
  if (themes.length > 0) {
    parts.push(
      `Recurring topics: ${joinList(themes.slice(0, 3).map((t) => `"${t.phrase}" (${t.comments})`))}.`,
    );
  }
  if (asking > 0) {
    parts.push(
      `${plural(asking, 'comment asks', 'comments ask')} a question${questions[0] ? `, for example: "${truncate(questions[0].text, 140)}"` : ''}.`,
    );
  }
  if (mostLiked !== undefined && mostLiked.likes > 0) {
    parts.push(
      `Most-liked (${plural(mostLiked.likes, 'like', 'likes')}): "${truncate(mostLiked.text, 160)}"`,
    );
  }
  return {
    summary: parts.join(' '),
    keyThemes: themes.map((t) => `${t.phrase} (${plural(t.comments, 'comment', 'comments')})`),
    topQuestions: questions.map((q) =>
      q.askedBy > 1 ? `${q.text} (asked ${q.askedBy} times)` : q.text,
    ),
    sentiment: sentiment.label,
  };
}
