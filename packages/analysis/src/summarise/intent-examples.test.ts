import { describe, expect, it } from 'vitest';
import type { Intent } from '@app/contracts';
import { inputComment } from '../input-comment.test-support';
import { prepareComments } from '../prepare/prepare-comments';
import { excerptOf, intentExamples } from './intent-examples';

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

  it('takes the most typical of equally liked comments, and a long one only when nothing shorter is', () => {
    const texts = [
      'the intro music was way too loud',
      'the editing felt rushed in the second half',
      `this went on ${'and on '.repeat(20)}forever`,
    ];
    const prepared = prepareComments(texts.map((text, i) => inputComment(text, { id: String(i) })));
    const criticism = texts.map((): Intent => 'Criticism');
    const pick = (centrality: number[], members = [0, 0, 0]) =>
      intentExamples(prepared.comments, members, criticism, 2, centrality)[0]!.Criticism;
    expect(pick([0.2, 0.9, 1])).toBe(texts[1]);
    expect(pick([0.9, 0.2, 1])).toBe(texts[0]);
    // alone in its cluster, the long one is still an example
    expect(intentExamples(prepared.comments, [0, 0, 1], criticism, 2)[1]).toEqual({
      Criticism: texts[2],
    });
  });

  it('quotes the sentence of a long comment that carries its intent, with "…" where it goes on', () => {
    const recipe =
      'I have a recipe of my own. I call it Turkish noodles but the noodles are a Korean brand and the sauce is my own. ' +
      "You should definitely try it, it's delicious. 1 tbsp pomegranate molasses and 2 tbsp of chili oil.";
    expect(excerptOf(recipe, 'Request')).toBe("… You should definitely try it, it's delicious. …");
    const myth =
      "It's a myth that Neanderthals were stupid. They actually had the same brainpower as humans of the time, they just got assimilated";
    expect(excerptOf(myth, 'Criticism')).toBe("It's a myth that Neanderthals were stupid. …");
    // no sentence of a readable length asks for anything
    expect(excerptOf(recipe, 'Question')).toBeNull();

    const texts = [
      recipe,
      `${'the noodles looked great and the sauce looked even better and I want some now '.repeat(2)}thanks`,
      'can you make a curry version next time',
    ];
    const prepared = prepareComments(
      texts.map((text, i) => inputComment(text, { id: String(i), likes: [9, 20, 1][i] })),
    );
    const requests = texts.map((): Intent => 'Request');
    // a whole comment of a readable length comes first, however few likes it has
    expect(intentExamples(prepared.comments, [0, 0, 0], requests, 1)[0]!.Request).toBe(texts[2]);
    // without one, the most-liked long comment with a sentence that asks (not the 20-like one)
    expect(intentExamples(prepared.comments, [0, 0, 1], requests, 2)[0]!.Request).toBe(
      "… You should definitely try it, it's delicious. …",
    );
    // and a comment with no such sentence is quoted whole
    expect(intentExamples(prepared.comments, [1, 0, 1], requests, 2)[0]!.Request).toBe(texts[1]);
  });

  it('counts the words of Chinese and Japanese as a reader would, so their comments are quoted too', () => {
    // one "word" to a count of spaces; 12 and 7 words to ICU's dictionary
    const texts = ['音が小さすぎて全然聞こえないです', '这个视频的声音太小了', '音'];
    const prepared = prepareComments(
      texts.map((text, i) => inputComment(text, { id: String(i), likes: [5, 3, 50][i] })),
    );
    const criticism = texts.map((): Intent => 'Criticism');
    expect(intentExamples(prepared.comments, [0, 1, 0], criticism, 2)).toEqual([
      { Criticism: texts[0] },
      { Criticism: texts[1] },
    ]);
    // a long one is quoted by its sentence, "。" ending one
    const long =
      '昨日この動画を初めて見ました。今回の動画は正直つまらないと思いました。' +
      '家族にも見せたら、みんな同じことを言っていました。次の動画も楽しみにしています。';
    expect(excerptOf(long, 'Criticism')).toBe('… 今回の動画は正直つまらないと思いました。 …');
  });
});
