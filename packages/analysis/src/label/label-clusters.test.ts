import { describe, expect, it } from 'vitest';
import type { Intent } from '@app/contracts';
import { allFixtureComments, FIXTURE_VIDEOS } from '../comment-fixtures.test-support';
import { inputComment } from '../input-comment.test-support';
import { prepareComments } from '../prepare/prepare-comments';
import type { Sentiment } from '../types';
import { applyContextRules, parseContextRules } from './context-rules';
import {
  composeHeading,
  distinctHeading,
  headingSubject,
  distinctHeadings,
  moreOfKind,
  praisedQuality,
  quotedHeading,
  isEarlyViewer,
  isReplyToViewer,
  isThanking,
  MAX_HEADING_LENGTH,
} from './heading';
import { extractKeyphrases, type Keyphrase } from './keyphrases';
import { aggregateSentiment, labelClusters, pickRepresentatives } from './label-clusters';
import { keyphrase, labelTexts } from './label.test-support';

/** Stand-ins for the intent and sentiment classifiers: this file tests labelling, not them. */
const standInIntent = (text: string): Intent =>
  /\?/.test(text) ? 'Question' : /\b(please|pls|make a|do a)\b/i.test(text) ? 'Request' : 'Opinion';
const standInSentiment = (text: string): Sentiment =>
  /\b(love|great|best|amazing)\b/i.test(text)
    ? { score: 0.6, label: 'positive' }
    : /\b(hate|worst|awful)\b/i.test(text)
      ? { score: -0.6, label: 'negative' }
      : { score: 0, label: 'neutral' };
const majority = (intents: Intent[]): Intent => {
  const counts = new Map<Intent, number>();
  intents.forEach((i) => counts.set(i, (counts.get(i) ?? 0) + 1));
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
};

const phrase = keyphrase;

/**
 * Whether a heading names `word` as its topic: a heading quoting a representative comment (in “”)
 * names none, it shows what a viewer said.
 */
const namesTopic = (heading: string, word: string): boolean =>
  !heading.startsWith('“') && heading.toLowerCase().includes(word.toLowerCase());

