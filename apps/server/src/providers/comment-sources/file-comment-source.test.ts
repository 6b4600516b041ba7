import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { InputComment } from '@app/analysis';
import { ChainedCommentSource } from './chained-comment-source';
import {
  decodeCommentsFile,
  parseCommentsCsv,
  parseCommentsJsonArray,
  parseCommentsJsonl,
  parseCsv,
} from './comment-file-parser';
import { CommentSourceError, SOURCE_MESSAGES, type CommentSource } from './comment-source.port';
import { FileCommentSource } from './file-comment-source';

const dir = mkdtempSync(path.join(tmpdir(), 'chorus-comments-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  path.join(dir, 'csvVideo001.csv'),
  'id,text,likes,author,published_at\r\n' +
    'a1,"Great video, thanks!",10,@ann,2024-01-02T03:04:05Z\r\n' +
    'a2,"She said ""wow""\nand left",3,,\r\n' +
    'a3,,5,@empty,\r\n' +
    'a4,Part two please,0,@bob,2024-01-03\r\n',
);
writeFileSync(
  path.join(dir, 'csvVideo001.meta.json'),
  JSON.stringify({ title: 'CSV video', thumbnail_url: 'https://x/t.jpg', channel_title: 'Chan' }),
);
writeFileSync(
  path.join(dir, 'jsonlVideo1.jsonl'),
  [
    JSON.stringify({ text: 'hello there', likes: 2 }),
    '',
    JSON.stringify({ id: 'z', text: 'second', author: 'me' }),
  ].join('\n'),
);
writeFileSync(
  path.join(dir, 'infoVideo01.info.json'),
  JSON.stringify({
    title: 'From yt-dlp',
    thumbnail: 'https://i.ytimg.com/vi/infoVideo01/maxres.jpg',
    channel: 'Uploader',
    comment_count: 999,
    comments: [
      {
        id: 'p1',
        text: 'top comment',
        author: '@a',
        like_count: 7,
        timestamp: 1700000000,
        parent: 'root',
      },
      {
        id: 'p1.r',
        text: 'a reply',
        author: '@b',
        like_count: 1,
        timestamp: 1700000100,
        parent: 'p1',
      },
    ],
  }),
);
writeFileSync(path.join(dir, 'brokenCsv01.csv'), 'id,body\n1,hello\n');

describe('comment file parsing', () => {
  it('parses quoted CSV fields with commas, doubled quotes and newlines', () => {
    expect(parseCsv('a,b\n"x, y","say ""hi""\nbye"\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nbye'],
    ]);
  });
});

