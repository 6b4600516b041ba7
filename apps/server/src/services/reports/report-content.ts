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

/** A question the audience asks, when the report has a questions section. */
export interface ReportQuestion {
  text: string;
  count: number | null;
}

/**
 * The report's questions, when its reply carries a `questions` list (at the top or in `report`):
 * plain strings or objects with `question`, `text` or `heading` and an optional `count` or `size`.
 */
export function reportQuestions(reply: ReportReply): ReportQuestion[] {
  const holder = reply as unknown as { questions?: unknown; report?: { questions?: unknown } };
  const list = Array.isArray(holder.questions)
    ? holder.questions
    : Array.isArray(holder.report?.questions)
      ? holder.report.questions
      : [];
  const out: ReportQuestion[] = [];
  for (const item of list as unknown[]) {
    if (typeof item === 'string') {
      if (item.trim() !== '') out.push({ text: item.trim(), count: null });
      continue;
    }
    if (typeof item !== 'object' || item === null || isCommentLike(item)) continue;
    const o = item as Record<string, unknown>;
    const text = [o.question, o.text, o.heading].find((t) => typeof t === 'string');
    if (typeof text !== 'string' || text.trim() === '') continue;
    const count = [o.count, o.size].find((n) => typeof n === 'number' && Number.isFinite(n));
    out.push({ text: text.trim(), count: typeof count === 'number' ? count : null });
  }
  return out;
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
