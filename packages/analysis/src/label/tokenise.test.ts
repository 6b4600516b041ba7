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
  it('makes no tag of "vs"', () => {
    expect([...commentTerms(tokenise("Aaron's vs Randy's pick"))].sort()).toEqual([
      'aaron',
      'pick',
      'randy',
      'randy pick',
    ]);
  });

  it('makes no tag of a word stretched for emphasis, but keeps "AAA"', () => {
    expect([...commentTerms(tokenise('slayyyyyy queen, goooood AAA games hmmm'))].sort()).toEqual([
      'aaa',
      'aaa game',
      'game',
      'queen',
    ]);
  });

  it('keeps a title written with capitals as one term, small words included', () => {
    expect(commentTerms(tokenise('Better than Game of Thrones season 8'))).toContain(
      'game of throne',
    );
    expect(commentTerms(tokenise('the Lord of the Rings trilogy'))).toContain('lord of the ring');
    expect(commentTerms(tokenise('Attack on Titan fans unite'))).toContain('attack on titan');
    // not in lower case, not across a small word that is no title's, not in a Title Case comment
    expect(
      [...commentTerms(tokenise('a game of thrones fan'))].some((t) => t.includes(' of ')),
    ).toBe(false);
    expect(
      [...commentTerms(tokenise('Greetings from Brazil and Love to Everyone'))].some(
        (t) => t.split(' ').length > 2,
      ),
    ).toBe(false);
    expect(
      [...commentTerms(tokenise('Best Part Of The Video Was The End'))].some((t) =>
        t.includes(' of '),
      ),
    ).toBe(false);
  });

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

  it('reads a possessive as its word', () => {
    expect(tokenise("JJ's bottle and Aaron’s pick, it's").map((t) => [t.key, t.surface])).toEqual([
      ['jj', 'JJ'],
      ['bottle', 'bottle'],
      ['and', 'and'],
      ['aaron', 'Aaron'],
      ['pick', 'pick'],
      ['it', 'it'],
    ]);
  });

  it('drops links and @handles in any script', () => {
    expect(
      tokenise('@プリムスリハード @Wafi_J. agreed, see https://x.example/a and @josé').map(
        (t) => t.key,
      ),
    ).toEqual(['agreed', 'see', 'and']);
  });

  it('keeps vowel signs and splits Chinese, Japanese and Thai into words, for tags of one word', () => {
    expect(tokenise('भाई अगली वीडियो @राहुल_भाई').map((t) => t.surface)).toEqual([
      'भाई',
      'अगली',
      'वीडियो',
    ]);
    const japanese = tokenise('素敵な音楽をありがとう');
    expect(japanese.map((t) => t.surface)).toEqual(['素敵', 'な', '音楽', 'を', 'ありがとう']);
    expect(japanese.every((t) => t.unspaced)).toBe(true);
    // tags of one word each: no particle, and no phrase of words written without spaces
    expect([...commentTerms(japanese)].sort()).toEqual(['ありがとう', '素敵', '音楽']);
    // "มาก" (very), "ทำให้" (makes) and the particle "ครับ" are function words
    expect([...commentTerms(tokenise('ขอบคุณที่ทำให้ดีมากครับ'))].sort()).toEqual(['ขอบคุณ', 'ดี'].sort());
  });
});
