import { sql, type Kysely } from 'kysely';

/**
 * Reports store integer sentiment counts: each cluster's `sentiment.counts` ({positive, neutral,
 * negative}, summing to its size; the shares are derived from them) and the video's `sentiment`
 * (the audience's, with counts too). Reports stored before are given them here, once: counted
 * from the stored comments when they are still there, else from the stored shares times the size,
 * rounded by largest remainder so the counts sum to the size. Self-contained on purpose: a
 * migration must not change when the application code does.
 */

interface Counts {
  positive: number;
  neutral: number;
  negative: number;
}

interface StoredSentiment {
  label?: unknown;
  score?: unknown;
  positive_share?: unknown;
  negative_share?: unknown;
  counts?: unknown;
}

interface StoredCluster {
  cluster_id?: unknown;
  size?: unknown;
  sentiment?: StoredSentiment;
}

interface StoredReport {
  clusters?: StoredCluster[];
  sentiment?: unknown;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const share = (count: number, total: number): number =>
  total <= 0 ? 0 : Math.round((1000 * count) / total) / 1000;

function fromShares(positiveShare: number, negativeShare: number, total: number): Counts {
  const n = Math.max(0, Math.round(total));
  const pos = Math.max(0, Math.min(1, positiveShare));
  const neg = Math.max(0, Math.min(1 - pos, negativeShare));
  const exact = [pos * n, (1 - pos - neg) * n, neg * n];
  const floors = exact.map(Math.floor);
  let left = n - floors.reduce((a, b) => a + b, 0);
  const order = [0, 1, 2].sort(
    (a, b) => exact[b]! - floors[b]! - (exact[a]! - floors[a]!) || a - b,
  );
  for (const i of order) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return { positive: floors[0]!, neutral: floors[1]!, negative: floors[2]! };
}

function side(label: string): keyof Counts {
  return label === 'positive' ? 'positive' : label === 'negative' ? 'negative' : 'neutral';
}

/** The label rule of the analysis, from counts and mean polarity. */
function labelOf(counts: Counts, score: number): string {
  const n = counts.positive + counts.neutral + counts.negative;
  const pos = n === 0 ? 0 : counts.positive / n;
  const neg = n === 0 ? 0 : counts.negative / n;
  if (pos >= 0.3 && neg >= 0.3) return 'mixed';
  if (score >= 0.05 && pos > neg) return 'positive';
  if (score <= -0.05 && neg > pos) return 'negative';
  return 'neutral';
}

export async function up(db: Kysely<unknown>): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    // (aliases of one word: the application's connection camel-cases column names)
    const { rows } = await sql<{ job: string; report: string }>`
      select job_id::text as job, report::text as report from analysis_reports
      where job_id > ${after}::uuid order by job_id limit 200`.execute(db);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.job;
    for (const row of rows) {
      const report = JSON.parse(row.report) as StoredReport;
      const clusters = Array.isArray(report.clusters) ? report.clusters : [];
      const missing =
        report.sentiment === undefined ||
        clusters.some((c) => c.sentiment !== undefined && c.sentiment.counts === undefined);
      if (!missing) continue;

      const { rows: counted } = await sql<{
        cluster: number;
        label: string;
        creator: boolean;
        n: string | number;
        score: string | number;
      }>`select cluster_id as cluster, sentiment_label as label, by_creator as creator,
          count(*) as n, sum(sentiment_score) as score
        from analysis_comments where job_id = ${row.job}::uuid
        group by cluster_id, sentiment_label, by_creator`.execute(db);
      const perCluster = new Map<number, Counts>();
      const audience: Counts = { positive: 0, neutral: 0, negative: 0 };
      let audienceScore = 0;
      for (const r of counted) {
        const counts = perCluster.get(r.cluster) ?? { positive: 0, neutral: 0, negative: 0 };
        counts[side(r.label)] += Number(r.n);
        perCluster.set(r.cluster, counts);
        if (!r.creator) {
          audience[side(r.label)] += Number(r.n);
          audienceScore += Number(r.score);
        }
      }

      const whole: Counts = { positive: 0, neutral: 0, negative: 0 };
      let wholeScore = 0;
      for (const c of clusters) {
        const size = num(c.size);
        const s = c.sentiment;
        if (s === undefined) continue;
        if (s.counts === undefined) {
          const stored = perCluster.get(num(c.cluster_id));
          const counts =
            stored && stored.positive + stored.neutral + stored.negative === size
              ? stored
              : fromShares(num(s.positive_share), num(s.negative_share), size);
          s.counts = counts;
          s.positive_share = share(counts.positive, size);
          s.negative_share = share(counts.negative, size);
        }
        const counts = s.counts as Counts;
        whole.positive += counts.positive;
        whole.neutral += counts.neutral;
        whole.negative += counts.negative;
        wholeScore += num(s.score) * size;
      }

      if (report.sentiment === undefined) {
        const fromComments = audience.positive + audience.neutral + audience.negative > 0;
        const counts = fromComments ? audience : whole;
        const n = counts.positive + counts.neutral + counts.negative;
        const mean = n === 0 ? 0 : (fromComments ? audienceScore : wholeScore) / n;
        const score = Math.round(Math.max(-1, Math.min(1, mean)) * 1000) / 1000;
        report.sentiment = {
          label: labelOf(counts, score),
          score,
          positive_share: share(counts.positive, n),
          negative_share: share(counts.negative, n),
          counts,
        };
      }
      await sql`update analysis_reports set report = ${JSON.stringify(report)}::jsonb
        where job_id = ${row.job}::uuid`.execute(db);
    }
  }
}

/** The counts are additive: reports keep them (older code ignores them). */
export async function down(): Promise<void> {}