describe('comment file columns', () => {
  it('match in any case and with any separators', () => {
    const csv = parseCommentsCsv(
      'Comment ID,Comment Text,Like Count,Author,Published At\n' +
        'c1,Please do part 2,"1,204",@ann,2024-05-01T10:00:00Z\n',
    );
    expect(csv).toEqual([
      {
        id: 'c1',
        text: 'Please do part 2',
        likes: 1204,
        author: '@ann',
        publishedAt: '2024-05-01T10:00:00.000Z',
        replyCount: 0,
        parentId: null,
      },
    ]);
    const jsonl = parseCommentsJsonl(
      JSON.stringify({ ID: 'j1', Text: 'hello', likeCount: 3, publishedAt: '2024-05-02' }),
    );
    expect(jsonl).toMatchObject([
      { id: 'j1', text: 'hello', likes: 3, publishedAt: '2024-05-02T00:00:00.000Z' },
    ]);
  });

  it("reads rounded like counts and marks the creator's own comments", () => {
    const csv = parseCommentsCsv(
      'id,text,likes,is_creator\n' +
        'a,Merch is live,1.2K,TRUE\nb,Love it,3M,no\nc,ok,lots,\nd,hmm,-4,1\n',
    );
    expect(csv.map((c) => [c.id, c.likes, c.byCreator ?? false])).toEqual([
      ['a', 1200, true],
      ['b', 3000000, false],
      ['c', 0, false],
      ['d', 0, true],
    ]);
    const jsonl = parseCommentsJsonl(
      [
        JSON.stringify({ id: 'j1', text: 'pinned', author_is_channel_owner: true }),
        JSON.stringify({ id: 'j2', text: 'viewer', by_creator: false }),
      ].join('\n'),
    );
    expect(jsonl.map((c) => c.byCreator ?? false)).toEqual([true, false]);
  });

  it('reads files separated by semicolons or tabs', () => {
    const expected = [{ id: '1', text: 'Great video, thanks', likes: 4 }];
    expect(parseCommentsCsv('id;text;likes\r\n1;Great video, thanks;4\r\n')).toMatchObject(
      expected,
    );
    expect(parseCommentsCsv('id\ttext\tlikes\n1\tGreat video, thanks\t4\n')).toMatchObject(
      expected,
    );
  });

  it('reads a reply quoting its top comment as the reply alone, in that thread', () => {
    const stats = { empty: 0 };
    const rows = parseCommentsCsv(
      'comment_id,comment,username\n' +
        't1,Please make part 2,ann\n' +
        'r1,[MAIN] Please make part 2 [REPLY] @ann lol no,bob\n' +
        'r2,"[MAIN] A thread not in the file [REPLY] same, what a round",cy\n' +
        'r3,[MAIN] A thread not in the file [REPLY] agreed,di\n' +
        'r4,[MAIN] Please make part 2 [REPLY]   ,ed\n',
      'row',
      { stats },
    );
    expect(rows.map((c) => [c.id, c.text, c.parentId])).toEqual([
      ['t1', 'Please make part 2', null],
      ['r1', '@ann lol no', 't1'],
      ['r2', 'same, what a round', 'row-thread-1'],
      ['r3', 'agreed', 'row-thread-1'],
      // a reply the export lost the text of is still a reply in the thread
      ['r4', '', 't1'],
    ]);
    expect(stats.empty).toBe(0);
    // a parent column, where the file has one, names the thread
    const named = parseCommentsCsv(
      'id,parent_comment_id,text\nr9,t7,[MAIN] Whatever it quoted [REPLY] fair point\n',
    );
    expect(named).toMatchObject([{ id: 'r9', text: 'fair point', parentId: 't7' }]);
  });

  it('still names the columns it found when none holds the text', () => {
    expect(() => parseCommentsCsv('Id,Body Text\n1,hi\n')).toThrow(
      'The comments file has no "text" column (found: Id, Body Text).',
    );
    // a long header is named in short, not echoed whole
    const wide = Array.from({ length: 40 }, (_, i) => `column number ${i} ${'x'.repeat(50)}`);
    let message = '';
    try {
      parseCommentsCsv(`${wide.join(',')}\n`);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/and 28 more\)\.$/);
    expect(message.length).toBeLessThan(500);
    // JSON where CSV was expected says so
    expect(() => parseCommentsCsv('{"text": "hi"}\n')).toThrow(/holds JSON, not CSV/);
  });

  it('says where a quote that never closes opened, instead of reading the rest as one comment', () => {
    expect(() => parseCommentsCsv('id,text\n1,"this quote never closes\n2,next row\n')).toThrow(
      'A quoted field opened on line 2 is never closed',
    );
  });

  it('gives a last text column the cells an unquoted comma split off', () => {
    const got = parseCommentsCsv('text\nI disagree, the audio was bad, really bad\n');
    expect(got.map((c) => c.text)).toEqual(['I disagree, the audio was bad, really bad']);
    const semicolons = parseCommentsCsv('id;text\n1;yes; really\n');
    expect(semicolons.map((c) => [c.id, c.text])).toEqual([['1', 'yes; really']]);
    // a text column before others cannot know which cells are its own: it keeps its cell
    const first = parseCommentsCsv('text,likes\nhi, there,3\n');
    expect(first.map((c) => c.text)).toEqual(['hi']);
  });

  it('reads Unix times and refuses days that do not exist, rather than rolling them over', () => {
    const got = parseCommentsCsv(
      'text,published_at\na,1700000000\nb,1700000000000\nc,2023-02-30\nd,0\ne,2023-02-28T10:00:00Z\nf,Jan 5 2023\n',
    );
    expect(got.map((c) => c.publishedAt)).toEqual([
      '2023-11-14T22:13:20.000Z',
      '2023-11-14T22:13:20.000Z',
      null,
      null,
      '2023-02-28T10:00:00.000Z',
      new Date('Jan 5 2023').toISOString(),
    ]);
  });

  it('reads a JSON list of comment objects', () => {
    const got = parseCommentsJsonArray('[{"id": "a", "text": "hi", "likes": 2}, {"text": "yo"}]');
    expect(got.map((c) => [c.id, c.text, c.likes])).toEqual([
      ['a', 'hi', 2],
      ['row-2', 'yo', 0],
    ]);
    expect(() => parseCommentsJsonArray('[1]')).toThrow('Item 1 of the comments list');
  });
});