describe('labelClusters: headings', () => {
  it('never gives two clusters the same heading; the smaller is named by its own tags', () => {
    const texts = [
      ...['Great video!', 'great video thanks', 'Awesome video', 'Great video man'],
      ...['So good', 'Loved it', 'Nice one', 'Great stuff'],
      ...['please reply', 'please reply bro', 'baby shark', 'baby shark again', 'baby lol'],
      ...['Great video', 'love it'],
    ];
    const labels = labelTexts(texts, (i) => (i < 8 ? 0 : i < 13 ? 1 : 2), 'Praise');
    expect(labels.map((l) => l.heading)).toEqual([
      'Praises the video',
      // "please reply" is this cluster's top tag, but a plea is not a topic; "shark" only comes
      // after "baby", so the two are one phrase
      'Loves baby shark',
      // a second praise cluster naming no topic: its representatives are under three words
      'More praise',
    ]);
    expect(labels[2]!.subject).toBeNull();
    // a duplicate named by its tags skips pleas too
    expect(
      distinctHeading('Praise', [phrase('please reply'), phrase('baby'), phrase('shark')]),
    ).toBe('Praise mentioning baby and shark');
    // ... and words that name no topic: the kind's own word, a preposition, an adverb
    expect(
      distinctHeading('Early viewers', [
        phrase('early'),
        phrase('among'),
        phrase('anymore'),
        phrase('lobby'),
      ]),
    ).toBe('Early viewers mentioning lobby');
    expect(distinctHeading('Early viewers', [phrase('early'), phrase('among')])).toBeNull();
    // well-wishes are no topic either ("Talks about god bless and congratulations")
    expect(
      distinctHeading('Opinion', [phrase('god bless'), phrase('congratulation'), phrase('lobby')]),
    ).toBe('Opinion mentioning lobby');
    // nor is a unit of time ("Talks about the bed and hours") or a form of address ("Loves mam")
    for (const word of ['hour', 'minute', 'maam', 'sir'])
      expect(distinctHeading('Opinion', [phrase(word), phrase('lobby')]), word).toBe(
        'Opinion mentioning lobby',
      );
    // a describing word is no topic, also where viewers write it after "the" ("the whole video")
    expect(
      headingSubject(
        [phrase('whole', { takesArticle: true }), phrase('tutorial', { takesArticle: true })],
        60,
      ),
    ).toBe('the tutorial');
    expect(moreOfKind('Early viewers')).toBe('More early viewers');
  });

  it('names a third cluster of thanks by the quality praised, and never repeats a heading', () => {
    // a tutorial's third cluster of thanks ("very helpful thanks buddy") had "Thanks the creator" twice
    expect(
      praisedQuality('Thanks', [phrase('helpful', { share: 0.6 }), phrase('already knew')]),
    ).toBe('Found it helpful');
    expect(praisedQuality('Thanks', [phrase('helpful', { share: 0.1 })])).toBeNull();
    expect(praisedQuality('Questions', [phrase('helpful', { share: 0.6 })])).toBeNull();
    // every candidate taken: the last one numbered
    const clusters = [
      { id: 0, size: 40 },
      { id: 1, size: 32 },
      { id: 2, size: 15 },
      { id: 3, size: 9 },
    ];
    const headings = distinctHeadings(clusters, (c) => ({
      ...c,
      candidates: ['Thanks the creator', () => null, 'More thanks'],
      fallback: 'Thanks the creator',
    }));
    expect(headings).toEqual([
      'Thanks the creator',
      'More thanks',
      'More thanks (2)',
      'More thanks (3)',
    ]);
  });

  it('quotes a short typical comment for a third cluster of a kind that names no topic', () => {
    // "More comments (2)" told a creator nothing, and read "More comments (2) (9.7% of comments)"
    const texts = (list: string[]) => list.map((text) => ({ text }));
    expect(quotedHeading('Comments', texts(['so true bro']))).toBe('Comments like “so true bro”');
    // the first short one on one line and without a link, quoted whole
    expect(
      quotedHeading(
        'Thanks',
        texts([
          'thank you so much, this helped me pass my exam last week',
          'thanks!\nsubbed',
          'thx www.example.com',
          '  thank you maam ',
        ]),
      ),
    ).toBe('Thanks like “thank you maam”');
    expect(
      quotedHeading('Thanks', texts(['thank you so much, this helped me pass my exam'])),
    ).toBeNull();
    const representatives = [
      texts(['a']),
      texts(['b']),
      texts(['thank you maam']),
      texts(['thank you so much, this helped me pass my exam']),
    ];
    const headings = distinctHeadings([0, 1, 2, 3], (i) => ({
      id: i,
      size: 40 - i,
      candidates: [
        'Thanks the creator',
        'More thanks',
        () => quotedHeading('Thanks', representatives[i]!),
      ],
      fallback: 'Thanks the creator',
    }));
    // none short enough: numbered, as before
    expect(headings).toEqual([
      'Thanks the creator',
      'More thanks',
      'Thanks like “thank you maam”',
      'More thanks (2)',
    ]);
  });

  it('names a title by all its words', () => {
    const texts = [
      ...['Game of Thrones did it better', 'this is like Game of Thrones', 'Game of Thrones vibes'],
      ...['better than Game of Thrones tbh', 'the ending of Game of Thrones was worse'],
      ...['The camera is great', 'great camera', 'love the camera', 'camera quality is insane'],
    ];
    const labels = labelTexts(texts, (i) => (i < 5 ? 0 : 1), 'Opinion');
    expect(labels[0]!.heading).toBe('Talks about Game of Thrones');
    expect(labels[0]!.tags[0]).toBe('game of thrones');
    expect(labels[0]!.tags).not.toContain('throne');
  });

  it('shows one spelling of a name written with and without a space', () => {
    const texts = [
      ...['Mr Beast is the best', 'mr beast again', 'MrBeast money', 'mrbeast always wins'],
      ...['Mr Beast giving money away', 'mrbeast video'],
      ...['The camera is great', 'great camera', 'love the camera', 'camera quality is insane'],
    ];
    const [beast] = labelTexts(texts, (i) => (i < 6 ? 0 : 1), 'Opinion');
    expect(beast!.tags.filter((t) => t.replace(' ', '') === 'mrbeast')).toHaveLength(1);
  });

  it('shows one spelling of a name whose letters viewers double', () => {
    // A real video's cluster was "Enjoys ssundee and sundee".
    const texts = [
      ...['ssundee is the best', 'ssundee never fails', 'love ssundee videos', 'ssundee and crew'],
      ...['sundee is funny', 'sundee again lol'],
      ...['The camera is great', 'great camera', 'love the camera', 'camera quality is insane'],
    ];
    const [fan] = labelTexts(texts, (i) => (i < 6 ? 0 : 1), 'Opinion');
    expect(fan!.tags).toContain('ssundee');
    expect(fan!.tags).not.toContain('sundee');
    expect(fan!.heading).not.toContain('sundee and');
    // three letters: one word when the doubling is at its end ("vikk"), two otherwise ("soon", "son")
    const short = [
      ...['vikk is here', 'vikk again', 'vik lol', 'vik and vikk'],
      ...['my son loves it', 'son watches daily', 'part 2 soon', 'upload soon'],
      ...['The camera is great', 'great camera', 'love the camera', 'camera quality is insane'],
    ];
    const [vik] = labelTexts(short, (i) => (i < 8 ? 0 : 1), 'Opinion');
    expect(vik!.tags.filter((t) => t === 'vik' || t === 'vikk')).toHaveLength(1);
    expect(vik!.tags).toEqual(expect.arrayContaining(['son', 'soon']));
  });

  it('writes acronyms, languages and products the usual way in headings, tags in lower case', () => {
    const texts = [
      ...['how do i link css to html', 'my html page is blank', 'html or css first?', 'html tags'],
      ...['learning french', 'french is hard', 'my french teacher', 'french grammar help'],
    ];
    const [web, lang] = labelTexts(texts, (i) => (i < 4 ? 0 : 1), 'Question');
    expect(web!.heading).toContain('HTML');
    expect(web!.tags).toContain('html');
    expect(lang!.heading).toContain('French');
    expect(lang!.heading).not.toContain('french');
  });

  it('names a thing a video has with "the", also where viewers write it bare', () => {
    const texts = [
      ...['great recipe', 'best recipe ever', 'recipe was so tasty', 'awesome recipe thanks'],
      ...['love the music', 'music is great', 'great music', 'music slaps'],
    ];
    const [recipe, music] = labelTexts(texts, (i) => (i < 4 ? 0 : 1), 'Praise');
    expect(recipe!.heading).toBe('Loves the recipe');
    // a mass noun keeps what viewers write: "the" in one comment of four
    expect(music!.heading).toBe('Loves music');
  });

  it('reads a determiner before a word that describes a thing as the thing\'s ("a moresidemen video")', () => {
    const texts = [
      ...[
        'I love these moresidemen videos',
        'a moresidemen video makes my day',
        'best moresidemen video yet',
        'the moresidemen videos are the best',
      ],
      ...['love the camera', 'the camera is great', 'this camera rocks', 'camera quality'],
    ];
    const [series, camera] = labelTexts(texts, (i) => (i < 4 ? 0 : 1), 'Praise');
    expect(series!.heading).not.toContain('the moresidemen');
    expect(series!.heading).toContain('moresidemen');
    // a determiner right before the thing itself still counts
    expect(camera!.heading).toBe('Loves the camera');
  });

  it('names no topic with a word viewers write after "the" or "your" that the tagger reads as an adjective', () => {
    // "keep the game alive", "your still alive": a determiner two words before, yet no thing
    const texts = [
      ...[
        'keep the game alive',
        'your still alive lol',
        'is the server alive',
        'keep the stream alive please',
        'the channel alive again',
      ],
      ...['love the camera', 'the camera is great', 'this camera rocks', 'camera quality'],
    ];
    const [alive] = labelTexts(texts, (i) => (i < 5 ? 0 : 1), 'Opinion');
    expect(alive!.tags).toContain('alive');
    expect(alive!.subject).toBeNull();
    expect(namesTopic(alive!.heading, 'alive')).toBe(false);
  });

  it('reads a comment pasted several times once when judging a topic', () => {
    // three copies of "his uploads are the best" do not outvote viewers who write "uploads" as a verb
    const texts = [
      ...Array.from({ length: 3 }, () => 'his uploads are the best'),
      ...['he uploads daily', 'she uploads every week', 'he uploads at 5pm'],
      ...['love the camera', 'the camera is great', 'this camera rocks', 'camera quality'],
    ];
    const [uploads] = labelTexts(texts, (i) => (i < 6 ? 0 : 1), 'Opinion');
    expect(uploads!.tags).toContain('uploads');
    expect(uploads!.heading).not.toMatch(/upload/i);
  });

  it('shows tags as viewers write them, never a plural "s" folded off another language\'s word', () => {
    const texts = [
      ...[
        'Très bien fait, merci',
        "C'est très bien",
        'très très bien ce vidéo',
        'Vraiment très bien',
      ],
      ...['Muchas gracias por el video', 'muchas gracias amigo', 'gracias por compartir'],
      ...['love the recipes', 'the recipe was great', 'more recipes please', 'these recipes rock'],
    ];
    const labels = labelTexts(texts, (i) => (i < 4 ? 0 : i < 7 ? 1 : 2), 'Praise');
    const tags = labels.flatMap((l) => l.tags);
    expect(tags).toEqual(expect.arrayContaining(['très bien', 'muchas gracias', 'recipe']));
    expect(tags).not.toContain('trè bien');
    expect(tags).not.toContain('mucha gracia');
  });

  it('names no topic with a word of praise itself ("huge respect")', () => {
    const texts = [
      ...[
        'huge respect for this',
        'respect to you man',
        'massive respect',
        'respect to the editor',
      ],
      ...['the editor is a legend', 'the editor did great', 'love the camera', 'camera quality'],
    ];
    const [respect] = labelTexts(texts, (i) => (i < 4 ? 0 : 1), 'Praise');
    expect(respect!.tags).toContain('respect');
    expect(respect!.heading).not.toContain('respect');
    // "the GOAT" (greatest of all time) is praise given: in the datasets' 105 uses never the animal
    const goat = [
      'pewds is the goat',
      'the goat is back!',
      'MrBeast is the goat of youtube',
      'he is a goat',
      'the goat keeps posting',
    ];
    const [praised] = labelTexts(
      [...goat, ...['love the camera', 'camera quality', 'the camera work']],
      (i) => (i < goat.length ? 0 : 1),
      'Praise',
    );
    expect(praised!.tags).toContain('goat');
    expect(praised!.heading).not.toMatch(/goat/i);
  });

  it("names no topic after one comment's words", () => {
    // The top-up tags of a small cluster are phrases each comment uses once: tags, not a topic.
    const texts = [
      ...['The camera is great', 'great camera', 'love the camera', 'camera quality is insane'],
      ...['Abandon POS forever', 'Account Growth was quite helpful', 'the code system idea'],
    ];
    const labels = labelTexts(texts, (i) => (i < 4 ? 0 : 1), 'Opinion');
    expect(labels[0]!.heading).toBe('Talks about the camera');
    expect(labels[1]!.tags.length).toBeGreaterThan(0);
    expect(labels[1]!.subject).toBeNull();
    for (const tag of labels[1]!.tags) expect(namesTopic(labels[1]!.heading, tag)).toBe(false);
  });
});

