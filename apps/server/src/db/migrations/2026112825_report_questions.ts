import { sql, type Kysely } from 'kysely';

/**
 * Reports store the questions to answer (`analysis_reports.questions`, jsonb: the contract's
 * ReportQuestion list, most asked first). Reports stored before are given a list here, once, from
 * their stored comments when those are still there: Question-intent comments from the audience
 * that carry a question mark, identical wordings merged (their vectors were not stored, so no
 * closer merging), answered when the video's channel replied under one of them (or in its thread
 * after it, for one asked as a reply), no suggested reply.
 * Reports whose comments expired keep null (their questions cannot be worked out). Self-contained
 * on purpose: a migration must not change when the application code does.
 */

interface Row {
  id: string;
  text: string;
  author: string | null;
  likes: number;
  published: string | null;
  parent: string | null;
  cluster: number;
  intent: string;
  creator: boolean;
}

interface Group {
  members: Row[];
  first: number;
}

const QUESTION_MARK = /[?？؟]/;

function wording(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= 160) return t;
  const cut = t.slice(0, 159);
  const space = cut.lastIndexOf(' ');
  return `${(space > 80 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function questionsOf(rows: readonly Row[]): unknown[] {
  const repliedTo = new Set(rows.filter((r) => r.creator && r.parent).map((r) => r.parent));
  const time = (r: Row): number | null => {
    const t = r.published ? Date.parse(r.published) : NaN;
    return Number.isFinite(t) ? t : null;
  };
  // a question asked as a reply is answered by the channel's later reply in the same thread
  const creatorLast = new Map<string, number>();
  for (const o of rows) {
    const t = time(o);
    if (o.creator && o.parent !== null && t !== null)
      creatorLast.set(o.parent, Math.max(creatorLast.get(o.parent) ?? t, t));
  }
  const answeredIn = (r: Row): boolean => {
    if (repliedTo.has(r.id)) return true;
    const asked = time(r);
    const last = r.parent === null ? undefined : creatorLast.get(r.parent);
    return asked !== null && last !== undefined && last > asked;
  };
  const groups = new Map<string, Group>();
  rows.forEach((r, i) => {
    if (r.intent !== 'Question' || r.creator || !QUESTION_MARK.test(r.text)) return;
    const key = r.text.replace(/\s+/g, ' ').trim().toLowerCase();
    if (key === '') return;
    const group = groups.get(key) ?? { members: [], first: i };
    group.members.push(r);
    groups.set(key, group);
  });
  const list = [...groups.values()].map((g) => {
    const members = [...g.members].sort((a, b) => b.likes - a.likes);
    const clusters = new Map<number, number>();
    for (const m of members) clusters.set(m.cluster, (clusters.get(m.cluster) ?? 0) + 1);
    const cluster = [...clusters].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
    return {
      first: g.first,
      question: wording(members[0]!.text),
      count: members.length,
      like_count: members.reduce((s, m) => s + Math.max(0, m.likes), 0),
      cluster_id: cluster,
      examples: members.slice(0, 3).map((m) => ({
        id: m.id,
        text: m.text,
        author: m.author,
        like_count: Math.max(0, m.likes),
        published_at: m.published,
      })),
      answered: members.some(answeredIn),
      suggested_reply: null,
    };
  });
  list.sort((a, b) => b.count - a.count || b.like_count - a.like_count || a.first - b.first);
  return list.map(({ first: _first, ...q }) => q);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analysis_reports').addColumn('questions', 'jsonb').execute();
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows: jobs } = await sql<{ job: string }>`
      select r.job_id::text as job from analysis_reports r
      where r.job_id > ${after}::uuid order by r.job_id limit 200`.execute(db);
    if (jobs.length === 0) break;
    after = jobs[jobs.length - 1]!.job;
    for (const { job } of jobs) {
      // (aliases of one word: the application's connection camel-cases column names)
      const { rows } = await sql<Row>`
        select comment_id as id, text, author, like_count as likes,
          to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as published,
          parent_id as parent, cluster_id as cluster, intent, by_creator as creator
        from analysis_comments where job_id = ${job}::uuid order by position`.execute(db);
      if (rows.length === 0) continue;
      await sql`update analysis_reports set questions = ${JSON.stringify(questionsOf(rows))}::jsonb
        where job_id = ${job}::uuid`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analysis_reports').dropColumn('questions').execute();
}
