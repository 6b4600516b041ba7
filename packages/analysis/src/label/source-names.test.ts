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
    expect(withSourceNames('dude perfect', new Map([['dude perfect', 'Dude Perfect']]))).toBe(
      'Dude Perfect',
    );
  });

  it("keeps a channel's whole name when some of its words are no term alone", () => {
    // "dude" is chat noise, so "dude perfect" would be read as "perfect"
    expect(sourceNames({ channel: 'Dude Perfect' }).get('dude perfect')).toBe('Dude Perfect');
    expect(sourceNames({ channel: 'DUDE PERFECT' }).get('dude perfect')).toBe('Dude Perfect');
    // plurals fold into the key; the channel's spelling is shown; a leading "The" is left off
    expect(sourceNames({ channel: 'The Try Guys' }).get('try guy')).toBe('Try Guys');
    expect(sourceNames({ channel: 'Channel 4 News' }).get('channel 4 news')).toBe('Channel 4 News');
    // names whose words are all terms already make their phrase; a name that starts with a
    // preposition is what viewers say about something else ("in the rain")
    for (const channel of ['Mark Rober', 'In The Rain', 'Kurzgesagt – In a Nutshell', 'Hi There'])
      expect([...sourceNames({ channel }).keys()].filter((k) => k.includes(' '))).toEqual([]);
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

  it('names the channel by its whole name, though one of its words is chat noise', () => {
    const fans = [
      'dude perfect never misses',
      'I want to join Dude Perfect so bad',
      'dude perfect is the best channel on youtube',
      'been watching dude perfect since 2012, still perfect',
      'Dude Perfect should do a collab with the slo mo guys',
      'this was awesome',
    ];
    const plain = labelTexts(fans, () => 0, 'Praise')[0]!;
    expect(plain.heading).not.toMatch(/dude/i);
    const named = labelTexts(fans, () => 0, 'Praise', sourceNames({ channel: 'Dude Perfect' }))[0]!;
    expect(named.heading).toBe('Loves Dude Perfect');
    expect(named.tags[0]).toBe('dude perfect');
  });
});
