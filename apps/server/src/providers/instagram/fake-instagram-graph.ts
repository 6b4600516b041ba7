import {
  INSTAGRAM_MESSAGES,
  InstagramGraphError,
  type InstagramComment,
  type InstagramConnection,
  type InstagramCredentials,
  type InstagramGraph,
  type InstagramMedia,
  type ListCommentsOptions,
} from './instagram-graph.port';

/** The fake's account: any code or Facebook token links it (except the ones below). */
export const FAKE_INSTAGRAM_ACCOUNT = {
  businessId: '17841400000000001',
  username: 'desert.trips',
  profilePictureUrl: null,
} as const;
/** A code the fake refuses, as Instagram refuses a used one. */
export const FAKE_REJECTED_CODE = 'used-code';
/** A Facebook token whose person has no Page with an Instagram business account. */
export const FAKE_NO_PAGES_TOKEN = 'token-without-instagram-pages';

const PRAISE = [
  'This view is unreal 😍',
  'Absolutely stunning shot, what camera do you use?',
  'The colours in this one are incredible',
  'Best sunset I have seen all year',
  'Goals! Adding this place to my list',
];
const QUESTIONS = [
  'Where is this exactly? I want to go next spring',
  'How long was the hike to get there?',
  'Is it safe to camp there alone?',
  'What lens did you use for this?',
];
const REQUESTS = [
  'Please post a full guide for this route!',
  'Can you do a reel about packing for the desert?',
  'Make a video about the gear you bring please',
];
const CRITICISM = [
  'Too much editing on this one honestly',
  'The music in the reel is way too loud',
];

/**
 * A deterministic Instagram account for demos and higher-level tests: four posts with comments
 * written like real ones (praise, questions, requests, a little criticism, replies). Never touches
 * the network.
 */
export class FakeInstagramGraph implements InstagramGraph {
  readonly canExchangeCode = true;
  readonly canConnectFacebook = true;
  /** Calls received, for tests. */
  readonly calls: string[] = [];

  readonly media: InstagramMedia[] = [
    media(
      '17900000000000004',
      'VIDEO',
      'Golden hour over the dunes 🌅 #desert #travel',
      '2025-11-04T18:00:00.000Z',
      42,
    ),
    media(
      '17900000000000003',
      'IMAGE',
      'Camp night three. Stars everywhere.',
      '2025-10-28T21:30:00.000Z',
      30,
    ),
    media(
      '17900000000000002',
      'CAROUSEL_ALBUM',
      'What I packed for 10 days in the Sahara',
      '2025-10-20T09:15:00.000Z',
      24,
    ),
    media('17900000000000001', 'IMAGE', null, '2025-10-01T07:00:00.000Z', 12),
  ];

  exchangeCode(code: string): Promise<InstagramConnection> {
    this.calls.push(`exchange:${code}`);
    if (code === FAKE_REJECTED_CODE) {
      return Promise.reject(
        new InstagramGraphError(
          'rejected',
          'Instagram refused the authorisation: This authorization code has been used. Link Instagram again.',
        ),
      );
    }
    return Promise.resolve(this.connection('instagram_login', `fake-ig-token-${code}`));
  }

  connectWithFacebook(userAccessToken: string): Promise<InstagramConnection> {
    this.calls.push('facebook');
    if (userAccessToken === FAKE_NO_PAGES_TOKEN) {
      return Promise.reject(
        new InstagramGraphError('no_business_account', INSTAGRAM_MESSAGES.noBusinessAccount),
      );
    }
    return Promise.resolve(this.connection('facebook', 'fake-page-token'));
  }

  refreshToken(
    credentials: InstagramCredentials,
  ): Promise<{ accessToken: string; expiresAt: Date | null } | null> {
    this.calls.push('refresh');
    if (credentials.source !== 'instagram_login') return Promise.resolve(null);
    return Promise.resolve({
      accessToken: credentials.accessToken,
      expiresAt: new Date(Date.now() + 60 * 86_400_000),
    });
  }

  listMedia(
    credentials: InstagramCredentials,
    options: { limit: number },
  ): Promise<InstagramMedia[]> {
    this.calls.push(`media:${credentials.businessId}`);
    return Promise.resolve(this.media.slice(0, options.limit).map((m) => ({ ...m })));
  }

  listComments(
    credentials: InstagramCredentials,
    mediaId: string,
    options: ListCommentsOptions,
  ): Promise<InstagramComment[]> {
    this.calls.push(`comments:${mediaId}`);
    const post = this.media.find((m) => m.id === mediaId);
    if (!post)
      return Promise.reject(new InstagramGraphError('not_found', INSTAGRAM_MESSAGES.mediaNotFound));
    const comments = fakeComments(mediaId, post.commentsCount ?? 0).slice(0, options.maxComments);
    options.onPage?.(comments);
    return Promise.resolve(comments);
  }

  private connection(
    source: InstagramConnection['source'],
    accessToken: string,
  ): InstagramConnection {
    return {
      accessToken,
      source,
      businessId: FAKE_INSTAGRAM_ACCOUNT.businessId,
      expiresAt: source === 'facebook' ? null : new Date(Date.now() + 60 * 86_400_000),
      account: { ...FAKE_INSTAGRAM_ACCOUNT },
    };
  }
}

function media(
  id: string,
  mediaType: string,
  caption: string | null,
  timestamp: string,
  commentsCount: number,
): InstagramMedia {
  const file = mediaType === 'VIDEO' ? 'mp4' : 'jpg';
  return {
    id,
    mediaType,
    mediaUrl: `https://scontent.cdninstagram.com/fake/${id}.${file}`,
    thumbnailUrl: mediaType === 'VIDEO' ? `https://scontent.cdninstagram.com/fake/${id}.jpg` : null,
    caption,
    timestamp,
    permalink: `https://www.instagram.com/p/FAKE${id.slice(-4)}/`,
    commentsCount,
    likeCount: commentsCount * 17,
  };
}

/** `count` comments for a post: every fourth top-level comment has a reply from the creator. */
function fakeComments(mediaId: string, count: number): InstagramComment[] {
  const pool = [...PRAISE, ...QUESTIONS, ...REQUESTS, ...CRITICISM];
  const out: InstagramComment[] = [];
  for (let i = 0; out.length < count; i++) {
    const id = `${mediaId.slice(-6)}${String(i).padStart(4, '0')}`;
    const withReply = i % 4 === 1 && out.length + 1 < count;
    out.push({
      id,
      text: pool[i % pool.length]!,
      username: `traveller_${(i * 7) % 23}`,
      likeCount: (i * 13) % 9,
      timestamp: new Date(Date.UTC(2025, 10, 5, 8, i)).toISOString(),
      parentId: null,
      replyCount: withReply ? 1 : 0,
    });
    if (withReply) {
      out.push({
        id: `${id}1`,
        text: 'Thank you! Full details coming soon 🙏',
        username: FAKE_INSTAGRAM_ACCOUNT.username,
        likeCount: 1,
        timestamp: new Date(Date.UTC(2025, 10, 5, 9, i)).toISOString(),
        parentId: id,
        replyCount: 0,
      });
    }
  }
  return out;
}
