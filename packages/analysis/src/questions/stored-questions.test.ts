import { describe, expect, it } from 'vitest';
import type { CompletionRequest, LanguageModel, TextEmbedder } from '../ports';
import { MAX_SUGGESTED_REPLIES } from '../llm/question-replies';
import { withSuggestedReplies, type AudienceQuestion } from './audience-questions';
import { questionsOfStoredComments, type StoredQuestionComment } from './stored-questions';

/** Words hashed into buckets: texts sharing words are close, identical texts identical. */
const embedder: TextEmbedder = {
  name: 'test:words',
  dimensions: 64,
  embed(texts) {
    return Promise.resolve(
      texts.map((t) => {
        const v = new Float32Array(64);
        for (const w of t.toLowerCase().match(/\p{L}+/gu) ?? []) {
          let h = 0;
          for (const ch of w) h = (h * 31 + ch.charCodeAt(0)) % 64;
          v[h]! += 1;
        }
        return v;
      }),
    );
  },
};

/** A model answering with `reply(request)`, recording every request. */
function model(
  reply: (r: CompletionRequest) => unknown,
): LanguageModel & { asked: CompletionRequest[] } {
  const asked: CompletionRequest[] = [];
  return {
    name: 'test:model',
    asked,
    completeJson(request) {
      asked.push(request);
      try {
        return Promise.resolve(reply(request));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}

const stored = (
  id: string,
  text: string,
  extra: Partial<StoredQuestionComment> = {},
): StoredQuestionComment => ({
  id,
  text,
  likes: 0,
  parentId: null,
  clusterId: 0,
  intent: 'Question',
  ...extra,
});

const COMMENTS = [
  stored('a', 'Can I use whole wheat flour instead of bread flour?', { likes: 5 }),
  stored('b', 'Can I use whole wheat flour instead of the bread flour?', { clusterId: 1 }),
  stored('c', 'How long do you preheat the dutch oven?', { clusterId: 1 }),
  stored('r', 'About 45 minutes at 250 C', { intent: 'Opinion', byCreator: true, parentId: 'c' }),
  stored('d', 'Great video, thanks', { intent: 'Praise' }),
];

describe('questionsOfStoredComments', () => {
  it('merges near-duplicate wordings, answers from the creator’s reply, and follows new intents', async () => {
    const questions = await questionsOfStoredComments(COMMENTS, { embedder });
    expect(questions.map((q) => [q.commentIds, q.answered, q.suggestedReply])).toEqual([
      [['a', 'b'], false, null],
      [['c'], true, null],
    ]);
    // a retag that reads the preheat question as a request takes it off the list
    const retagged = await questionsOfStoredComments(
      COMMENTS.map((c) => (c.id === 'c' ? { ...c, intent: 'Request' as const } : c)),
      { embedder },
    );
    expect(retagged.map((q) => q.commentIds)).toEqual([['a', 'b']]);
  });

  it('keeps a previous reply for the same wording and asks the model only about the others', async () => {
    const m = model((r) => {
      const block = /<questions>\n([\s\S]*?)\n<\/questions>/.exec(r.user)![1]!;
      const asked = JSON.parse(block) as { index: number; question: string }[];
      return { replies: asked.map((q) => ({ index: q.index, reply: `Drafted: ${q.question}` })) };
    });
    const questions = await questionsOfStoredComments(
      COMMENTS,
      { embedder, languageModel: m },
      {
        previousReplies: new Map([
          ['Can I use whole wheat flour instead of bread flour?', 'Yes, add a little water.'],
        ]),
      },
    );
    expect(questions.map((q) => q.suggestedReply)).toEqual([
      'Yes, add a little water.',
      'Drafted: How long do you preheat the dutch oven?',
    ]);
    expect(m.asked).toHaveLength(1);
    expect(m.asked[0]!.user).not.toContain('whole wheat');
  });
});

describe('withSuggestedReplies', () => {
  const question = (i: number): AudienceQuestion => ({
    question: `Question ${i}?`,
    count: 1,
    likes: 0,
    commentIds: [`c${i}`],
    clusterId: 0,
    answered: false,
    suggestedReply: null,
  });
  const list = Array.from({ length: MAX_SUGGESTED_REPLIES + 2 }, (_, i) => question(i));

  it('drafts replies for the most asked questions only, and never for an index it was not asked', async () => {
    const m = model(() => ({
      replies: [
        { index: 0, reply: 'First reply' },
        { index: MAX_SUGGESTED_REPLIES + 1, reply: 'Out of range' },
      ],
    }));
    const out = await withSuggestedReplies(m, list, (id) => `text of ${id}`);
    expect(out[0]!.suggestedReply).toBe('First reply');
    expect(out.slice(1).every((q) => q.suggestedReply === null)).toBe(true);
    // the comments are fenced as data
    expect(m.asked[0]!.user).toContain('<questions>');
    expect(m.asked[0]!.user).toContain('text of c0');
  });

  it('leaves every reply null when the model fails or is absent', async () => {
    const failing = model(() => {
      throw new Error('down');
    });
    expect(
      (await withSuggestedReplies(failing, list, () => 'x')).map((q) => q.suggestedReply),
    ).toEqual(list.map(() => null));
    const invalid = model(() => ({ replies: 'nope' }));
    expect(
      (await withSuggestedReplies(invalid, list, () => 'x')).every(
        (q) => q.suggestedReply === null,
      ),
    ).toBe(true);
    expect(
      (await withSuggestedReplies(null, list, () => 'x')).every((q) => q.suggestedReply === null),
    ).toBe(true);
  });
});
