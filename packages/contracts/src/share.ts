import { z } from 'zod';
import { ReportReplySchema } from './analysis';

/** The formats a report downloads as. */
export const ExportFormatSchema = z.enum(['csv', 'json', 'md', 'pdf'], {
  error: 'Choose an export format: csv, json, md or pdf.',
});
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** The media type of each export format's file. */
export const EXPORT_MEDIA_TYPE = {
  csv: 'text/csv',
  json: 'application/json',
  md: 'text/markdown',
  pdf: 'application/pdf',
} as const satisfies Record<ExportFormat, string>;
export const EXPORT_MEDIA_TYPES: readonly [string, ...string[]] = [
  EXPORT_MEDIA_TYPE.csv,
  EXPORT_MEDIA_TYPE.json,
  EXPORT_MEDIA_TYPE.md,
  EXPORT_MEDIA_TYPE.pdf,
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /report/{video_id}/export?format=…&job=… (job: an older completed run of the same video). */
export const ExportQuerySchema = z.object({
  format: ExportFormatSchema,
  job: z.string().regex(UUID, 'job is the id of one of your analyses of this video.').optional(),
});
export type ExportQuery = z.infer<typeof ExportQuerySchema>;

/** Days a shared link may stay open at most; no expiry is also allowed. */
export const SHARE_MAX_DAYS = 365;

/** POST /report/{video_id}/shares: an optional expiry in whole days. */
export const CreateShareRequestSchema = z.object({
  expires_in_days: z
    .number({ error: `expires_in_days is a whole number of days from 1 to ${SHARE_MAX_DAYS}.` })
    .int(`expires_in_days is a whole number of days from 1 to ${SHARE_MAX_DAYS}.`)
    .min(1, `expires_in_days is a whole number of days from 1 to ${SHARE_MAX_DAYS}.`)
    .max(SHARE_MAX_DAYS, `A shared link can stay open for ${SHARE_MAX_DAYS} days at most.`)
    .nullable()
    .optional(),
});
export type CreateShareRequest = z.infer<typeof CreateShareRequestSchema>;

/** One read-only link to a report, as its owner sees it (the token itself is shown once). */
export const ReportShareSchema = z.object({
  id: z.string(),
  video_id: z.string(),
  created_at: z.string(),
  /** null: open until revoked. */
  expires_at: z.string().nullable(),
  expired: z.boolean(),
});
export type ReportShare = z.infer<typeof ReportShareSchema>;

/** The reply to creating a link: the only time the token (and so the link) is readable. */
export const CreateShareReplySchema = ReportShareSchema.extend({
  token: z.string(),
  /** The web app's page for the link, below the site's origin: `/share/{token}`. */
  path: z.string(),
});
export type CreateShareReply = z.infer<typeof CreateShareReplySchema>;

export const ReportSharesReplySchema = z.array(ReportShareSchema);

export const ShareIdParamsSchema = z.object({
  id: z.string().regex(UUID, 'That is not the id of a shared link.'),
});
export const RevokeShareReplySchema = z.object({ success: z.literal(true) });

export const ShareTokenParamsSchema = z.object({ token: z.string().max(200) });

/**
 * GET /shared/{token}: the report a link shows, read-only and signed out. The job id, notes, chat,
 * account and credits are not part of it, and comment text is left out (`representatives` empty).
 */
export const SharedReportReplySchema = z.object({
  report: ReportReplySchema.omit({ job_id: true }),
  expires_at: z.string().nullable(),
});
export type SharedReportReply = z.infer<typeof SharedReportReplySchema>;
