import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { getNotes } from '../../../services/notes/get-notes';
import { saveNotes } from '../../../services/notes/save-notes';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';

/** POST /notes and GET /notes/{video_id}: the signed-in user's private notes per video. */
export function notesRoutes(app: FastifyInstance): void {
  const { repos, clock } = app.container;

  handle(app, apiRoutes.saveNotes, async (request) => {
    const input = request.body;
    return saveNotes(
      { notes: repos.notes, clock },
      {
        userId: currentUser(request).id,
        videoId: input.video_id,
        html: input.notes,
        // The explicit base wins; older clients only send `timestamp` (the version they loaded).
        baseTimestamp: input.base_timestamp !== undefined ? input.base_timestamp : input.timestamp,
      },
    );
  });

  handle(app, apiRoutes.notes, async (request) =>
    getNotes(
      { notes: repos.notes },
      { userId: currentUser(request).id, videoId: request.params.video_id },
    ),
  );
}