describe('labelClusters: thanks', () => {
  it('heads the biggest thanks cluster as thanks and a second one by its topic', () => {
    const texts = [
      ...['Thank you so much', 'thanks a lot man', 'thank you!!', 'Thanks bro', 'thx'],
      ...['thanks for the explanation', 'great explanation thank you'],
      ...['the explanation was so clear thanks', 'thank you, best explanation'],
    ];
    const labels = labelTexts(texts, (i) => (i < 5 ? 0 : 1), 'Praise');
    expect(labels.map((l) => l.heading)).toEqual(['Thanks the creator', 'Loves the explanation']);
  });
});

describe('labelClusters: topics', () => {
  it("never takes the rest of a mentioned viewer's display name as a topic", () => {
    const replies = [
      ['@Average Asian fashionista is not possible', 'Kai'],
      ['@Average Asian only the base achievements', 'Lu'],
      ['@Josh Fox the gauntlet run is hard', 'Mo'],
      ['@Josh Fox gauntlet times are fake', 'Ned'],
      ['the gauntlet was so hard', 'Josh Fox'],
    ];
    const prepared = prepareComments(
      replies.map(([text, author], i) => inputComment(text!, { id: String(i), author: author! })),
    );
    const [label] = labelClusters({
      comments: prepared.comments,
      assignments: replies.map(() => 0),
      k: 1,
      intents: replies.map(() => 'Opinion'),
      sentiments: replies.map(() => ({ score: 0, label: 'neutral' })),
      centrality: null,
      categorise: () => 'Opinion',
    });
    expect(label!.tags).not.toEqual(expect.arrayContaining(['asian']));
    expect(label!.tags).not.toEqual(expect.arrayContaining(['fox']));
    expect(label!.tags).not.toEqual(expect.arrayContaining(['josh fox']));
    // most of the cluster answers other viewers
    expect(label!.heading).toBe('Discusses the gauntlet');
  });

  it('never takes a form of address, a word English knows only as an adjective or a noun pointing at what follows as the topic', () => {
    const mate = labelTexts(
      [
        'thanks mate, great tips',
        'brilliant stuff mate',
        'cheers mate. Subscribed',
        'love the tips',
        'such good tips',
      ],
      () => 0,
      'Praise',
    )[0]!;
    expect(mate.heading).toBe('Loves the tips');
    const brother = labelTexts(
      [
        'my brother loves this show',
        'showed it to my brother',
        'my brother and I watch it',
        'we must all support the Caba brothers',
      ],
      () => 0,
      'Opinion',
    )[0]!;
    expect(brother.heading).toBe('Talks about brother');
    // a plural at the end of a comment names people, it calls no one
    const [brothers] = extractKeyphrases([
      ['shoutout Caba brothers', 'prayers for Kim brothers', 'my brother loves it', 'ok'],
    ]);
    expect(brothers!.find((p) => p.tag === 'brother')).toMatchObject({ generic: false });
    const [mates] = extractKeyphrases([['cheers mate', 'great stuff mate', 'my mate loves it']]);
    expect(mates!.find((p) => p.tag === 'mate')).toMatchObject({ generic: true });
    const fine = labelTexts(
      ['like he said it is FINE', 'its fine', 'everything is fine', 'ok then'],
      () => 0,
      'Opinion',
    )[0]!;
    expect(fine.tags).toContain('fine');
    expect(fine.heading).not.toContain('fine');
    const amount = labelTexts(
      [
        'the amount of effort in this bridge',
        'the amount of work on the bridge scene',
        'that bridge fight though',
        'the amount of detail',
      ],
      () => 0,
      'Praise',
    )[0]!;
    expect(amount.tags).toContain('amount');
    expect(amount.heading).toBe('Loves the bridge');
  });

  it('never takes an adverb or a superlative written after "the" as the topic', () => {
    const texts = [
      'the cutest puppy ever',
      'she is the cutest',
      'honestly the cutest thing',
      'the cutest puppy on youtube',
      'the genuinely funny part was the puppy',
      'the genuinely best channel',
      'this puppy is adorable',
      'the puppy made my day',
    ];
    const [label] = labelTexts(texts, () => 0, 'Praise');
    expect(label!.tags.slice(0, 3)).toEqual(expect.arrayContaining(['cutest']));
    expect(label!.heading).toBe('Loves the puppy');
  });

  it('asks the tagger about an "-ed" word after "the": a participle is no topic, a noun is', () => {
    const signed = labelTexts(
      [
        'can I get the signed card',
        'please send me the signed card',
        'I want the signed shirt',
        'the signed one pls',
        'giveaway the signed ball please',
      ],
      () => 0,
      'Request',
    )[0]!;
    expect(signed.tags[0]).toBe('signed');
    expect(signed.subject).toBeNull();
    expect(namesTopic(signed.heading, 'signed')).toBe(false);
    const bed = labelTexts(
      ['the bed looks so comfy', 'I need the bed', 'where is the bed from', 'love the bed'],
      () => 0,
      'Opinion',
    )[0]!;
    expect(bed.heading).toBe('Talks about the bed');
  });
});

