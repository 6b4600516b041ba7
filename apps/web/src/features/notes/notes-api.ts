import type { NotesReply, SaveNotesReply } from '@app/contracts';
import { apiRequest } from '../../lib/api-client';

/** GET /api/v1/notes/{video_id}: the stored HTML (null when never saved) and its timestamp. */
export function fetchNotes(videoId: string, signal?: AbortSignal): Promise<NotesReply> {
  return apiRequest<NotesReply>(`/api/v1/notes/${encodeURIComponent(videoId)}`, { signal });
}

/**
 * POST /api/v1/notes. `baseTimestamp` is the stored version this edit started from (null when the
 * editor started empty); the server answers 409 instead of overwriting a newer version.
 */
export function saveNotes(
  videoId: string,
  notes: string,
  baseTimestamp: string | null,
): Promise<SaveNotesReply> {
  return apiRequest<SaveNotesReply>('/api/v1/notes', {
    method: 'POST',
    body: {
      video_id: videoId,
      notes,
      timestamp: new Date().toISOString(),
      base_timestamp: baseTimestamp,
    },
  });
}
