import { describe, expect, it } from 'vitest';
import { FIXTURE_VIDEOS, fixtureComments } from '../comment-fixtures.test-support';
import { inputComment } from '../input-comment.test-support';
import { cleanText, decodeEntities, normaliseForMatching } from './clean-text';
import { findDuplicates } from './duplicates';
import { prepareComments } from './prepare-comments';
import { foldConfusables, spamAuthorReason, spamReason } from './spam';

const comment = inputComment;

describe('cleanText', () => {
  it('strips YouTube textDisplay markup, decodes entities and keeps emoji', () => {
    const raw =
      'I&#39;m &quot;dead&quot; 😂😂<br><br>Check <a href="https://www.youtube.com/watch?v=abc&amp;t=83">1:23</a> &amp; <b>the ending</b>&nbsp;🔥 &#x1F600; &hellip;';
    expect(cleanText(raw)).toBe('I\'m "dead" 😂😂 Check 1:23 & the ending 🔥 😀 …');
  });

  it('keeps angle brackets that are not HTML tags and an encoded tag as visible text', () => {
    expect(cleanText("Now you're my <female dog> <3")).toBe("Now you're my <female dog> <3");
    expect(cleanText('use &lt;b&gt; for bold')).toBe('use <b> for bold');
  });

  it('keeps emoji sequences joined by ZWJ and drops zero-width spaces', () => {
    expect(cleanText('family 👨‍👩‍👧 \u200bhere')).toBe('family 👨‍👩‍👧 here');
  });

  it('collapses whitespace including literal \\n sequences from CSV exports', () => {
    expect(cleanText('To be there with a samsung phone\\n😂😂😂   \n\t ok')).toBe(
      'To be there with a samsung phone 😂😂😂 ok',
    );
  });

  it('leaves unknown entities alone and ignores invalid code points', () => {
    expect(decodeEntities('&notanentity; &#0; &#xD800; &#65;')).toBe('&notanentity;   A');
  });

  it('normalises case, accents, punctuation and stretched letters for matching', () => {
    expect(normaliseForMatching('Sooooo GOOD!!! Café 😍')).toBe(
      normaliseForMatching('soo good... cafe 😍'),
    );
  });
});

describe('duplicates', () => {
  it('marks exact and near duplicates, pointing at the first occurrence', () => {
    const texts = [
      "Let's just appreciate how they always manage to put a smile on our faces whenever we feel negative",
      'First!',
      "*53:17* Let's just appreciate how they always manage to put a smile on our faces whenever we feel negative! 😃",
      'first',
      'Something completely different about the soundtrack in the second half',
    ].map((t) => normaliseForMatching(cleanText(t)));
    expect(findDuplicates(texts)).toEqual([null, null, 0, 1, null]);
  });

  it('does not call short texts that differ by a word near duplicates', () => {
    const texts = ['nice video', 'nice videos', 'great video'].map(normaliseForMatching);
    expect(findDuplicates(texts)).toEqual([null, null, null]);
  });
});

describe('spamReason', () => {
  it.each([
    ['Check out my channel for more Minecraft builds!!'],
    ['sub to me and i sub back'],
    ["Don't read my name"],
    ['IM LIVE EVERYDAY https://www.twitch.tv/onyinz'],
    ['Free stuff here bit.ly/3xYz12'],
    ['Message him on WhatsApp +1 (555) 123-4567 for bitcoin mining tips'],
    ["I've been receiving $64,000 from my $15,000 investment with Mrs. Janet's trading signals"],
    [
      'I have been trading with Boston Weber’s signals and strategy for 3 weeks which I have been able to accumulate 10.8 btc',
    ],
    ['ᴅᴏɴᴛ ʀᴇᴀᴅ ᴍʏ ᴜꜱᴇʀɴᴀᴍᴇ'],
    ['👆Massage💬ᴍᴇ,ᴏɴ 𝙽𝚒𝚌𝚎𝚐𝚛𝚊𝚖🎁'],
    [
      '👆👆Congratulations winner I have prize for your 🎁 Text the above telegram user name to claim your prize',
    ],
    [
      'I upload funny entertaining videos just like Sidemen...Your support would mean everything to me',
    ],
    ['*APPLE JUST COMMENTED ON MY LAST VIDEO* crying rn'],
    ['Support me guys'],
    ['Nice one! I made a course that explains this better, link in my profile'],
    ['Full tutorial series, links are in my bio'],
    ['Vital topics will be raised at the international online forum "Global crisis". Please join.'],
    [
      'My advisor is Sofia Erailda Sema, a renowned figure in her line of work. I recommend researching her credentials.',
    ],
    ['How long should your dad live? ignore = 5 years, 1 subscribe = 100 years 🙏'],
    ['Good morning all! Can you tell me how are my vlogs?'],
    ["My content's way better than this guy 🔥"],
  ])('flags %s', (text) => {
    expect(spamReason(text)).not.toBeNull();
  });

  it.each([
    ['The part at https://www.youtube.com/watch?v=abc123&t=83 had me crying'],
    ['This is explained well on https://en.wikipedia.org/wiki/Quicksort'],
    ['Please make a video about investing in index funds for beginners'],
    ['I subscribed because of this video, great work'],
    ['my channel would never get this many views lol'],
    ['The link in the description is broken, can you fix it?'],
    ['my parents support me 100% even though they do not understand my choice'],
    ['shoutout to markiplier makes, onlyfans, and a big big shoutout to unus annus'],
    ['I started investing after this video, thanks for explaining index funds'],
    ['Ларри ты настоящий мужик, сильный, добрый!'],
    ['poor little guy looked so scared 1 like = 1 prayer for him'],
    ['How is my favourite channel still this underrated'],
    ['my videos will never be better than this, what an edit'],
    // a viewer explaining how the investment scam works is no pitch
    [
      'Classic scam: they let you deposit $100, show a return of 50% that week, then your investment of $1000 is gone. Huge red flag.',
    ],
  ])('does not flag %s', (text) => {
    expect(spamReason(text)).toBeNull();
  });
});