describe('labelClusters: swearing', () => {
  it('never tags a cluster with swearing: it says how strongly, never what about', () => {
    const label = labelTexts(
      [
        'the price is fucking insane',
        'wtf is that price',
        'this price is shit, who pays that',
        'fucking hell the price',
        'the price of the new phone is a joke',
      ],
      () => 0,
      'Criticism',
    )[0]!;
    expect(label.tags).toContain('price');
    expect(label.tags.join(' ')).not.toMatch(/fuck|wtf|shit/);
  });
});

describe('labelClusters: what the heading says of the comments', () => {
  /** One Request cluster; a comment with "please" requests, the others praise. */
  const requestCluster = (texts: string[]) => {
    const prepared = prepareComments(texts.map((text, i) => inputComment(text, { id: String(i) })));
    const intents = texts.map((t): Intent => (/please/i.test(t) ? 'Request' : 'Praise'));
    return labelClusters({
      comments: prepared.comments,
      assignments: texts.map(() => 0),
      k: 1,
      intents,
      sentiments: texts.map(() => ({ score: 0.6, label: 'positive' })),
      centrality: null,
      categorise: () => 'Request',
    })[0]!;
  };
  const praiseOfTheCameraman = [
    'props to the cameraman for the shots',
    'the cameraman felt like a real friend of the group',
    'W cameraman, great vibes',
    'I love the cameraman so much',
    'the cameraman deserves a raise',
  ];

  it('never heads requests with a topic only the praise in the cluster names', () => {
    const label = requestCluster([
      ...praiseOfTheCameraman,
      'please do more of these',
      'please keep doing these videos',
    ]);
    expect(label.tags).toContain('cameraman');
    // no topic: the cluster's own request says what is asked
    expect(label.heading).toBe('“Please do more of these”');
  });

  it('names the topic when enough of the comments naming it ask for something', () => {
    const label = requestCluster([
      ...praiseOfTheCameraman,
      'please show the cameraman more',
      'please let the cameraman talk',
    ]);
    expect(label.heading).toBe('Asks for the cameraman');
  });
});

