import { ReportReplySchema, type ReportReply } from '@app/contracts';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../../services/reports/report-csv';
import { seedAnalysis } from '../../../test/deep-dive-fixtures';
import { describeEachDatabase } from '../../../test/databases';
import {
  createTestUser,
  seedTestAnalysis,
  useAnalysisTestApp,
  type TestUser,
} from '../../../test/factories';
import { bearer } from '../../../test/test-app';

const VIDEO = 'exportVid01';
const COMMENT_MARKER = 'commenter-words-7f3a';
const AUTHOR_MARKER = 'Commenter Name 91b2';

/** A minimal RFC 4180 reader: rows of cells, quotes undone. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describeEachDatabase('report export over HTTP', (t) => {
  const s = useAnalysisTestApp(t, { worker: false });
  let owner: TestUser;
  let intruder: TestUser;
  let report: ReportReply;
  let olderJobId: string;

  beforeAll(async () => {
    owner = await createTestUser(s);
    intruder = await createTestUser(s);
    const { userId } = owner;
    olderJobId = await seedAnalysis(t.db, {
      userId,
      videoId: VIDEO,
      title: 'Older run',
      clusters: [{ cluster_id: 0, heading: 'Only topic', tags: ['one'], category: 'Praise' }],
      comments: [{ clusterId: 0, text: 'fine', likes: 1 }],
    });
    await sql`update analysis_jobs set created_at = now() - interval '1 day' where id = ${olderJobId}`.execute(
      t.db,
    );
    await seedTestAnalysis(s.container, {
      userId,
      videoId: VIDEO,
      title: 'Sourdough, "the easy way"',
      channelTitle: 'Bread Lab',
      clusters: [
        {
          cluster_id: 0,
          heading: 'Starter questions',
          tags: ['starter', 'feeding'],
          category: 'Question',
        },
        {
          cluster_id: 1,
          heading: '=HYPERLINK("http://evil.example","click")',
          tags: ['+cmd', '@SUM(A1)'],
          category: 'Praise',
        },
        {
          cluster_id: 2,
          heading: '-2+3, "quoted", and a comma',
          tags: ['tab\there'],
          category: 'Criticism',
        },
      ],
      comments: [
        ...Array.from({ length: 5 }, () => ({
          clusterId: 0,
          text: 'How often?',
          likes: 2,
          intent: 'Question',
        })),
        ...Array.from({ length: 3 }, () => ({
          clusterId: 1,
          text: 'Love it',
          likes: 5,
          sentimentScore: 0.8,
        })),
        { clusterId: 2, text: 'Too salty', likes: 0, sentimentScore: -0.6 },
      ],
      // Representatives carry comment text and names: none of it may leave in a file.
      representatives: [
        {
          id: 'c1',
          text: COMMENT_MARKER,
          author: AUTHOR_MARKER,
          like_count: 2,
          published_at: null,
        },
      ],
    });
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/v1/report/${VIDEO}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    report = ReportReplySchema.parse(res.json());
    expect(JSON.stringify(report)).toContain(COMMENT_MARKER);
  });

  const exportAs = (format: string, token: string | null = owner.token, extra = '') =>
    s.app.inject({
      method: 'GET',
      url: `/api/v1/report/${VIDEO}/export?format=${format}${extra}`,
      headers: token ? bearer(token) : {},
    });

  const noCommentText = (body: string) => {
    expect(body).not.toContain(COMMENT_MARKER);
    expect(body).not.toContain(AUTHOR_MARKER);
  };

  it('CSV: one row per stored cluster, largest first, the stored figures, as an attachment', async () => {
    const res = await exportAs('csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="chorus-report-${VIDEO}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const expected = [...report.report.clusters].sort((a, b) => b.percentage - a.percentage);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(expected.map((c) => c.cluster_id));
    for (const [i, c] of expected.entries()) {
      const row = rows[i + 1]!;
      expect(Number(row[3])).toBe(c.percentage);
      expect(Number(row[4])).toBe(c.engagement_percentage);
      expect(Number(row[5])).toBe(c.size);
      expect(Number(row[6])).toBe(c.like_count);
      expect(row[2]).toBe(c.category);
    }
    noCommentText(res.body);
  });

  it('CSV: cells a spreadsheet would run as formulas start with an apostrophe; quotes and commas stay in their cell', async () => {
    const rows = parseCsv((await exportAs('csv')).body.slice(1));
    const byId = new Map(rows.slice(1).map((r) => [Number(r[0]), r]));
    expect(byId.get(1)![1]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(byId.get(1)![8]).toBe(`'+cmd; @SUM(A1)`);
    expect(byId.get(2)![1]).toBe(`'-2+3, "quoted", and a comma`);
    expect(byId.get(2)![8]).toBe('tab\there');
    expect(byId.get(0)![1]).toBe('Starter questions');
    for (const row of rows) expect(row).toHaveLength(CSV_COLUMNS.length);
    // no text cell begins with a formula character
    for (const row of rows.slice(1))
      for (const cell of [row[1], row[2], row[7], row[8]]) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('JSON: the report reply itself, without comment text', async () => {
    const res = await exportAs('json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="chorus-report-.+\.json"$/,
    );
    const expected = {
      ...report,
      report: {
        ...report.report,
        clusters: report.report.clusters.map((c) => ({ ...c, representatives: [] })),
      },
    };
    expect(JSON.parse(res.body)).toEqual(expected);
    noCommentText(res.body);
  });

  it('Markdown: the summary and every cluster with its stored share, markup escaped', async () => {
    const res = await exportAs('md');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="chorus-report-.+\.md"$/);
    const md = res.body;
    expect(md).toContain('# Sourdough, "the easy way"');
    expect(md).toContain('## Executive Summary');
    expect(md).toContain('## Clusters');
    expect(md).toContain('| Starter questions | Question | 55.6% | 55.6% | 5 | starter, feeding |');
    expect(md).toContain('=HYPERLINK("http://evil.example","click")');
    noCommentText(md);
  });

  it('PDF: a PDF document with a page', async () => {
    const res = await exportAs('pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/filename="chorus-report-.+\.pdf"$/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text.match(/\/Type \/Page\b(?!s)/g)?.length).toBeGreaterThanOrEqual(1);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    noCommentText(text);
  });

  it('job= exports an older run of the same video', async () => {
    const res = await exportAs('json', owner.token, `&job=${olderJobId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ job_id: olderJobId, title: 'Older run' });
  });

  it('refuses a wrong format or job with a message, another account gets 404, no session gets 401', async () => {
    for (const bad of ['xlsx', '', 'CSV']) {
      const res = await exportAs(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('code');
      expect(res.json<{ message: string }>().message).toMatch(/csv, json, md or pdf/);
    }
    const noFormat = await s.app.inject({
      method: 'GET',
      url: `/api/v1/report/${VIDEO}/export`,
      headers: bearer(owner.token),
    });
    expect(noFormat.statusCode).toBe(400);
    const badJob = await exportAs('csv', owner.token, '&job=not-a-job');
    expect(badJob.statusCode).toBe(400);
    const otherJob = await exportAs(
      'csv',
      owner.token,
      '&job=00000000-0000-4000-8000-000000000000',
    );
    expect(otherJob.statusCode).toBe(404);

    for (const format of ['csv', 'json', 'md', 'pdf']) {
      const res = await exportAs(format, intruder.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'report_not_found' });
      const intruderJob = await exportAs(format, intruder.token, `&job=${olderJobId}`);
      expect(intruderJob.statusCode).toBe(404);
    }
    expect((await exportAs('csv', null)).statusCode).toBe(401);
  });
});
