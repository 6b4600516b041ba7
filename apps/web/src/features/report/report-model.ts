import { sharePercent, type Cluster, type ClusterSentiment } from '@app/contracts';

/** Sort mode of the Volume / Engagement toggle. */
export type SortMode = 'most' | 'engagement';

/** The 7-colour chart palette; every colour keeps white label text above 4.5:1. */
export const PALETTE = [
  '#5b4ee0',
  '#0e7c86',
  '#c2410c',
  '#b4237a',
  '#2563eb',
  '#15803d',
  '#a16207',
] as const;

/** Colour of the i-th slice or legend entry, cycling the palette. */
export function colourAt(i: number): string {
  return PALETTE[i % PALETTE.length]!;
}

/** Legend entries shown before "Show more" (it collapses above this many). */
export const LEGEND_COLLAPSE_AT = 6;
/** Slice labels show only above this share, in percent. */
export const SLICE_LABEL_MIN_PERCENT = 5;
/**
 * The overall vibe's opening sentence for the Sentiment Score card: "Reactions lean positive." of
 * "Reactions lean positive; the biggest specific topic is …". Whole words only, never cut mid-word:
 * a sentence longer than `maxLength` ends at its last whole word that fits, with an ellipsis.
 */
export function shortVibe(vibe: string | null | undefined, maxLength = VIBE_MAX_LENGTH): string {
  const text = (vibe ?? '').trim().replace(/\s+/g, ' ');
  if (text === '') return '';
  const end = /;|[.!?](?=\s|$)/.exec(text);
  const sentence = end
    ? `${text.slice(0, end.index).trimEnd()}${end[0] === ';' ? '.' : end[0]}`
    : text;
  if (sentence.length <= maxLength) return sentence;
  // A long opening sentence ends at the last whole word that fits, with an ellipsis.
  const cut = sentence.slice(0, maxLength);
  const space = cut.lastIndexOf(' ');
  const words = (space > 0 ? cut.slice(0, space) : cut).replace(/[\s,;:–—-]+$/, '');
  return `${words}…`;
}

/** Longest vibe the Sentiment Score card shows (about two lines of the card). */
export const VIBE_MAX_LENGTH = 90;

/** The video's sentiment as the card's score: "72% positive" from the report's stored counts. */
export function sentimentScore(
  sentiment: Pick<ClusterSentiment, 'counts'> | null | undefined,
): string | null {
  const counts = sentiment?.counts;
  if (!counts) return null;
  const total = counts.positive + counts.neutral + counts.negative;
  if (total === 0) return null;
  return `${sharePercent(counts.positive, total)}% positive`;
}
export const TAGS_SHOWN = 3;

/** The share a cluster shows: percentage, or engagement_percentage (falling back) in Engagement mode. */
export function clusterValue(
  c: Pick<Cluster, 'percentage' | 'engagement_percentage'>,
  mode: SortMode,
): number {
  if (mode === 'engagement') {
    const e = c.engagement_percentage as number | null | undefined;
    if (typeof e === 'number' && Number.isFinite(e)) return e;
  }
  return typeof c.percentage === 'number' && Number.isFinite(c.percentage) ? c.percentage : 0;
}

/** Clusters ordered by the shown share, largest first; ties by id. */
export function sortClusters<
  C extends Pick<Cluster, 'cluster_id' | 'percentage' | 'engagement_percentage'>,
>(clusters: readonly C[], mode: SortMode): C[] {
  return [...clusters].sort(
    (a, b) => clusterValue(b, mode) - clusterValue(a, mode) || a.cluster_id - b.cluster_id,
  );
}

/** A row or slice title: the heading, else 'Cluster {id}'. */
export function clusterTitle(c: Pick<Cluster, 'cluster_id' | 'heading'>): string {
  const h = typeof c.heading === 'string' ? c.heading.trim() : '';
  return h !== '' ? h : `Cluster ${c.cluster_id}`;
}

/** The first 3 tags joined by commas, or a dash. */
export function tagsText(tags: readonly string[] | null | undefined): string {
  const shown = (tags ?? []).filter((t) => t.trim() !== '').slice(0, TAGS_SHOWN);
  return shown.length > 0 ? shown.join(', ') : '-';
}

export interface DonutItem {
  key: number;
  label: string;
  value: number;
}

export interface DonutSlice extends DonutItem {
  colour: string;
  /** Share of the whole ring in percent (values normalised to 100). */
  share: number;
  /** Start and end as fractions of the ring, 0..1 clockwise from the top. */
  start: number;
  end: number;
  showLabel: boolean;
}

/** Lays out donut slices; an empty or all-zero input gives no slices. */
export function layoutSlices(items: readonly DonutItem[]): DonutSlice[] {
  const total = items.reduce((s, i) => s + Math.max(0, i.value), 0);
  if (total <= 0) return [];
  let at = 0;
  return items.map((item, i) => {
    const fraction = Math.max(0, item.value) / total;
    const slice: DonutSlice = {
      ...item,
      colour: colourAt(i),
      share: fraction * 100,
      start: at,
      end: at + fraction,
      showLabel: fraction * 100 > SLICE_LABEL_MIN_PERCENT,
    };
    at += fraction;
    return slice;
  });
}

/** Donut items for the clusters in the given mode, in display order. */
export function donutItems(clusters: readonly Cluster[], mode: SortMode): DonutItem[] {
  return sortClusters(clusters, mode).map((c) => ({
    key: c.cluster_id,
    label: clusterTitle(c),
    value: clusterValue(c, mode),
  }));
}
