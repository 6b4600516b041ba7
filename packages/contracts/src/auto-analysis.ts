import { z } from 'zod';
import { JobStatusSchema } from './analysis';
import { RenameWorkspaceRequestSchema } from './workspaces';

/**
 * Auto-analysis of new uploads: a workspace with `auto_analyze` on has every video and post
 * published after it was turned on analysed once by the scheduled sync (and by POST
 * /workspaces/{id}/sync), with the same holds, settlement and refunds as a manual run, within the
 * monthly credit cap and the balance. What the cap or the balance held back is retried at the next
 * sync.
 */

/** The highest monthly cap a workspace may set. */
export const MAX_MONTHLY_CREDIT_CAP = 1_000_000;

export const MonthlyCreditCapSchema = z
  .number({ error: 'The monthly credit cap is a whole number of credits, or null for no cap.' })
  .int('The monthly credit cap is a whole number of credits, or null for no cap.')
  .min(1, 'The monthly credit cap is at least 1 credit (null for no cap).')
  .max(
    MAX_MONTHLY_CREDIT_CAP,
    `The monthly credit cap is at most ${MAX_MONTHLY_CREDIT_CAP} credits.`,
  )
  .nullable();

/** PATCH /workspaces/{id}: rename, turn auto-analysis on or off, set its cap; at least one. */
export const UpdateWorkspaceRequestSchema = z
  .object({
    name: RenameWorkspaceRequestSchema.shape.name.optional(),
    auto_analyze: z.boolean({ error: 'auto_analyze is true or false.' }).optional(),
    monthly_credit_cap: MonthlyCreditCapSchema.optional(),
  })
  .refine(
    (b) =>
      b.name !== undefined || b.auto_analyze !== undefined || b.monthly_credit_cap !== undefined,
    { message: 'Give a name, auto_analyze or monthly_credit_cap to change.' },
  );
export type UpdateWorkspaceRequest = z.infer<typeof UpdateWorkspaceRequestSchema>;

/**
 * Where one new video or post stands: `analysing` / `analysed` / `failed` (its analysis's state; a
 * failed one was refunded), `held_back` (`reason` cap or balance: retried at the next sync; error:
 * the source refused it, `message` says why), `skipped` (the creator had analysed it already).
 */
export const AutoAnalysisStateSchema = z.enum([
  'analysing',
  'analysed',
  'failed',
  'held_back',
  'skipped',
]);
export type AutoAnalysisState = z.infer<typeof AutoAnalysisStateSchema>;

export const AutoAnalysisItemSchema = z.object({
  /** The report key: a YouTube video id, or ig_<media id>. */
  video_key: z.string(),
  kind: z.enum(['youtube', 'instagram']),
  title: z.string().nullable(),
  published_at: z.string().nullable(),
  state: AutoAnalysisStateSchema,
  reason: z.enum(['cap', 'balance', 'error', 'already_analysed']).nullable(),
  message: z.string().nullable(),
  job_id: z.string().nullable(),
  job_status: JobStatusSchema.nullable(),
  /** Credits the analysis spent (held while it runs; 0 once a failure is refunded). */
  credits: z.number().int().nonnegative(),
  /** When the analysis started, or when the video was last considered. */
  at: z.string(),
});
export type AutoAnalysisItem = z.infer<typeof AutoAnalysisItemSchema>;

/** GET /workspaces/{id}/auto-analyses: the settings, this month's spend and the newest items. */
export const AutoAnalysesReplySchema = z.object({
  auto_analyze: z.boolean(),
  monthly_credit_cap: z.number().int().positive().nullable(),
  since: z.string().nullable(),
  /** The first instant of the current calendar month (UTC). */
  month_start: z.string(),
  /** Credits auto-analyses started this month spent or hold. */
  month_spent: z.number().int().nonnegative(),
  items: z.array(AutoAnalysisItemSchema),
});
export type AutoAnalysesReply = z.infer<typeof AutoAnalysesReplySchema>;
