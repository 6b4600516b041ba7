import { describe, expect, it } from 'vitest';
import { usualCasing, withUsualCasing } from './casing';

describe('withUsualCasing', () => {
  it('writes acronyms, their plurals, languages and products the usual way, other words as they are', () => {
    expect(withUsualCasing('doctype html')).toBe('doctype HTML');
    expect(withUsualCasing('apis')).toBe('APIs');
    expect(withUsualCasing('learning javascript')).toBe('learning JavaScript');
    expect(withUsualCasing('the korean dub')).toBe('the Korean dub');
    expect(withUsualCasing('Derek Banas')).toBe('Derek Banas');
    // products of two words, only together; developer tools
    expect(withUsualCasing('visual studio')).toBe('Visual Studio');
    expect(withUsualCasing('sublime text and mingw')).toBe('Sublime Text and MinGW');
    expect(withUsualCasing('visual effects')).toBe('visual effects');
    expect(withUsualCasing('the text')).toBe('the text');
    // words with another common reading are left alone
    expect(['mac', 'windows', 'apple', 'swift', 'ram'].map(usualCasing)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