describe('comment file encodings', () => {
  const csv = 'id,text\n1,Très bien fait — “merci”\n';
  const utf16 = (s: string, le: boolean) => {
    const b = Buffer.from(s, 'utf16le');
    if (!le) b.swap16();
    return new Uint8Array(b);
  };
  it('reads UTF-8 (with its mark or without), UTF-16 with its mark or without, and Windows-1252', () => {
    expect(decodeCommentsFile(new Uint8Array(Buffer.from(csv)))).toEqual({
      text: csv,
      encoding: 'utf-8',
    });
    expect(decodeCommentsFile(new Uint8Array(Buffer.from('\ufeff' + csv))).text).toBe(csv);
    for (const le of [true, false]) {
      const encoding = le ? 'utf-16le' : 'utf-16be';
      expect(decodeCommentsFile(utf16('\ufeff' + csv, le))).toEqual({ text: csv, encoding });
      expect(decodeCommentsFile(utf16(csv, le))).toEqual({ text: csv, encoding });
    }
    const cp1252 = new Uint8Array([
      ...Buffer.from('id,text\n1,Tr'),
      0xe8,
      ...Buffer.from('s bien '),
      0x93,
      0x94,
      0x0a,
    ]);
    expect(decodeCommentsFile(cp1252)).toEqual({
      text: 'id,text\n1,Très bien “”\n',
      encoding: 'windows-1252',
    });
  });
});

describe('FileCommentSource', () => {
  const source = new FileCommentSource(dir);

  it('reads a CSV with the CLI columns, skipping rows without text', async () => {
    const got = await source.fetchComments('csvVideo001', { maxComments: 100 });
    expect(got?.source).toBe('file');
    expect(got?.comments.map((c) => c.id)).toEqual(['a1', 'a2', 'a4']);
    expect(got?.comments[0]).toMatchObject({
      text: 'Great video, thanks!',
      likes: 10,
      author: '@ann',
      publishedAt: '2024-01-02T03:04:05.000Z',
    });
    expect(got?.comments[1]).toMatchObject({
      text: 'She said "wow"\nand left',
      author: null,
      publishedAt: null,
    });
  });

  it('takes metadata from X.meta.json and counts the rows', async () => {
    await expect(source.getVideo('csvVideo001')).resolves.toEqual({
      videoId: 'csvVideo001',
      title: 'CSV video',
      thumbnailUrl: 'https://x/t.jpg',
      channelTitle: 'Chan',
      commentCount: 3,
    });
  });

  it('sees an edited .meta.json without the comments file changing', async () => {
    const meta = path.join(dir, 'metaEdit001.meta.json');
    writeFileSync(path.join(dir, 'metaEdit001.csv'), 'text\nhello\n');
    writeFileSync(meta, JSON.stringify({ title: 'Old title' }));
    expect((await source.getVideo('metaEdit001'))?.title).toBe('Old title');
    writeFileSync(meta, JSON.stringify({ title: 'New title' }));
    utimesSync(meta, new Date(), new Date(Date.now() + 5_000));
    expect((await source.getVideo('metaEdit001'))?.title).toBe('New title');
  });

  it('reads JSON Lines and gives rows without an id a stable one', async () => {
    const got = await source.fetchComments('jsonlVideo1', { maxComments: 100 });
    expect(got?.comments.map((c) => [c.id, c.text, c.likes, c.author])).toEqual([
      ['jsonlVideo1-1', 'hello there', 2, null],
      ['z', 'second', 0, 'me'],
    ]);
  });

  it("reads yt-dlp's info.json with replies and its own metadata", async () => {
    const got = await source.fetchComments('infoVideo01', { maxComments: 100 });
    expect(got?.comments).toEqual([
      {
        id: 'p1',
        text: 'top comment',
        likes: 7,
        author: '@a',
        publishedAt: '2023-11-14T22:13:20.000Z',
        replyCount: 1,
        parentId: null,
      },
      {
        id: 'p1.r',
        text: 'a reply',
        likes: 1,
        author: '@b',
        publishedAt: '2023-11-14T22:15:00.000Z',
        replyCount: 0,
        parentId: 'p1',
      },
    ]);
    await expect(source.getVideo('infoVideo01')).resolves.toMatchObject({
      title: 'From yt-dlp',
      channelTitle: 'Uploader',
      commentCount: 999,
    });
  });

  it('honours the comment cap, and reports the comments read as one page', async () => {
    const pages: InputComment[][] = [];
    const got = await source.fetchComments('csvVideo001', {
      maxComments: 2,
      onPage: (page) => pages.push(page),
    });
    expect(got?.comments).toHaveLength(2);
    expect(pages).toEqual([got?.comments]);
  });

  it('returns null for videos without a file and for ids that are not video ids', async () => {
    await expect(source.getVideo('noFileHere1')).resolves.toBeNull();
    await expect(source.fetchComments('../../etc/x', { maxComments: 5 })).resolves.toBeNull();
  });

  it('explains a file it cannot use', async () => {
    await expect(source.fetchComments('brokenCsv01', { maxComments: 5 })).rejects.toThrow(
      /no "text" column/,
    );
  });
});

