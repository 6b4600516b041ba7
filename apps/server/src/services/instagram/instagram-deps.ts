import type { Post } from '@app/contracts';
import type { Clock } from '../../clock';
import { AppError, NotConfiguredError } from '../../errors';
import {
  InstagramGraphError,
  type InstagramCredentials,
  type InstagramGraph,
} from '../../providers/instagram/instagram-graph.port';
import type { Repositories, TransactionRunner } from '../../repositories';
import type { InstagramPost } from '../../repositories/instagram-post.repository';
import type { Workspace } from '../../repositories/workspace.repository';
import type { TokenCipher } from './token-cipher';

/** The configured Instagram link: the Graph adapter and the cipher tokens are stored with. */
export interface InstagramLink {
  graph: InstagramGraph;
  cipher: TokenCipher;
}

export interface InstagramDeps {
  repos: Repositories;
  transaction: TransactionRunner;
  clock: Clock;
  /** null: no Instagram or Facebook app is configured (every Instagram call answers 503). */
  instagram: InstagramLink | null;
}

/** Posts a link or sync reads (the newest; older posts are rarely analysed). */
export const INSTAGRAM_POSTS_LIMIT = 100;

export const INSTAGRAM_NOT_CONFIGURED = 'Instagram linking is not configured on this server.';
export const FACEBOOK_NOT_CONFIGURED =
  'Linking Instagram through Facebook is not configured on this server.';
export const INSTAGRAM_NOT_LINKED =
  'This workspace has no Instagram account linked. Link Instagram first.';

/** The configured link (able to do what `can` asks), or 503 with `message`. */
export function requireInstagram(
  deps: Pick<InstagramDeps, 'instagram'>,
  message = INSTAGRAM_NOT_CONFIGURED,
  can: (graph: InstagramGraph) => boolean = () => true,
): InstagramLink {
  if (!deps.instagram || !can(deps.instagram.graph))
    throw new NotConfiguredError('instagram', message);
  return deps.instagram;
}

/** The workspace's stored token, or null when none is linked or it can no longer be read. */
export function credentialsOf(
  link: InstagramLink,
  w: Pick<Workspace, 'instagramBusinessId' | 'instagramTokenCiphertext' | 'instagramTokenSource'>,
): InstagramCredentials | null {
  if (!w.instagramBusinessId || !w.instagramTokenCiphertext || !w.instagramTokenSource) return null;
  const accessToken = link.cipher.decrypt(w.instagramTokenCiphertext);
  if (accessToken === null) return null;
  return { accessToken, source: w.instagramTokenSource, businessId: w.instagramBusinessId };
}

/**
 * Runs a Graph call and turns its failures into replies a person can act on: an expired token is
 * 409 "reconnect", no business account 422, a missing post 404, anything else from Instagram 502.
 */
export async function askInstagram<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof InstagramGraphError)) throw error;
    const status =
      error.reason === 'reconnect'
        ? 409
        : error.reason === 'no_business_account'
          ? 422
          : error.reason === 'not_found'
            ? 404
            : 502;
    throw new AppError(status, `instagram_${error.reason}`, error.message);
  }
}

type InstagramPostReply = Extract<Post, { kind: 'instagram' }>;

/** The contract's Instagram post. */
export function toInstagramPostReply(p: InstagramPost): InstagramPostReply {
  return {
    kind: 'instagram',
    id: p.mediaId,
    media_id: p.mediaId,
    media_type: p.mediaType,
    media_url: p.mediaUrl,
    thumbnail_url: p.thumbnailUrl,
    caption: p.caption,
    permalink: p.permalink,
    timestamp: p.timestamp?.toISOString() ?? null,
    comments_count: p.commentsCount,
  };
}

/** A report title from a caption: its first line, at most 100 characters. */
export function titleFromCaption(caption: string | null, mediaType: string): string {
  const line = (caption ?? '').split('\n')[0]!.trim();
  if (!line) return `Instagram ${mediaType.toLowerCase().replace(/_/g, ' ')}`;
  return line.length > 100 ? `${line.slice(0, 99).trimEnd()}…` : line;
}
