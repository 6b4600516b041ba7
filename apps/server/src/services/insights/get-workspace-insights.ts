import { createHash } from 'node:crypto';
import { questionKeyTerms, type TextEmbedder } from '@app/analysis';
import {
  IntentSchema,
  INSIGHTS_TOP_THEMES,
  instagramMediaIdOf,
  ReportBodySchema,
  sentimentShare,
  type Cluster,
  type Intent,
  type InsightVideo,
  type ReportBody,
  type WorkspaceInsightsReply,
} from '@app/contracts';
import type { Repositories } from '../../repositories';
import type { WorkspaceReportRow } from '../../repositories/workspace-insights.repository';
import type { ClusterVectorCache } from '../cluster/vector-cache';
import { requireWorkspace } from '../workspaces/workspace-deps';
import {
  matchThemes,
  recurringThemes,
  sinceLast,
  type ThemeInput,
  type VideoThemes,
} from './match-themes';

export interface InsightsDeps {
  repos: Pick<Repositories, 'workspaces' | 'workspaceInsights'>;
  embedder: TextEmbedder;
  /** Theme vectors per report, kept across requests (one per server). */
  themeVectors: ClusterVectorCache;
}

/** Representative comments a theme's vector reads besides its heading and tags. */
const THEME_REPRESENTATIVES = 2;

interface AnalysedVideo {
  row: WorkspaceReportRow;
  report: ReportBody;
}

/** The order of the timeline: publication time (the analysis time when unknown), then the id. */
function timelineOrder(a: AnalysedVideo, b: AnalysedVideo): number {
  const at = (v: AnalysedVideo) => (v.row.publishedAt ?? v.row.analysedAt).getTime();
  return (
    at(a) - at(b) || (a.row.videoId < b.row.videoId ? -1 : a.row.videoId > b.row.videoId ? 1 : 0)
  );
}

/** The clusters' stored intent counts added up (every intent present, 0 when none). */
function intentCounts(clusters: readonly Cluster[]): Record<Intent, number> {
  const counts = Object.fromEntries(IntentSchema.options.map((i) => [i, 0])) as Record<
    Intent,
    number
  >;
  for (const c of clusters)
    for (const intent of IntentSchema.options) counts[intent] += c.intent_counts[intent] ?? 0;
  return counts;
}

function byShare(clusters: readonly Cluster[]): Cluster[] {
  return [...clusters].sort((a, b) => b.size - a.size || a.cluster_id - b.cluster_id);
}

function toInsightVideo({ row, report }: AnalysedVideo): InsightVideo {
  const s = report.sentiment.counts;
  const sentimentTotal = s.positive + s.neutral + s.negative;
  const intents = intentCounts(report.clusters);
  const intentTotal = Object.values(intents).reduce((a, b) => a + b, 0);
  return {
    video_id: row.videoId,
    kind: instagramMediaIdOf(row.videoId) === null ? 'youtube' : 'instagram',
    title: row.title,
    published_at: row.publishedAt?.toISOString() ?? null,
    job_id: row.jobId,
    analysed_at: row.analysedAt.toISOString(),
    analysed_comments: report.analysed_comments,
    sentiment: {
      positive: sentimentShare(s.positive, sentimentTotal),
      neutral: sentimentShare(s.neutral, sentimentTotal),
      negative: sentimentShare(s.negative, sentimentTotal),
    },
    sentiment_counts: { ...s },
    intents: {
      Request: sentimentShare(intents.Request, intentTotal),
      Praise: sentimentShare(intents.Praise, intentTotal),
      Criticism: sentimentShare(intents.Criticism, intentTotal),
      Question: sentimentShare(intents.Question, intentTotal),
      Opinion: sentimentShare(intents.Opinion, intentTotal),
    },
    intent_counts: intents,
    top_themes: byShare(report.clusters)
      .slice(0, INSIGHTS_TOP_THEMES)
      .map((c) => ({
        cluster_id: c.cluster_id,
        label: c.heading,
        category: c.category,
        comment_count: c.size,
        percentage: c.percentage,
      })),
  };
}

/** What a theme's vector reads: its heading, its tags and a few of its representative comments. */
function themeText(c: Cluster): string {
  const parts = [c.heading, c.tags.join(', ')];
  for (const r of c.representatives.slice(0, THEME_REPRESENTATIVES))
    if (r.text.trim() !== '') parts.push(r.text);
  return parts.filter((p) => p.trim() !== '').join('. ');
}

/** The stems every generated heading is built with ("Asks about", "Loves", …): no theme's key terms. */
const HEADING_WORDS = questionKeyTerms(
  'asks talks praises loves complains finds says reacts requests wants thanks is divided about with for',
);

/** Stemmed key terms of a heading, without the words every heading is built with. */
export function headingTerms(heading: string): Set<string> {
  return new Set([...questionKeyTerms(heading)].filter((t) => !HEADING_WORDS.has(t)));
}

/**
 * Each report's theme vectors (per cluster: its whole text, then its heading), embedded once per
 * report and text (a retag that renames its themes, or the retention purge that drops their
 * comments, embeds them again) and cached.
 */
async function themeVectors(
  deps: InsightsDeps,
  videos: readonly AnalysedVideo[],
): Promise<Float32Array[][]> {
  return Promise.all(
    videos.map(({ row, report }) => {
      const texts = report.clusters.flatMap((c) => [themeText(c), c.heading]);
      const hash = createHash('sha256').update(JSON.stringify(texts)).digest('base64url');
      return deps.themeVectors.get(`insights|${deps.embedder.name}|${row.jobId}|${hash}`, () =>
        texts.length === 0 ? Promise.resolve([]) : deps.embedder.embed(texts),
      );
    }),
  );
}

/**
 * GET /workspaces/{id}/insights: the workspace's analysed videos and posts in publication order,
 * each with the figures its report stores (the one GET /report shows); the themes that recur across
 * them, matched by meaning and key terms; and the latest against the one before. Another account's
 * workspace is a 404.
 */
export async function getWorkspaceInsights(
  deps: InsightsDeps,
  input: { userId: string; workspaceId: number },
): Promise<WorkspaceInsightsReply> {
  const workspace = await requireWorkspace(deps, input.userId, input.workspaceId);
  const rows = await deps.repos.workspaceInsights.latestReports(input.userId, workspace.id);
  const videos: AnalysedVideo[] = [];
  for (const row of rows) {
    const parsed = ReportBodySchema.safeParse(row.report);
    if (parsed.success) videos.push({ row, report: parsed.data });
  }
  videos.sort(timelineOrder);
  const vectors = await themeVectors(deps, videos);
  const themed: VideoThemes[] = videos.map(({ row, report }, v) => ({
    videoId: row.videoId,
    intentCounts: intentCounts(report.clusters),
    themes: report.clusters.map((c, i): ThemeInput => ({
      clusterId: c.cluster_id,
      label: c.heading,
      category: c.category,
      size: c.size,
      percentage: c.percentage,
      vector: vectors[v]![2 * i]!,
      labelVector: vectors[v]![2 * i + 1]!,
      terms: headingTerms(c.heading),
    })),
  }));
  const groups = matchThemes(themed);
  return {
    videos: videos.map(toInsightVideo),
    recurring_themes: recurringThemes(themed, groups),
    since_last: sinceLast(themed, groups),
  };
}