describe('foldConfusables', () => {
  it.each([
    ['ᴅᴏɴᴛ ʀᴇᴀᴅ ᴍʏ ᴜꜱᴇʀɴᴀᴍᴇ', 'dont read my username'],
    ['𝗙𝗥𝗘𝗘 𝗥𝗢𝗕𝗨𝗫', 'FREE ROBUX'],
    ['🅷🅸 🅶🆄🆈🆂', 'HI GUYS'],
    ['Ĥi ĝuys, it’s me', "Hi guys, it's me"],
    ['TАP T0 НAVE', 'TAP T0 HAVE'],
  ])('folds %s for matching', (text, folded) => {
    expect(foldConfusables(text)).toBe(folded);
  });

  it('leaves Russian and Greek text alone unless asked to map every look-alike', () => {
    expect(foldConfusables('Спасибо большое')).toBe('Спасибо большое');
    expect(foldConfusables('Ευχαριστώ')).toBe('Ευχαριστω');
    expect(foldConfusables('МЕ', true)).toBe('ME');
  });
});

describe('spamAuthorReason', () => {
  it.each([
    ['Aria: Come Fast To Get Into My Body'],
    ['💎𝙁𝙍𝙀𝙀 𝗥𝗢𝗕𝗨𝗫 CHECK MY CHANNEL 💎'],
    ['Subbing To Everyone Who Subs To Me'],
    ["Don't Read My Profile Picture"],
    ['1K Sub With No Video'],
    ['Kia- T{αα}P Me!! To F.C.K W!th Me'],
    ["Lets talk on TeIegra'm 👉Channel4news2"],
    ['M i Α vℓσg gσ тσ му ¢haηηєℓ!'],
    ['Why 1BTC will be worth 100 million dollars'],
  ])('marks %s as a spam account', (name) => {
    expect(spamAuthorReason(name)).not.toBeNull();
  });

  it.each([
    ['Josh'],
    ['Sara Lopez'],
    ['Руссо Туристо'],
    ['TheOdd1sOut'],
    ['Sexton Blake'],
    ['Middlesex Gooner'],
    ['BTC Maxi'],
    ['Crypto Dave'],
    // a believer's name is no advert: preaching is told from a viewer by topic, not by form
    ['Jesus Saves'],
    [null],
    [''],
  ])('leaves %s alone', (name) => {
    expect(spamAuthorReason(name)).toBeNull();
  });
});

