import { isSampleChannelId, type ChannelSearchResult } from '@app/contracts';
import {
  ChannelDirectoryError,
  type ChannelSummary,
} from '../../providers/comment-sources/channel-directory.port';
import { askDirectory, CHANNEL_SEARCH_LIMIT, type WorkspaceDeps } from './workspace-deps';

/** A channel id on its own or inside a channel link (youtube.com/channel/UC...). */
const CHANNEL_ID = /(?:^|\/channel\/)(UC[A-Za-z0-9_-]{22})(?=$|[/?#])/;
/** A channel link by handle or legacy name: youtube.com/@name, /c/name, /user/name. */
const CHANNEL_LINK = /youtube\.com\/(?:(@[\w.-]+)|(?:c|user)\/([\w.-]+))(?=$|[/?#])/i;

/** What to search for: a pasted channel link becomes its handle or name. */
function searchText(query: string): string {
  const m = CHANNEL_LINK.exec(query);
  return m ? (m[1] ?? m[2]!) : query;
}

/**
 * Channels for the "Search YouTube channels" box, sorted by subscriber count, highest first (hidden
 * counts last; equal counts keep the source's relevance order), after the sample channel when the
 * search asked for it. A pasted channel id or channel
 * link finds that channel directly; a link by handle (youtube.com/@name) searches for the handle.
 */
export async function searchChannels(
  deps: Pick<WorkspaceDeps, 'channelDirectory'>,
  input: { query: string },
): Promise<ChannelSearchResult[]> {
  const query = input.query.trim();
  const id = CHANNEL_ID.exec(query)?.[1];
  let found: ChannelSummary[];
  if (id !== undefined) {
    const channel = await askDirectory(async () => {
      try {
        return await deps.channelDirectory.getChannel(id);
      } catch (error) {
        if (error instanceof ChannelDirectoryError && error.reason === 'channel_not_found')
          return null;
        throw error;
      }
    });
    found = channel ? [channel] : [];
  } else {
    found =
      (await askDirectory(() =>
        deps.channelDirectory.searchChannels(searchText(query), { limit: CHANNEL_SEARCH_LIMIT }),
      )) ?? [];
  }
  const seen = new Set<string>();
  return found
    .filter((c) => !seen.has(c.channelId) && seen.add(c.channelId))
    .map((c, rank) => ({ c, rank }))
    .sort(
      (a, b) =>
        // the sample channel, when asked for, comes first: real channels named "sample" are many
        Number(isSampleChannelId(b.c.channelId)) - Number(isSampleChannelId(a.c.channelId)) ||
        (b.c.subscriberCount ?? -1) - (a.c.subscriberCount ?? -1) ||
        a.rank - b.rank,
    )
    .slice(0, CHANNEL_SEARCH_LIMIT)
    .map(({ c }) => ({
      channelId: c.channelId,
      title: c.title,
      thumbnail_url: c.thumbnailUrl,
      subscriberCount: c.subscriberCount,
      verified: c.verified,
    }));
}