describe('composeHeading', () => {
  const base = {
    sentiment: 'neutral' as const,
    positiveShare: 0,
    negativeShare: 0,
    humourShare: 0,
    spamShare: 0,
  };
  it('builds readable phrases from intent, sentiment and keyphrases', () => {
    expect(
      composeHeading({ ...base, category: 'Request', phrases: [phrase('part 2')] }).heading,
    ).toBe('Asks for part 2');
    expect(
      composeHeading({
        ...base,
        category: 'Praise',
        phrases: [phrase('editing', { takesArticle: true })],
      }).heading,
    ).toBe('Loves the editing');
    expect(
      composeHeading({
        ...base,
        category: 'Question',
        phrases: [phrase('recipe', { takesArticle: true })],
      }).heading,
    ).toBe('Asks about the recipe');
    expect(
      composeHeading({
        ...base,
        category: 'Opinion',
        humourShare: 0.6,
        phrases: [phrase('ending', { takesArticle: true })],
      }).heading,
    ).toBe('Jokes about the ending');
    // an exclamation is what viewers say, not what they talk about
    expect(
      composeHeading({
        ...base,
        category: 'Opinion',
        phrases: [phrase('bloody hell'), phrase('eye', { takesArticle: true })],
      }).heading,
    ).toBe('Talks about the eye');
  });

  it('puts requests and questions to the person viewers address, never makes that person their topic', () => {
    const derek = phrase('Derek', { addressed: true });
    const heading = (category: 'Request' | 'Question' | 'Praise', phrases: Keyphrase[]) =>
      composeHeading({ ...base, category, phrases });
    expect(heading('Request', [derek]).heading).toBe('Asks Derek for more');
    expect(heading('Request', [derek]).subject).toBeNull();
    expect(heading('Question', [derek]).heading).toBe('Asks Derek questions');
    // a topic beside the addressee is what they ask about
    expect(heading('Question', [derek, phrase('Eclipse')]).heading).toBe('Asks about Eclipse');
    // a name they write about, not to, stays a topic; praise addressed to someone is praise for them
    expect(heading('Request', [phrase('Derek')]).heading).toBe('Asks for Derek');
    expect(heading('Praise', [derek]).heading).toBe('Loves Derek');
    expect(heading('Request', [derek]).person).toEqual({ name: 'Derek', advised: false });
    // requests that mostly advise one person are suggestions for them, whatever else they name
    const mike = phrase('Mike', { advised: true, share: 0.6 });
    const problem = phrase('problem', { takesArticle: true, share: 0.4 });
    expect(heading('Request', [problem, mike])).toMatchObject({
      heading: 'Gives Mike advice',
      subject: null,
      person: { name: 'Mike', advised: true },
    });
    // ...but not a person a few of them advise in passing
    const aside = phrase('Mike', { advised: true, share: 0.1, score: 0.3 });
    expect(heading('Request', [phrase('part 2', { share: 0.7 }), aside]).heading).toBe(
      'Asks for part 2',
    );
    expect(heading('Question', [mike]).heading).toBe('Asks about Mike');
  });

  it('calls an Opinion cluster frustration only when a good part of it is negative or criticises', () => {
    const sour = {
      ...base,
      category: 'Opinion' as const,
      sentiment: 'negative' as const,
      phrases: [phrase('prison')],
    };
    expect(composeHeading({ ...sour, negativeShare: 0.45 }).heading).toBe(
      'Is frustrated with prison',
    );
    expect(composeHeading({ ...sour, negativeShare: 0.2, criticismShare: 0.3 }).heading).toBe(
      'Is frustrated with prison',
    );
    // a third negative by words such as "ghost" and "jail", few complaints: a topic, not a feeling
    expect(composeHeading({ ...sour, negativeShare: 0.32, criticismShare: 0.11 }).heading).toBe(
      'Talks about prison',
    );
    expect(composeHeading({ ...sour, negativeShare: 0.14, phrases: [] }).heading).toBe(
      'Chats and reacts briefly',
    );
  });

  it('calls an Opinion cluster of viewers answering each other a conversation, or an argument', () => {
    const replies = { ...base, category: 'Opinion' as const, replyShare: 0.6 };
    expect(composeHeading({ ...replies, sentiment: 'negative', phrases: [] }).heading).toBe(
      'Argues with other viewers',
    );
    expect(
      composeHeading({ ...replies, sentiment: 'mixed', phrases: [phrase('Mr Beast')] }).heading,
    ).toBe('Argues about Mr Beast');
    expect(composeHeading({ ...replies, phrases: [phrase('Mr Beast')] }).heading).toBe(
      'Discusses Mr Beast',
    );
    // a minority of replies changes nothing
    expect(
      composeHeading({ ...replies, replyShare: 0.3, phrases: [phrase('Mr Beast')] }).heading,
    ).toBe('Talks about Mr Beast');
    expect(isReplyToViewer('@プリムスリハード you are wrong', null)).toBe(true);
    expect(isReplyToViewer('so true', 'parent-1')).toBe(true);
    expect(isReplyToViewer('email me at x@y.com', null)).toBe(false);
  });

  it('skips generic words as subjects and falls back to a general heading', () => {
    const h = composeHeading({
      ...base,
      category: 'Praise',
      phrases: [phrase('great', { generic: true }), phrase('love', { generic: true })],
    });
    expect(h).toEqual({ heading: 'Praises the video', subject: null, kind: 'Praise' });
    // swearing is what people say, not what they talk about
    expect(
      composeHeading({
        ...base,
        category: 'Opinion',
        phrases: [phrase('Steve Jobs', { tag: 'steve jobs' }), phrase('fuck')],
      }).heading,
    ).toBe('Talks about Steve Jobs');
    // nor an insult viewers write after "the" ("the ass", heard on a real video's comments)
    expect(
      composeHeading({
        ...base,
        category: 'Opinion',
        phrases: [
          phrase('Gun Face', { tag: 'gun face' }),
          phrase('ass', { score: 0.9, takesArticle: true }),
        ],
      }).heading,
    ).toBe('Talks about Gun Face');
  });

  it('never joins an adverb or a contraction into the subject', () => {
    const h = composeHeading({
      ...base,
      category: 'Praise',
      phrases: [
        phrase('sidemen', { takesArticle: true }),
        phrase('together', { score: 0.9 }),
        phrase('KSI', { score: 0.8 }),
      ],
    });
    expect(h.heading).toBe('Loves the sidemen');
    expect(
      composeHeading({
        ...base,
        category: 'Praise',
        phrases: [phrase('sidemen together'), phrase('insane', { score: 0.9 }), phrase('legacy')],
      }).heading,
    ).toBe('Loves legacy');
    const [tags] = extractKeyphrases([
      [
        'he’s the goat of chess',
        'he’s so good at chess',
        'he’s great at chess',
        'he’s a chess genius',
      ],
      ['another cluster entirely', 'about cooking pasta'],
    ]);
    expect(tags!.map((t) => t.tag)).toContain('chess');
    expect(tags!.map((t) => t.tag)).not.toContain('he’s');
  });

  it('never takes chat shorthand for a tag: it says how, never what', () => {
    const [shorthand] = extractKeyphrases([
      [
        'emma is cute af',
        'emma is funny af tbh',
        'ngl emma is the best fr',
        'emma af',
        'tbh emma rn',
      ],
      ['another cluster entirely', 'about cooking pasta'],
    ]);
    const shorthandTags = shorthand!.map((t) => t.tag);
    expect(shorthandTags).toContain('emma');
    for (const word of ['af', 'tbh', 'ngl', 'fr', 'rn']) expect(shorthandTags).not.toContain(word);
  });

  it('joins two tags that are the halves of one name, whichever half was taken first', () => {
    // "dobrik" and "david" each half in the name, half alone: one person, one tag
    const [names] = extractKeyphrases([
      [
        'No offence to David Dobrik but picking him over markiplier is a crime',
        'they really picked david dobrik over markiplier',
        'Dobrik getting past round one was criminal',
        'Dobrik over markiplier is a war crime',
        'If they had picked Simon over David I would have lost it',
        'david over markiplier is the worst thing they did',
        'the ranking was a crime honestly',
      ],
      ['another cluster entirely', 'about cooking pasta'],
    ]);
    const tags = names!.map((t) => t.tag);
    expect(tags).toContain('david dobrik');
    expect(tags).not.toContain('dobrik');
    expect(tags).not.toContain('david');
    expect(tags).toContain('markiplier');
  });

  it('counts a Korean noun with a particle as the noun, when the section also writes it bare', () => {
    // "makeup" bare, with "too" and with the object particle; "at the jokbal" beside "jokbal"
    const [korean] = extractKeyphrases([
      [
        '메이크업 너무 예뻐요',
        '오늘 메이크업도 최고',
        '메이크업도 귀엽고 좋아요',
        '메이크업을 따라 했어요',
        '족발에 김치 조합',
        '족발 먹방 또 해주세요',
      ],
      ['another cluster entirely', 'about cooking pasta'],
    ]);
    const tags = korean!.map((t) => t.tag);
    expect(tags).toContain('메이크업');
    expect(tags).toContain('족발');
    for (const form of ['메이크업도', '메이크업을', '족발에']) expect(tags).not.toContain(form);
    expect(korean!.find((t) => t.tag === '메이크업')!.share).toBeCloseTo(4 / 6);
    // particles stack: "at school too" and "at school" are "school"
    const [school] = extractKeyphrases([
      ['학교 너무 좋아', '학교에서 공부', '학교에서도 공부', '학교에서도 재밌어'],
      ['another cluster entirely', 'about cooking pasta'],
    ]);
    expect(school!.map((t) => t.tag)).toContain('학교');
    expect(school!.map((t) => t.tag).filter((t) => t.startsWith('학교'))).toEqual(['학교']);
    // a word that only looks like a noun and a particle stays whole: "고양이" (cat) is not "고양" + 이
    const [cats] = extractKeyphrases([
      ['고양이 귀여워', '고양이 최고', '우리 고양이도'],
      ['another cluster entirely', 'about cooking pasta'],
    ]);
    expect(cats!.map((t) => t.tag)).toContain('고양이');
  });

  it('names an abstract noun with "the" only when most viewers write one', () => {
    const articleOf = (texts: string[], word: string) =>
      extractKeyphrases([texts, ['another cluster entirely', 'about cooking pasta']])[0]!.find(
        (k) => k.tag === word,
      )?.takesArticle;
    // one "this life" in three: the same share makes a thing "the bot"
    expect(
      articleOf(['in this life and the next', 'my life is a mess', 'this is life'], 'life'),
    ).toBe(false);
    expect(articleOf(['this bot again', 'my bot is broken', 'bot lol'], 'bot')).toBe(true);
    expect(articleOf(['the life he had', 'the life of a streamer', 'life is good'], 'life')).toBe(
      true,
    );
  });

  it('names one topic even when two are strong, keeps names cased and stays within 60 characters', () => {
    expect(
      composeHeading({
        ...base,
        category: 'Criticism',
        phrases: [phrase('Radiohead'), phrase('audio mix', { score: 0.9, takesArticle: true })],
      }).heading,
    ).toBe('Complains about Radiohead');
    const long = composeHeading({
      ...base,
      category: 'Question',
      phrases: [phrase('an extraordinarily long phrase that keeps going and going into the night')],
    });
    expect(long.heading.length).toBeLessThanOrEqual(MAX_HEADING_LENGTH);
    expect(long.heading.startsWith('Asks about ')).toBe(true);
  });

  it('names the person a phrase greets or cheers alone ("hello MrBeast" -> "MrBeast")', () => {
    const heading = (display: string) =>
      composeHeading({
        ...base,
        category: 'Praise',
        phrases: [phrase(display), phrase('Jimmy', { score: 0.9 })],
      }).heading;
    expect(heading('hello MrBeast')).toBe('Loves MrBeast');
    expect(heading('love Karl')).toBe('Loves Karl');
    // not a thing: "the love story" keeps its word
    expect(heading('love story')).toBe('Loves love story');
  });

  it('names a word once when viewers write it in full and short ("subs", "subscribers")', () => {
    const subs = phrase('subs', { tag: 'sub' });
    const subscribers = phrase('subscribers', { tag: 'subscriber', score: 0.9 });
    expect(
      composeHeading({ ...base, category: 'Praise', phrases: [subs, subscribers] }).heading,
    ).toBe('Loves subs');
    // one topic only: the next never joins it
    expect(
      composeHeading({
        ...base,
        category: 'Praise',
        phrases: [subs, subscribers, phrase('milestone', { score: 0.8 })],
      }).heading,
    ).toBe('Loves subs');
    expect(
      composeHeading({
        ...base,
        category: 'Request',
        phrases: [phrase('vids', { tag: 'vid' }), phrase('videos', { tag: 'video' })],
      }).heading,
    ).toBe('Asks for vids');
    expect(distinctHeading('Praise', [subs, subscribers, phrase('crown')])).toBe(
      'Praise mentioning subs and crown',
    );
  });

  it('speaks for the category, so the heading never names a kind the badge does not show', () => {
    // an Opinion cluster where a strong minority praises (the plurality chats) is not "Loves ..."
    const warm = composeHeading({
      ...base,
      category: 'Opinion',
      sentiment: 'positive',
      positiveShare: 0.42,
      praiseShare: 0.38,
      phrases: [phrase('markiplier')],
    });
    expect(warm.heading).toBe('Enjoys markiplier');
    expect(warm.kind).toBe('Positive reactions');
    // with little praise and a lukewarm tone it stays a plain opinion heading
    expect(
      composeHeading({
        ...base,
        category: 'Opinion',
        sentiment: 'positive',
        positiveShare: 0.3,
        praiseShare: 0.1,
        phrases: [phrase('markiplier')],
      }).heading,
    ).toBe('Talks about markiplier');
  });

  it('heads a praise cluster where most comments thank as thanks, naming no topic', () => {
    const thanks = composeHeading({
      ...base,
      category: 'Praise',
      sentiment: 'positive',
      thanksShare: 0.89,
      phrases: [phrase('thanks derek'), phrase('helped'), phrase('lobby')],
    });
    expect(thanks).toEqual({
      heading: 'Thanks the creator',
      subject: null,
      kind: 'Thanks',
      // for a second thanks cluster: what it would be headed without its thanks
      alternative: 'Loves lobby',
      generic: true,
    });
    expect(
      composeHeading({ ...base, category: 'Praise', thanksShare: 0.7, phrases: [] }).alternative,
    ).toBeUndefined();
    // a minority of thanks leaves it praise for its topic; laughing wins over thanks
    const praise = { ...base, category: 'Praise', sentiment: 'positive' } as const;
    expect(
      composeHeading({ ...praise, thanksShare: 0.44, phrases: [phrase('Derek')] }).heading,
    ).toBe('Loves Derek');
    expect(
      composeHeading({
        ...praise,
        thanksShare: 0.6,
        humourShare: 0.5,
        phrases: [phrase('ending', { takesArticle: true })],
      }).heading,
    ).toBe('Laughs at the ending');
    expect(
      ['Thank you so much', 'thx bro', 'muchas gracias', '🙏🙏', 'Thanks Derek'].every(isThanking),
    ).toBe(true);
    expect(['thanksgiving special', 'I think so'].some(isThanking)).toBe(false);
  });

  it('heads an opinion cluster of early viewers and view counts as such', () => {
    const opinion = { ...base, category: 'Opinion', sentiment: 'neutral' } as const;
    expect(
      composeHeading({ ...opinion, earlyShare: 0.27, phrases: [phrase('lobby'), phrase('early')] }),
    ).toEqual({
      heading: 'Says they came early',
      subject: null,
      kind: 'Early viewers',
      alternative: 'Talks about lobby',
      generic: true,
    });
    expect(
      composeHeading({ ...opinion, earlyShare: 0.05, phrases: [phrase('lobby')] }).heading,
    ).toBe('Talks about lobby');
    const early = [
      'Early squad where you at',
      'uploaded 44 secs ago omg',
      '10k likes in an hour is crazy',
      'After four hours this video had 265,000 views',
      'first!',
      'notification squad 🔔',
    ];
    expect(early.filter((t) => !isEarlyViewer(t))).toEqual([]);
    const not = [
      'A year and half ago I changed my life',
      'my first time watching',
      'the hour was late',
    ];
    expect(not.filter(isEarlyViewer)).toEqual([]);
  });

  it('names a spam cluster as such', () => {
    expect(
      composeHeading({ ...base, category: 'Opinion', spamShare: 0.8, phrases: [phrase('channel')] })
        .heading,
    ).toBe('Spam and self-promotion');
  });
});

