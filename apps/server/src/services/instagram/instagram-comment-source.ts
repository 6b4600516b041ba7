import type { InputComment } from '@app/analysis';
import { instagramMediaIdOf } from '@app/contracts';
import {
  INSTAGRAM_MESSAGES,
  InstagramGraphError,
  type InstagramComment,
} from '../../providers/instagram/instagram-graph.port';
import {
  CommentSourceError,
  type CommentSource,
  type FetchCommentsOptions,
  type FetchedComments,
  type VideoMetadata,
} from '../../providers/comment-sources/comment-source.port';
import type { Repositories } from '../../repositories';
import { credentialsOf, INSTAGRAM_NOT_CONFIGURED, type InstagramLink } from './instagram-deps';

/**
 * Comments of an Instagram post (report key `ig_<media id>`), read with the token of the workspace
 * the analysis was started from: top-level comments and their replies.
 */
export class InstagramCommentSource implements CommentSource {
  readonly name = 'instagram';

  constructor(
    private readonly deps: {
      repos: Pick<Repositories, 'workspaces'>;
      instagram: InstagramLink | null;
    },
  ) {}

  /** Instagram analyses are started with the post's stored metadata, not from here. */
  getVideo(): Promise<VideoMetadata | null> {
    return Promise.resolve(null);
  }

  async fetchComments(
    videoId: string,
    options: FetchCommentsOptions,
  ): Promise<FetchedComments | null> {
    const mediaId = instagramMediaIdOf(videoId);
    if (mediaId === null) return null;
    const link = this.deps.instagram;
    if (!link) throw new CommentSourceError('unavailable', INSTAGRAM_NOT_CONFIGURED);
    const workspace =
      options.workspaceId == null
        ? null
        : await this.deps.repos.workspaces.findById(options.workspaceId);
    const credentials = workspace ? credentialsOf(link, workspace) : null;
    if (!credentials) throw new CommentSourceError('video_private', INSTAGRAM_MESSAGES.reconnect);
    const owner = workspace?.instagramUsername?.toLowerCase() ?? null;
    const toInput = (comments: readonly InstagramComment[]): InputComment[] =>
      comments
        .filter((c) => c.text.trim() !== '')
        .map((c): InputComment => ({
          id: c.id,
          text: c.text,
          likes: c.likeCount,
          author: c.username,
          publishedAt: c.timestamp,
          replyCount: c.replyCount,
          parentId: c.parentId,
          // the account's own replies are the creator's
          ...(owner !== null && c.username?.toLowerCase() === owner ? { byCreator: true } : {}),
        }));
    const { onPage } = options;
    try {
      const comments = await link.graph.listComments(credentials, mediaId, {
        maxComments: options.maxComments,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        ...(onPage ? { onPage: (page) => onPage(toInput(page)) } : {}),
      });
      return {
        comments: toInput(comments),
        likesApproximate: false,
        source: 'instagram-graph',
      };
    } catch (error) {
      if (!(error instanceof InstagramGraphError)) throw error;
      const reason =
        error.reason === 'reconnect'
          ? 'video_private'
          : error.reason === 'not_found'
            ? 'video_not_found'
            : 'unavailable';
      throw new CommentSourceError(reason, error.message);
    }
  }
}
