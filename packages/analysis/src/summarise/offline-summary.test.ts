import { describe, expect, it } from 'vitest';
import { ExecutiveSummarySchema, type Intent } from '@app/contracts';
import type { AudienceQuestion } from '../questions/audience-questions';
import { composeOfflineSummary, vibe, type SummaryCluster } from './offline-summary';

const counts = (c: Partial<Record<Intent, number>>): Record<Intent, number> => ({
  Request: 0,
  Praise: 0,
  Criticism: 0,
  Question: 0,
  Opinion: 0,
  ...c,
});

function cluster(extra: Partial<SummaryCluster>): SummaryCluster {
  return {
    clusterId: 0,
    heading: 'Talks about the video',
    subject: null,
    tags: [],
    category: 'Opinion',
    percentage: 10,
    engagementPercentage: 10,
    size: 10,
    sentiment: { label: 'neutral', score: 0, positive_share: 0.2, negative_share: 0.1 },
    representatives: [],
    spam: false,
    intentCounts: counts({ Opinion: 10 }),
    ...extra,
  };
}

const positive = {
  label: 'positive',
  score: 0.4,
  positive_share: 0.6,
  negative_share: 0.1,
} as const;

function question(text: string, count: number, answered = false): AudienceQuestion {
  return {
    question: text,
    count,
    likes: 0,
    commentIds: [],
    clusterId: 0,
    answered,
    suggestedReply: null,
  };
}