describe('extractKeyphrases', () => {
  it('gives each phrase to the cluster where it is most distinctive and prefers a bigram over its words', () => {
    const tags = extractKeyphrases([
      ['please make part 2', 'part 2 when?', 'we need part 2 asap', 'the editing is clean'],
      [
        'the editing is so smooth',
        'editing on point',
        'who did the editing',
        'part of me loved it',
      ],
    ]).map((c) => c.map((p) => p.tag));
    expect(tags[0]).toContain('part 2');
    expect(tags[0]).not.toContain('part');
    expect(tags[1]).toContain('editing');
    expect(tags[0]).not.toContain('editing');
  });

  it('gives no cluster the half of a phrase another cluster took, where it mostly writes the phrase', () => {
    const [song, peach] = extractKeyphrases([
      [
        'jack black nailed this song',
        'jack black is a legend',
        'the song by jack black',
        'jack black song on repeat',
        'this song slaps',
      ],
      [
        'peach and jack black duet',
        'jack black as bowser with peach',
        'peach deserved better',
        'black and white peach',
        'peach is the best',
      ],
    ]).map((c) => c.map((p) => p.tag));
    expect(song).toContain('jack black');
    expect(peach).toContain('peach');
    // two of its three "black"s are "jack black"
    expect(peach).not.toContain('black');
  });

  it("tops up a small cluster with one comment's phrases, a larger one only with shared ones", () => {
    const chatter = ['alle deutschen als ob', 'dkdnekbdowdbo ok', 'simple geometry', 'hi there'];
    const camera = ['The camera is great', 'great camera', 'love the camera', 'camera quality'];
    const [, big, small] = extractKeyphrases([
      camera,
      [...chatter, 'the kettle again', 'my kettle'],
      ['bonjour tout le monde', 'wooden spoon', 'purple elephant'],
    ]).map((c) => c.map((p) => p.tag));
    // six comments: "kettle" (two of them) and nothing one comment uses alone
    expect(big).toEqual(['kettle']);
    // three comments: one comment's words are all there is
    expect(small!.length).toBeGreaterThanOrEqual(3);
  });

  it('joins a word to the chosen word it always follows, unless the phrase ends in no thing', () => {
    const [tags] = extractKeyphrases(
      [
        [
          'mark rober is a genius',
          'mark rober again',
          'love mark rober',
          'mark rober vs jidion',
          'mark deserved better',
          'sidemen together is the best',
          'the sidemen together again',
          'sidemen forever',
          'sidemen videos',
          'sidemen sunday',
        ],
        ['something else entirely', 'another topic here', 'more words about cats'],
      ],
      { maxTags: 8 },
    ).map((c) => c.map((p) => p.tag));
    expect(tags).toContain('mark rober');
    expect(tags).not.toContain('rober');
    expect(tags).not.toContain('mark');
    // "together" is half of "sidemen together", which names no thing: it is left out
    expect(tags).toContain('sidemen');
    expect(tags).not.toContain('together');
    expect(tags).not.toContain('sidemen together');
  });

  it('shows a word viewers mostly write as a hashtag as one, without "the"', () => {
    const [phrases] = extractKeyphrases([
      [
        'we want #MoreSidemen every week',
        'love this #MoreSidemen',
        '#MoreSidemen forever',
        'the moresidemen videos are the best',
        'so good #MoreSidemen',
      ],
      ['the editing is so smooth', 'editing on point', 'who did the editing'],
    ]);
    const tag = phrases!.find((p) => p.tag.includes('moresidemen'));
    expect(tag).toMatchObject({
      tag: '#moresidemen',
      display: '#MoreSidemen',
      name: true,
      takesArticle: false,
    });
  });

  it('reads a shouted word as lower case, but keeps an acronym written in capitals in plain text', () => {
    const [phrases] = extractKeyphrases([
      [
        'OMG THE BABY IS SO CUTE',
        'I LOVE THE BABY',
        'the BABY is adorable',
        'that baby laughing at NASA got me',
        'ok but NASA sent a baby?',
        'NASA again lol',
      ],
      ['the editing is so smooth', 'editing on point', 'who did the editing'],
    ]);
    const shown = (tag: string) => phrases!.find((p) => p.tag === tag)?.display;
    // 2 shouted and 2 plain "baby"s: the shouted ones are not counted as capitals
    expect(shown('baby')).toBe('baby');
    expect(shown('nasa')).toBe('NASA');
  });

  it('spells a word its cluster seldom writes as the whole comment section does, inside sentences only', () => {
    const [eden, , thanks, job] = extractKeyphrases([
      // two viewers here type the name in lower case...
      ['rio and eden called out fifa', 'lol eden hazard', 'Eden is too funny', 'Eden is jokes'],
      // ...where the rest of the section capitalises it mid-sentence
      [
        'nobody dribbles like Eden',
        'I thought Eden was 88',
        'this season with Eden and Kylian',
        'Apple without Steve Jobs',
        'RIP Steve Jobs',
        'Steve Jobs would never',
      ],
      // "Thanks" starts a sentence every time: no name
      ['Great video. Thanks', 'Loved it! Thanks', 'thanks man', 'thanks a lot'],
      // "job" folds to the key of "Jobs" above, but it is another word
      ['Good job', 'Nice job', 'job well done', 'job done'],
    ]);
    const shown = (phrases: typeof eden, tag: string) =>
      phrases!.find((p) => p.tag === tag)?.display;
    expect(shown(eden, 'eden')).toBe('Eden');
    expect(eden!.find((p) => p.tag === 'eden')?.name).toBe(true);
    expect(shown(thanks, 'thank')).toBe('thanks');
    expect(shown(job, 'job')).toBe('job');
  });

  it('tells a name viewers address from a name they write about', () => {
    const [addressed, about] = extractKeyphrases([
      [
        'hey Derek can you do a video on perl',
        'Derek Banas which python is this',
        'thank you Mr Derek for the tutorials',
        'Derek could you make a series on C',
        'great series, Derek is the best',
      ],
      [
        'Eden is too funny',
        'nobody dribbles like Eden',
        'I thought Eden was 88',
        'Eden has to start',
        'hey guys Eden scored again',
      ],
    ]);
    const find = (phrases: typeof about, tag: string) => phrases!.find((p) => p.tag === tag);
    expect(find(addressed, 'derek')).toMatchObject({ name: true, addressed: true, advised: false });
    expect(find(about, 'eden')).toMatchObject({ name: true, addressed: false, advised: false });
    const [advice] = extractKeyphrases([
      [
        'Mike should try compression shorts',
        'tell Mike to buy bamboo underwear',
        'has Mike considered swimming',
        'Mike needs to get triathlon shorts',
        'if Mike is still sore, rest',
      ],
      ['the editing is so smooth', 'editing on point', 'who did the editing'],
    ]);
    expect(find(advice, 'mike')).toMatchObject({ name: true, advised: true });
  });

  it('shows the number most viewers write, and keeps the tag folded', () => {
    const [phrases] = extractKeyphrases([
      [
        'the recipes here are great',
        'love these recipes',
        'your recipes never fail',
        'one recipe I tried',
      ],
      ['the editing is so smooth', 'editing on point', 'who did the editing'],
    ]);
    expect(phrases!.find((p) => p.tag === 'recipe')).toMatchObject({
      display: 'recipes',
      name: false,
    });
    const [singular] = extractKeyphrases([
      ['one recipe here', 'that recipe again', 'the recipe for bread', 'all the recipes'],
      ['the editing is so smooth', 'editing on point', 'who did the editing'],
    ]);
    expect(singular!.find((p) => p.tag === 'recipe')).toMatchObject({ display: 'recipe' });
  });
});

