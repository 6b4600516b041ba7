import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql, type Migration } from 'kysely';
import { ClusterSchema, ReportBodySchema, sentimentShare } from '@app/contracts';
import { expect, it } from 'vitest';
import { beforeMigration } from './legacy-rows.test-support';
import { migrateToLatest } from './migrate';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const COUNTS = '2026112813_report_sentiment_counts';
const DROP_CACHE = '2026112814_drop_cached_cluster_analyses';

/** A cluster as reports stored it before sentiment counts: shares only. */
function legacyCluster(id: number, size: number, positiveShare: number, negativeShare: number) {
  return {
    cluster_id: id,
    heading: `Topic ${id}`,
    tags: [],
    category: 'Opinion',
    percentage: 50,
    engagement_percentage: 50,
    size,
    like_count: 0,
    sentiment: {
      label: 'positive',
      score: 0.2,
      positive_share: positiveShare,
      negative_share: negativeShare,
    },
    intent_counts: { Request: 0, Praise: 0, Criticism: 0, Question: 1, Opinion: size - 1 },
    representatives: [],
  };
}

function legacyReport(clusters: unknown[], analysed: number) {
  return {
    clusters,
    labeller: 'offline',
    embedder: 'fake',
    video_comment_count: analysed,
    analysed_comments: analysed,
    duplicate_comments: 0,
    spam_comments: 0,
    likes_approximate: false,
    source: 'file',
  };
}

it('gives reports stored before sentiment counts their counts (from the stored comments, else from the shares) and drops deep analyses cached with counts of their own', async () => {
  await beforeMigration(COUNTS, async (db, legacy) => {
    const { job } = legacy;
    const report = (jobId: string, videoId: string, body: unknown) =>
      legacy.report(jobId, videoId, body, 3);

    // with its comments: 2 positive and 1 mixed (neutral) in cluster 0; 1 negative in cluster 1
    // written by the channel itself, which the video's sentiment leaves out
    const kept = await job('keptVideo01');
    await report(
      kept,
      'keptVideo01',
      legacyReport([legacyCluster(0, 3, 0.667, 0), legacyCluster(1, 1, 0, 1)], 4),
    );
    const rows: [number, string, number, boolean][] = [
      [0, 'positive', 0.6, false],
      [0, 'positive', 0.4, false],
      [0, 'mixed', -0.1, false],
      [1, 'negative', -0.5, true],
    ];
    for (const [i, [clusterId, label, score, byCreator]] of rows.entries()) {
      await sql`insert into analysis_comments (job_id, position, comment_id, text, like_count,
          cluster_id, intent, sentiment_score, sentiment_label, by_creator)
        values (${kept}, ${i}, ${`c${i}`}, 'text', 0, ${clusterId}, 'Opinion', ${score}, ${label},
          ${byCreator})`.execute(db);
    }
    // purged comments: the shares are all there is
    const purged = await job('purgedVid01');
    await report(
      purged,
      'purgedVid01',
      legacyReport([legacyCluster(0, 7, 0.429, 0.143), legacyCluster(1, 5, 0.2, 0.6)], 12),
    );

    // a deep analysis cached with counts of its own
    await sql`insert into cluster_analyses (job_id, cluster_id, analysis, source)
      values (${kept}, 0, ${JSON.stringify({ summary: '3 comments ask a question.' })}::jsonb,
        'offline')`.execute(db);

    expect(await migrateToLatest(db)).toEqual(expect.arrayContaining([COUNTS, DROP_CACHE]));
    const cached = await sql<{ n: string | number }>`
      select count(*) as n from cluster_analyses`.execute(db);
    expect(Number(cached.rows[0]!.n)).toBe(0);

    const read = async (jobId: string) => {
      const r = await sql<{ report: string }>`
        select report::text as report from analysis_reports where job_id = ${jobId}`.execute(db);
      return ReportBodySchema.parse(JSON.parse(r.rows[0]!.report));
    };
    const a = await read(kept);
    expect(a.clusters.map((c) => c.sentiment.counts)).toEqual([
      { positive: 2, neutral: 1, negative: 0 },
      { positive: 0, neutral: 0, negative: 1 },
    ]);
    expect(a.sentiment.counts).toEqual({ positive: 2, neutral: 1, negative: 0 });
    expect(a.sentiment.positive_share).toBe(0.667);
    expect(a.sentiment.label).toBe('positive');

    const b = await read(purged);
    expect(b.clusters.map((c) => c.sentiment.counts)).toEqual([
      { positive: 3, neutral: 3, negative: 1 },
      { positive: 1, neutral: 1, negative: 3 },
    ]);
    for (const c of b.clusters) {
      ClusterSchema.parse(c);
      expect(c.sentiment.positive_share).toBe(sentimentShare(c.sentiment.counts.positive, c.size));
    }
    // the whole video from its clusters' counts
    expect(b.sentiment.counts).toEqual({ positive: 4, neutral: 4, negative: 4 });

    // run again, nothing changes
    const counts = (await import(
      pathToFileURL(path.join(MIGRATIONS, `${COUNTS}.ts`)).href
    )) as Migration;
    await counts.up(db);
    expect(await read(kept)).toEqual(a);
    expect(await read(purged)).toEqual(b);
  });
});
