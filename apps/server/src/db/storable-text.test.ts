import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { createRepositories, type Repositories } from '../repositories';
import { describeEachDatabase } from '../test/databases';
import { toJsonb, withoutNul } from './storable-text';

it('drops U+0000 from text and from the strings inside a jsonb document, nothing else', () => {
  expect(withoutNul('null\u0000byte')).toBe('nullbyte');
  expect(withoutNul('a literal \\u0000 stays')).toBe('a literal \\u0000 stays');
  expect(JSON.parse(toJsonb({ text: 'a\u0000b', list: ['\u0000'], n: 1 }))).toEqual({
    text: 'ab',
    list: [''],
    n: 1,
  });
});

describeEachDatabase('text with a NUL byte', (t) => {
  let repos: Repositories;
  beforeAll(() => {
    repos = createRepositories(t.db);
  });

  it('is stored without it wherever it comes from: job title, comments, report, workspace name', async () => {
    const user = await repos.users.create({
      email: `nul-${randomUUID()}@example.com`,
      passwordHash: null,
    });
    const job = await repos.analysisJobs.create({
      id: randomUUID(),
      userId: user!.id,
      videoId: 'NULLBYTE001',
      title: 'Null\u0000 title',
      thumbnailUrl: null,
      channelTitle: 'Chan\u0000nel',
      videoCommentCount: 2,
      commentLimit: 100,
      reservedCredits: 1,
      priority: 0,
    });
    expect(job.title).toBe('Null title');
    const comment = (position: number, text: string) => ({
      position,
      commentId: `c${position}`,
      text,
      author: 'a\u0000b',
      likeCount: 0,
      publishedAt: null,
      parentId: null,
      replyCount: 0,
      clusterId: 0,
      intent: 'Opinion',
      classifiedIntent: null,
      sentimentScore: 0,
      sentimentLabel: 'neutral',
    });
    await repos.comments.insertMany(job.id, [
      comment(0, 'null\u0000byte comment'),
      comment(1, 'ok'),
    ]);
    const page = await repos.comments.listByCluster({
      jobId: job.id,
      clusterId: 0,
      limit: 10,
      offset: 0,
      sort: 'likes',
    });
    expect(page.comments.map((c) => [c.text, c.author]).sort()).toEqual([
      ['nullbyte comment', 'ab'],
      ['ok', 'ab'],
    ]);
    await repos.reports.insert({
      jobId: job.id,
      userId: user!.id,
      videoId: 'NULLBYTE001',
      platform: 'youtube',
      report: { clusters: [{ heading: 'Thoughts on \u0000null' }] },
      executiveSummary: { overall_vibe: 'fine\u0000' },
      totalComments: 2,
      processingSeconds: 1,
    });
    const stored = await sql<{ report: string }>`
      select report::text as report from analysis_reports where job_id = ${job.id}`.execute(t.db);
    expect(JSON.parse(stored.rows[0]!.report)).toEqual({
      clusters: [{ heading: 'Thoughts on null' }],
    });
    const w = await repos.workspaces.create({ userId: user!.id, name: 'My\u0000 channel' });
    expect(w.name).toBe('My channel');
  });
});
