import { describe, expect, it } from 'vitest';
import type { Intent } from '@app/contracts';
import { genericReactionKind } from './generic-reactions';
import { mergeThemes } from './merge-themes';

describe('genericReactionKind', () => {
  it('reads thanks, praise of the video, early remarks, emoji and laughter, and nothing with a topic', () => {
    expect(genericReactionKind('Thank you so much for this tutorial!')).toBe('thanks');
    expect(genericReactionKind('thnx bro')).toBe('thanks');
    expect(genericReactionKind('Awesome video, really well explained')).toBe('praise');
    expect(genericReactionKind('first')).toBe('early');
    expect(genericReactionKind('🔥🔥🔥')).toBe('emoji');
    expect(genericReactionKind('hahaha lol')).toBe('laughter');
    // a topic, a question or a request is never a generic reaction
    expect(genericReactionKind('love the tips')).toBeNull();
    expect(genericReactionKind('great tutorial on flexbox')).toBeNull();
    expect(genericReactionKind('great video but the music is too loud')).toBeNull();
    expect(genericReactionKind('whats a good compiler')).toBeNull();
    expect(genericReactionKind('great video, can you do hooks next?')).toBeNull();
  });
});

describe('mergeThemes', () => {
  const texts = [
    ...['thanks so much', 'thank you!', 'thanks a lot man', 'thx'], // 0: thanks
    ...['great video', 'awesome video', 'amazing tutorial', 'best video ever'], // 1: praise
    ...['thank you sir', 'thanks!!', 'many thanks', 'thank you very much'], // 2: thanks again
    ...['the audio is too quiet', 'audio is bad', 'fix the audio please', 'cannot hear the audio'], // 3
    ...['what flour do you use', 'which flour is best', 'flour brand?', 'can I use rye flour'], // 4
    ...['thanks', 'how long do I bake it', 'what oven temperature', 'how long in the oven'], // 5
  ];
  const assignments = texts.map((_, i) => Math.floor(i / 4));
  const intents: Intent[] = texts.map((t) =>
    /\?|^(?:what|which|how|can)\b/.test(t) ? 'Question' : /audio/.test(t) ? 'Criticism' : 'Praise',
  );

  it('gives each kind of generic reaction one cluster and moves lone reactions out of topics', () => {
    const { assignments: out, k } = mergeThemes({ texts, assignments, k: 6, intents });
    const clusterOf = (text: string) => out[texts.indexOf(text)]!;
    expect(clusterOf('thank you sir')).toBe(clusterOf('thanks so much'));
    // the lone "thanks" among oven questions joins the thanks
    expect(clusterOf('thanks')).toBe(clusterOf('thanks so much'));
    expect(clusterOf('great video')).not.toBe(clusterOf('thanks so much'));
    // distinct topics stay apart
    expect(clusterOf('audio is bad')).not.toBe(clusterOf('which flour is best'));
    expect(clusterOf('which flour is best')).not.toBe(clusterOf('what oven temperature'));
    expect(k).toBe(5);
    expect(Math.max(...out) + 1).toBe(k);
  });

  it('never moves spam', () => {
    const spam = texts.map((t) => t === 'thanks');
    const { assignments: out } = mergeThemes({ texts, assignments, k: 6, intents, spam });
    expect(out[texts.indexOf('thanks')]).toBe(out[texts.indexOf('how long do I bake it')]);
  });

  it('joins topical clusters that say the same thing, with the same intent', () => {
    const same = [
      ...['the audio is too quiet', 'audio too quiet', 'quiet audio again', 'the audio is quiet'],
      ...['audio is so quiet', 'quiet audio', 'turn the audio up it is quiet', 'audio quiet'],
      ...['what flour do you use', 'which flour is best', 'flour brand', 'rye flour ok'],
    ];
    const { k } = mergeThemes({
      texts: same,
      assignments: same.map((_, i) => Math.floor(i / 4)),
      k: 3,
      intents: same.map((_, i): Intent => (i < 8 ? 'Criticism' : 'Question')),
    });
    expect(k).toBe(2);
  });
});
