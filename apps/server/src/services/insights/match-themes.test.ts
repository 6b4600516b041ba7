import { describe, expect, it } from 'vitest';
import type { Intent } from '@app/contracts';
import { headingTerms } from './get-workspace-insights';
import {
  matchThemes,
  recurringThemes,
  sinceLast,
  themeMatch,
  type ThemeInput,
  type VideoThemes,
} from './match-themes';

/** A unit vector along `axis` tilted towards `towards` by `mix` (0: pure axis). */
function vec(axis: number, towards = axis, mix = 0): Float32Array {
  const v = new Float32Array(8);
  v[axis] = 1 - mix;
  v[towards] = (v[towards] ?? 0) + mix;
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

function theme(
  clusterId: number,
  label: string,
  axis: number,
  opts: Partial<ThemeInput> & { category?: Intent } = {},
): ThemeInput {
  return {
    clusterId,
    label,
    category: opts.category ?? 'Criticism',
    size: opts.size ?? 10,
    percentage: opts.percentage ?? 20,
    vector: opts.vector ?? vec(axis),
    labelVector: opts.labelVector ?? vec(axis),
    terms: opts.terms ?? headingTerms(label),
  };
}

const noIntents = { Request: 0, Praise: 0, Criticism: 0, Question: 0, Opinion: 0 };
function video(videoId: string, themes: ThemeInput[], intents = noIntents): VideoThemes {
  return { videoId, themes, intentCounts: { ...intents } };
}

describe('themeMatch', () => {
  it('matches the same heading and intent, a close meaning, or a fair one with a shared heading term', () => {
    const audio = theme(0, 'Complains about the audio', 0);
    expect(themeMatch(audio, theme(1, 'complains about  the AUDIO', 5))).toBe(1);
    expect(
      themeMatch(audio, theme(1, 'Finds the sound muddy', 0, { vector: vec(0, 1, 0.3) })),
    ).toBeGreaterThan(0.8);
    // Fairly close (cos 0.55) and sharing "audio": the same theme.
    const fair = vec(0, 1, 0.6);
    expect(
      themeMatch(audio, theme(1, 'The audio is so quiet', 1, { vector: fair })),
    ).not.toBeNull();
    // Equally close without a shared key term (the heading words "Complains about" do not count).
    expect(
      themeMatch(audio, theme(1, 'Complains about the intro', 1, { vector: fair })),
    ).toBeNull();
    // Across intents the same closeness is not enough.
    expect(
      themeMatch(
        audio,
        theme(1, 'Asks about the audio', 1, { vector: fair, category: 'Question' }),
      ),
    ).toBeNull();
  });
});

describe('matchThemes, recurringThemes and sinceLast', () => {
  const intents = (criticism: number, question: number, rest: number) => ({
    ...noIntents,
    Criticism: criticism,
    Question: question,
    Praise: rest,
  });
  const videos = [
    video(
      'v1',
      [
        theme(0, 'Complains about the audio', 0, { size: 12, percentage: 30 }),
        theme(1, 'Praises the video', 1, { category: 'Praise', size: 20, percentage: 50 }),
        theme(2, 'Asks about the flour', 2, { category: 'Question', size: 8, percentage: 20 }),
      ],
      intents(12, 8, 20),
    ),
    video(
      'v2',
      [
        theme(0, 'Praises the video', 1, { category: 'Praise', size: 30, percentage: 60 }),
        theme(1, 'Finds the audio too quiet', 0, {
          size: 5,
          percentage: 10,
          vector: vec(0, 3, 0.4),
        }),
        theme(2, 'Asks about the flour', 2, { category: 'Question', size: 15, percentage: 30 }),
      ],
      intents(5, 15, 30),
    ),
    video(
      'v3',
      [
        theme(0, 'Praises the video', 1, { category: 'Praise', size: 20, percentage: 40 }),
        theme(1, 'Complains about the music', 4, { size: 10, percentage: 20 }),
        theme(2, 'Finds the audio too quiet', 0, { size: 20, percentage: 40 }),
      ],
      intents(30, 0, 20),
    ),
  ];

  it('groups each theme with its match in earlier videos, one cluster of a video per theme', () => {
    const groups = matchThemes(videos);
    const recurring = recurringThemes(videos, groups);
    expect(recurring.map((r) => [r.label, r.video_ids, r.comment_count])).toEqual([
      ['Praises the video', ['v1', 'v2', 'v3'], 70],
      ['Finds the audio too quiet', ['v1', 'v2', 'v3'], 37],
      ['Asks about the flour', ['v1', 'v2'], 23],
    ]);
    expect(recurring[1]!.appearances.map((a) => a.cluster_id)).toEqual([0, 1, 2]);
    // The music theme is in one video only: not recurring.
    expect(recurring.some((r) => r.label.includes('music'))).toBe(false);
  });

  it('compares the latest video with the one before: new, grown and faded themes and intent shares', () => {
    const since = sinceLast(videos, matchThemes(videos))!;
    expect(since.video_id).toBe('v3');
    expect(since.previous_video_id).toBe('v2');
    expect(since.new_themes).toEqual([
      {
        label: 'Complains about the music',
        cluster_id: 1,
        comment_count: 10,
        previous_comment_count: 0,
        percentage: 20,
        previous_percentage: 0,
      },
    ]);
    expect(since.grown.map((g) => [g.label, g.previous_percentage, g.percentage])).toEqual([
      ['Finds the audio too quiet', 10, 40],
    ]);
    expect(
      since.faded.map((f) => [f.label, f.cluster_id, f.comment_count, f.previous_percentage]),
    ).toEqual([
      ['Asks about the flour', null, 0, 30],
      ['Praises the video', 0, 20, 60],
    ]);
    // Criticism 30 of 50 (60%) after 5 of 50 (10%); questions 0% after 30%.
    expect(since.criticism).toEqual({
      count: 30,
      previous_count: 5,
      percent: 60,
      previous_percent: 10,
    });
    expect(since.criticism_share_change).toBe(50);
    expect(since.question_share_change).toBe(-30);
  });

  it('has nothing to compare with fewer than two videos', () => {
    expect(sinceLast(videos.slice(0, 1), matchThemes(videos.slice(0, 1)))).toBeNull();
    expect(recurringThemes([], matchThemes([]))).toEqual([]);
  });
});
