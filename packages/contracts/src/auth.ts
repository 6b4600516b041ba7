import { z } from 'zod';
import { PlanSchema } from './common';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const EmailSchema = z
  .string({ error: 'Enter your e-mail address.' })
  .trim()
  .toLowerCase()
  .max(254, 'That e-mail address is too long.')
  .pipe(z.email({ error: 'Enter a valid e-mail address, like name@example.com.' }));

export const CredentialsSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: 'Enter your password.' })
    .min(PASSWORD_MIN_LENGTH, `Passwords are at least ${PASSWORD_MIN_LENGTH} characters long.`)
    .max(PASSWORD_MAX_LENGTH, `Passwords are at most ${PASSWORD_MAX_LENGTH} characters long.`),
});
export type Credentials = z.infer<typeof CredentialsSchema>;

/** Login only checks presence: a short password is simply a wrong one. */
export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, 'Enter your password.')
    .max(PASSWORD_MAX_LENGTH),
});
export const SignupRequestSchema = CredentialsSchema;

export const TokenReplySchema = z.object({ token: z.string().min(20) });
export type TokenReply = z.infer<typeof TokenReplySchema>;

export const MeReplySchema = z.object({
  email: z.string(),
  credits_balance: z.number().int().nonnegative(),
  subscription_plan: PlanSchema,
});
export type MeReply = z.infer<typeof MeReplySchema>;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';