describe('composeOfflineSummary', () => {
  const audio = cluster({
    clusterId: 1,
    heading: 'Finds the music too loud',
    subject: 'the music',
    category: 'Criticism',
    size: 30,
    percentage: 15,
    intentCounts: counts({ Criticism: 18, Opinion: 12 }),
    examples: { Criticism: 'the music is way too loud over the voice' },
  });
  const intro = cluster({
    clusterId: 2,
    heading: 'Complains about the intro',
    subject: 'the intro',
    category: 'Criticism',
    size: 12,
    percentage: 6,
    intentCounts: counts({ Criticism: 7, Opinion: 5 }),
  });
  const part2 = cluster({
    clusterId: 3,
    heading: 'Asks for a part 2',
    subject: 'a part 2',
    category: 'Request',
    size: 20,
    percentage: 10,
    intentCounts: counts({ Request: 9, Opinion: 11 }),
    examples: { Request: 'please make a part 2 about the sauce' },
  });
  const editing = cluster({
    clusterId: 4,
    heading: 'Loves the editing',
    subject: 'the editing',
    category: 'Praise',
    size: 40,
    percentage: 20,
    sentiment: positive,
    intentCounts: counts({ Praise: 31, Opinion: 9 }),
  });
  const thanks = cluster({
    clusterId: 0,
    heading: 'Thanks the creator',
    category: 'Praise',
    size: 60,
    percentage: 30,
    sentiment: positive,
    generic: true,
    intentCounts: counts({ Praise: 55, Opinion: 5 }),
  });

  it('says what to fix first: the largest criticism with its count and a short quote', () => {
    const summary = composeOfflineSummary([thanks, editing, audio, intro, part2], positive);
    expect(ExecutiveSummarySchema.safeParse(summary).success).toBe(true);
    expect(summary.improvement_suggestions[0]).toBe(
      'Fix the music: 18 comments complain, like "the music is way too loud over the voice".',
    );
    expect(summary.improvement_suggestions[1]).toBe('Fix the intro: 7 comments complain.');
  });

  it('says what to make next from the largest requests, and which questions to answer first', () => {
    const summary = composeOfflineSummary([thanks, editing, audio, part2], positive, [
      question('Where do I buy the sauce?', 6),
      question('What camera is this?', 1),
      question('Is it vegan?', 3, true),
    ]);
    expect(summary.improvement_suggestions).toContain(
      'Make a part 2 next: 9 comments ask for it, like "please make a part 2 about the sauce".',
    );
    // open questions first, most asked first; an answered one after them
    expect(summary.improvement_suggestions.at(-1)).toBe(
      'Answer these questions first, for example in a pinned comment: "Where do I buy the sauce?" (asked 6 times), "What camera is this?", "Is it vegan?" (asked 3 times).',
    );
  });

  it('counts the audience only: spam and the creator never make advice', () => {
    const promo = cluster({
      clusterId: 5,
      heading: 'Asks for a giveaway',
      subject: 'a giveaway',
      category: 'Request',
      size: 40,
      percentage: 20,
      intentCounts: counts({ Request: 40 }),
      audienceCounts: counts({ Request: 1 }),
    });
    const spam = cluster({
      clusterId: 6,
      heading: 'Spam and self-promotion',
      category: 'Request',
      size: 50,
      spam: true,
      intentCounts: counts({ Request: 50 }),
    });
    const summary = composeOfflineSummary([part2, promo, spam], positive);
    expect(summary.improvement_suggestions[0]).toMatch(/^Make a part 2 next: 9 comments/);
    expect(summary.improvement_suggestions.join(' ')).not.toContain('50 comments');
    expect(summary.improvement_suggestions.join(' ')).not.toContain('40 comments');
  });

  it('never says nothing stands out while anyone asks or complains, however thinly spread', () => {
    const thin = [0, 1, 2, 3].map((clusterId) =>
      cluster({
        clusterId,
        size: 100,
        percentage: 25,
        intentCounts: counts({ Criticism: 1, Question: 1, Opinion: 98 }),
        examples: { Criticism: `complaint ${clusterId}` },
      }),
    );
    const summary = composeOfflineSummary(thin, positive);
    expect(summary.improvement_suggestions.join(' ')).not.toMatch(/nothing/i);
    expect(summary.improvement_suggestions[0]).toBe(
      'Fix what 1 comment complains about, like "complaint 0".',
    );
    expect(summary.improvement_suggestions).toHaveLength(2);
    expect(
      composeOfflineSummary([cluster({ intentCounts: counts({ Opinion: 10 }) })], positive)
        .improvement_suggestions,
    ).toEqual(['No viewer asks for anything, asks a question or complains.']);
  });

  it('names what viewers liked with counts; praise of the video as a whole is one line', () => {
    const warm = cluster({
      clusterId: 7,
      heading: 'Enjoys the dog',
      subject: 'the dog',
      category: 'Opinion',
      size: 20,
      percentage: 10,
      sentiment: { label: 'positive', score: 0.5, positive_share: 0.7, negative_share: 0 },
      intentCounts: counts({ Praise: 3, Opinion: 17 }),
    });
    const praiseInAudio = { ...audio, intentCounts: counts({ Criticism: 18, Praise: 4 }) };
    const summary = composeOfflineSummary([thanks, editing, warm, praiseInAudio], positive);
    expect(summary.key_positives).toEqual([
      '55 comments praise or thank you for the video as a whole.',
      'Viewers love the editing (31 comments praise it).',
      'Viewers enjoy the dog (14 positive comments).',
      'Viewers love the music (4 comments praise it).',
    ]);
    expect(
      composeOfflineSummary([cluster({ intentCounts: counts({ Opinion: 10 }) })], positive)
        .key_positives,
    ).toEqual(['No viewer praises the video.']);
  });

  it('keeps the vibe one short sentence naming the biggest theme, a topic over a generic one', () => {
    const neutral = {
      label: 'neutral',
      score: 0,
      positive_share: 0.2,
      negative_share: 0.1,
    } as const;
    expect(composeOfflineSummary([thanks, editing], neutral).overall_vibe).toBe(
      'Reactions lean positive; the biggest specific theme is “Loves the editing” (20% of comments).',
    );
    const small = { ...part2, percentage: 5 };
    expect(composeOfflineSummary([thanks, small], neutral).overall_vibe).toBe(
      'Reactions lean positive; the biggest theme is “Thanks the creator” (30% of comments).',
    );
  });
});

describe('vibe', () => {
  it('says "mostly" only when about half the comments are on that side', () => {
    expect(
      vibe({ label: 'positive', score: 0.3, positive_share: 0.45, negative_share: 0.05 }),
    ).toBe('Viewers are mostly positive');
    expect(vibe({ label: 'positive', score: 0.1, positive_share: 0.2, negative_share: 0.05 })).toBe(
      'Reactions lean positive',
    );
    expect(vibe({ label: 'mixed', score: 0, positive_share: 0.3, negative_share: 0.3 })).toBe(
      'Reactions are split',
    );
  });
});
