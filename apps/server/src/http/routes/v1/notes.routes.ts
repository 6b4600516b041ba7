import type { FastifyInstance } from 'fastify';
import {
  NotesReplySchema,
  SaveNotesReplySchema,
  SaveNotesRequestSchema,
  VideoIdParamsSchema,
} from '@app/contracts';
import { getNotes } from '../../../services/notes/get-notes';
import { saveNotes } from '../../../services/notes/save-notes';
import { currentUser, requireAuth } from '../../plugins/auth';
import { validate, validateReply } from '../../validate';

/** POST /notes and GET /notes/{video_id}: the signed-in user's private notes per video. */
export function notesRoutes(app: FastifyInstance): void {
  const { repos, clock } = app.container;

  app.post('/notes', { preHandler: requireAuth }, async (request) => {
    const input = validate(SaveNotesRequestSchema, request.body);
    const result = await saveNotes(
      { notes: repos.notes, clock },
      {
        userId: currentUser(request).id,
        videoId: input.video_id,
        html: input.notes,
        // The explicit base wins; older clients only send `timestamp` (the version they loaded).
        baseTimestamp: input.base_timestamp !== undefined ? input.base_timestamp : input.timestamp,
      },
    );
    return validateReply(SaveNotesReplySchema, result);
  });

  app.get('/notes/:video_id', { preHandler: requireAuth }, async (request) => {
    const params = validate(VideoIdParamsSchema, request.params);
    const result = await getNotes(
      { notes: repos.notes },
      { userId: currentUser(request).id, videoId: params.video_id },
    );
    return validateReply(NotesReplySchema, result);
  });
}
