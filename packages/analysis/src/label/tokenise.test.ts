import { describe, expect, it } from 'vitest';
import { commentTerms, foldPlural, tokenise } from './tokenise';

describe('foldPlural', () => {
  it('folds regular plurals so singular and plural count together', () => {
    expect(foldPlural('recipes')).toBe('recipe');
    expect(foldPlural('videos')).toBe('video');
    expect(foldPlural('stories')).toBe('story');
    expect(foldPlural('boxes')).toBe('box');
    expect(foldPlural('movies')).toBe('movie');
    expect(foldPlural('cookies')).toBe('cookie');
  });

  it('keeps words that only look plural', () => {
    for (const w of ['always', 'perhaps', 'news', 'series', 'boss', 'this', 'physics', 'christmas'])
      expect(foldPlural(w)).toBe(w);
  });
});

describe('commentTerms', () => {
  it('does not turn "always" into a truncated tag', () => {
    const terms = commentTerms(tokenise('Sidemen always deliver, always'));
    expect(terms.has('alway')).toBe(false);
  });
});

describe('tokenise', () => {
  it('marks hashtags and keys them like the plain word', () => {
    const [tag, word] = tokenise('#MoreSidemen moresidemen');
    expect(tag).toEqual({ key: 'moresidemen', surface: 'MoreSidemen', hashtag: true });
    expect(word).toEqual({ key: 'moresidemen', surface: 'moresidemen' });
  });

  it('drops links and @handles in any script', () => {
    expect(
      tokenise('@プリムスリハード @Wafi_J. agreed, see https://x.example/a and @josé').map(
        (t) => t.key,
      ),
    ).toEqual(['agreed', 'see', 'and']);
  });
});
