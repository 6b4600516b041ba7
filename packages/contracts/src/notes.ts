import { z } from 'zod';
import { VideoIdSchema } from './common';

export const NOTES_MAX_BYTES = 200 * 1024;
export const SaveNotesRequestSchema = z.object({
  video_id: VideoIdSchema,
  notes: z.string(),
  /** ISO time the client last loaded or saved; used to detect a write from another tab. */
  timestamp: z.string().datetime({ offset: true }).optional(),
  /** The `timestamp` of the version this edit started from (last-write detection). */
  base_timestamp: z.string().datetime({ offset: true }).nullable().optional(),
});
export const SaveNotesReplySchema = z.object({ success: z.literal(true), timestamp: z.string() });
export type SaveNotesReply = z.infer<typeof SaveNotesReplySchema>;
export const NotesReplySchema = z.object({
  success: z.literal(true),
  notes: z.string().nullable(),
  /** The same HTML again, for clients that read a success flag plus `data` as an HTML string. */
  data: z.string().nullable(),
  timestamp: z.string().nullable(),
});
export type NotesReply = z.infer<typeof NotesReplySchema>;

/** HTML tags the notes editor produces; the server keeps only these (no attributes). */
export const NOTES_ALLOWED_TAGS = [
  'p',
  'h1',
  'h2',
  'h3',
  'strong',
  'em',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'br',
] as const;
