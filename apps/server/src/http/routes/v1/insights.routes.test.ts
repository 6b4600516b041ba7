import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { analyseComments, parseCsv } from '@app/analysis';
import {
  JobStatusReplySchema,
  ReportReplySchema,
  WorkspaceInsightsReplySchema,
  WorkspaceSchema,
  type ReportReply,
  type WorkspaceInsightsReply,
} from '@app/contracts';
import type { Container } from '../../../container';
import { startWorker } from '../../../jobs/start-worker';
import { FakeTextEmbedder } from '../../../providers/embeddings/fake-text-embedder';
import { analysisDepsFrom } from '../../../services/analysis/analysis-deps';
import { ClusterVectorCache } from '../../../services/cluster/vector-cache';
import { getWorkspaceInsights } from '../../../services/insights/get-workspace-insights';
import { waitFor } from '../../../services/analysis/analysis.test-support';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, buildTestApp, signUpTestUser } from '../../../test/test-app';
import { createTestUser } from '../../../test/factories';

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../../test-fixtures/comments',
);
const CHANNEL = 'UCinventedBakeryChan0001';

/**
 * Three videos of one invented channel: two overlapping three-quarters of the sourdough fixture's
 * comments (published in March and April, so their themes recur), and the hooks fixture (May).
 */
const BREAD_1 = 'insBread001';
const BREAD_2 = 'insBread002';
const HOOKS = 'insHooks001';

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The fixture's rows but those whose position modulo `of` is `left`, as a CSV of the same columns. */
function fixtureWithout(file: string, left: number, of: number): string {
  const [header, ...rows] = parseCsv(readFileSync(path.join(FIXTURES, file), 'utf8'));
  const kept = rows.filter((r, i) => r.length === header!.length && i % of !== left);
  return `${[header!, ...kept].map((r) => r.map(csvCell).join(',')).join('\n')}\n`;
}

function meta(title: string, publishedAt: string, comments: number): string {
  return JSON.stringify({
    title,
    comment_count: comments,
    channel_id: CHANNEL,
    channel_title: 'Invented Bakery',
    published_at: publishedAt,
  });
}

