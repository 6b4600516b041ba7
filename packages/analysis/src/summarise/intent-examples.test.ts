import { describe, expect, it } from 'vitest';
import type { Intent } from '@app/contracts';
import { inputComment } from '../input-comment.test-support';
import { prepareComments } from '../prepare/prepare-comments';
import { intentExamples } from './intent-examples';

describe('intentExamples', () => {
  it("picks per cluster and intent the audience's most-liked comment of a readable length", () => {
    const rows: [string, number, Intent, number][] = [
      ['the reactions are so fake now', 3, 'Criticism', 0],
      ['fake', 40, 'Criticism', 0], // one word: no sentence to quote
      ['this was such a fake reaction honestly', 9, 'Criticism', 0],
      ['this was such a fake reaction honestly', 50, 'Criticism', 0], // a copy: counted once
      ['check out my channel for real trick shots https://youtu.be/x', 99, 'Criticism', 0],
      ['how long did the last shot take you', 1, 'Question', 0],
      ['the audio is far too quiet in this one', 2, 'Criticism', 1],
    ];
    const prepared = prepareComments(
      rows.map(([text, likes], i) => inputComment(text, { id: String(i), likes })),
    );
    expect(prepared.comments[4]!.spam).toBe(true);
    const examples = intentExamples(
      prepared.comments,
      rows.map((r) => r[3]),
      rows.map((r) => r[2]),
      2,
    );
    expect(examples).toEqual([
      {
        Criticism: 'this was such a fake reaction honestly',
        Question: 'how long did the last shot take you',
      },
      { Criticism: 'the audio is far too quiet in this one' },
    ]);
  });
});
