import {
  MOSTLY_SHARE,
  type ClusterSentiment,
  type CommentRef,
  type ExecutiveSummary,
  type Intent,
} from '@app/contracts';
import type { AudienceQuestion } from '../questions/audience-questions';
import { truncate } from '../text/wording';
import type { HeadingPerson } from '../types';

/** What the summary needs to know about one cluster. */
export interface SummaryCluster {
  clusterId: number;
  heading: string;
  /** Topic phrase ("the editing"), or null. */
  subject: string | null;
  /**
   * The person its requests or questions are put to ("Derek") or its suggestions are for ("Mike"
   * when viewers advise him), when its heading names them instead of a topic.
   */
  person?: HeadingPerson | null;
  tags: string[];
  category: Intent;
  percentage: number;
  engagementPercentage: number;
  size: number;
  sentiment: SummarySentiment;
  /** Comments per intent in the cluster. */
  intentCounts: Record<Intent, number>;
  representatives: CommentRef[];
  /**
   * Per intent, one comment of it that says it best (the most-liked of a readable length): a
   * suggestion whose topic has no subject quotes it, so the creator sees what is asked or disliked.
   */
  examples?: Partial<Record<Intent, string>>;
  /** True when the cluster is mostly spam; such clusters never appear in the summary. */
  spam: boolean;
  /**
   * Comments per intent among the audience's own (spam and the creator's replies left out): what
   * the advice counts. Defaults to `intentCounts`.
   */
  audienceCounts?: Record<Intent, number>;
  /** The cluster is one kind of generic reaction (thanks, praise of the video as a whole, …). */
  generic?: boolean;
}

/** What the summary reads of a sentiment: its label and shares (the stored ones, derived from counts). */
export type SummarySentiment = Omit<ClusterSentiment, 'counts'>;

/** The intents an improvement suggestion acts on: what is asked for, what is asked, what is disliked. */
export const SUGGESTED_INTENTS: readonly Intent[] = ['Request', 'Question', 'Criticism'];

