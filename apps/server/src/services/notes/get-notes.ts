import type { NotesReply } from '@app/contracts';
import type { NotesRepository } from '../../repositories/notes.repository';

/** The signed-in user's notes on a video; never-saved notes are a success with `notes: null`. */
export async function getNotes(
  deps: { notes: NotesRepository },
  input: { userId: string; videoId: string },
): Promise<NotesReply> {
  const stored = await deps.notes.find(input.userId, input.videoId);
  const html = stored?.html ?? null;
  return {
    success: true,
    notes: html,
    data: html,
    timestamp: stored?.updatedAt.toISOString() ?? null,
  };
}