describe('parseContextRules', () => {
  it('reads "treat X as Y" instructions and applies them to matching comments', () => {
    const rules = parseContextRules(
      'This is a cooking channel. Treat recipe requests as Requests; comments about the merch count as Praise',
    );
    expect(rules).toEqual([
      { keywords: ['recipe'], intent: 'Request' },
      { keywords: ['merch'], intent: 'Praise' },
    ]);
    expect(
      applyContextRules(
        rules,
        ['What recipes do you use?', 'Love the merch', 'ok'],
        ['Question', 'Opinion', 'Opinion'],
      ),
    ).toEqual(['Request', 'Praise', 'Opinion']);
    expect(parseContextRules('just be nice')).toEqual([]);
    expect(parseContextRules(undefined)).toEqual([]);
  });
});

describe('aggregateSentiment', () => {
  it('averages polarity and calls strong opposite sides mixed', () => {
    expect(
      aggregateSentiment([
        { score: 0.8, label: 'positive' },
        { score: -0.7, label: 'negative' },
        { score: 0, label: 'neutral' },
      ]),
    ).toMatchObject({ label: 'mixed', positive_share: 0.333, negative_share: 0.333 });
    expect(
      aggregateSentiment([
        { score: 0.5, label: 'positive' },
        { score: 0, label: 'neutral' },
      ]).label,
    ).toBe('positive');
    expect(aggregateSentiment([]).label).toBe('neutral');
  });
});