function pct(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}%`;
}

/**
 * The tone in a few words. "Mostly" needs close to half of all comments on that side: when most
 * comments are neutral (questions, chatter), a small positive majority only "leans" positive.
 */
export function vibe(overall: SummarySentiment): string {
  const pos = overall.positive_share;
  const neg = overall.negative_share;
  if (pos >= 0.6 && neg < 0.15) return 'Viewers are overwhelmingly positive';
  if (pos >= MOSTLY_SHARE && pos >= 2 * neg) return 'Viewers are mostly positive';
  if (neg >= MOSTLY_SHARE && neg >= 2 * pos) return 'Viewers are mostly critical';
  if (pos >= 0.25 && neg >= 0.25) return 'Reactions are split';
  if (neg >= 0.2 && neg > 1.5 * pos) return 'Reactions lean critical';
  if (pos >= 0.15 && pos > 1.5 * neg) return 'Reactions lean positive';
  return 'Reactions are mostly neutral';
}

/** Lines of each kind of advice: what to fix, what to make next. */
const MAX_FIXES = 2;
const MAX_MAKES = 2;
/** Questions the summary says to answer first. */
const MAX_QUESTIONS = 3;
/** Lines that name what viewers liked. */
const MAX_POSITIVES = 4;
/** Longest quote a line shows. */
const MAX_QUOTE = 90;

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The audience's comments of an intent in a cluster (spam and the creator's replies left out). */
function countOf(c: SummaryCluster, intent: Intent): number {
  return (c.audienceCounts ?? c.intentCounts)[intent] ?? 0;
}

/** ', like "the music is way too loud"': the cluster's example of the intent, when it has one. */
function quoteOf(c: SummaryCluster, intent: Intent): string {
  const example = c.examples?.[intent];
  return example ? `, like "${truncate(example, MAX_QUOTE)}"` : '';
}

/** Clusters with comments of an intent, most first (ties: the bigger cluster, then the lower id). */
function ranked(clusters: readonly SummaryCluster[], intent: Intent): SummaryCluster[] {
  return clusters
    .filter((c) => countOf(c, intent) > 0)
    .sort(
      (a, b) =>
        countOf(b, intent) - countOf(a, intent) || b.size - a.size || a.clusterId - b.clusterId,
    );
}

/**
 * Lines for the largest groups of one intent: the largest always, the next ones when at least two
 * comments say them (one comment in a topic is no pattern to act on).
 */
function largest(
  clusters: readonly SummaryCluster[],
  intent: Intent,
  max: number,
): SummaryCluster[] {
  return ranked(clusters, intent)
    .filter((c, at) => at === 0 || countOf(c, intent) >= 2)
    .slice(0, max);
}

/** "Fix the audio: 12 comments complain, like "…"." */
function fixLine(c: SummaryCluster): string {
  const n = countOf(c, 'Criticism');
  const complain = plural(n, 'comment complains', 'comments complain');
  return c.subject
    ? `Fix ${c.subject}: ${complain}${quoteOf(c, 'Criticism')}.`
    : `Fix what ${complain} about${quoteOf(c, 'Criticism')}.`;
}

/** "Make a part 2 next: 9 comments ask for it, like "…"." */
function makeLine(c: SummaryCluster): string {
  const n = countOf(c, 'Request');
  if (c.person && c.category === 'Request')
    return c.person.advised
      ? `Read the suggestions for ${c.person.name}: ${plural(n, 'comment gives', 'comments give')} advice${quoteOf(c, 'Request')}.`
      : `Answer what viewers ask of ${c.person.name}: ${plural(n, 'comment asks', 'comments ask')}${quoteOf(c, 'Request')}.`;
  // Only a Request topic's subject is what is asked for; in another topic the requests are about it.
  if (c.subject && c.category === 'Request')
    return `Make ${c.subject} next: ${plural(n, 'comment asks', 'comments ask')} for it${quoteOf(c, 'Request')}.`;
  return c.subject
    ? `Consider what viewers ask for about ${c.subject}: ${plural(n, 'comment asks', 'comments ask')}${quoteOf(c, 'Request')}.`
    : `Consider what ${plural(n, 'comment asks', 'comments ask')} for next${quoteOf(c, 'Request')}.`;
}

/** 'Answer first: "How do I …?" (asked 5 times), "…" (3 times).' */
function answerLine(questions: readonly AudienceQuestion[], asked: number): string | null {
  const open = [...questions.filter((q) => !q.answered), ...questions.filter((q) => q.answered)];
  const top = open.slice(0, MAX_QUESTIONS);
  if (top.length === 0) return null;
  const listed = top
    .map(
      (q) =>
        `"${truncate(q.question, MAX_QUOTE)}"${q.count > 1 ? ` (asked ${q.count} times)` : ''}`,
    )
    .join(', ');
  return `Answer these questions first, for example in a pinned comment: ${listed}${asked > 0 ? ` (${plural(asked, 'question', 'questions')} in all)` : ''}.`;
}

/** The questions line without a question list: the topic most questions are about. */
function askedLine(c: SummaryCluster): string {
  const n = countOf(c, 'Question');
  return c.subject
    ? `Answer the ${plural(n, 'question', 'questions')} about ${c.subject} first${quoteOf(c, 'Question')}, for example in a pinned comment.`
    : `Answer viewers' ${plural(n, 'question', 'questions')} first${quoteOf(c, 'Question')}, for example in a pinned comment.`;
}

/** A line naming what viewers liked in a cluster, with how many comments say so. */
function likedLine(c: SummaryCluster, n: number): string {
  const liked =
    c.engagementPercentage > c.percentage + 2
      ? `, drawing ${pct(c.engagementPercentage)} of likes`
      : '';
  const quote = quoteOf(c, 'Praise');
  if (c.subject)
    return c.category === 'Opinion'
      ? `Viewers enjoy ${c.subject} (${plural(n, 'positive comment', 'positive comments')}${liked})${quote}.`
      : `Viewers love ${c.subject} (${plural(n, 'comment praises', 'comments praise')} it${liked})${quote}.`;
  return `Viewers praise the video (${plural(n, 'comment', 'comments')}${liked})${quote}.`;
}

