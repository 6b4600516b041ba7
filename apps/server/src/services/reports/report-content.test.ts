import type { ReportReply } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { reportQuestions, withoutCommentText } from './report-content';
import { csvCell } from './report-csv';
import { mdText, reportMarkdown } from './report-markdown';
import { pdfText } from './report-pdf';

const sentiment = {
  label: 'neutral' as const,
  score: 0,
  positive_share: 0,
  negative_share: 0,
  counts: { positive: 1, neutral: 1, negative: 0 },
};
const comment = {
  id: 'c',
  text: 'words of a commenter',
  author: 'A Person',
  like_count: 1,
  published_at: null,
};
const reply = {
  job_id: 'j',
  video_id: 'abcdefghijk',
  platform: 'youtube',
  title: 'A video',
  channel_title: null,
  thumbnail_url: '',
  created_at: '2026-11-20T10:00:00.000Z',
  report: {
    clusters: [
      {
        cluster_id: 0,
        heading: 'Topic',
        tags: ['t'],
        category: 'Question' as const,
        percentage: 100,
        engagement_percentage: 100,
        size: 2,
        like_count: 1,
        sentiment,
        intent_counts: { Request: 0, Praise: 0, Criticism: 0, Question: 2, Opinion: 0 },
        representatives: [comment],
      },
    ],
    labeller: 'offline',
    embedder: 'fake',
    video_comment_count: 2,
    analysed_comments: 2,
    sentiment,
    duplicate_comments: 0,
    spam_comments: 0,
    likes_approximate: false,
    source: 'test',
  },
  total_comments: 2,
  processing_seconds: 1,
  executive_summary: { overall_vibe: 'Calm', key_positives: [], improvement_suggestions: [] },
  questions: null,
} satisfies ReportReply;

const asked = (question: string, count: number): NonNullable<ReportReply['questions']>[number] => ({
  question,
  count,
  like_count: 0,
  cluster_id: 0,
  examples: [comment],
  answered: false,
  suggested_reply: null,
});

describe('what leaves Chorus in a file or a shared link', () => {
  it('drops every comment-shaped entry, wherever another section put it', () => {
    const withExtras = {
      ...reply,
      questions: [{ question: 'How long?', count: 3, examples: [comment] }, comment],
      spam: { count: 1, samples: [comment] },
    };
    const clean = withoutCommentText(withExtras);
    expect(JSON.stringify(clean)).not.toContain('words of a commenter');
    expect(JSON.stringify(clean)).not.toContain('A Person');
    expect(clean.report.clusters[0]!.representatives).toEqual([]);
    expect(clean.questions).toEqual([{ question: 'How long?', count: 3, examples: [] }]);
    expect(clean.spam.count).toBe(1);
  });

  it('reads the stored questions, and the Markdown lists them before the clusters', () => {
    const withQuestions = {
      ...reply,
      questions: [asked('Which flour?', 1), asked('How long?', 4)],
    };
    expect(reportQuestions(withQuestions)).toEqual([
      { text: 'Which flour?', count: 1 },
      { text: 'How long?', count: 4 },
    ]);
    const md = reportMarkdown(withQuestions);
    expect(md).toContain('## Questions');
    expect(md).toContain('How long? (4)');
    expect(md).not.toContain('words of a commenter');
    expect(md.indexOf('## Questions')).toBeLessThan(md.indexOf('## Clusters'));
    expect(reportMarkdown(reply)).not.toContain('## Questions');
  });

  it('CSV cells: formula starts get an apostrophe, quotes are doubled, numbers stay numbers', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvCell('say "hi", then')).toBe('"say ""hi"", then"');
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell(12.5)).toBe('12.5');
  });

  it('Markdown text cannot add markup, links, HTML or table cells', () => {
    expect(mdText('<img src=x> [a](http://x) | *b*\nnext')).toBe(
      '\\<img src=x\\> \\[a\\](http://x) \\| \\*b\\* next',
    );
  });

  it('PDF text keeps Latin-1 and typographic punctuation, drops emoji, marks other scripts', () => {
    expect(pdfText('Café – “crème” 😀 中文')).toBe('Café – “crème” ??');
  });
});
