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
import type {
  StoredThemeVectors,
  WorkspaceReportRow,
} from '../../repositories/workspace-insights.repository';
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
  repos: Pick<Repositories, 'workspaces' | 'workspaceInsights' | 'reports' | 'analysisJobs'>;
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

/** What a report's theme vectors are embedded from, and the hash that names those texts. */
function themeTexts(report: ReportBody): { texts: string[]; hash: string } {
  const texts = report.clusters.flatMap((c) => [themeText(c), c.heading]);
  return { texts, hash: createHash('sha256').update(JSON.stringify(texts)).digest('base64url') };
}

/** float32 rows, little-endian, one after another (the stored form). */
function encodeVectors(vectors: readonly Float32Array[]): { dims: number; vectors: Uint8Array } {
  const dims = vectors[0]?.length ?? 0;
  const out = new Float32Array(vectors.length * dims);
  vectors.forEach((v, i) => out.set(v, i * dims));
  return { dims, vectors: new Uint8Array(out.buffer) };
}

function decodeVectors(stored: StoredThemeVectors): Float32Array[] {
  if (stored.dims === 0) return [];
  // copied: a driver's buffer need not be aligned for a Float32Array view
  const flat = new Float32Array(new Uint8Array(stored.vectors).buffer);
  const rows: Float32Array[] = [];
  for (let at = 0; at + stored.dims <= flat.length; at += stored.dims)
    rows.push(flat.subarray(at, at + stored.dims));
  return rows;
}

/** Embeds a report's theme texts and stores the vectors (a failed store is embedded again later). */
async function embedAndStore(
  deps: Pick<InsightsDeps, 'repos' | 'embedder'>,
  jobId: string,
  { texts, hash }: { texts: string[]; hash: string },
): Promise<Float32Array[]> {
  const vectors = texts.length === 0 ? [] : await deps.embedder.embed(texts);
  await deps.repos.workspaceInsights
    .saveThemeVectors({
      jobId,
      embedder: deps.embedder.name,
      textsHash: hash,
      ...encodeVectors(vectors),
    })
    .catch(() => undefined);
  return vectors;
}

/**
 * Each report's theme vectors (per cluster: its whole text, then its heading): from this server's
 * cache, else from the database (stored when the analysis finished, or by an earlier request),
 * else embedded and stored. A retag that renames its themes, or the retention purge that drops
 * their comments, changes the texts' hash and embeds them again.
 */
async function themeVectors(
  deps: InsightsDeps,
  videos: readonly AnalysedVideo[],
): Promise<Float32Array[][]> {
  let stored: Promise<Map<string, StoredThemeVectors>> | null = null;
  const storedRows = () =>
    (stored ??= deps.repos.workspaceInsights
      .themeVectors(
        videos.map((v) => v.row.jobId),
        deps.embedder.name,
      )
      .then((rows) => new Map(rows.map((r) => [r.jobId, r]))));
  return Promise.all(
    videos.map(({ row, report }) => {
      const theme = themeTexts(report);
      return deps.themeVectors.get(
        `insights|${deps.embedder.name}|${row.jobId}|${theme.hash}`,
        async () => {
          const hit = (await storedRows()).get(row.jobId);
          if (hit && hit.textsHash === theme.hash) return decodeVectors(hit);
          return embedAndStore(deps, row.jobId, theme);
        },
      );
    }),
  );
}

/**
 * Stores a finished analysis's theme vectors when its owner has a workspace, so the workspace's
 * insights read them instead of embedding them on the first visit. Called once the analysis job completed.
 */
export async function storeThemeVectors(
  deps: Pick<InsightsDeps, 'repos' | 'embedder'>,
  jobId: string,
): Promise<void> {
  const job = await deps.repos.analysisJobs.findById(jobId);
  // only an account with a workspace has insights to read them
  if (!job || (await deps.repos.workspaces.countForUser(job.userId)) === 0) return;
  const [stored] = await deps.repos.reports.findByJobIds([jobId]);
  const parsed = ReportBodySchema.safeParse(stored?.report);
  if (!parsed.success) return;
  await embedAndStore(deps, jobId, themeTexts(parsed.data));
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
