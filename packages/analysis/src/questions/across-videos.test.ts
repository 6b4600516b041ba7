import { describe, expect, it } from 'vitest';
import { mergeAskedQuestions, normalisedQuestion, type AskedQuestion } from './across-videos';

/** A unit vector at `degrees` in the plane of the first two axes (cosine of two = cos of the gap). */
function at(degrees: number): Float32Array {
  const r = (degrees * Math.PI) / 180;
  return Float32Array.from([Math.cos(r), Math.sin(r), 0]);
}

interface Asked extends AskedQuestion {
  video: string;
}

function asked(
  video: string,
  question: string,
  count: number,
  vector: Float32Array | null,
  extra: Partial<Asked> = {},
): Asked {
  return { video, question, count, likes: 0, lastAskedAt: null, vector, ...extra };
}

describe('mergeAskedQuestions', () => {
  it('merges one question asked under two videos: counts add up and both videos stay members', () => {
    const merged = mergeAskedQuestions([
      asked('v1', 'How long do you proof the dough in the fridge?', 3, at(0)),
      asked('v1', 'Which oven temperature do you bake the loaf at?', 1, at(90)),
      asked('v2', 'How long should I proof the dough in the fridge?', 4, at(10)),
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]!.count).toBe(7);
    expect(merged[0]!.members.map((m) => m.video)).toEqual(['v2', 'v1']);
    // the wording most asked leads
    expect(merged[0]!.question).toBe('How long should I proof the dough in the fridge?');
    expect(merged[1]!.members.map((m) => m.video)).toEqual(['v1']);
  });

  it('keeps apart close vectors that share too few key terms, and joins identical words without vectors', () => {
    const merged = mergeAskedQuestions([
      asked('v1', 'Can I use rye flour for part of the flour?', 2, at(0)),
      asked('v2', 'Can I use whole wheat flour instead of bread flour?', 2, at(15)),
      asked('v3', 'Where did you buy that knife?', 1, null),
      asked('v4', 'where did you buy that knife', 1, null),
    ]);
    expect(merged.map((q) => q.members.map((m) => m.video))).toEqual([
      ['v1'],
      ['v2'],
      ['v3', 'v4'],
    ]);
  });

  it('ranks by how many asked, then by how recently', () => {
    const day = 86_400_000;
    const merged = mergeAskedQuestions([
      asked('v1', 'What camera do you film with?', 2, at(0), { lastAskedAt: 1 * day }),
      asked('v2', 'Which microphone is that?', 2, at(60), { lastAskedAt: 5 * day }),
      asked('v3', 'When is the next video coming out?', 5, at(120), { lastAskedAt: 0 }),
      asked('v4', 'What camera do you film with?', 1, at(0), { lastAskedAt: 9 * day }),
    ]);
    expect(merged.map((q) => [q.question, q.count, q.lastAskedAt])).toEqual([
      ['When is the next video coming out?', 5, 0],
      ['What camera do you film with?', 3, 9 * day],
      ['Which microphone is that?', 2, 5 * day],
    ]);
  });

  it('normalises case, spacing, punctuation and Unicode form for the key', () => {
    expect(normalisedQuestion('  How LONG,  do you\u00a0proof?! ')).toBe('how long do you proof');
    expect(normalisedQuestion('Ｗｈｙ？')).toBe('why');
  });
});