describeEachDatabase('workspace insights', (t) => {
  let dir: string;
  let app: FastifyInstance;
  let container: Container;
  let stopWorker: () => Promise<void>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'chorus-insights-'));
    const write = (id: string, csv: string, title: string, at: string) => {
      writeFileSync(path.join(dir, `${id}.csv`), csv);
      writeFileSync(path.join(dir, `${id}.meta.json`), meta(title, at, csv.split('\n').length));
    };
    write(
      BREAD_1,
      fixtureWithout('invBread001.csv', 0, 4),
      'Sourdough, part 1',
      '2025-03-01T10:00:00Z',
    );
    write(
      BREAD_2,
      fixtureWithout('invBread001.csv', 2, 4),
      'Sourdough, part 2',
      '2025-04-01T10:00:00Z',
    );
    write(
      HOOKS,
      fixtureWithout('invHooks001.csv', -1, 1),
      'React hooks explained',
      '2025-05-01T10:00:00Z',
    );
    const test = await buildTestApp({
      database: t.database,
      env: { COMMENTS_DIR: dir, YOUTUBE_FALLBACK: 'none' },
      overrides: {
        embedder: new FakeTextEmbedder(),
        languageModel: null,
        analyse: analyseComments,
      },
    });
    app = test.app;
    container = test.container;
    stopWorker = await startWorker(
      { ...analysisDepsFrom(container), logger: container.logger },
      { concurrency: 1 },
    );
  });
  afterAll(async () => {
    await stopWorker();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

  async function linkedWorkspace(token: string) {
    const created = await call(token, 'POST', '/workspaces', { name: 'Bakery' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = WorkspaceSchema.parse(created.json());
    const linked = await call(token, 'POST', `/workspaces/${id}/link-channel`, {
      channel_id: CHANNEL,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    return id;
  }

  async function analyse(token: string, videoId: string): Promise<void> {
    const started = await call(token, 'POST', `/analyze?video_id=${videoId}`);
    expect(started.statusCode, started.body).toBe(200);
    const jobId = started.json<{ job_id: string }>().job_id;
    const done = await waitFor(async () => {
      const s = JobStatusReplySchema.parse((await call(token, 'GET', `/status/${jobId}`)).json());
      return s.status === 'complete' || s.status === 'failed' ? s : undefined;
    }, 120_000);
    expect(done.status, done.error ?? '').toBe('complete');
  }

  async function insights(token: string, id: number): Promise<WorkspaceInsightsReply> {
    const res = await call(token, 'GET', `/workspaces/${id}/insights`);
    expect(res.statusCode, res.body).toBe(200);
    return WorkspaceInsightsReplySchema.parse(res.json());
  }

  async function report(token: string, videoId: string): Promise<ReportReply> {
    const res = await call(token, 'GET', `/report/${videoId}`);
    expect(res.statusCode, res.body).toBe(200);
    return ReportReplySchema.parse(res.json());
  }

  let owner: { token: string; userId: string; id: number; reply: WorkspaceInsightsReply };

  it('lists three analysed videos in publication order with the figures their reports show', async () => {
    const { token, userId } = await createTestUser({ app, container }, { credits: 13 });
    const id = await linkedWorkspace(token);
    const empty = await insights(token, id);
    expect(empty).toEqual({ videos: [], recurring_themes: [], since_last: null });

    // Analysed newest first: the timeline still follows publication.
    for (const v of [HOOKS, BREAD_2, BREAD_1]) await analyse(token, v);
    const reply = await insights(token, id);
    owner = { token, userId, id, reply };
    expect(reply.videos.map((v) => v.video_id)).toEqual([BREAD_1, BREAD_2, HOOKS]);
    expect(reply.videos.map((v) => v.published_at)).toEqual([
      '2025-03-01T10:00:00.000Z',
      '2025-04-01T10:00:00.000Z',
      '2025-05-01T10:00:00.000Z',
    ]);

    for (const video of reply.videos) {
      const r = await report(token, video.video_id);
      expect(video).toMatchObject({
        kind: 'youtube',
        title: r.title,
        job_id: r.job_id,
        analysed_comments: r.report.analysed_comments,
        sentiment_counts: r.report.sentiment.counts,
      });
      expect(video.sentiment.positive).toBe(r.report.sentiment.positive_share);
      expect(video.sentiment.negative).toBe(r.report.sentiment.negative_share);
      const counts = { Request: 0, Praise: 0, Criticism: 0, Question: 0, Opinion: 0 };
      for (const c of r.report.clusters)
        for (const k of Object.keys(counts) as (keyof typeof counts)[])
          counts[k] += c.intent_counts[k] ?? 0;
      expect(video.intent_counts).toEqual(counts);
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      expect(total).toBeGreaterThan(0);
      expect(video.intents.Criticism).toBe(Math.round((1000 * counts.Criticism) / total) / 1000);
      const largest = [...r.report.clusters].sort(
        (a, b) => b.size - a.size || a.cluster_id - b.cluster_id,
      )[0]!;
      expect(video.top_themes[0]).toEqual({
        cluster_id: largest.cluster_id,
        label: largest.heading,
        category: largest.category,
        comment_count: largest.size,
        percentage: largest.percentage,
      });
    }
  });

  it('matches themes across videos by meaning and compares the latest with the one before', async () => {
    const { token, reply } = owner;
    const reports = new Map<string, ReportReply>();
    for (const v of reply.videos) reports.set(v.video_id, await report(token, v.video_id));

    // The two halves of the sourdough video share their themes.
    const bread = reply.recurring_themes.filter(
      (r) => r.video_ids.includes(BREAD_1) && r.video_ids.includes(BREAD_2),
    );
    expect(bread.length, JSON.stringify(reply.recurring_themes)).toBeGreaterThanOrEqual(2);
    // Praise of the video recurs in all three, and comes first (most videos).
    expect(reply.recurring_themes[0]!.video_ids).toEqual([BREAD_1, BREAD_2, HOOKS]);
    for (const theme of reply.recurring_themes) {
      expect(theme.video_ids.length).toBeGreaterThanOrEqual(2);
      expect(theme.appearances.map((a) => a.video_id)).toEqual(theme.video_ids);
      // Each appearance is the report's own cluster, with its stored size.
      for (const a of theme.appearances) {
        const cluster = reports
          .get(a.video_id)!
          .report.clusters.find((c) => c.cluster_id === a.cluster_id)!;
        expect(a).toEqual({
          video_id: a.video_id,
          cluster_id: cluster.cluster_id,
          label: cluster.heading,
          comment_count: cluster.size,
          percentage: cluster.percentage,
        });
      }
      expect(theme.comment_count).toBe(theme.appearances.reduce((n, a) => n + a.comment_count, 0));
    }

    const since = reply.since_last!;
    expect(since).toMatchObject({ video_id: HOOKS, previous_video_id: BREAD_2 });
    const [prev, last] = [reply.videos[1]!, reply.videos[2]!];
    const percent = (n: number, total: number) => Math.round((100 * n) / total);
    const totalOf = (v: typeof prev) => Object.values(v.intent_counts).reduce((a, b) => a + b, 0);
    expect(since.criticism).toEqual({
      count: last.intent_counts.Criticism,
      previous_count: prev.intent_counts.Criticism,
      percent: percent(last.intent_counts.Criticism, totalOf(last)),
      previous_percent: percent(prev.intent_counts.Criticism, totalOf(prev)),
    });
    expect(since.criticism_share_change).toBe(
      since.criticism.percent - since.criticism.previous_percent,
    );
    expect(since.question_share_change).toBe(
      since.question.percent - since.question.previous_percent,
    );
    // Every theme of the latest video is new, grew or held steady; a new one recurs nowhere before.
    const recurringInLatest = new Set(
      reply.recurring_themes.flatMap((r) =>
        r.appearances.filter((a) => a.video_id === HOOKS).map((a) => a.cluster_id),
      ),
    );
    for (const n of since.new_themes) {
      expect(n.previous_comment_count).toBe(0);
      expect(recurringInLatest.has(n.cluster_id!)).toBe(false);
    }
    expect(since.new_themes.length).toBeGreaterThan(0);
    for (const f of since.faded)
      expect(f.previous_percentage - f.percentage).toBeGreaterThanOrEqual(2);
    for (const g of since.grown)
      expect(g.percentage - g.previous_percentage).toBeGreaterThanOrEqual(2);
  });

  it("stores each report's theme vectors when its analysis finishes: a restarted server embeds nothing", async () => {
    const embedder = new FakeTextEmbedder();
    const refusing = Object.assign(Object.create(embedder) as FakeTextEmbedder, {
      embed: () => Promise.reject(new Error('insights embedded a theme again')),
    });
    const fresh = await getWorkspaceInsights(
      { repos: container.repos, embedder: refusing, themeVectors: new ClusterVectorCache() },
      { userId: owner.userId, workspaceId: owner.id },
    );
    expect(fresh).toEqual(owner.reply);
  });

  it("answers 404 for another account's workspace and 400 with a message for a bad id", async () => {
    const other = await signUpTestUser(app);
    const theirs = await call(other.token, 'GET', `/workspaces/${owner.id}/insights`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({
      code: 'workspace_not_found',
      message: 'Workspace not found.',
    });
    expect(theirs.body).not.toContain(BREAD_1);

    for (const bad of ['abc', '0', '-1', '1.5']) {
      const res = await call(owner.token, 'GET', `/workspaces/${bad}/insights`);
      expect(res.statusCode, bad).toBe(400);
      const body = res.json<{ message: string; code: string }>();
      expect(body.message.length).toBeGreaterThan(0);
      expect(typeof body.code).toBe('string');
    }
    const signedOut = await app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${owner.id}/insights`,
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
