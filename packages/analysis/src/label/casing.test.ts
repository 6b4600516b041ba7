import { describe, expect, it } from 'vitest';
import { isBareName, usualCasing, withUsualCasing } from './casing';
import { extractKeyphrases } from './keyphrases';

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

describe('isBareName', () => {
  it('writes software, services and makers without "the", devices and peoples with it when viewers do', () => {
    expect(['Visual Studio', 'Python', 'PyCharm', 'Netflix', 'Samsung'].map(isBareName)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['iPhone', 'Xbox', 'French', 'HTML', 'Derek'].map(isBareName)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    const [ide, phone] = extractKeyphrases([
      ['I use the visual studio', 'the visual studio wont open', 'visual studio crashes'],
      ['the iphone is great', 'the iphone died', 'iphone camera'],
    ]);
    expect(ide!.find((p) => p.tag === 'visual studio')).toMatchObject({ takesArticle: false });
    expect(phone!.find((p) => p.tag === 'iphone')).toMatchObject({ takesArticle: true });
  });
});
