import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CommentSourceError, SOURCE_MESSAGES } from '../comment-sources/comment-source.port';
import { YouTubeDataApiCommentSource } from './youtube-data-api-comment-source';
import { startPagedThreadsStub } from './youtube-data-api-stub.test-support';

const KEY = 'test-key-123';
const VIDEO = 'dQw4w9WgXcQ';
const CHANNEL = 'UCcreatorChannel000000001';

interface Logged {
  path: string;
  query: URLSearchParams;
}

function comment(id: string, text: string, likes: number, parentId?: string, author?: string) {
  return {
    kind: 'youtube#comment',
    id,
    snippet: {
      channelId: CHANNEL,
      videoId: VIDEO,
      textDisplay: text,
      textOriginal: text,
      authorDisplayName: author === CHANNEL ? '@TheCreator' : `@user-${id}`,
      authorChannelId: { value: author ?? `UCviewer-${id}` },
      likeCount: likes,
      publishedAt: '2024-05-01T10:00:00Z',
      ...(parentId ? { parentId } : {}),
    },
  };
}

function thread(
  id: string,
  text: string,
  likes: number,
  totalReplyCount = 0,
  embedded: ReturnType<typeof comment>[] = [],
) {
  return {
    kind: 'youtube#commentThread',
    id,
    snippet: {
      channelId: CHANNEL,
      videoId: VIDEO,
      topLevelComment: comment(id, text, likes),
      totalReplyCount,
      canReply: true,
      isPublic: true,
    },
    ...(embedded.length ? { replies: { comments: embedded } } : {}),
  };
}

function googleError(res: ServerResponse, code: number, reason: string, message: string) {
  res.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(
    JSON.stringify({
      error: { code, message, errors: [{ message, domain: 'youtube.commentThread', reason }] },
    }),
  );
}

/** A 127.0.0.1 stand-in for youtube.googleapis.com speaking the v3 wire format. */
function handler(log: Logged[]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    log.push({ path: url.pathname, query: url.searchParams });
    const q = url.searchParams;
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    if (q.get('key') !== KEY)
      return googleError(res, 400, 'keyInvalid', 'API key not valid. Please pass a valid API key.');
    const videoId = q.get('videoId') ?? q.get('id');
    if (url.pathname === '/youtube/v3/videos') {
      if (videoId !== VIDEO)
        return json({
          kind: 'youtube#videoListResponse',
          items: [],
          pageInfo: { totalResults: 0 },
        });
      return json({
        kind: 'youtube#videoListResponse',
        items: [
          {
            id: VIDEO,
            snippet: {
              title: 'A real title',
              channelTitle: 'Chan',
              thumbnails: { high: { url: 'https://i.ytimg.com/vi/x/hq.jpg' } },
            },
            statistics: { commentCount: '12345' },
          },
        ],
      });
    }
    if (url.pathname === '/youtube/v3/commentThreads') {
      if (videoId === 'quotaQuota1')
        return googleError(
          res,
          403,
          'quotaExceeded',
          'The request cannot be completed because you have exceeded your quota.',
        );
      if (videoId === 'disabled123')
        return googleError(
          res,
          403,
          'commentsDisabled',
          'The video identified by the videoId parameter has disabled comments.',
        );
      if (videoId === 'missing1234')
        return googleError(
          res,
          404,
          'videoNotFound',
          'The video identified by the videoId parameter could not be found.',
        );
      if (videoId === 'private1234')
        return googleError(
          res,
          403,
          'forbidden',
          'The comment thread could not be retrieved due to insufficient permissions.',
        );
      const page = q.get('pageToken');
      if (page === null) {
        return json({
          kind: 'youtube#commentThreadListResponse',
          nextPageToken: 'PAGE2',
          items: [
            thread('t1', 'First! Loved the editing', 40, 1, [
              comment('t1.r1', 'same here', 2, 't1'),
            ]),
            thread('t2', 'Please make a part two', 12, 3, [
              comment('t2.r1', 'yes please', 1, 't2'),
            ]),
          ],
        });
      }
      if (page === 'PAGE2')
        return json({
          kind: 'youtube#commentThreadListResponse',
          items: [thread('t3', 'What camera do you use?', 5)],
        });
    }
    if (url.pathname === '/youtube/v3/comments' && q.get('parentId') === 't2') {
      if (q.get('pageToken') === null) {
        return json({
          items: [comment('t2.r1', 'yes please', 1, 't2'), comment('t2.r2', 'agreed', 0, 't2')],
          nextPageToken: 'R2',
        });
      }
      return json({
        items: [
          comment('t2.r3', 'Part two is on its way! https://patreon.com/x', 3, 't2', CHANNEL),
        ],
      });
    }
    res.writeHead(404).end();
  };
}

