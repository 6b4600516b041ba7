import type { Intent } from '@app/contracts';
import { csvRecords, parseCsv } from '../text/csv';
import { ownText } from '../prepare/quoted-reply';

export { csvRecords, parseCsv };

/**
 * The hand-labelled intent development set (packages/analysis/data/intent-dev).
 * Pure helpers only: callers (the benchmark, the dev-set test) read the files and pass their contents in,
 * because the analysis core does no I/O.
 */

/**
 * One labelled row as stored in labels.jsonl. Rows are key-only: comment texts are joined at run time from
 * the team's copy of the source data sets (their licences are not verified, so the repository does not
 * redistribute them; the benchmark reads them when they are there).
 * `text` stays optional so a caller can pass rows that carry their own text.
 */
export interface DevLabel {
  dataset: string;
  key: string;
  split: 'train' | 'tune' | 'heldout';
  intent: Intent;
  sentiment?: 'positive' | 'neutral' | 'negative' | 'mixed';
  text?: string;
  /** Labelling round, recorded from round 7 on (absent: rounds 1-6). */
  round?: number;
}

/** A labelled row with its text resolved. */
export interface DevExample extends DevLabel {
  text: string;
}

/** Source files the keys refer to, relative to the folder of the source data sets. */
export const DEV_SOURCES = {
  youtube_statistics_top_comments: 'youtube_statistics_top_comments/comments.csv',
  comp34812_youtube_comments: 'comp34812_youtube_comments/sample_50_per_video_90videos.csv',
  kaggle_trending_gbcomments_sample: 'kaggle_trending_gbcomments_sample/GBcomments_sample.csv',
  poche_icpc17_youtube_tutorial_comments: 'poche_icpc17_youtube_tutorial_comments/comments.csv',
} as const;

export type DevDataset = keyof typeof DEV_SOURCES;

/** The comment text of a comp34812 row: for replies only the reply part, as the product sees it. */
function comp34812Text(raw: string): string {
  return ownText(raw).trim();
}

/**
 * Builds key -> text for one dataset from its CSV content. Keys:
 * youtube_statistics_top_comments: `row_index`; comp34812: `comment_id`;
 * kaggle: 0-based data row number; poche: `video_id:position`.
 */
export function indexDatasetTexts(dataset: DevDataset, csvContent: string): Map<string, string> {
  const out = new Map<string, string>();
  const recs = csvRecords(csvContent);
  recs.forEach((r, i) => {
    switch (dataset) {
      case 'youtube_statistics_top_comments':
        out.set(r.row_index ?? '', r.Comment ?? '');
        break;
      case 'comp34812_youtube_comments':
        out.set(r.comment_id ?? '', comp34812Text(r.comment ?? ''));
        break;
      case 'kaggle_trending_gbcomments_sample':
        out.set(String(i), (r.comment_text ?? '').replace(/\\n/g, '\n'));
        break;
      case 'poche_icpc17_youtube_tutorial_comments':
        out.set(`${r.video_id ?? ''}:${r.position ?? ''}`, r.comment ?? '');
        break;
    }
  });
  return out;
}

/** Parses labels.jsonl content. Throws on a malformed line, naming it. */
export function parseDevLabels(jsonl: string): DevLabel[] {
  return jsonl
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l, i) => {
      try {
        return JSON.parse(l) as DevLabel;
      } catch {
        throw new Error(`labels.jsonl line ${i + 1} is not valid JSON`);
      }
    });
}

/**
 * Datasets whose rows were labelled (and once stored here) with every whitespace run collapsed to one space.
 * The join reproduces that text exactly, so the benchmark figures do not move with the storage.
 */
const COLLAPSED_WHITESPACE: ReadonlySet<string> = new Set<DevDataset>([
  'youtube_statistics_top_comments',
  'kaggle_trending_gbcomments_sample',
]);

/** The text of a dataset row as it was read when labelling. */
function labelledText(dataset: string, raw: string): string {
  return COLLAPSED_WHITESPACE.has(dataset) ? raw.replace(/\s+/g, ' ') : raw;
}

/**
 * Resolves texts: rows carrying text keep it; others are joined from the dataset index (as labelled).
 * Rows whose dataset is not available are returned in `missing` so callers can report them.
 */
export function joinDevTexts(
  labels: readonly DevLabel[],
  texts: Partial<Record<DevDataset, Map<string, string>>>,
): { examples: DevExample[]; missing: DevLabel[] } {
  const examples: DevExample[] = [];
  const missing: DevLabel[] = [];
  for (const l of labels) {
    const raw = texts[l.dataset as DevDataset]?.get(l.key);
    const text = l.text ?? (raw === undefined ? undefined : labelledText(l.dataset, raw));
    if (text === undefined) missing.push(l);
    else examples.push({ ...l, text });
  }
  return { examples, missing };
}
