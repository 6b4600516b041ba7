// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { StatCards } from './stat-cards';
import { sentimentScore, shortVibe } from './report-model';

afterEach(cleanup);

const sentiment = { counts: { positive: 72, neutral: 20, negative: 8 } };
const offlineVibe =
  'Reactions lean positive; the biggest specific topic is requests for a part two (12.5% of comments).';

describe('StatCards', () => {
  it('shows the count and processing minutes with a 0.1 minimum', () => {
    render(
      <StatCards
        totalComments={5300}
        processingSeconds={2}
        sentiment={sentiment}
        overallVibe="Upbeat"
        clusterCount={4}
      />,
    );
    expect(screen.getByTestId('stat-total-value').textContent).toBe('5,300');
    expect(screen.getByTestId('stat-total-sub').textContent).toBe('Processing: 0.1 min');
    expect(screen.getByTestId('stat-topics-value').textContent).toBe('4');
    expect(screen.getByText('Identified themes')).toBeTruthy();
  });

  it("shows the score from the report's stored counts, the vibe's opening sentence beneath, never cut mid-word", () => {
    render(
      <StatCards
        totalComments={100}
        processingSeconds={0}
        sentiment={sentiment}
        overallVibe={offlineVibe}
        clusterCount={4}
      />,
    );
    expect(screen.getByTestId('stat-sentiment-value').textContent).toBe('72% positive');
    const vibe = screen.getByTestId('stat-vibe');
    expect(vibe.textContent).toBe('Reactions lean positive.');
    expect(vibe.className).toContain('stat-sub');
    // the whole vibe stays at hand, and nothing is truncated behind Show more
    expect(vibe.getAttribute('title')).toBe(offlineVibe);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(screen.getByTestId('stat-sentiment').textContent).not.toContain('…');
  });

  it('rounds the share of the counts, and shows a dash when there is nothing counted', () => {
    const { unmount } = render(
      <StatCards
        totalComments={3}
        processingSeconds={0}
        sentiment={{ counts: { positive: 2, neutral: 1, negative: 0 } }}
        overallVibe="Viewers are mostly positive."
        clusterCount={1}
      />,
    );
    expect(screen.getByTestId('stat-sentiment-value').textContent).toBe('67% positive');
    expect(screen.getByTestId('stat-vibe').textContent).toBe('Viewers are mostly positive.');
    expect(screen.getByTestId('stat-vibe').getAttribute('title')).toBeNull();
    unmount();
    render(
      <StatCards
        totalComments={0}
        processingSeconds={0}
        sentiment={{ counts: { positive: 0, neutral: 0, negative: 0 } }}
        overallVibe=""
        clusterCount={0}
      />,
    );
    expect(screen.getByTestId('stat-total-sub').textContent).toBe('Overview');
    expect(screen.getByTestId('stat-sentiment-value').textContent).toBe('—');
    expect(screen.queryByTestId('stat-vibe')).toBeNull();
    expect(screen.getByTestId('stat-topics-value').textContent).toBe('0');
  });
});

describe('shortVibe and sentimentScore', () => {
  it("keeps the vibe's first sentence or clause, whole words only", () => {
    expect(shortVibe(offlineVibe)).toBe('Reactions lean positive.');
    expect(shortVibe('Viewers love the 2.5 hour cut. Some want subtitles.')).toBe(
      'Viewers love the 2.5 hour cut.',
    );
    expect(shortVibe('Are viewers happy? Mostly.')).toBe('Are viewers happy?');
    expect(shortVibe('Warm and curious')).toBe('Warm and curious');
    expect(shortVibe('  ')).toBe('');
    expect(shortVibe(undefined)).toBe('');
  });

  it('ends a long opening sentence at its last whole word, with an ellipsis', () => {
    const long =
      'Viewers are overwhelmingly enthusiastic about the sourdough walkthrough and keep thanking the baker for the detailed shaping demonstration, then ask about flour.';
    const short = shortVibe(long);
    expect(short.length).toBeLessThanOrEqual(91);
    expect(short.endsWith('…')).toBe(true);
    const words = short.slice(0, -1).split(' ');
    // every word shown is one of the sentence's own, whole
    expect(long.startsWith(short.slice(0, -1))).toBe(true);
    expect(long.split(' ')).toEqual(expect.arrayContaining(words));
    expect(shortVibe('Supercalifragilisticexpialidocious '.repeat(4), 20)).toBe(
      'Supercalifragilistic…',
    );
  });

  it('reads the counts, not a share', () => {
    expect(sentimentScore({ counts: { positive: 1, neutral: 1, negative: 1 } })).toBe(
      '33% positive',
    );
    expect(sentimentScore(undefined)).toBeNull();
  });
});
