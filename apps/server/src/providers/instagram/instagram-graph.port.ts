/**
 * Instagram business accounts for workspaces: linking (Instagram Login, or a Facebook Page's
 * Instagram business account), the account's media and a media's comments.
 */

/** How a token was obtained; it decides which Graph host and paths read the account's media. */
export type InstagramTokenSource = 'instagram_login' | 'facebook';

export interface InstagramAccount {
  /** The Instagram professional account id (`user_id` / instagram_business_account.id). */
  businessId: string;
  username: string | null;
  profilePictureUrl: string | null;
}

/** A token and the account it reads. */
export interface InstagramCredentials {
  accessToken: string;
  source: InstagramTokenSource;
  businessId: string;
}

/** The result of linking: a long-lived token, when it expires (null: unknown/never) and the account. */
export interface InstagramConnection extends InstagramCredentials {
  expiresAt: Date | null;
  account: InstagramAccount;
}

export interface InstagramMedia {
  id: string;
  /** IMAGE, VIDEO or CAROUSEL_ALBUM. */
  mediaType: string;
  mediaUrl: string | null;
  thumbnailUrl: string | null;
  caption: string | null;
  /** ISO date-time. */
  timestamp: string | null;
  permalink: string | null;
  commentsCount: number | null;
  likeCount: number | null;
}

export interface InstagramComment {
  id: string;
  text: string;
  username: string | null;
  likeCount: number;
  timestamp: string | null;
  /** The top-level comment's id for a reply, else null. */
  parentId: string | null;
  /** Replies of a top-level comment (0 for replies). */
  replyCount: number;
}

export interface ListCommentsOptions {
  maxComments: number;
  signal?: AbortSignal;
  onProgress?: (fetched: number) => void;
  onPage?: (comments: InstagramComment[]) => void;
}

export type InstagramGraphFailure =
  /** Code 190: the token expired or was revoked; the person must link Instagram again. */
  | 'reconnect'
  /** The code or token was refused (used, expired code, wrong redirect). */
  | 'rejected'
  /** No Facebook Page of the person has an Instagram business account. */
  | 'no_business_account'
  /** The media does not exist (or is not this account's). */
  | 'not_found'
  /** Instagram answered with another error. */
  | 'api_error'
  /** Instagram could not be reached, or answered something unreadable. */
  | 'unavailable';

export class InstagramGraphError extends Error {
  constructor(
    readonly reason: InstagramGraphFailure,
    message: string,
  ) {
    super(message);
    this.name = 'InstagramGraphError';
  }
}

export const INSTAGRAM_MESSAGES = {
  reconnect:
    'Instagram access for this workspace has expired or was revoked. Reconnect Instagram (Link Instagram) and try again.',
  unavailable: 'Instagram could not be reached. Please try again in a few minutes.',
  noBusinessAccount:
    'None of your Facebook Pages has an Instagram business or creator account connected. Connect one to a Page in Instagram settings, then try again.',
  mediaNotFound: 'This Instagram post was not found. It may have been deleted.',
} as const;

export interface InstagramGraph {
  /** True when the Instagram Login route (app id and secret) is configured. */
  readonly canExchangeCode: boolean;
  /** True when the Facebook route (Facebook app id and secret) is configured. */
  readonly canConnectFacebook: boolean;
  /** Instagram Login: the authorisation code -> long-lived token and the account. */
  exchangeCode(code: string, redirectUri: string): Promise<InstagramConnection>;
  /** Facebook route: a Facebook user token -> the first Page with an Instagram business account. */
  connectWithFacebook(userAccessToken: string): Promise<InstagramConnection>;
  /**
   * Extends an Instagram Login token (GET /refresh_access_token, allowed once it is a day old);
   * null for Facebook Page tokens, which do not expire.
   */
  refreshToken(
    credentials: InstagramCredentials,
  ): Promise<{ accessToken: string; expiresAt: Date | null } | null>;
  /** The account's media, newest first (at most `limit`). */
  listMedia(
    credentials: InstagramCredentials,
    options: { limit: number },
  ): Promise<InstagramMedia[]>;
  /**
   * A media's comments with their replies (at most `maxComments` in all). `onPage` hears each
   * page's comments as soon as the page is read; in order, the pages are the comments returned.
   */
  listComments(
    credentials: InstagramCredentials,
    mediaId: string,
    options: ListCommentsOptions,
  ): Promise<InstagramComment[]>;
}
