import { analyseComments } from '@app/analysis';
import {
  ChatReplySchema,
  ClusterAnalyzeReplySchema,
  ReportReplySchema,
  sentimentShare,
  type ReportReply,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { Container } from '../../../container';
import { describeEachDatabase } from '../../../test/databases';
import { createTestAnalysis, useAnalysisTestApp } from '../../../test/factories';
import { bearer, signUpTestUser } from '../../../test/test-app';

const VIDEO = 'figuresVid1';

/**
 * Comments where reading questions from words and from intents disagree: rhetorical praise and
 * requests phrased as questions beside real questions, and camera remarks that a creator's
 * context can turn into questions.
 */
const THEMES = [
  (i: number) => `Which lens did you use for the ${['sunset', 'night', 'drone'][i % 3]} shots?`,
  (i: number) =>
    `Isn't this the best ${['video', 'episode', 'vlog'][i % 3]} on the whole channel? Amazing work`,
  (i: number) => `Can you please make a part two about the ${['desert', 'forest', 'city'][i % 3]}?`,
  (i: number) => `The camera work in the ${['intro', 'middle', 'ending'][i % 3]} is stunning`,
  (i: number) =>
    `The audio was far too quiet in the ${['intro', 'middle', 'ending'][i % 3]}, terrible mix`,
  (i: number) => `I watched this with my ${['dad', 'sister', 'friends'][i % 3]} last night`,
];

function commentsCsv(n: number): string {
  const rows = ['id,text,likes,author,published_at'];
  for (let i = 0; i < n; i++) {
    const text = `${THEMES[i % THEMES.length]!(i)} (#${i})`;
    rows.push(`f${i},"${text}",${(i * 5) % 23},@fan${i % 17},2025-05-0${1 + (i % 9)}T10:00:00Z`);
  }
  return `${rows.join('\n')}\n`;
}

/** The sentence the deep analysis and the chat state a cluster's question count with. */
function questionSentence(count: number, size: number): string {
  const comments = `${size.toLocaleString('en-US')} ${size === 1 ? 'comment' : 'comments'}`;
  if (count === 0) return `None of the ${comments} in this cluster asks a question`;
  return `${count.toLocaleString('en-US')} of the ${comments} in this cluster ${count === 1 ? 'asks' : 'ask'} a question`;
}

/**
 * One truth per cluster: a report made by the real pipeline, then for every cluster the report's
 * figures, the cluster analysis reply and the chat's count agree with one another and with the
 * stored comments, before and after a CreatorX retag.
 */
describeEachDatabase("a cluster's figures agree everywhere", (t) => {
  let app: FastifyInstance;
  let container: Container;
  useAnalysisTestApp(
    t,
    {
      videos: { [VIDEO]: { csv: commentsCsv(90) } },
      overrides: { analyse: analyseComments },
    },
    (s) => ({ app, container } = s),
  );

  const getReport = async (token: string): Promise<ReportReply> => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/report/${VIDEO}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return ReportReplySchema.parse(res.json());
  };

  /** Every cluster's figures, deep analysis and chat count agree; returns the question counts. */
  const expectAgreement = async (token: string, report: ReportReply): Promise<number[]> => {
    const { clusters } = report.report;
    expect(clusters.length).toBeGreaterThan(1);
    const stored = await container.db
      .selectFrom('analysisComments')
      .innerJoin('analysisReports', 'analysisReports.jobId', 'analysisComments.jobId')
      .select(['clusterId', 'intent', 'sentimentLabel'])
      .where('analysisReports.videoId', '=', VIDEO)
      .execute();
    const questionCounts: number[] = [];
    for (const c of clusters) {
      const members = stored.filter((r) => r.clusterId === c.cluster_id);
      const { counts } = c.sentiment;
      // the report's figures: counted from the stored comments, shares derived from the counts
      expect(c.size).toBe(members.length);
      expect(c.intent_counts.Question).toBe(members.filter((r) => r.intent === 'Question').length);
      expect(counts.positive + counts.neutral + counts.negative).toBe(c.size);
      expect(counts.positive).toBe(members.filter((r) => r.sentimentLabel === 'positive').length);
      expect(counts.negative).toBe(members.filter((r) => r.sentimentLabel === 'negative').length);
      expect(c.sentiment.positive_share).toBe(sentimentShare(counts.positive, c.size));
      expect(c.sentiment.negative_share).toBe(sentimentShare(counts.negative, c.size));

      // the deep analysis states the same figures
      const analyzed = await app.inject({
        method: 'POST',
        url: '/api/v1/cluster/analyze',
        headers: bearer(token),
        payload: { video_id: VIDEO, cluster_id: c.cluster_id },
      });
      expect(analyzed.statusCode, analyzed.body).toBe(200);
      const { analysis } = ClusterAnalyzeReplySchema.parse(analyzed.json());
      expect(analysis.question_count, c.heading).toBe(c.intent_counts.Question);
      expect(analysis.sentiment_counts, c.heading).toEqual(counts);
      expect(analysis.sentiment, c.heading).toBe(c.sentiment.label);
      const sentence = questionSentence(c.intent_counts.Question, c.size);
      if (c.intent_counts.Question > 0) expect(analysis.summary, c.heading).toContain(sentence);
      else expect(analysis.summary, c.heading).not.toMatch(/asks? a question/);
      expect(analysis.top_questions.length).toBeLessThanOrEqual(c.intent_counts.Question);

      // and so does the chat, asked what people ask
      const chatted = await app.inject({
        method: 'POST',
        url: '/api/v1/cluster/chat',
        headers: bearer(token),
        payload: { video_id: VIDEO, cluster_id: c.cluster_id, message: 'What do people ask?' },
      });
      expect(chatted.statusCode, chatted.body).toBe(200);
      const chat = ChatReplySchema.parse(chatted.json());
      expect(chat.answer.split('\n')[0], c.heading).toMatch(new RegExp(`^${sentence}\\. `));
      questionCounts.push(c.intent_counts.Question);
    }
    // the summary's lines about questions claim a cluster's stored share of questions
    const total = clusters.reduce((a, c) => a + c.size, 0);
    const questionShares = clusters
      .filter((c) => c.intent_counts.Question > 0)
      .map((c) => `${Math.round((1000 * c.intent_counts.Question) / total) / 10}%`);
    const questionLines = report.executive_summary.improvement_suggestions.filter((l) =>
      l.startsWith('Answer '),
    );
    for (const line of questionLines) {
      const share = /\(([\d.]+%) of comments/.exec(line)?.[1];
      if (share !== undefined) expect(questionShares, line).toContain(share);
      // a question it quotes is one of the stored questions to answer, with its stored count
      const quoted = [...line.matchAll(/"([^"]+)" \(asked (\d+) times?\)/g)];
      for (const [, text, times] of quoted) {
        const wording = text!.replace(/…$/, '');
        const stored = (report.questions ?? []).find((q) => q.question.startsWith(wording));
        expect(stored, line).toBeDefined();
        expect(stored!.count, line).toBe(Number(times));
      }
      expect(share !== undefined || quoted.length > 0, line).toBe(true);
    }
    // the video's sentiment: counts that make its shares, over the audience's comments
    const whole = report.report.sentiment;
    const counted = whole.counts.positive + whole.counts.neutral + whole.counts.negative;
    expect(counted).toBe(report.report.analysed_comments);
    expect(whole.positive_share).toBe(sentimentShare(whole.counts.positive, counted));
    return questionCounts;
  };

  it('in the report, the cluster analysis and the chat, before and after a retag', async () => {
    const { token } = await signUpTestUser(app);
    await createTestAnalysis(app, token, VIDEO, 120_000);

    const first = await getReport(token);
    const before = await expectAgreement(token, first);
    // the words read several comments as questions that their intents do not
    expect(before.reduce((a, b) => a + b, 0)).toBeLessThan(90 / 2);

    // remarks about the camera become questions: the counts change, and still agree everywhere
    const retag = await app.inject({
      method: 'POST',
      url: `/api/v1/retag/${VIDEO}`,
      headers: bearer(token),
      payload: { context: 'treat camera comments as questions' },
    });
    expect(retag.statusCode, retag.body).toBe(200);
    const retagged = await getReport(token);
    const after = await expectAgreement(token, retagged);
    expect(after.reduce((a, b) => a + b, 0)).toBeGreaterThan(before.reduce((a, b) => a + b, 0));
    // the summary was composed again from the new counts
    expect(retagged.executive_summary).not.toEqual(first.executive_summary);
  }, 240_000);
});
