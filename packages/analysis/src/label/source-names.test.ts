import { describe, expect, it } from 'vitest';
import { labelTexts } from './label.test-support';
import { sourceNames, withSourceNames } from './source-names';

const entries = (names: ReadonlyMap<string, string>) => Object.fromEntries(names);

describe('sourceNames', () => {
  it('takes a band, a creator and a game from the title and channel, not common words', () => {
    expect(entries(sourceNames({ title: 'Radiohead - Lift', channel: 'Radiohead' }))).toEqual({
      radiohead: 'Radiohead',
    });
    expect(entries(sourceNames({ channel: 'ProZD' }))).toEqual({ prozd: 'ProZD' });
    // a channel's name is a name even where English does not know its words
    expect(sourceNames({ channel: 'Kurzgesagt – In a Nutshell' }).get('kurzgesagt')).toBe(
      'Kurzgesagt',
    );
    expect(
      entries(sourceNames({ title: 'Trying The New iPhone With Derek In London', channel: null })),
    ).toEqual({ iphone: 'iPhone', derek: 'Derek', london: 'London' });
    expect(entries(sourceNames({ title: 'GTA 6 Trailer Reaction' }))).toEqual({ gta: 'GTA' });
    // a number word in capitals is no acronym; a place in capitals for emphasis is a place
    expect(entries(sourceNames({ channel: 'Rio Ferdinand Presents FIVE' }))).toEqual({
      rio: 'Rio',
      ferdinand: 'Ferdinand',
    });
    expect(entries(sourceNames({ title: 'Weekend in BRIGHTON with Mike!' }))).toEqual({
      brighton: 'Brighton',
      mike: 'Mike',
    });
  });

  it('reads a capital as a name only where the title does not capitalise every word', () => {
    // Title Case: "Vlog" and "Morning" are capitalised like every word
    expect(entries(sourceNames({ title: 'My Morning Vlog' }))).toEqual({});
    // sentence case: a capital after the first word is a name ("Lift", the song)
    expect(entries(sourceNames({ title: 'I covered Lift by radiohead at home' }))).toEqual({
      lift: 'Lift',
    });
  });

  it('learns nothing from a shouted title but inner casing, nor from nothing', () => {
    expect(entries(sourceNames({ title: 'I BOUGHT A HOUSE IN LONDON' }))).toEqual({});
    expect(entries(sourceNames({ title: 'MY NEW iPhone IS BROKEN' }))).toEqual({
      iphone: 'iPhone',
    });
    expect(sourceNames(undefined).size).toBe(0);
    expect(sourceNames({ title: '  ', channel: null }).size).toBe(0);
  });

  it("writes a phrase's named words as the source does", () => {
    const names = new Map([['radiohead', 'Radiohead']]);
    expect(withSourceNames('radiohead song', names)).toBe('Radiohead song');
    expect(withSourceNames('the song', names)).toBe('the song');
  });
});

describe("headings with the source's names", () => {
  const texts = [
    'radiohead never misses, what a song',
    'love radiohead so much, this song is perfect',
    'radiohead is the best band ever',
    'this song by radiohead makes me cry every time',
    'finally radiohead released it, amazing',
    'radiohead at their best, beautiful',
  ];

  it('spells a name viewers type in lower case as the title does', () => {
    const plain = labelTexts(texts, () => 0, 'Praise')[0]!;
    expect(plain.heading).toMatch(/\bradiohead\b/);
    const names = sourceNames({ title: 'Radiohead - Lift (Official Video)', channel: 'Radiohead' });
    const named = labelTexts(texts, () => 0, 'Praise', names)[0]!;
    expect(named.heading).toMatch(/\bRadiohead\b/);
    expect(named.heading.replace('Radiohead', 'radiohead')).toBe(plain.heading);
    // tags stay lower case
    expect(named.tags).toEqual(plain.tags);
  });
});
