import { describe, expect, it } from 'vitest';
import {
  audienceQuestions,
  keyTerms,
  sameQuestion,
  termOverlap,
  type QuestionSourceComment,
} from './audience-questions';

/** A unit vector at `degrees` in the plane of the first two axes (cosine of two = cos of the gap). */
function at(degrees: number): Float32Array {
  const r = (degrees * Math.PI) / 180;
  return Float32Array.from([Math.cos(r), Math.sin(r), 0, 0]);
}

/** A unit vector on its own axis: cosine 0 with every `at` vector and the other axis. */
const axis = (i: 2 | 3): Float32Array =>
  Float32Array.from([0, 0, i === 2 ? 1 : 0, i === 3 ? 1 : 0]);

const cos = (deg: number): number => Math.cos((deg * Math.PI) / 180);

function comment(
  id: string,
  text: string,
  vector: Float32Array | null,
  extra: Partial<QuestionSourceComment> = {},
): QuestionSourceComment {
  return {
    id,
    text,
    likes: 0,
    clusterId: 0,
    intent: 'Question',
    spam: false,
    byCreator: false,
    parentId: null,
    vector,
    ...extra,
  };
}

describe('key terms and the match rule', () => {
  it('stems plurals and -ing forms so two wordings share their terms', () => {
    const a = keyTerms('Why do my strings buzz on the C chord?');
    const b = keyTerms('How do I stop the strings from buzzing on the G chord?');
    expect([...a].filter((t) => b.has(t)).sort()).toEqual(['buz', 'chord', 'string']);
    expect(termOverlap(a, b)).toBeGreaterThanOrEqual(0.5);
  });

  it('needs a close vector and shared key terms, more of them the further apart the vectors', () => {
    expect(sameQuestion(0.95, 0.2)).toBe(true);
    expect(sameQuestion(0.95, 0)).toBe(false); // no key term in common
    expect(sameQuestion(0.85, 0.14)).toBe(false); // close vectors, different subjects
    expect(sameQuestion(0.8, 0.4)).toBe(true);
    expect(sameQuestion(0.7, 0.4)).toBe(false);
    expect(sameQuestion(0.7, 0.6)).toBe(true);
    expect(sameQuestion(0.5, 1)).toBe(false);
  });
});