describe('pickRepresentatives', () => {
  it('alternates central and most-liked comments, skipping spam, duplicates and repeated texts', () => {
    const batch = prepareComments(
      [
        'a central take on the drop',
        'A central take on the drop!',
        'sub to me',
        'the most liked one',
        'another view',
        'yet another view',
        'more thoughts here',
        'last thought',
      ].map((text, i) =>
        inputComment(text, { id: String(i), likes: i === 3 ? 100 : i === 2 ? 500 : 0 }),
      ),
    );
    const centrality = [0.9, 0.95, 0.99, 0.1, 0.5, 0.4, 0.3, 0.2];
    const picked = pickRepresentatives([0, 1, 2, 3, 4, 5, 6, 7], batch.comments, centrality);
    expect(picked.slice(0, 2)).toEqual([0, 3]);
    expect(picked).not.toContain(1);
    expect(picked).not.toContain(2);
    expect(picked.length).toBeGreaterThanOrEqual(5);
  });

  it("never shows the creator's own reply as what the audience says", () => {
    const batch = prepareComments([
      inputComment('Thanks everyone, part 2 is coming Friday!', {
        id: 'own',
        likes: 900,
        byCreator: true,
      }),
      inputComment('please do a part 2', { id: 'a', likes: 3 }),
      inputComment('part 2 when', { id: 'b', likes: 1 }),
    ]);
    const picked = pickRepresentatives([0, 1, 2], batch.comments, [0.99, 0.5, 0.4]);
    expect(picked).toEqual([1, 2]);
  });
});

describe('labelClusters on invented comments (4 videos as 4 clusters)', () => {
  it('gives distinct 3-6 word tags, readable headings and clean representatives', () => {
    const rows = allFixtureComments();
    const prepared = prepareComments(rows);
    const labels = labelClusters({
      comments: prepared.comments,
      assignments: rows.map((r) => FIXTURE_VIDEOS.findIndex((v) => r.id.startsWith(`${v}-`))),
      k: FIXTURE_VIDEOS.length,
      intents: prepared.comments.map((c) => standInIntent(c.clean)),
      sentiments: prepared.comments.map((c) => standInSentiment(c.clean)),
      centrality: null,
      categorise: majority,
    });
    expect(labels).toHaveLength(4);
    const allTags = labels.flatMap((l) => l.tags);
    expect(new Set(allTags).size).toBe(allTags.length);
    for (const l of labels) {
      expect(l.tags.length).toBeGreaterThanOrEqual(3);
      expect(l.tags.length).toBeLessThanOrEqual(6);
      expect(l.heading.length).toBeLessThanOrEqual(MAX_HEADING_LENGTH);
      expect(l.heading).not.toMatch(/,/);
      expect(l.heading).toMatch(/^[A-Z]/);
      expect(l.representatives.length).toBeGreaterThanOrEqual(5);
      expect(l.representatives.length).toBeLessThanOrEqual(8);
      for (const rep of l.representatives) {
        const i = rows.findIndex((r) => r.id === rep.id);
        // no spam, bot copy, repeated text or creator reply speaks for the audience
        expect(prepared.comments[i]!.spam || prepared.comments[i]!.duplicateOf !== null).toBe(
          false,
        );
        expect(rows[i]!.byCreator).toBe(false);
      }
      expect(Object.values(l.intentCounts).reduce((a, b) => a + b, 0)).toBe(l.members.length);
      // every cluster is named after a topic, not a general fallback
      expect(l.subject).not.toBeNull();
      expect(l.heading.toLowerCase()).toContain(l.subject!.toLowerCase());
    }
    // Each video's cluster is tagged with what the video is about.
    const [bread, react, lisbon, guitar] = labels.map((l) => l.tags.join(' '));
    expect(bread).toMatch(/\b(flour|bread|sourdough|loaf)\b/);
    expect(react).toMatch(/\b(hooks?|react|useeffect|code)\b/);
    expect(lisbon).toMatch(/\blisbon\b/);
    expect(labels[2]!.heading).toMatch(/Lisbon/);
    expect(guitar).toMatch(/\b(chords?|guitar|lesson)\b/);
  });
});
