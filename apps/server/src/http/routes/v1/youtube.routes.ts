import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { searchChannels } from '../../../services/workspaces/search-channels';
import { handle } from '../../contract-route';

/** GET /youtube/search/channels?q=: channels for the workspace's link box, most subscribers first. */
export function youtubeRoutes(app: FastifyInstance): void {
  const { channelDirectory } = app.container;

  handle(app, apiRoutes.searchChannels, async (request) =>
    searchChannels({ channelDirectory }, { query: request.query.q }),
  );
}