describe('audienceQuestions', () => {
  it('merges near-duplicate wordings and keeps different questions apart', () => {
    const questions = audienceQuestions([
      comment('a', 'Can I use whole wheat flour instead of bread flour?', at(0), { likes: 4 }),
      comment('b', 'Is it ok to swap the bread flour for whole wheat?', at(20)), // cos 0.94
      comment('c', 'Would whole wheat flour work for this recipe?', at(30)), // cos 0.87, shares terms
      // as close as the flour wordings but about another thing: no merge
      comment('d', 'Can I use rye flour for part of the flour?', at(-32), { likes: 1 }), // cos 0.85 with a
      comment('e', 'How long do you preheat the dutch oven for?', axis(2)),
    ]);
    expect(questions.map((q) => q.commentIds)).toEqual([['a', 'b', 'c'], ['d'], ['e']]);
    expect(questions[0]).toMatchObject({
      question: 'Can I use whole wheat flour instead of bread flour?',
      count: 3,
      likes: 4,
    });
  });

  it('does not let a chain of close steps carry one question into another', () => {
    // b is close to a, c to b, but c is far from a (the group's first member)
    const questions = audienceQuestions([
      comment('a', 'Which flour do you use for the dough?', at(0), { likes: 3 }),
      comment('b', 'Which flour do you use for the starter?', at(22), { likes: 2 }),
      comment('c', 'Which water do you use for the starter?', at(44), { likes: 1 }),
    ]);
    expect(cos(22)).toBeGreaterThan(0.92);
    expect(cos(44)).toBeLessThan(0.75);
    expect(questions.map((q) => q.commentIds)).toEqual([['a', 'b'], ['c']]);
  });

  it('ranks by how many asked, then by likes, and words each by its most-liked member', () => {
    const questions = audienceQuestions([
      comment('x1', 'What mic do you use?', axis(2), { likes: 50 }),
      comment('y1', 'How much did the hostel cost per night? I want to book', at(0), { likes: 2 }),
      comment('y2', 'What did the hostel cost a night?', at(10), { likes: 9 }),
      comment('z1', 'Is three days enough for Lisbon?', axis(3), { likes: 60 }),
    ]);
    expect(questions.map((q) => [q.question, q.count, q.likes])).toEqual([
      ['What did the hostel cost a night?', 2, 11],
      ['Is three days enough for Lisbon?', 1, 60],
      ['What mic do you use?', 1, 50],
    ]);
    expect(questions[0]!.commentIds).toEqual(['y2', 'y1']);
  });

  it('words a question by its question sentence, shortened', () => {
    const long = `${'I have tried this recipe four times now and it keeps going flat. '.repeat(3)}Why does my dough spread out in the oven?`;
    const [q] = audienceQuestions([comment('a', long, at(0))]);
    expect(q!.question).toBe('Why does my dough spread out in the oven?');
    const [r] = audienceQuestions([comment('b', `Why ${'really '.repeat(60)}so?`, at(0))], {
      maxLength: 80,
    });
    expect(r!.question.length).toBeLessThanOrEqual(80);
    expect(r!.question.endsWith('…')).toBe(true);
  });

  it('is answered when the creator replied in a member thread, not when a viewer did', () => {
    const questions = audienceQuestions([
      comment('q1', 'Is there a way to bake this without a dutch oven?', at(0)),
      comment('q2', "What if I don't have a dutch oven? Can I bake it on a tray?", at(15)),
      comment('q3', 'What temperature do you bake it at?', axis(2)),
      comment('r1', 'Yes, a tray with a pan of water works', at(5), {
        intent: 'Opinion',
        byCreator: true,
        parentId: 'q2',
      }),
      comment('r2', 'I think 230 C', axis(3), { intent: 'Opinion', parentId: 'q3' }),
    ]);
    expect(questions.map((q) => [q.commentIds, q.answered])).toEqual([
      [['q1', 'q2'], true],
      [['q3'], false],
    ]);
  });

  it('leaves out spam, the creator, other intents and empty texts', () => {
    const questions = audienceQuestions([
      comment('ok', 'Where did you buy the banneton?', at(0)),
      comment('spam', 'Want to earn $5,000 a week? Message me on Telegram', at(40), { spam: true }),
      comment('mine', 'Did everyone find the recipe in the description?', at(80), {
        byCreator: true,
      }),
      comment('praise', 'How good is this!', at(120), { intent: 'Praise' }),
      comment('empty', '', at(160)),
    ]);
    expect(questions.map((q) => q.commentIds)).toEqual([['ok']]);
  });

  it('leaves out what the classifier took for a question but does not read as one', () => {
    const questions = audienceQuestions([
      comment('mark', 'Which flour did you use?', at(0)),
      comment('syntax', 'how do you keep the crust soft', at(60)),
      comment('hindi', 'Kya hum isko bina oven ke bana sakte hai?', at(120)),
      comment('complaint', "The font is way too small, I can't read the code", axis(2)),
      comment('request', 'Would love a video on the starter from scratch', axis(3)),
    ]);
    expect(questions.map((q) => q.commentIds[0]).sort()).toEqual(['hindi', 'mark', 'syntax']);
  });

  it('puts a question in the cluster most of its members are in', () => {
    const [q] = audienceQuestions([
      comment('a', 'Can I freeze the dough overnight?', at(0), { clusterId: 4, likes: 9 }),
      comment('b', 'Can I freeze the dough for a night?', at(5), { clusterId: 2 }),
      comment('c', 'Could I freeze this dough overnight?', at(10), { clusterId: 2 }),
    ]);
    expect(q).toMatchObject({ count: 3, clusterId: 2, commentIds: ['a', 'b', 'c'] });
  });

  it('merges identical texts even without vectors, and nothing else', () => {
    const questions = audienceQuestions([
      comment('a', 'What camera do you film with?', null),
      comment('b', 'what camera do you film with?', null),
      comment('c', 'What lens do you film with?', null),
    ]);
    expect(questions.map((q) => q.commentIds)).toEqual([['a', 'b'], ['c']]);
  });
});

describe('answered in a thread', () => {
  it('counts the creator’s later reply in the thread of a question asked as a reply, not an earlier one', () => {
    const questions = audienceQuestions([
      comment('top', 'Great loaf, mine never rises like this', axis(2), { intent: 'Praise' }),
      comment('late', 'Which oven temperature did you use?', at(0), {
        parentId: 'top',
        publishedAt: '2025-04-01T10:00:00Z',
      }),
      comment('early', 'How many grams of salt go in?', at(90), {
        parentId: 'top',
        publishedAt: '2025-04-03T10:00:00Z',
      }),
      comment('r', 'I bake at 250 C, then 230 C', axis(3), {
        intent: 'Opinion',
        byCreator: true,
        parentId: 'top',
        publishedAt: '2025-04-02T10:00:00Z',
      }),
    ]);
    expect(questions.map((q) => [q.commentIds, q.answered])).toEqual([
      [['late'], true],
      [['early'], false],
    ]);
  });
});
