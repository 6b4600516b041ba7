import { describe, expect, it } from 'vitest';
import { ownText, splitQuotedReply } from './quoted-reply';

describe('splitQuotedReply', () => {
  it('splits "[MAIN] top comment [REPLY] reply" into its two authors\' texts', () => {
    expect(
      splitQuotedReply('[MAIN] Simon worked HARD 🤣 [REPLY] @Josh obviously niko\nclear'),
    ).toEqual({ parent: 'Simon worked HARD 🤣', reply: '@Josh obviously niko\nclear' });
    expect(ownText('  [MAIN] Please make part 2 [REPLY] lol no ')).toBe('lol no');
  });

  it('leaves other texts alone, markers in the middle included', () => {
    expect(splitQuotedReply('Great video! Please do part 2')).toBeNull();
    expect(ownText('I typed [MAIN] and [REPLY] for fun')).toBe(
      'I typed [MAIN] and [REPLY] for fun',
    );
    expect(ownText('[MAIN] only a top comment')).toBe('[MAIN] only a top comment');
  });
});
