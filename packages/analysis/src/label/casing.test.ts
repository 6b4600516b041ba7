import { describe, expect, it } from 'vitest';
import { isBareName, personName, usualCasing, withUsualCasing } from './casing';
import { extractKeyphrases } from './keyphrases';

describe('withUsualCasing', () => {
  it('writes acronyms, their plurals, languages and products the usual way, other words as they are', () => {
    expect(withUsualCasing('doctype html')).toBe('doctype HTML');
    expect(withUsualCasing('apis')).toBe('APIs');
    expect(withUsualCasing('learning javascript')).toBe('learning JavaScript');
    expect(withUsualCasing('the korean dub')).toBe('the Korean dub');
    expect(withUsualCasing('the cdc in ny')).toBe('the CDC in NY');
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

  it('gives a one-word name "the" only when most uses have it, a named thing or acronym at a third', () => {
    const [comic, league, editor] = extractKeyphrases([
      [
        'Calvin is my favourite comic',
        'that Calvin animation was great',
        'I grew up with Calvin',
        'Calvin forever',
        'loved a Calvin strip today',
        'reading Calvin again',
      ],
      [
        'the NBA player was great',
        'that NBA player again',
        'NBA player stats are wild',
        'NBA player salaries',
        'every kid wants NBA player money',
        'NBA player trade rumours',
      ],
      [
        'the IDE keeps crashing',
        'which IDE is this',
        'my IDE shows an error',
        'IDE setup help',
        'installed the IDE twice',
        'IDE theme name?',
      ],
    ]);
    expect(comic!.find((p) => p.tag === 'calvin')).toMatchObject({
      display: 'Calvin',
      takesArticle: false,
    });
    expect(league!.find((p) => p.tag === 'nba player')).toMatchObject({
      display: 'NBA player',
      takesArticle: true,
    });
    // an acronym is a thing too: "Asks about the IDE"
    expect(editor!.find((p) => p.tag === 'ide')).toMatchObject({
      display: 'IDE',
      takesArticle: true,
    });
  });

  it('names a person by their full name without "the", also where viewers write it before a noun', () => {
    const [player, league] = extractKeyphrases([
      [
        'the Gabriel Jesus signing was huge',
        'the Gabriel Jesus goal',
        'Gabriel Jesus is class',
        'love Gabriel Jesus',
      ],
      [
        'the Premier League is back',
        'the Premier League table',
        'Premier League football is the best',
        'watching Premier League again',
      ],
    ]);
    expect(player!.find((p) => p.tag === 'gabriel jesus')).toMatchObject({
      display: 'Gabriel Jesus',
      takesArticle: false,
    });
    expect(league!.find((p) => p.tag === 'premier league')).toMatchObject({
      display: 'Premier League',
      takesArticle: true,
    });
  });
});

describe('personName', () => {
  it('title-cases a known first name and a surname English does not know or knows as one', () => {
    expect(personName('david dobrik')).toBe('David Dobrik');
    expect(personName('mark rober')).toBe('Mark Rober');
    expect(personName('morgan freeman')).toBe('Morgan Freeman');
    expect(personName('mr beast')).toBe('Mr Beast');
  });

  it('leaves everyday words, things a video has, single words and cased phrases alone', () => {
    // "will" is a verb first, "swift" and "down" are words, "video" and "tutorial" are things
    for (const phrase of [
      'will smith',
      'taylor swift',
      'mark down',
      'simon video',
      'chris tutorial',
    ])
      expect(personName(phrase)).toBeUndefined();
    expect(personName('david')).toBeUndefined();
    expect(personName('david Dobrik')).toBeUndefined();
  });

  it('in headings only where someone in the section capitalises the surname', () => {
    const lower = [
      'david dobrik was robbed',
      'why is david dobrik so low',
      'david dobrik deserved better',
      'david dobrik at the bottom is crazy',
    ];
    const [named] = extractKeyphrases([[...lower, 'no disrespect to David Dobrik but come on']]);
    expect(named!.find((p) => p.tag === 'david dobrik')).toMatchObject({
      display: 'David Dobrik',
      name: true,
    });
    const [plain] = extractKeyphrases([lower]);
    expect(plain!.find((p) => p.tag === 'david dobrik')).toMatchObject({
      display: 'david dobrik',
      name: false,
    });
    // the word after a name, never capitalised inside a sentence, is no surname
    const [idea] = extractKeyphrases([
      [
        'ethan idea was so good',
        'love the ethan idea',
        'the ethan idea for the win',
        'Ethan idea ftw',
      ],
    ]);
    expect(idea!.find((p) => p.tag === 'ethan idea')).toMatchObject({
      display: 'ethan idea',
      name: false,
    });
  });
});

describe('names viewers type both ways', () => {
  const display = (texts: string[], tag: string) =>
    extractKeyphrases([texts])[0]!.find((p) => p.tag === tag)?.display;

  it('takes the commonest capitalised spelling when capitals win but split between spellings', () => {
    const texts = [
      'i love PewDiePie so much',
      'only PewDiePie could do this',
      'watching Pewdiepie since 2013',
      'go Pewdiepie go',
      'nobody beats pewdiepie',
      'is pewdiepie back',
      'we need pewdiepie now',
    ];
    expect(display(texts, 'pewdiepie')).toBe('PewDiePie');
  });

  it('capitalises a word English knows only as a first name, not one that is also a word', () => {
    const babies = [
      'peggy is such a cute name',
      'i love peggy',
      'peggy for a girl',
      'mark my words peggy wins',
      'mark it down',
      'mark this video',
    ];
    expect(display(babies, 'peggy')).toBe('Peggy');
    expect(display(babies, 'mark')).toBe('mark');
  });

  it('capitalises a name throughout that the usual casing capitalised only in part', () => {
    const song = [
      'the guy from the paranoid android video is back',
      'i like when the guy from Paranoid Android appears',
      'did anyone else catch paranoid android at the end',
      'so many paranoid android references',
      'wow paranoid android again',
    ];
    expect(display(song, 'paranoid android')).toBe('Paranoid Android');
    // with nobody writing it so, only the product is capitalised; an acronym keeps its capitals
    expect(display(song.slice(2), 'paranoid android')).toBe('paranoid Android');
    const channel = [
      'can you collab with Asmr Gaming please',
      'asmr gaming would love this',
      'please do asmr gaming next',
    ];
    expect(display(channel, 'asmr gaming')).toBe('ASMR Gaming');
  });

  it('reads a word English knows, in capitals, as emphasis, not an acronym', () => {
    const top = [
      'what a video!!! TOP!!',
      'honestly TOP video',
      'the top scorer was Chris',
      'they made the NBA finals',
      'watching the NBA since 2010',
    ];
    expect(display(top, 'top')).toBe('top');
    expect(display(top, 'nba')).toBe('NBA');
    const notch = ['your editing is TOP notch', 'such TOP notch work', 'sound was top notch'];
    expect(display(notch, 'top notch')).toBe('top notch');
  });

  it("does not take one viewer's odd capital inside a word for a name", () => {
    const damage = [
      'hope to meet you EMOTIONAL DAMAGE',
      'what are you doing Emotional damAge',
      'that was pure emotional damage',
    ];
    expect(display(damage, 'emotional damage')).toBe('emotional damage');
    // two viewers writing it so make it a spelling
    expect(
      display([...damage.slice(1), 'the video had Emotional damAge'], 'emotional damage'),
    ).toBe('Emotional damAge');
  });

  it('takes a third capitalised for a word English does not know, seldom after "the"', () => {
    const deji = [
      'i think Deji did great',
      'love how Deji handled it',
      'no way deji lost',
      'why is deji so low',
      'honestly deji deserved more',
      'i miss deji videos',
    ];
    expect(display(deji, 'deji')).toBe('Deji');
    // a word English knows keeps the majority rule ("the Answer" was a heading once)
    const answer = [
      'so the Answer is 42',
      'where is the Answer to part 2',
      'what answer did you get',
      'my answer was wrong',
      'your answer is right',
      'that answer makes sense',
    ];
    expect(display(answer, 'answer')).toBe('answer');
    // one capital in six is not enough
    expect(display([...deji.slice(1), 'no way deji lost again'], 'deji')).toBe('deji');
  });
});
