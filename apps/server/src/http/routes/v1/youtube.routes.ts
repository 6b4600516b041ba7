import type { FastifyInstance } from 'fastify';
import { ChannelSearchQuerySchema, ChannelSearchReplySchema } from '@app/contracts';
import { searchChannels } from '../../../services/workspaces/search-channels';
import { requireAuth } from '../../plugins/auth';
import { validate, validateReply } from '../../validate';

/** GET /youtube/search/channels?q=: channels for the workspace's link box, most subscribers first. */
export function youtubeRoutes(app: FastifyInstance): void {
  const { channelDirectory } = app.container;

  app.get('/youtube/search/channels', { preHandler: requireAuth }, async (request) => {
    const { q } = validate(ChannelSearchQuerySchema, request.query);
    const results = await searchChannels({ channelDirectory }, { query: q });
    return validateReply(ChannelSearchReplySchema, results);
  });
}
