import { NOTES_MAX_BYTES, type SaveNotesReply } from '@app/contracts';
import type { Clock } from '../../clock';
import { ConflictError, PayloadTooLargeError } from '../../errors';
import type { NotesRepository } from '../../repositories/notes.repository';
import { sanitizeNotesHtml } from './sanitize-notes';

export const NOTES_CONFLICT_MESSAGE =
  'These notes were changed in another tab or window. Reload to see the latest version before saving.';

export interface SaveNotesInput {
  userId: string;
  videoId: string;
  html: string;
  /**
   * ISO time of the stored version the edit started from: null when the editor started from no
   * notes, undefined when the client does not say (then the last write wins).
   */
  baseTimestamp: string | null | undefined;
}

/**
 * Stores sanitised notes. Refuses (409, nothing overwritten) when the stored version is newer than
 * the one the edit started from; refuses (413) notes over the size limit.
 */
export async function saveNotes(
  deps: { notes: NotesRepository; clock: Clock },
  input: SaveNotesInput,
): Promise<SaveNotesReply> {
  const bytes = Buffer.byteLength(input.html, 'utf8');
  if (bytes > NOTES_MAX_BYTES) {
    throw new PayloadTooLargeError(
      `Notes can be at most ${NOTES_MAX_BYTES / 1024} KB; these are ${Math.ceil(bytes / 1024)} KB. Shorten them and save again.`,
      'notes_too_large',
    );
  }
  const html = sanitizeNotesHtml(input.html);
  const stored = await deps.notes.find(input.userId, input.videoId);
  const now = deps.clock.now();

  if (stored === null) {
    const inserted = await deps.notes.insertIfAbsent({
      userId: input.userId,
      videoId: input.videoId,
      html,
      updatedAt: now,
    });
    if (!inserted) throw new ConflictError(NOTES_CONFLICT_MESSAGE, 'notes_conflict');
    return { success: true, timestamp: now.toISOString() };
  }

  if (input.baseTimestamp !== undefined) {
    const base = input.baseTimestamp === null ? null : Date.parse(input.baseTimestamp);
    if (base === null || Number.isNaN(base) || stored.updatedAt.getTime() > base) {
      throw new ConflictError(NOTES_CONFLICT_MESSAGE, 'notes_conflict');
    }
  }
  // Strictly increasing, so a save in the same millisecond still reads as a newer version.
  const updatedAt = new Date(Math.max(now.getTime(), stored.updatedAt.getTime() + 1));
  const replaced = await deps.notes.replaceIfUnchanged({
    userId: input.userId,
    videoId: input.videoId,
    html,
    updatedAt,
    expected: stored.updatedAt,
  });
  if (!replaced) throw new ConflictError(NOTES_CONFLICT_MESSAGE, 'notes_conflict');
  return { success: true, timestamp: updatedAt.toISOString() };
}
