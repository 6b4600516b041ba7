import { sharePercent, type Cluster, type ReportReply } from '@app/contracts';

/**
 * What leaves Chorus in an export or a shared link: the stored report with no comment text and no
 * commenter names (ARCHITECTURE.md, "Exports and shared links", says why). Every list entry shaped
 * like a comment (`text` and `author`) is dropped, wherever it sits, so sections other features add
 * to the report reply stay clean too.
 */
export function withoutCommentText<T>(value: T): T {
  return scrub(value) as T;
}

function isCommentLike(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as Record<string, unknown>).text === 'string' &&
    'author' in value
  );
}

function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => !isCommentLike(v)).map(scrub);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = scrub(v);
    return out;
  }
  return value;
}

/** Clusters largest share first, ties by id: the report's default order. */
export function clustersByShare(clusters: readonly Cluster[]): Cluster[] {
  return [...clusters].sort((a, b) => b.percentage - a.percentage || a.cluster_id - b.cluster_id);
}

/** A question to answer as an export prints it: its wording and how many asked it. */
export interface ExportQuestion {
  text: string;
  count: number;
}

/** The report's stored questions to answer, most asked first (none when the report has none). */
export function reportQuestions(reply: Pick<ReportReply, 'questions'>): ExportQuestion[] {
  return (reply.questions ?? []).map((q) => ({ text: q.question, count: q.count }));
}

/** "72% positive" from the report's stored sentiment counts, or null without any. */
export function positiveShareText(reply: ReportReply): string | null {
  const c = reply.report.sentiment.counts;
  const total = c.positive + c.neutral + c.negative;
  return total === 0 ? null : `${sharePercent(c.positive, total)}% positive`;
}

/** The report's title as shown: the video's title, else its id. */
export function reportTitle(reply: Pick<ReportReply, 'title' | 'video_id'>): string {
  const t = reply.title?.trim();
  return t ? t : `Video ${reply.video_id}`;
}

/** A heading, else "Cluster {id}" (as the report shows a cluster without one). */
export function clusterHeading(c: Pick<Cluster, 'heading' | 'cluster_id'>): string {
  const h = c.heading.trim();
  return h !== '' ? h : `Cluster ${c.cluster_id}`;
}

/** A stored percentage as the report writes it: at most one decimal ("12.5%", "40%"). */
export function percentText(value: number): string {
  return `${Math.round(value * 10) / 10}%`;
}

/** The analysis date as YYYY-MM-DD (UTC), for file names and headers. */
export function dayOf(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'undated' : d.toISOString().slice(0, 10);
}
