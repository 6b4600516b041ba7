import { describe, expect, it } from 'vitest';
import { MentionedNames } from './mentions';

describe('MentionedNames', () => {
  const names = new MentionedNames([
    'Josh Fox',
    '@The Little Penguin',
    'solo',
    null,
    'Josh Fox Two',
  ]);

  it("blanks out a section author's whole display name, however it is cased or followed", () => {
    expect(names.strip('@Josh Fox bro what??')).toBe('  bro what??');
    expect(names.strip('@josh fox, nah')).toBe(' , nah');
    expect(names.strip('@The Little Penguin  Ubisoft is one of them')).toBe(
      '   Ubisoft is one of them',
    );
    expect(names.strip('hey @Josh Fox and @The Little Penguin')).toBe('hey   and  ');
  });

  it('takes the longest name that fits, and never the start of a longer word', () => {
    expect(names.strip('@Josh Fox Two you too')).toBe('  you too');
    expect(names.strip('@Josh Foxes are cute')).toBe('@Josh Foxes are cute');
  });

  it('leaves one-word handles to the tokeniser and other text alone', () => {
    expect(names.strip('@solo hi')).toBe('@solo hi');
    expect(names.strip('no mention of Josh Fox here')).toBe('no mention of Josh Fox here');
    expect(new MentionedNames([]).strip('@Josh Fox hi')).toBe('@Josh Fox hi');
  });

  it('learns a name from a mention written with the same capitalised second word twice', () => {
    const replies = [
      '@Average Asian fashionista is not possible',
      '@Average Asian only the Forsaken Achievements',
      '@Bob Great point',
      '@Bob great video',
    ];
    const learnt = new MentionedNames([], replies);
    expect(learnt.strip(replies[0]!)).toBe('  fashionista is not possible');
    // "Great" once capitalised, once not: no name
    expect(learnt.strip(replies[2]!)).toBe('@Bob Great point');
  });
});