describe('ChainedCommentSource', () => {
  const stub = (name: string, fn: () => Promise<null> | never): CommentSource => ({
    name,
    getVideo: fn,
    fetchComments: () =>
      Promise.resolve({ comments: [], likesApproximate: name === 'youtubei', source: name }),
  });

  it('falls through to the next source when the file is missing', async () => {
    const chain = new ChainedCommentSource([
      new FileCommentSource(dir),
      stub('youtubei', () => Promise.resolve(null)),
    ]);
    expect(chain.name).toBe('file>youtubei');
    const pages: InputComment[][] = [];
    const got = await chain.fetchComments('csvVideo001', {
      maxComments: 5,
      onPage: (page) => pages.push(page),
    });
    expect(got).toMatchObject({ source: 'file' });
    // the answering source's pages reach the caller through the chain
    expect(pages).toEqual([got?.comments]);
  });

  it('tries the next source after a quota failure but stops on a definitive one', async () => {
    const quota = stub('api', () => {
      throw new CommentSourceError('quota_exceeded', SOURCE_MESSAGES.quotaExceeded);
    });
    const privateVideo = stub('api', () => {
      throw new CommentSourceError('video_private', SOURCE_MESSAGES.videoPrivate);
    });
    const after = stub('after', () => Promise.resolve(null));
    await expect(new ChainedCommentSource([quota, after]).getVideo('x')).rejects.toMatchObject({
      reason: 'quota_exceeded',
    });
    let asked = false;
    const spy: CommentSource = {
      ...after,
      getVideo: () => ((asked = true), Promise.resolve(null)),
    };
    await expect(new ChainedCommentSource([privateVideo, spy]).getVideo('x')).rejects.toMatchObject(
      { reason: 'video_private' },
    );
    expect(asked).toBe(false);
  });
});

describe('FileCommentSource on the invented test fixtures (test-fixtures/comments)', () => {
  const fixtures = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../../../test-fixtures/comments',
  );
  const source = new FileCommentSource(fixtures);

  it('reads every invented video with its replies, the creator’s own replies, likes and dates', async () => {
    for (const video of ['invBread001', 'invHooks001', 'invLisbon01', 'invGuitar01']) {
      const rows = parseCsv(readFileSync(path.join(fixtures, `${video}.csv`), 'utf8')).slice(1);
      const got = await source.fetchComments(video, { maxComments: 1000 });
      expect(got?.source, video).toBe('file');
      const comments = got!.comments;
      expect(comments.length, video).toBe(rows.length);
      expect(comments.length).toBeGreaterThanOrEqual(60);
      expect(comments.length).toBeLessThanOrEqual(150);
      const ids = new Set(comments.map((c) => c.id));
      expect(ids.size).toBe(comments.length);
      const replies = comments.filter((c) => c.parentId !== null);
      expect(replies.length, video).toBeGreaterThanOrEqual(5);
      // every reply answers a comment of the same video
      for (const r of replies) expect(ids.has(r.parentId!), r.id).toBe(true);
      const creator = comments.filter((c) => c.byCreator);
      expect(creator.length, video).toBeGreaterThanOrEqual(3);
      expect(creator.every((c) => c.parentId !== null)).toBe(true);
      expect(comments.every((c) => Number.isInteger(c.likes) && c.likes >= 0)).toBe(true);
      expect(
        comments.every((c) => c.publishedAt !== null && !isNaN(Date.parse(c.publishedAt))),
      ).toBe(true);
      expect(comments.some((c) => c.text.includes('<script>'))).toBe(true);
    }
  });
});
