import { describe, expect, it } from 'vitest';
import { composeHeading } from './heading';
import type { Keyphrase } from './keyphrases';
import { keyphrase } from './label.test-support';
import { nounShare, usedAsNoun } from './part-of-speech';

const questions = [
  'how do I open it in chrome',
  'you can open the file in chrome',
  'where do I open the index file',
  'I tried to open it but chrome shows nothing',
];

describe('nounShare', () => {
  it('reads verbs and adjectives from how viewers write the word', () => {
    expect(nounShare('open', questions)).toBe(0);
    expect(usedAsNoun('open', questions)).toBe(false);
    expect(usedAsNoun('chrome', questions)).toBe(true);
    expect(
      usedAsNoun('easy', ['so easy to follow', 'this was easy', 'easy to understand, thanks']),
    ).toBe(false);
  });

  it('counts plural forms as nouns unless a singular subject comes before them', () => {
    const views = ['he gets 100m views a video', 'more subs and views than anyone', 'views views'];
    expect(nounShare('view', views)).toBe(1);
    expect(nounShare('upload', ['he uploads daily', 'she uploads every week'])).toBe(0);
    // or an adverb between the subject and its verb
    const loyal = [
      'Never disappoints',
      'Ssundee never disappoints',
      'he always disappoints me lol',
    ];
    expect(nounShare('disappoint', loyal)).toBe(0);
    expect(usedAsNoun('fail', ['Ssundee never fails to entertain', 'it never fails'])).toBe(false);
    expect(nounShare('view', ['only 100 views', 'still 2k views after an hour'])).toBe(1);
    // or where the tagger reads a verb right after a noun, its subject
    const deserving = ['This guy deserves 50 million subs', 'No sounds deserves more subscribers'];
    expect(nounShare('deserve', deserving)).toBe(0);
    expect(nounShare('mod', ['the game mods are cool', 'ssundee mods are the best'])).toBe(1);
    // (copies of one comment never reach here: labelClusters reads each text once, see its tests)
    const alsoCopied = [
      ...Array.from({ length: 3 }, () => 'This guy deserves 50 million subscribers'),
      'you deserve more subs',
      '100m subs he deserves it',
      'Wow man you deserve 100 million subs',
      'You deserve 100M subs',
    ];
    expect(nounShare('deserve', alsoCopied)).toBeLessThan(0.4);
    expect(usedAsNoun('deserve', alsoCopied)).toBe(false);
  });

  it('rejects a two-word phrase led by a verb, keeps compounds', () => {
    expect(
      usedAsNoun('ask question', ['can I ask question here', 'I ask question every day']),
    ).toBe(false);
    expect(usedAsNoun('trick shot', ['that trick shot was insane', 'the last trick shot'])).toBe(
      true,
    );
    // nor one led by an adverb, or ending in an adverb or an "-ed" past tense
    const notPhrases: [string, string[]][] = [
      ['personally build', ['i would personally build one', 'I personally build my own PCs']],
      ['amazingly impressive', ['amazingly impressive work', 'that was amazingly impressive']],
      ['away immediately', ['they ran away immediately', 'go away immediately lol']],
      ['brand slapped', ['the brand slapped a logo on it', 'every brand slapped a price tag']],
      ['finally rest', ['he can finally rest now', 'I can finally rest']],
    ];
    for (const [phrase, texts] of notPhrases) expect(usedAsNoun(phrase, texts), phrase).toBe(false);
    for (const [phrase, texts] of [
      ['powerful iphone', ['a powerful iPhone in my hand', 'most powerful iphone ever']],
      ['large amount', ['a large amount of money', 'such a large amount']],
      ['computer science', ['computer science is hard', 'I study computer science']],
      ['early access', ['early access is great', 'got early access today']],
    ] as [string, string[]][])
      expect(usedAsNoun(phrase, texts), phrase).toBe(true);
  });

  it('keeps words it cannot judge: too few uses, or three-word phrases', () => {
    expect(nounShare('open', ['open it'])).toBeNull();
    expect(usedAsNoun('open', ['open it'])).toBe(true);
    expect(nounShare('a b c', questions)).toBeNull();
    expect(nounShare('', questions)).toBeNull();
    // regular-expression characters in a tag are taken literally, and a name the tagger rewrites is kept
    expect(() => nounShare('c++', ['I love c++ so much', 'c++ is hard'])).not.toThrow();
    expect(usedAsNoun('c++', ['I love c++ so much', 'c++ is hard'])).toBe(true);
  });
});

describe('a heading asks isTopic only until it has two topics', () => {
  const phrase = (tag: string, score: number): Keyphrase => keyphrase(tag, { score });
  it('never joins a phrase that is part of the other', () => {
    const h = composeHeading({
      category: 'Praise',
      sentiment: 'positive',
      positiveShare: 0.9,
      negativeShare: 0,
      humourShare: 0,
      spamShare: 0,
      phrases: [phrase('coding skills', 1), phrase('skills', 0.9), phrase('humanity', 0.8)],
    });
    expect(h.heading).toBe('Loves coding skills');
  });

  it('skips rejected phrases and stops early', () => {
    const asked: string[] = [];
    const h = composeHeading({
      category: 'Question',
      sentiment: 'neutral',
      positiveShare: 0,
      negativeShare: 0,
      humourShare: 0,
      spamShare: 0,
      phrases: [phrase('open', 1), phrase('chrome', 0.9), phrase('file', 0.8), phrase('tab', 0.7)],
      isTopic: (p) => {
        asked.push(p.tag);
        return usedAsNoun(p.tag, questions);
      },
    });
    expect(h.heading).toBe('Asks about chrome');
    expect(asked).toEqual(['open', 'chrome', 'file']);
  });
});
