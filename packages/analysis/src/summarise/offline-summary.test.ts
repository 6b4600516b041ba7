import { describe, expect, it } from 'vitest';
import { ExecutiveSummarySchema } from '@app/contracts';
import { composeOfflineSummary, vibe, type SummaryCluster } from './offline-summary';

function cluster(extra: Partial<SummaryCluster>): SummaryCluster {
  return {
    clusterId: 0,
    heading: 'Thoughts on the video',
    subject: null,
    tags: [],
    category: 'Opinion',
    percentage: 10,
    engagementPercentage: 10,
    size: 10,
    sentiment: { label: 'neutral', score: 0, positive_share: 0.2, negative_share: 0.1 },
    representatives: [],
    spam: false,
    intentCounts: { Request: 0, Praise: 0, Criticism: 0, Question: 0, Opinion: 10 },
    ...extra,
  };
}

describe('composeOfflineSummary', () => {
  it('grounds positives and suggestions in the clusters with their shares', () => {
    const summary = composeOfflineSummary(
      [
        cluster({
          clusterId: 0,
          heading: 'Praise for the editing',
          subject: 'the editing',
          category: 'Praise',
          percentage: 40.5,
          size: 81,
          intentCounts: { Request: 0, Praise: 60, Criticism: 0, Question: 0, Opinion: 21 },
          engagementPercentage: 60,
          sentiment: { label: 'positive', score: 0.6, positive_share: 0.8, negative_share: 0 },
        }),
        cluster({
          clusterId: 1,
          heading: 'Requests for part 2',
          subject: 'part 2',
          category: 'Request',
          percentage: 30,
          size: 60,
          intentCounts: { Request: 20, Praise: 0, Criticism: 0, Question: 0, Opinion: 40 },
        }),
        cluster({
          clusterId: 2,
          heading: 'Questions about the recipe',
          subject: 'the recipe',
          category: 'Question',
          percentage: 19.5,
          size: 39,
          intentCounts: { Request: 0, Praise: 0, Criticism: 0, Question: 39, Opinion: 0 },
        }),
        cluster({
          clusterId: 3,
          heading: 'Spam and self-promotion',
          category: 'Opinion',
          percentage: 10,
          size: 20,
          intentCounts: { Request: 0, Praise: 0, Criticism: 0, Question: 0, Opinion: 20 },
          spam: true,
        }),
      ],
      { label: 'positive', score: 0.4, positive_share: 0.65, negative_share: 0.05 },
    );
    expect(ExecutiveSummarySchema.parse(summary)).toEqual(summary);
    expect(summary.overall_vibe).toBe(
      'Viewers are overwhelmingly positive; the biggest conversation is praise for the editing (40.5% of comments).',
    );
    expect(summary.key_positives).toEqual([
      'Praise for the editing (40.5% of comments, drawing 60% of likes).',
    ]);
    // a line claims the comments that ask (20 of 200), and names the topic's share when it is more
    expect(summary.improvement_suggestions).toEqual([
      'Answer the questions about the recipe (19.5% of comments), for example in a pinned comment.',
      'Consider part 2: 10% of comments ask for it, within a topic of 30%.',
    ]);
    expect(JSON.stringify(summary)).not.toMatch(/spam/i);
  });

  it('describes a critical audience', () => {
    const summary = composeOfflineSummary(
      [
        cluster({
          heading: 'Complaints about the audio',
          subject: 'the audio',
          category: 'Criticism',
          percentage: 100,
          intentCounts: { Request: 0, Praise: 0, Criticism: 7, Question: 0, Opinion: 3 },
        }),
      ],
      {
        label: 'negative',
        score: -0.4,
        positive_share: 0.1,
        negative_share: 0.6,
      },
    );
    expect(summary.overall_vibe).toMatch(/^Viewers are mostly critical/);
    const tone = (positive_share: number, negative_share: number) =>
      vibe({ label: 'neutral', score: 0, positive_share, negative_share });
    // a third positive and the rest mostly neutral (a tutorial's questions) only leans positive
    expect(tone(0.33, 0.06)).toBe('Reactions lean positive');
    expect(tone(0.5, 0.1)).toBe('Viewers are mostly positive');
    expect(tone(0.1, 0.3)).toBe('Reactions lean critical');
    expect(tone(0.3, 0.3)).toBe('Reactions are split');
    expect(tone(0.05, 0.05)).toBe('Reactions are mostly neutral');
    expect(summary.improvement_suggestions).toEqual([
      'Address the complaints about the audio (70% of comments, within a topic of 100%).',
    ]);
    // says so rather than leaving the list empty
    expect(summary.key_positives).toEqual(['No praise stands out: no viewer praises the video.']);
  });

  it('names praise inside a wider topic with both shares, so it matches the chart', () => {
    const summary = composeOfflineSummary(
      [
        cluster({
          heading: 'Enthusiasm about youtuber and markiplier',
          subject: 'youtuber and markiplier',
          category: 'Opinion',
          size: 40,
          percentage: 20,
          intentCounts: { Request: 0, Praise: 18, Criticism: 0, Question: 0, Opinion: 22 },
        }),
        cluster({
          clusterId: 1,
          size: 160,
          percentage: 80,
          intentCounts: { Request: 0, Praise: 0, Criticism: 0, Question: 0, Opinion: 160 },
        }),
      ],
      { label: 'neutral', score: 0.1, positive_share: 0.2, negative_share: 0.05 },
    );
    expect(summary.key_positives).toEqual([
      'Viewers praise youtuber and markiplier (9% of comments, within a topic of 20%).',
    ]);
  });

  it('gives praise without a subject in several topics one line, and skips minorities under 1% of comments', () => {
    const warm = {
      label: 'positive',
      score: 0.4,
      positive_share: 0.4,
      negative_share: 0.1,
    } as const;
    const summary = composeOfflineSummary(
      [
        cluster({
          clusterId: 0,
          heading: 'General praise for the video',
          category: 'Praise',
          size: 200,
          percentage: 20,
          sentiment: warm,
          intentCounts: { Request: 0, Praise: 150, Criticism: 0, Question: 0, Opinion: 50 },
        }),
        cluster({
          clusterId: 1,
          heading: 'Thoughts on hour',
          size: 90,
          percentage: 9,
          intentCounts: { Request: 0, Praise: 20, Criticism: 0, Question: 0, Opinion: 70 },
        }),
        cluster({
          clusterId: 2,
          heading: 'Short reactions and chatter',
          size: 30,
          percentage: 3,
          intentCounts: { Request: 0, Praise: 10, Criticism: 0, Question: 0, Opinion: 20 },
        }),
        cluster({
          clusterId: 3,
          heading: 'Jokes about the ghost',
          subject: 'the ghost',
          size: 18,
          percentage: 1.8,
          // 4 questions are 22% of the topic but 0.4% of all comments
          intentCounts: { Request: 0, Praise: 0, Criticism: 0, Question: 4, Opinion: 14 },
        }),
        cluster({ clusterId: 4, size: 662, percentage: 66.2 }),
      ],
      warm,
    );
    expect(summary.key_positives).toEqual([
      'General praise for the video (20% of comments).',
      'Viewers praise the video across 2 topics (3% of comments).',
    ]);
    // Lines are ordered by the share they show: a praise topic by its size, not by its praise alone.
    const ordered = composeOfflineSummary(
      [
        cluster({
          clusterId: 0,
          heading: 'Enthusiasm about Niko',
          subject: 'Niko',
          size: 183,
          percentage: 18.3,
          intentCounts: { Request: 0, Praise: 61, Criticism: 0, Question: 0, Opinion: 122 },
        }),
        cluster({
          clusterId: 1,
          heading: 'Praise for the youtubers',
          category: 'Praise',
          size: 40,
          percentage: 4,
          engagementPercentage: 4,
          intentCounts: { Request: 0, Praise: 20, Criticism: 0, Question: 0, Opinion: 20 },
        }),
        cluster({
          clusterId: 2,
          heading: 'Thoughts on David',
          subject: 'David',
          size: 96,
          percentage: 9.6,
          intentCounts: { Request: 0, Praise: 21, Criticism: 0, Question: 0, Opinion: 75 },
        }),
        cluster({ clusterId: 3, size: 681, percentage: 68.1 }),
      ],
      warm,
    );
    expect(ordered.key_positives).toEqual([
      'Viewers praise Niko (6.1% of comments, within a topic of 18.3%).',
      'Praise for the youtubers (4% of comments).',
      'Viewers praise David (2.1% of comments, within a topic of 9.6%).',
    ]);
    expect(summary.improvement_suggestions).toEqual([
      'Nothing to fix stands out: 4 questions in all, spread thinly across the topics.',
    ]);
  });

  it('says "Consider X" only for a Request topic: requests inside another topic are about it', () => {
    const summary = composeOfflineSummary(
      [
        cluster({
          heading: 'Praise for Derek',
          subject: 'Derek',
          category: 'Praise',
          size: 90,
          percentage: 18,
          intentCounts: { Request: 20, Praise: 60, Criticism: 0, Question: 0, Opinion: 10 },
        }),
        cluster({
          clusterId: 1,
          heading: 'Requests for part 2',
          subject: 'part 2',
          category: 'Request',
          size: 30,
          percentage: 6,
          intentCounts: { Request: 25, Praise: 0, Criticism: 0, Question: 0, Opinion: 5 },
        }),
        cluster({ clusterId: 2, size: 380, percentage: 76 }),
      ],
      { label: 'positive', score: 0.4, positive_share: 0.5, negative_share: 0.05 },
    );
    expect(summary.improvement_suggestions).toEqual([
      'Consider part 2: 5% of comments ask for it.',
      'Look at what viewers ask for about Derek (4% of comments, within a topic of 18%).',
    ]);
  });

  it('puts requests and questions to the person their heading names, and advice as suggestions for them', () => {
    const summary = composeOfflineSummary(
      [
        cluster({
          heading: 'Suggestions for Mike',
          person: { name: 'Mike', advised: true },
          category: 'Request',
          size: 30,
          percentage: 6,
          intentCounts: { Request: 20, Praise: 0, Criticism: 0, Question: 0, Opinion: 10 },
        }),
        cluster({
          clusterId: 1,
          heading: 'Requests to Derek',
          person: { name: 'Derek', advised: false },
          category: 'Request',
          size: 25,
          percentage: 5,
          intentCounts: { Request: 15, Praise: 5, Criticism: 0, Question: 0, Opinion: 5 },
        }),
        cluster({
          clusterId: 2,
          heading: 'Questions for Derek',
          person: { name: 'Derek', advised: false },
          category: 'Question',
          size: 20,
          percentage: 4,
          intentCounts: { Request: 0, Praise: 0, Criticism: 0, Question: 20, Opinion: 0 },
        }),
        cluster({ clusterId: 3, size: 425, percentage: 85 }),
      ],
      { label: 'positive', score: 0.4, positive_share: 0.5, negative_share: 0.05 },
    );
    expect(summary.improvement_suggestions).toEqual([
      "Look at viewers' suggestions for Mike (4% of comments, within a topic of 6%).",
      "Answer viewers' questions for Derek (4% of comments), for example in a pinned comment.",
      'Look at what viewers ask of Derek (3% of comments, within a topic of 5%).',
    ]);
  });

  it('names the biggest topic in the vibe when the biggest cluster names none', () => {
    const neutral = {
      label: 'neutral',
      score: 0,
      positive_share: 0.2,
      negative_share: 0.1,
    } as const;
    const chatter = cluster({
      heading: 'Short reactions and chatter',
      size: 231,
      percentage: 23.1,
    });
    const mod = cluster({
      clusterId: 1,
      heading: 'Requests for mod ideas',
      subject: 'mod ideas',
      category: 'Request',
      size: 217,
      percentage: 21.7,
    });
    const rest = cluster({
      clusterId: 2,
      size: 552,
      percentage: 55.2,
      heading: 'Thoughts on x',
      subject: 'x',
    });
    expect(composeOfflineSummary([chatter, mod], neutral).overall_vibe).toBe(
      'Reactions lean positive; the biggest specific topic is requests for mod ideas (21.7% of comments).',
    );
    // a topic less than half the size of the biggest cluster is not "the biggest" of anything
    const small = { ...mod, size: 100, percentage: 10 };
    expect(composeOfflineSummary([chatter, small], neutral).overall_vibe).toBe(
      'Reactions lean positive; the biggest conversation is short reactions and chatter (23.1% of comments).',
    );
    expect(composeOfflineSummary([rest, chatter], neutral).overall_vibe).toContain(
      'the biggest conversation is thoughts on x (55.2% of comments)',
    );
  });

  it('says when nothing stands out to act on instead of leaving suggestions empty', () => {
    const praise = {
      label: 'positive',
      score: 0.6,
      positive_share: 0.8,
      negative_share: 0,
    } as const;
    const few = composeOfflineSummary(
      [
        cluster({
          category: 'Praise',
          size: 60,
          percentage: 60,
          sentiment: praise,
          intentCounts: { Request: 1, Praise: 50, Criticism: 2, Question: 0, Opinion: 7 },
        }),
        cluster({ clusterId: 1, size: 40, percentage: 40 }),
      ],
      praise,
    );
    expect(few.improvement_suggestions).toEqual([
      'Nothing to fix stands out: 1 request and 2 complaints in all, spread thinly across the topics.',
    ]);
    const none = composeOfflineSummary([cluster({})], praise);
    expect(none.improvement_suggestions).toEqual([
      'Nothing to fix stands out: no viewer asks for anything or complains.',
    ]);
  });

  it("quotes a topic's example when its suggestion names no subject", () => {
    const noisy = cluster({
      heading: 'Negative reactions',
      size: 21,
      percentage: 21,
      intentCounts: { Request: 1, Praise: 2, Criticism: 6, Question: 5, Opinion: 7 },
      examples: {
        Criticism: 'lol their reactions are so fake now',
        Question: `How many takes did each trick shot need? ${'really '.repeat(20)}curious`,
      },
    });
    const rest = cluster({ clusterId: 1, size: 79, percentage: 79 });
    expect(composeOfflineSummary([noisy, rest], noisy.sentiment).improvement_suggestions).toEqual([
      'Address viewers\' complaints, like "lol their reactions are so fake now" (6% of comments, within the 21% topic "Negative reactions").',
      'Answer viewers\' open questions, like "How many takes did each trick shot need? really really really really really really really really really really really…" (5% of comments, within the 21% topic "Negative reactions"), for example in a pinned comment.',
    ]);
    // a subject says what the line is about: no quote
    const named = { ...noisy, subject: 'the reactions', heading: 'Complaints about the reactions' };
    expect(composeOfflineSummary([named, rest], noisy.sentiment).improvement_suggestions[0]).toBe(
      'Address the complaints about the reactions (6% of comments, within a topic of 21%).',
    );
  });

  it('names the topic of a line that names no subject, since two topics can share a size', () => {
    // a real section: "Viewers praise the video (5% of comments, within a topic of 17%)" beside two
    // topics of 17%, "Complaints about Apple and Steve Jobs" and "Comments in other languages"
    const warm = {
      label: 'positive',
      score: 0.3,
      positive_share: 0.4,
      negative_share: 0.1,
    } as const;
    const apple = cluster({
      heading: 'Complaints about Apple and Steve Jobs',
      subject: 'Apple and Steve Jobs',
      category: 'Criticism',
      size: 17,
      percentage: 17,
      intentCounts: { Request: 0, Praise: 2, Criticism: 8, Question: 0, Opinion: 7 },
    });
    const other = cluster({
      clusterId: 1,
      heading: 'Comments in other languages',
      size: 17,
      percentage: 17,
      intentCounts: { Request: 0, Praise: 5, Criticism: 0, Question: 0, Opinion: 12 },
    });
    const rest = cluster({ clusterId: 2, size: 66, percentage: 66 });
    const summary = composeOfflineSummary([apple, other, rest], warm);
    expect(summary.key_positives).toContain(
      'Viewers praise the video (5% of comments, within the 17% topic "Comments in other languages").',
    );
    // a subject already says which topic: its size is enough
    expect(summary.improvement_suggestions).toContain(
      'Address the complaints about Apple and Steve Jobs (8% of comments, within a topic of 17%).',
    );
  });

  it('says when no praise stands out instead of leaving positives empty', () => {
    const neutral = {
      label: 'neutral',
      score: 0,
      positive_share: 0.1,
      negative_share: 0.1,
    } as const;
    // one praising comment in each of two joke topics: too thin for a line of its own
    const jokes = (clusterId: number) =>
      cluster({
        clusterId,
        heading: `Jokes about ${clusterId}`,
        size: 50,
        percentage: 50,
        sentiment: neutral,
        intentCounts: { Request: 0, Praise: 1, Criticism: 0, Question: 0, Opinion: 49 },
      });
    expect(composeOfflineSummary([jokes(0), jokes(1)], neutral).key_positives).toEqual([
      'No praise stands out: 2 comments praise the video in all, spread thinly across the topics.',
    ]);
  });
});
