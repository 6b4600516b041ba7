import {
  MOSTLY_SHARE,
  type ClusterSentiment,
  type CommentRef,
  type ExecutiveSummary,
  type Intent,
} from '@app/contracts';
import { joinList, truncate } from '../text/wording';
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
}

/** What the summary reads of a sentiment: its label and shares (the stored ones, derived from counts). */
export type SummarySentiment = Omit<ClusterSentiment, 'counts'>;

const MAX_ITEMS = 4;

/** The intents an improvement suggestion acts on: what is asked for, what is asked, what is disliked. */
export const SUGGESTED_INTENTS: readonly Intent[] = ['Request', 'Question', 'Criticism'];
/** An intent inside a cluster is worth a point when it is this share of the cluster... */
const MIN_SHARE_OF_CLUSTER = 0.2;
/** ...or this share of all comments. */
const MIN_SHARE_OF_ALL = 0.05;
/**
 * A minority inside another topic also needs this share of all comments (percent): four questions
 * in a topic of eighteen, among 1,274 comments, are not what a creator should act on first.
 */
const MIN_MINORITY_PERCENT = 1;

function pct(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}%`;
}

function lowerFirst(text: string): string {
  // Keep acronyms and names ("iPhone", "GTA") as written.
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
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

interface Point {
  cluster: SummaryCluster;
  intent: Intent;
  /** Share of all comments that carry this intent in this cluster (0-100): what the line claims. */
  share: number;
  count: number;
  /** Praise gathered from this many topics that name no subject (one line for all of them). */
  topics?: number;
}

/**
 * Clusters' comments of one intent that deserve a line: the cluster's own category, or a big minority.
 * A line's share counts the comments that really ask, question, complain or praise, never the whole
 * topic: a Request cluster where a quarter ask for a part 2 does not mean all its comments do.
 */
function points(
  clusters: readonly SummaryCluster[],
  intents: readonly Intent[],
  total: number,
): Point[] {
  const out: Point[] = [];
  for (const cluster of clusters) {
    for (const intent of intents) {
      const count = cluster.intentCounts[intent] ?? 0;
      const own = cluster.category === intent;
      if (count === 0 && !own) continue;
      if (
        !own &&
        (count < 2 ||
          (100 * count) / total < MIN_MINORITY_PERCENT ||
          (count / cluster.size < MIN_SHARE_OF_CLUSTER && count / total < MIN_SHARE_OF_ALL))
      )
        continue;
      // A category set from outside the counts (a model's, with a creator's context) speaks for its topic.
      const share = count === 0 ? cluster.percentage : (100 * count) / total;
      out.push({ cluster, intent, count, share });
    }
  }
  return out.sort((a, b) => b.share - a.share || a.cluster.clusterId - b.cluster.clusterId);
}

/**
 * ", within a topic of 20%" when the point is clearly a part of its cluster, so the chart's share is
 * explained. A line that names neither a subject nor a person ("Viewers praise the video") names the
 * topic by its heading instead, since two topics may share a size: ', within the 17% topic "Thoughts on
 * the price"'.
 */
function withinTopic(p: Point): string {
  const c = p.cluster;
  if (c.percentage < p.share + 2) return '';
  return c.subject || c.person
    ? `, within a topic of ${pct(c.percentage)}`
    : `, within the ${pct(c.percentage)} topic "${c.heading}"`;
}

/** "9% of comments, within a topic of 20%": the share a line claims, and its topic's when clearly more. */
function claimedShare(p: Point): string {
  return `${pct(p.share)} of comments${withinTopic(p)}`;
}

/** Longest quote a suggestion shows. */
const MAX_QUOTE = 120;

/** ', like "Do a first try edition"': the cluster's example of the intent, when it has one. */
function like(p: Point): string {
  const example = p.cluster.examples?.[p.intent];
  return example ? `, like "${truncate(example, MAX_QUOTE)}"` : '';
}

function suggestion(p: Point): string {
  const about = p.cluster.subject;
  const share = claimedShare(p);
  const person = p.cluster.person;
  switch (p.intent) {
    case 'Request':
      if (person && p.cluster.category === 'Request')
        return person.advised
          ? `Look at viewers' suggestions for ${person.name} (${share}).`
          : `Look at what viewers ask of ${person.name} (${share}).`;
      // Only a Request topic's subject is what is asked for ("Requests for part 2"); in another
      // topic ("Praise for Derek") the requests are merely about it.
      if (about && p.cluster.category === 'Request')
        return `Consider ${about}: ${pct(p.share)} of comments ask for it${withinTopic(p)}.`;
      return about
        ? `Look at what viewers ask for about ${about} (${share}).`
        : p.cluster.examples?.Request
          ? `Look at viewers' requests${like(p)} (${share}).`
          : `Look at viewers' requests for future videos (${share}).`;
    case 'Question':
      if (person && p.cluster.category === 'Question')
        return `Answer viewers' questions for ${person.name} (${share}), for example in a pinned comment.`;
      return about
        ? `Answer the questions about ${about} (${share}), for example in a pinned comment.`
        : `Answer viewers' open questions${like(p)} (${share}), for example in a pinned comment.`;
    default:
      return about
        ? `Address the complaints about ${about} (${share}).`
        : `Address viewers' complaints${like(p)} (${share}).`;
  }
}

/** Praise points of several topics as one (the first topic stands for them in ordering ties). */
function gathered(unnamed: readonly Point[], total: number): Point {
  const count = unnamed.reduce((n, p) => n + p.count, 0);
  return {
    cluster: unnamed[0]!.cluster,
    intent: 'Praise',
    count,
    share: (100 * count) / total,
    topics: unnamed.length,
  };
}