/** Praise and warmth per cluster: the audience's praise, or the positive comments of a warm opinion topic. */
function praiseOf(c: SummaryCluster): number {
  const praise = countOf(c, 'Praise');
  if (c.category === 'Opinion' && c.sentiment.positive_share >= 0.5)
    return Math.max(praise, Math.round(c.sentiment.positive_share * c.size));
  return praise;
}

/** The vibe sentence: the tone, and the biggest theme by its heading and share. */
function vibeLine(real: readonly SummaryCluster[], overall: SummarySentiment): string {
  const bySize = [...real].sort((a, b) => b.percentage - a.percentage || a.clusterId - b.clusterId);
  const biggest = bySize[0];
  if (!biggest) return `${vibe(overall)}.`;
  // a generic reaction tells a creator little: the biggest topic at least half its size is named
  const topic = biggest.generic
    ? bySize.find((c) => !c.generic && c.percentage >= biggest.percentage / 2)
    : undefined;
  const theme = topic ?? biggest;
  const heading = /^[“"]/.test(theme.heading) ? theme.heading : `“${theme.heading}”`;
  return `${vibe(overall)}; the biggest ${topic ? 'specific ' : ''}theme is ${heading} (${pct(theme.percentage)} of comments).`;
}

/**
 * The offline executive summary, composed from the clusters and the audience's questions, counting
 * the audience's own comments only (spam and the creator's replies never make advice):
 *  - the vibe: the tone and the biggest theme;
 *  - what viewers liked: the clusters with the most praise (or warm opinion), each with its count
 *    and a quote; praise of the video as a whole is one line;
 *  - what to do: fix the largest criticisms, make the largest requests next, answer the most
 *    asked questions first (`questions`, else the topic most questions are about), each with
 *    counts and a short quote. Whenever any comment asks or complains, there is advice.
 */
export function composeOfflineSummary(
  clusters: readonly SummaryCluster[],
  overall: SummarySentiment,
  questions?: readonly AudienceQuestion[],
): ExecutiveSummary {
  const real = clusters.filter((c) => !c.spam && c.size > 0);

  const suggestions: string[] = [];
  for (const c of largest(real, 'Criticism', MAX_FIXES)) suggestions.push(fixLine(c));
  for (const c of largest(real, 'Request', MAX_MAKES)) suggestions.push(makeLine(c));
  const asked = real.reduce((n, c) => n + countOf(c, 'Question'), 0);
  const answer = questions && questions.length > 0 ? answerLine(questions, asked) : null;
  const topAsked = largest(real, 'Question', 1)[0];
  if (answer) suggestions.push(answer);
  else if (topAsked) suggestions.push(askedLine(topAsked));
  if (suggestions.length === 0)
    suggestions.push('No viewer asks for anything, asks a question or complains.');

  // What viewers liked: topics by their praise; praise that names no topic is one line.
  const positives: string[] = [];
  const liked = real
    .map((c) => ({ c, n: praiseOf(c) }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n || a.c.clusterId - b.c.clusterId);
  const general = liked.filter((x) => !x.c.subject);
  const generalCount = general.reduce((n, x) => n + x.n, 0);
  let generalSaid = false;
  for (const { c, n } of liked) {
    if (positives.length >= MAX_POSITIVES) break;
    if (c.subject) {
      if (n >= 2 || positives.length === 0) positives.push(likedLine(c, n));
    } else if (!generalSaid) {
      generalSaid = true;
      const thanks = general.some((x) => /^thanks\b/i.test(x.c.heading));
      positives.push(
        `${plural(generalCount, 'comment praises', 'comments praise')} ${thanks ? 'or thank you for ' : ''}the video as a whole${quoteOf(general[0]!.c, 'Praise')}.`,
      );
    }
  }
  if (positives.length === 0) positives.push('No viewer praises the video.');

  return {
    overall_vibe: vibeLine(real, overall),
    key_positives: [...new Set(positives)],
    improvement_suggestions: [...new Set(suggestions)],
  };
}