describe('YouTubeDataApiCommentSource against a local v3 stub', () => {
  const log: Logged[] = [];
  let server: Server;
  let source: YouTubeDataApiCommentSource;

  beforeAll(async () => {
    server = createServer(handler(log));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    source = new YouTubeDataApiCommentSource({ apiKey: KEY, baseUrl: `http://127.0.0.1:${port}/` });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    log.length = 0;
  });

  it('pages through threads, keeps embedded replies and fetches the rest with comments.list', async () => {
    const progress: number[] = [];
    const pages: string[][] = [];
    const result = await source.fetchComments(VIDEO, {
      maxComments: 100,
      order: 'time',
      onProgress: (n) => progress.push(n),
      onPage: (page) => pages.push(page.map((c) => c.id)),
    });
    expect(result.source).toBe('youtube-data-api');
    expect(result.likesApproximate).toBe(false);
    expect(result.comments.map((c) => c.id)).toEqual([
      't1',
      't1.r1',
      't2',
      't2.r1',
      't2.r2',
      't2.r3',
      't3',
    ]);
    const t2 = result.comments.find((c) => c.id === 't2')!;
    expect(t2).toMatchObject({
      text: 'Please make a part two',
      likes: 12,
      author: '@user-t2',
      replyCount: 3,
      parentId: null,
    });
    expect(result.comments.find((c) => c.id === 't2.r3')!.parentId).toBe('t2');
    // the channel's own reply (authorChannelId = the comment's channelId) is the creator's
    expect(result.comments.filter((c) => c.byCreator).map((c) => c.id)).toEqual(['t2.r3']);
    expect(progress).toEqual([6, 7]);
    // each page as it was read, replies fetched for it included: together, what was returned
    expect(pages).toEqual([['t1', 't1.r1', 't2', 't2.r1', 't2.r2', 't2.r3'], ['t3']]);

    const first = log.find((l) => l.path === '/youtube/v3/commentThreads')!;
    expect(first.query.get('maxResults')).toBe('100');
    expect(first.query.get('textFormat')).toBe('plainText');
    expect(first.query.get('order')).toBe('time');
    expect(first.query.getAll('part').join(',').split(',')).toEqual(['snippet', 'replies']);
    expect(
      log
        .filter((l) => l.path === '/youtube/v3/commentThreads')
        .map((l) => l.query.get('pageToken')),
    ).toEqual([null, 'PAGE2']);
    // t1 embeds all of its replies, so only t2 needs comments.list (two pages).
    expect(
      log.filter((l) => l.path === '/youtube/v3/comments').map((l) => l.query.get('parentId')),
    ).toEqual(['t2', 't2']);
  });

  it('stops at the comment cap without asking for more pages', async () => {
    const pages: string[][] = [];
    const result = await source.fetchComments(VIDEO, {
      maxComments: 3,
      onPage: (page) => pages.push(page.map((c) => c.id)),
    });
    expect(result.comments).toHaveLength(3);
    expect(pages).toEqual([result.comments.map((c) => c.id)]);
    expect(log.filter((l) => l.path === '/youtube/v3/commentThreads')).toHaveLength(1);
  });

  it('reads title, channel, thumbnail and comment count from videos.list', async () => {
    await expect(source.getVideo(VIDEO)).resolves.toEqual({
      videoId: VIDEO,
      title: 'A real title',
      channelTitle: 'Chan',
      thumbnailUrl: 'https://i.ytimg.com/vi/x/hq.jpg',
      commentCount: 12345,
    });
    await expect(source.getVideo('missing1234')).rejects.toMatchObject({
      reason: 'video_not_found',
    });
  });

  it.each([
    ['quotaQuota1', 'quota_exceeded', /quota/i],
    ['disabled123', 'comments_disabled', /turned off/],
    ['missing1234', 'video_not_found', /not found/],
    ['private1234', 'video_private', /private/],
  ])(
    'turns the error body for %s into a %s failure a person can read',
    async (videoId, reason, message) => {
      const err = await source.fetchComments(videoId, { maxComments: 10 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CommentSourceError);
      expect((err as CommentSourceError).reason).toBe(reason);
      expect((err as CommentSourceError).message).toMatch(message);
    },
  );

  it('reports a rejected key as a configuration problem, without the key in the message', async () => {
    const bad = new YouTubeDataApiCommentSource({
      apiKey: 'wrong',
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    });
    const err = (await bad
      .fetchComments(VIDEO, { maxComments: 10 })
      .catch((e: unknown) => e)) as CommentSourceError;
    expect(err.reason).toBe('unavailable');
    expect(err.message).toContain('YOUTUBE_API_KEY');
    expect(err.message).not.toContain('wrong');
  });

  it('says this server could not reach YouTube when nothing answers, and names the failure for the log', async () => {
    // a port that was just free: the connection is refused
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = new YouTubeDataApiCommentSource({
      apiKey: KEY,
      baseUrl: `http://127.0.0.1:${port}/`,
    });
    const err = (await unreachable
      .fetchComments(VIDEO, { maxComments: 10 })
      .catch((e: unknown) => e)) as CommentSourceError;
    expect(err).toBeInstanceOf(CommentSourceError);
    expect(err.reason).toBe('unavailable');
    expect(err.network).toBe('ECONNREFUSED');
    expect(err.message).toBe(SOURCE_MESSAGES.unreachable);
    expect(err.message).not.toContain(KEY);
  });
});

describe('YouTubeDataApiCommentSource page by page', () => {
  it('hands over each page as soon as it is read, before asking for the next', async () => {
    const comments = Array.from({ length: 250 }, (_, i) => ({
      id: `c${i}`,
      text: `comment number ${i}`,
      likes: i % 5,
      author: `@viewer${i}`,
      publishedAt: '2024-05-01T10:00:00Z',
      replyCount: 0,
      parentId: null,
    }));
    const stub = await startPagedThreadsStub(comments, { pageSize: 100, latencyMs: 20 });
    try {
      const source = new YouTubeDataApiCommentSource({
        apiKey: stub.apiKey,
        baseUrl: stub.baseUrl,
      });
      const pages: { ids: string[]; servedBefore: number }[] = [];
      const got = await source.fetchComments(VIDEO, {
        maxComments: 1000,
        onPage: (page) =>
          pages.push({ ids: page.map((c) => c.id), servedBefore: stub.served.length }),
      });
      expect(got.comments.map((c) => c.id)).toEqual(comments.map((c) => c.id));
      expect(pages.map((p) => p.ids.length)).toEqual([100, 100, 50]);
      expect(pages.flatMap((p) => p.ids)).toEqual(got.comments.map((c) => c.id));
      // page k is handed over while only k + 1 pages have been served
      expect(pages.map((p) => p.servedBefore)).toEqual([1, 2, 3]);
    } finally {
      await stub.close();
    }
  });
});