/** A positive line names a praise or warm topic by its heading and share, else the praise it counts. */
function namesTopic(p: Point): boolean {
  return p.cluster.category === 'Praise' || p.intent !== 'Praise';
}

/** The share a positive line shows, which orders the lines. */
function shown(p: Point): number {
  return namesTopic(p) ? p.cluster.percentage : p.share;
}

function positive(p: Point): string {
  const c = p.cluster;
  const liked =
    c.engagementPercentage > c.percentage + 2
      ? `, drawing ${pct(c.engagementPercentage)} of likes`
      : '';
  // A praise topic or a warm opinion topic is named by its heading, with the topic's share.
  if (namesTopic(p)) return `${c.heading} (${pct(c.percentage)} of comments${liked}).`;
  // gathered from several topics: no one topic's share to set it in
  if (p.topics)
    return `Viewers praise the video across ${p.topics} topics (${pct(p.share)} of comments).`;
  const share = claimedShare(p);
  return c.subject
    ? `Viewers praise ${c.subject} (${share}).`
    : `Viewers praise the video (${share}).`;
}

/** How many comments of one intent the clusters hold in all. */
function totalOf(clusters: readonly SummaryCluster[], intent: Intent): number {
  return clusters.reduce((sum, c) => sum + (c.intentCounts[intent] ?? 0), 0);
}

/**
 * The one suggestion when no request, question or complaint is big enough for a line of its own:
 * says so, with how many there are in all, rather than leaving the creator an empty list.
 */
function nothingToActOn(clusters: readonly SummaryCluster[]): string {
  const parts = (
    [
      ['Request', 'request', 'requests'],
      ['Question', 'question', 'questions'],
      ['Criticism', 'complaint', 'complaints'],
    ] as const
  )
    .map(([intent, one, many]) => [totalOf(clusters, intent), one, many] as const)
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (parts.length === 0)
    return 'Nothing to fix stands out: no viewer asks for anything or complains.';
  return `Nothing to fix stands out: ${joinList(parts)} in all, spread thinly across the topics.`;
}

/**
 * The one positive when no praise or warm topic is big enough for a line of its own: says so, with
 * how much praise there is in all, as `nothingToActOn` does for suggestions.
 */
function nothingPraised(clusters: readonly SummaryCluster[]): string {
  const praise = totalOf(clusters, 'Praise');
  if (praise === 0) return 'No praise stands out: no viewer praises the video.';
  return `No praise stands out: ${praise} ${praise === 1 ? 'comment praises' : 'comments praise'} the video in all, spread thinly across the topics.`;
}

/**
 * The offline executive summary, composed from the clusters: the overall vibe from the comments'
 * sentiment and the biggest topic; positives from praise (a praise cluster, or a big share of praise
 * inside another cluster, or a clearly positive opinion cluster); suggestions from requests, questions
 * and complaints the same way, largest first, each with the share of comments it speaks for.
 */
export function composeOfflineSummary(
  clusters: readonly SummaryCluster[],
  overall: SummarySentiment,
): ExecutiveSummary {
  const real = clusters.filter((c) => !c.spam && c.size > 0);
  // Shares are of all analysed comments, as the clusters' percentages are.
  const total = Math.max(
    1,
    clusters.reduce((s, c) => s + c.size, 0),
  );
  const bySize = [...real].sort((a, b) => b.percentage - a.percentage || a.clusterId - b.clusterId);
  const biggest = bySize[0];
  // "The biggest conversation is short reactions and chatter" tells a creator little: when the
  // biggest cluster names no topic and a topic at least half its size does, that topic is named.
  const topic = biggest?.subject ? null : bySize.find((c) => c.subject !== null);
  const overallVibe = !biggest
    ? `${vibe(overall)}.`
    : topic && topic.percentage >= biggest.percentage / 2
      ? `${vibe(overall)}; the biggest specific topic is ${lowerFirst(topic.heading)} (${pct(topic.percentage)} of comments).`
      : `${vibe(overall)}; the biggest conversation is ${lowerFirst(biggest.heading)} (${pct(biggest.percentage)} of comments).`;

  // Praise inside other topics that names no subject would read "Viewers praise the video" once per
  // topic: it is one line, with the praise of all those topics together.
  const praised = points(real, ['Praise'], total);
  const unnamed = praised.filter((p) => p.cluster.category !== 'Praise' && !p.cluster.subject);
  const praise =
    unnamed.length > 1
      ? [...praised.filter((p) => !unnamed.includes(p)), gathered(unnamed, total)]
      : praised;
  const warmOpinions = real
    .filter(
      (c) =>
        c.category === 'Opinion' &&
        c.sentiment.positive_share >= 0.5 &&
        !praised.some((p) => p.cluster === c),
    )
    .map((c): Point => ({ cluster: c, intent: 'Opinion', share: c.percentage, count: c.size }));
  const positives = [...praise, ...warmOpinions]
    .sort((a, b) => shown(b) - shown(a) || a.cluster.clusterId - b.cluster.clusterId)
    .slice(0, MAX_ITEMS)
    .map(positive);

  const seen = new Set<string>();
  const suggestions: string[] = [];
  for (const p of points(real, SUGGESTED_INTENTS, total)) {
    const line = suggestion(p);
    if (seen.has(line)) continue;
    seen.add(line);
    suggestions.push(line);
    if (suggestions.length >= MAX_ITEMS) break;
  }

  if (suggestions.length === 0) suggestions.push(nothingToActOn(real));
  if (positives.length === 0) positives.push(nothingPraised(real));

  return {
    overall_vibe: overallVibe,
    key_positives: [...new Set(positives)],
    improvement_suggestions: suggestions,
  };
}
