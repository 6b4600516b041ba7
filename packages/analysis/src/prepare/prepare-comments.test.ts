import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inputComment } from '../input-comment.test-support';
import { csvRecords } from '../intent/dev-set';
import { cleanText, decodeEntities, normaliseForMatching } from './clean-text';
import { findDuplicates } from './duplicates';
import { prepareComments } from './prepare-comments';
import { spamReason } from './spam';

const DATASETS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/datasets',
);
const haveData = existsSync(DATASETS) || Boolean(process.env.CI);

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
  ])('flags %s', (text) => {
    expect(spamReason(text)).not.toBeNull();
  });

  it.each([
    ['The part at https://www.youtube.com/watch?v=abc123&t=83 had me crying'],
    ['This is explained well on https://en.wikipedia.org/wiki/Quicksort'],
    ['Please make a video about investing in index funds for beginners'],
    ['I subscribed because of this video, great work'],
    ['my channel would never get this many views lol'],
  ])('does not flag %s', (text) => {
    expect(spamReason(text)).toBeNull();
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

  it('treats a long text copied by several authors as spam', () => {
    const chain =
      'One of the best things about this guy is that he never takes credit for himself when he achieves something';
    const batch = prepareComments([
      comment(chain, { id: '1', author: 'a' }),
      comment(chain, { id: '2', author: 'b' }),
      comment(`${chain}!`, { id: '3', author: 'c' }),
      comment('Loved the ending', { id: '4' }),
    ]);
    expect(batch.comments.map((c) => c.spam)).toEqual([true, true, true, false]);
    expect(batch.spam).toBe(3);
    expect(batch.duplicates).toBe(0);
  });

  describe.skipIf(!haveData)('on real comments (comp34812, hand-labelled spam)', () => {
    it('flags mostly real spam and keeps nearly all genuine comments', () => {
      const rows = csvRecords(
        readFileSync(
          path.join(DATASETS, 'comp34812_youtube_comments/sample_50_per_video_90videos.csv'),
          'utf8',
        ),
      );
      const input = rows.map((r, i) =>
        comment(r.comment!.replace(/^\[MAIN\][\s\S]*?\[REPLY\]\s*/, ''), {
          id: String(i),
          author: r.username ?? null,
        }),
      );
      const batch = prepareComments(input);
      expect(batch.comments).toHaveLength(input.length);
      let flaggedHam = 0;
      let flaggedSpam = 0;
      batch.comments.forEach((c, i) => {
        if (!c.spam) return;
        if (rows[i]!.class === 'ham') flaggedHam++;
        if (rows[i]!.class === 'spam') flaggedSpam++;
      });
      const ham = rows.filter((r) => r.class === 'ham').length;
      // Conservative by design: under 1% of genuine comments lost, and some real spam caught.
      expect(flaggedHam / ham).toBeLessThan(0.01);
      expect(flaggedSpam).toBeGreaterThanOrEqual(5);
      batch.comments.forEach((c) => {
        if (c.duplicateOf !== null) expect(batch.comments[c.duplicateOf]!.duplicateOf).toBeNull();
      });
    });
  });
});
