import { sentimentShare, sharePercent, toneOnlyLeans, type SentimentLabel } from '@app/contracts';
import { joinList, truncate } from '../text/wording';
import { clusterKeyphrases } from './keyphrases';
import { askedIn, questionsIn, topQuestions } from './questions';
import type { ClusterDeepAnalysis, ClusterFigures, DeepDiveComment } from './types';

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
function toneWords(f: ClusterFigures): string {
  const { positive, negative } = f.sentimentCounts;
  return toneOnlyLeans(
    f.sentiment,
    sentimentShare(positive, f.size),
    sentimentShare(negative, f.size),
  )
    ? `Leaning ${f.sentiment}`
    : TONE[f.sentiment];
}

/** Whether the comments carry their stored intents (then a question is a Question-intent comment). */
function intentsStored(comments: readonly DeepDiveComment[]): boolean {
  return comments.some((c) => c.intent);
}

/**
 * The comments a cluster's questions are quoted from: those whose intent is Question, the comments
 * its question count counts; with no intent stored, those with a question in their words.
 */
export function questioners(comments: readonly DeepDiveComment[]): DeepDiveComment[] {
  return intentsStored(comments)
    ? comments.filter((c) => c.intent === 'Question')
    : comments.filter((c) => questionsIn(c.text).length > 0);
}

/**
 * A cluster's figures counted from its comments, for callers with no stored report (benchmarks,
 * the command line). The server reads the report's stored figures instead.
 */
export function figuresOfComments(comments: readonly DeepDiveComment[]): ClusterFigures {
  const counts = { positive: 0, neutral: 0, negative: 0 };
  for (const c of comments) {
    const tone = commentTone(c);
    if (tone === 'positive') counts.positive += 1;
    else if (tone === 'negative') counts.negative += 1;
    else counts.neutral += 1;
  }
  return {
    size: comments.length,
    likes: comments.reduce((a, c) => a + Math.max(0, c.likes), 0),
    questionCount: questioners(comments).length,
    sentiment: aggregateSentiment(comments).label,
    sentimentCounts: counts,
  };
}

/**
 * "3 of the 48 comments in this cluster ask a question", from the stored figures: the sentence the
 * deep analysis and the chat share.
 */
export function questionCountSentence(f: Pick<ClusterFigures, 'questionCount' | 'size'>): string {
  if (f.questionCount === 0)
    return `None of the ${plural(f.size, 'comment', 'comments')} in this cluster asks a question`;
  return `${f.questionCount.toLocaleString('en-US')} of the ${plural(f.size, 'comment', 'comments')} in this cluster ${f.questionCount === 1 ? 'asks' : 'ask'} a question`;
}

/**
 * The offline deep analysis of one cluster: key themes by keyphrases (against the video's other
 * comments as background), examples of the questions asked (quoted from the comments whose intent
 * is Question), and a summary that states the cluster's stored figures (size, likes, sentiment
 * counts, question count) and quotes the most-liked comment. Without `figures` they are counted
 * from the comments.
 */
export function analyseClusterOffline(
  comments: readonly DeepDiveComment[],
  options: { background?: readonly string[]; figures?: ClusterFigures } = {},
): ClusterDeepAnalysis {
  const figures = options.figures ?? figuresOfComments(comments);
  if (comments.length === 0) {
    return {
      summary: 'This cluster has no comments to analyze.',
      keyThemes: [],
      topQuestions: [],
      sentiment: options.figures?.sentiment ?? 'neutral',
    };
  }
  const themes = clusterKeyphrases(comments, options.background ?? []);
  const questions =
    figures.questionCount > 0
      ? topQuestions(questioners(comments), 5, intentsStored(comments) ? askedIn : questionsIn)
      : [];
  const mostLiked = [...comments].sort((a, b) => b.likes - a.likes || a.id.localeCompare(b.id))[0];
  const { positive, negative } = figures.sentimentCounts;

  const parts: string[] = [];
  parts.push(
    `${plural(figures.size, 'comment', 'comments')}${figures.likes > 0 ? ` with ${plural(figures.likes, 'like', 'likes')} in total` : ''}.`,
  );
  if (figures.size > 0) {
    parts.push(
      `${toneWords(figures)} in tone (${sharePercent(positive, figures.size)}% positive, ${sharePercent(negative, figures.size)}% negative).`,
    );
  }
  if (themes.length > 0) {
    parts.push(
      `Recurring topics: ${joinList(themes.slice(0, 3).map((t) => `"${t.phrase}" (${t.comments})`))}.`,
    );
  }
  if (figures.questionCount > 0) {
    parts.push(
      `${questionCountSentence(figures)}${questions[0] ? `, for example: "${truncate(questions[0].text, 140)}"` : ''}.`,
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
    sentiment: figures.sentiment,
  };
}
