import { describe, expect, it } from 'vitest';
import { InnertubeCommentSource, parseApproximateCount } from './innertube-comment-source';

/** One comment in InnerTube's current shape: a view model with keys, and entity mutations with the data. */
function comment(
  id: string,
  text: string,
  likes: string,
  replies: string,
  author: string,
  isCreator = false,
) {
  const key = (k: string) => `${k}-${id}`;
  return {
    thread: {
      commentThreadRenderer: {
        commentViewModel: {
          commentViewModel: {
            commentId: id,
            commentKey: key('comment'),
            toolbarStateKey: key('state'),
            toolbarSurfaceKey: key('surface'),
            commentSurfaceKey: key('csurface'),
          },
        },
        renderingPriority: 'RENDERING_PRIORITY_UNKNOWN',
      },
    },
    mutations: [
      {
        entityKey: key('comment'),
        type: 'ENTITY_MUTATION_TYPE_REPLACE',
        payload: {
          commentEntityPayload: {
            key: key('comment'),
            properties: {
              commentId: id,
              content: { content: text },
              publishedTime: '2 days ago',
              replyLevel: 0,
            },
            author: {
              channelId: `UC-${id}`,
              displayName: author,
              avatarThumbnailUrl: 'https://yt3.example/a.jpg',
              isCreator,
            },
            toolbar: { likeCountNotliked: likes, likeCountLiked: likes, replyCount: replies },
          },
        },
      },
      {
        entityKey: key('state'),
        type: 'ENTITY_MUTATION_TYPE_REPLACE',
        payload: {
          engagementToolbarStateEntityPayload: {
            key: key('state'),
            likeState: 'TOOLBAR_LIKE_STATE_INDIFFERENT',
            heartState: 'TOOLBAR_HEART_STATE_UNHEARTED',
          },
        },
      },
    ],
  };
}

/** A recorded /youtubei/v1/next reply for the comments section (first page carries the header). */
function page(items: ReturnType<typeof comment>[], next: string | null, header: boolean) {
  const continuation = next
    ? [
        {
          continuationItemRenderer: {
            trigger: 'CONTINUATION_TRIGGER_ON_ITEM_SHOWN',
            continuationEndpoint: {
              continuationCommand: { token: next, request: 'CONTINUATION_REQUEST_TYPE_WATCH_NEXT' },
            },
          },
        },
      ]
    : [];
  const body = [...items.map((i) => i.thread), ...continuation];
  return {
    responseContext: {},
    onResponseReceivedEndpoints: header
      ? [
          {
            reloadContinuationItemsCommand: {
              targetId: 'comments-section',
              continuationItems: [
                {
                  commentsHeaderRenderer: {
                    countText: { runs: [{ text: '1,234' }, { text: ' Comments' }] },
                  },
                },
              ],
            },
          },
          {
            reloadContinuationItemsCommand: {
              targetId: 'comments-section',
              continuationItems: body,
            },
          },
        ]
      : [
          {
            appendContinuationItemsAction: {
              targetId: 'comments-section',
              continuationItems: body,
            },
          },
        ],
    frameworkUpdates: { entityBatchUpdate: { mutations: items.flatMap((i) => i.mutations) } },
  };
}

function recordedFetch(log: { url: string; body: Record<string, unknown> }[]): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.hostname !== 'www.youtube.com' && url.hostname !== 'youtubei.googleapis.com') {
      throw new Error(`unexpected host ${url.hostname}`);
    }
    const body = JSON.parse(await request.text()) as Record<string, unknown>;
    log.push({ url: url.pathname, body });
    const first = page(
      [
        comment('Ugx1', 'Loved the editing in this one', '1.2K', '3', '@ann'),
        comment('Ugx2', 'Please do a part two', '15', '0', '@bob'),
      ],
      'PAGE-2',
      true,
    );
    const second = page(
      [
        comment('Ugx3', 'What camera was this?', '2', '1', '@cy'),
        comment('Ugx4', 'Merch is live: https://shop.example/merch', '40', '0', '@chan', true),
      ],
      null,
      false,
    );
    const json = body.continuation === 'PAGE-2' ? second : first;
    return new Response(JSON.stringify(json), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}

describe('InnertubeCommentSource with recorded InnerTube replies', () => {
  it('reads comments across continuation pages with approximate likes', async () => {
    const log: { url: string; body: Record<string, unknown> }[] = [];
    const source = new InnertubeCommentSource({ fetch: recordedFetch(log) });
    const pages: string[][] = [];
    const got = await source.fetchComments('dQw4w9WgXcQ', {
      maxComments: 100,
      onPage: (page) => pages.push(page.map((c) => c.id)),
    });
    expect(got.source).toBe('youtubei');
    expect(got.likesApproximate).toBe(true);
    expect(got.comments).toEqual([
      {
        id: 'Ugx1',
        text: 'Loved the editing in this one',
        likes: 1200,
        author: '@ann',
        publishedAt: null,
        replyCount: 3,
        parentId: null,
      },
      {
        id: 'Ugx2',
        text: 'Please do a part two',
        likes: 15,
        author: '@bob',
        publishedAt: null,
        replyCount: 0,
        parentId: null,
      },
      {
        id: 'Ugx3',
        text: 'What camera was this?',
        likes: 2,
        author: '@cy',
        publishedAt: null,
        replyCount: 1,
        parentId: null,
      },
      {
        id: 'Ugx4',
        text: 'Merch is live: https://shop.example/merch',
        likes: 40,
        author: '@chan',
        publishedAt: null,
        replyCount: 0,
        parentId: null,
        byCreator: true,
      },
    ]);
    expect(log.map((l) => l.url)).toEqual(['/youtubei/v1/next', '/youtubei/v1/next']);
    expect(log[1]!.body.continuation).toBe('PAGE-2');
    // each page as it was read: together, what was returned
    expect(pages.flat()).toEqual(got.comments.map((c) => c.id));
    expect(pages).toHaveLength(2);
  });

  it('stops at the cap without asking for the next page', async () => {
    const log: { url: string; body: Record<string, unknown> }[] = [];
    const got = await new InnertubeCommentSource({ fetch: recordedFetch(log) }).fetchComments(
      'dQw4w9WgXcQ',
      { maxComments: 1 },
    );
    expect(got.comments.map((c) => c.id)).toEqual(['Ugx1']);
    expect(log).toHaveLength(1);
  });

  it('reads the comment count from the comments header', async () => {
    const source = new InnertubeCommentSource({ fetch: recordedFetch([]) });
    await expect(source.getVideo('dQw4w9WgXcQ')).resolves.toMatchObject({
      videoId: 'dQw4w9WgXcQ',
      commentCount: 1234,
    });
  });

  it('turns a failed request into a readable failure', async () => {
    const failing: typeof fetch = () => Promise.resolve(new Response('nope', { status: 500 }));
    const err = await new InnertubeCommentSource({ fetch: failing })
      .fetchComments('dQw4w9WgXcQ', { maxComments: 5 })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: 'unavailable' });
  });

  it('parses rounded counts', () => {
    expect([
      parseApproximateCount('1.2K'),
      parseApproximateCount('3M'),
      parseApproximateCount('1,234'),
      parseApproximateCount(''),
    ]).toEqual([1200, 3_000_000, 1234, 0]);
  });
});