describe('prepareComments', () => {
  it('keeps metadata, weights originals by copies and zeroes spam and duplicates', () => {
    const batch = prepareComments([
      comment('Great video!', {
        id: 'a',
        likes: 3,
        author: 'x',
        publishedAt: '2024-01-01T00:00:00.000Z',
        replyCount: 2,
      }),
      comment('great video', { id: 'b', author: 'y' }),
      comment('Check out my channel for pranks', { id: 'c' }),
      comment('<br>', { id: 'd' }),
      comment('The drone part was unreal', { id: 'e' }),
    ]);
    expect(batch.comments.map((c) => [c.id, c.duplicateOf, c.spam])).toEqual([
      ['a', null, false],
      ['b', 0, false],
      ['c', null, true],
      ['d', null, false],
      ['e', null, false],
    ]);
    expect(batch.comments[0]).toMatchObject({
      likes: 3,
      author: 'x',
      publishedAt: '2024-01-01T00:00:00.000Z',
      replyCount: 2,
      clean: 'Great video!',
    });
    expect(Array.from(batch.weights)).toEqual(
      [1 + Math.log(2), 0, 0, 0, 1].map((w) => Math.fround(w)),
    );
    expect(batch.duplicates).toBe(1);
    expect(batch.spam).toBe(1);
  });

  it('counts a long text copied by several authors once, kept by its earliest poster', () => {
    const chain =
      'One of the best things about this guy is that he never takes credit for himself when he achieves something';
    const batch = prepareComments([
      comment(chain, { id: '1', author: 'a', publishedAt: '2024-01-03T00:00:00Z' }),
      comment(chain, { id: '2', author: 'b', publishedAt: '2024-01-01T00:00:00Z' }),
      comment(`${chain}!`, { id: '3', author: 'c', publishedAt: '2024-01-02T00:00:00Z' }),
      comment('Loved the ending', { id: '4' }),
    ]);
    // copy bots post under names a labeller calls genuine, so the copies are duplicates, not spam
    expect(batch.comments.map((c) => c.spam)).toEqual([false, false, false, false]);
    expect(batch.comments.map((c) => c.duplicateOf)).toEqual([1, null, 1, null]);
    // the chain adds no weight: the earliest copy weighs as one comment
    expect(Array.from(batch.weights)).toEqual([0, 1, 0, 1]);
    expect(batch.duplicates).toBe(2);
  });

  it('flags every comment of an account whose display name is bait, however it is spelled', () => {
    const batch = prepareComments([
      comment('Sidemen never fails to entertain', {
        id: '1',
        author: '𝗙𝗥𝗘𝗘 𝗥𝗢𝗕𝗨𝗫= 𝗚𝗢 𝗧𝗢 𝗠𝗬 𝗖𝗛𝗔𝗡𝗡𝗘𝗟',
      }),
      comment('Vik is getting better at being the imposter', {
        id: '2',
        author: 'F#СК МЕ. ТАР 0N MY Р1С',
      }),
      comment('Vik is getting better at being the imposter', { id: '3', author: 'Josh' }),
      comment('Great tournament', { id: '4', author: 'Ana' }),
    ]);
    expect(batch.comments.map((c) => c.spam)).toEqual([true, true, false, false]);
    // the viewer's comment that a spam account copied stays, and carries the text's weight
    expect(batch.comments[2]!.duplicateOf).toBeNull();
    expect(batch.comments[1]!.duplicateOf).toBe(2);
    expect(batch.weights[2]).toBeCloseTo(1);
  });

  it("flags an author's other comments once one of them is spam text, but never the creator's", () => {
    const batch = prepareComments([
      comment('check out my channel for edits', { id: '1', author: 'edits4u' }),
      comment('nice video', { id: '2', author: 'edits4u' }),
      comment('nice video', { id: '3', author: 'someone' }),
      comment('Merch drops Friday: https://shop.example.com/merch', {
        id: '4',
        author: 'TheCreator',
        byCreator: true,
      }),
      comment('Merch drops Friday: https://shop.example.com/merch', { id: '5', author: 'copycat' }),
    ]);
    expect(batch.comments.map((c) => c.spam)).toEqual([true, true, false, false, true]);
    expect(batch.spam).toBe(3);
    // the creator's reply is counted but does not shape topics
    expect(Array.from(batch.weights)).toEqual([0, 0, 1, 0, 0]);
  });

  it('judges a reply quoting its top comment by the reply alone', () => {
    const plug = 'New merch is out now https://shop.example.com/drop';
    const batch = prepareComments([
      comment(plug, { id: '1', author: 'TheCreator', byCreator: true }),
      comment(`[MAIN] ${plug} [REPLY] the hoodie looks great`, { id: '2', author: 'ana' }),
      comment(`[MAIN] ${plug} [REPLY] shipping to Canada?`, { id: '3', author: 'ben' }),
      comment(`[MAIN] ${plug} [REPLY] ok`, { id: '4', author: 'cy' }),
      comment(`[MAIN] great video [REPLY] check out my channel for edits`, {
        id: '5',
        author: 'dee',
      }),
    ]);
    // quoting a link is no spam, and a shared quote does not make replies copies of each other
    expect(batch.comments.map((c) => c.spam)).toEqual([false, false, false, false, true]);
    expect(batch.comments.map((c) => c.duplicateOf)).toEqual([null, null, null, null, null]);
  });

  it('flags the replies that play along under a scam comment, not the viewers calling it out', () => {
    const pitch =
      'I made $41,000 from my $6,000 investment in three weeks with the trading signals of Mrs. Holloway';
    const batch = prepareComments([
      comment(pitch, { id: 'p', author: 'lucky_trader' }),
      comment('How do I reach her? I am new to investing', {
        id: 'a',
        author: 'x1',
        parentId: 'p',
      }),
      comment('She is the best expert, she helped me too', {
        id: 'b',
        author: 'x2',
        parentId: 'p',
      }),
      comment('this is a scam, report it', { id: 'c', author: 'viewer', parentId: 'p' }),
      comment('nice video man', { id: 'd', author: 'viewer2', parentId: 'p' }),
      comment('Great video', { id: 'q', author: 'fan' }),
      comment('What expert would you recommend?', { id: 'e', author: 'fan2', parentId: 'q' }),
      comment(`[MAIN] ${pitch} [REPLY] how can I contact her`, { id: 'f', author: 'x3' }),
      // the same words under a genuine comment are a viewer's question
      comment('She is the best expert, she helped me too', { id: 'g', author: 'y', parentId: 'q' }),
    ]);
    expect(batch.comments.map((c) => c.spam)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      true,
      false,
    ]);
  });

  it('flags one plug repeated under several top comments, not a viewer repeating an answer', () => {
    const plug = 'I rebuilt the famous bicycle goal in my football game ❤';
    const tops = [
      'The keeper had no chance on that free kick',
      'That free kick in the second half was unreal',
      'Who else thinks the referee was terrible today',
      'The referee missed a clear penalty for sure',
      'What a season for the keeper',
      'Best keeper of the season by far',
    ];
    const batch = prepareComments([
      ...tops.map((text, i) => comment(text, { id: `t${i}`, author: `fan${i}` })),
      comment(plug, { id: 'r1', author: 'plugger', parentId: 't0' }),
      comment(plug, { id: 'r2', author: 'plugger', parentId: 't2' }),
      // the same answer where it answers something: it shares the thread's words
      comment('The referee was from another league, they rotate them every season', {
        id: 'r3',
        author: 'explainer',
        parentId: 't2',
      }),
      comment('The referee was from another league, they rotate them every season', {
        id: 'r4',
        author: 'explainer',
        parentId: 't3',
      }),
      // the same opinion about what the whole section discusses, dropped in two threads
      comment('Honestly nobody will remember this season without that keeper', {
        id: 'r5',
        author: 'opinions',
        parentId: 't2',
      }),
      comment('Honestly nobody will remember this season without that keeper', {
        id: 'r6',
        author: 'opinions',
        parentId: 't3',
      }),
    ]);
    expect(batch.comments.filter((c) => c.spam).map((c) => c.id)).toEqual(['r1', 'r2']);
  });

  describe('on invented videos (hand-labelled spam)', () => {
    it('flags the scams, promotion and bot copies and keeps every genuine comment', () => {
      let genuine = 0;
      let flaggedGenuine = 0;
      let labelledSpam = 0;
      let flaggedSpam = 0;
      for (const video of FIXTURE_VIDEOS) {
        // each video prepared on its own, with authors and the channel's own replies marked
        const input = fixtureComments(video);
        const batch = prepareComments(input);
        expect(batch.comments).toHaveLength(input.length);
        batch.comments.forEach((c, i) => {
          const row = input[i]!;
          if (c.duplicateOf !== null) expect(batch.comments[c.duplicateOf]!.duplicateOf).toBeNull();
          // a scam or a channel plug written by hand is always caught
          if (row.topic === 'spam') expect(c.spam, row.text).toBe(true);
          // the creator, and viewers warning about a scam, are never taken for spam
          if (row.byCreator || row.topic === 'reply') expect(c.spam, row.text).toBe(false);
          if (row.spam) {
            labelledSpam++;
            if (c.spam) flaggedSpam++;
          } else {
            genuine++;
            if (c.spam) flaggedGenuine++;
          }
        });
        expect(batch.spam).toBe(batch.comments.filter((c) => c.spam).length);
      }
      expect(genuine).toBeGreaterThan(300);
      expect(labelledSpam).toBeGreaterThan(30);
      // Conservative by design: no genuine comment lost, most spam (bot copies included) caught.
      expect(flaggedGenuine).toBe(0);
      expect(flaggedSpam / labelledSpam).toBeGreaterThan(0.85);
    });
  });
});
