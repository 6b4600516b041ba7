import { z } from 'zod';

/** Every non-2xx reply of /api/v1 has this body. `message` is written for a person to read. */
export const ErrorReplySchema = z.object({
  message: z.string(),
  code: z.string(),
  /** Field-level problems for 400s, when a request failed schema validation. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorReply = z.infer<typeof ErrorReplySchema>;

/**
 * A whole number in a JSON body, a query string or a path: a number, or a string of digits (all a
 * query or path can carry). Unlike `z.coerce.number()`, which reads null, "", " ", false and [0] as 0
 * and true as 1, anything else is refused, so a client's mistake is a 400 and never acts on object 0
 * or 1. `invalid` is the message for a value that is not a whole number (and, unless given, for one
 * out of range), so it should say the range.
 */
export function wholeNumber(
  min: number,
  max: number,
  messages: { invalid: string; tooSmall?: string; tooBig?: string },
) {
  return z.preprocess(
    (value) =>
      typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : value,
    z
      .number({ error: messages.invalid })
      .int({ error: messages.invalid })
      .min(min, { error: messages.tooSmall ?? messages.invalid })
      .max(max, { error: messages.tooBig ?? messages.invalid }),
  );
}

export const OkReplySchema = z.object({ success: z.literal(true) });
export type OkReply = z.infer<typeof OkReplySchema>;

export const PlanSchema = z.enum(['basic', 'pro', 'advanced']);
export type Plan = z.infer<typeof PlanSchema>;

export const IntentSchema = z.enum(['Request', 'Praise', 'Criticism', 'Question', 'Opinion']);
export type Intent = z.infer<typeof IntentSchema>;
/** Precedence when one comment carries several intents (highest first). */
export const INTENT_PRECEDENCE: readonly Intent[] = [
  'Request',
  'Question',
  'Criticism',
  'Praise',
  'Opinion',
];

export const SentimentLabelSchema = z.enum(['positive', 'neutral', 'negative', 'mixed']);
export type SentimentLabel = z.infer<typeof SentimentLabelSchema>;

/**
 * The id a report, notes and cluster calls are keyed by: a YouTube video id (exactly 11 characters),
 * an Instagram post as `ig_` + its numeric media id, or a sample video as `sample_` + 5 to 40
 * lower-case letters, digits or "-" (both at least 12 characters, so never 11).
 */
export const VideoIdSchema = z
  .string()
  .regex(
    /^(?:[A-Za-z0-9_-]{11}|ig_\d{9,30}|sample_[a-z0-9-]{5,40})$/,
    'A YouTube video id is exactly 11 letters, digits, "-" or "_" (an Instagram post: ig_ and its media id).',
  );
