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

/**
 * A new password (sign-up, reset). Its rules (at least PASSWORD_MIN_LENGTH characters once
 * normalised, no control characters, not a common password, not close to the e-mail) are the
 * server's, each answered with its own code, since the length is counted after normalisation.
 */
export const CredentialsSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, 'Enter your password.')
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

/** POST /auth/password-reset: the address to send a reset link to (normalised like sign-up). */
export const PasswordResetRequestSchema = z.object({ email: EmailSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/**
 * The one reply to POST /auth/password-reset (202), whether or not an account uses the address,
 * so the reply never tells who has an account.
 */
export const PASSWORD_RESET_SENT_MESSAGE =
  "If an account uses that address, we've e-mailed it a link to choose a new password.";
export const PasswordResetReplySchema = z.object({
  message: z.literal(PASSWORD_RESET_SENT_MESSAGE),
});
export type PasswordResetReply = z.infer<typeof PasswordResetReplySchema>;

/** The 400 of a confirm whose token is unknown, used, expired or replaced by a newer one. */
export const RESET_LINK_INVALID_MESSAGE =
  'This reset link has expired or was already used. Ask for a new one.';

/**
 * POST /auth/password-reset/confirm: the token from the e-mailed link and the new password (the
 * sign-up rules). The reply is a session token, like login's.
 */
export const PasswordResetConfirmSchema = z.object({
  token: z
    .string({ error: RESET_LINK_INVALID_MESSAGE })
    .trim()
    .min(1, RESET_LINK_INVALID_MESSAGE)
    .max(200, RESET_LINK_INVALID_MESSAGE),
  password: CredentialsSchema.shape.password,
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

/** The 400 of POST /auth/verify-email whose token is unknown, used, expired or replaced by a newer one. */
export const EMAIL_LINK_INVALID_MESSAGE =
  'This confirmation link has expired or was already used. Sign in and ask for a new one.';

/** POST /auth/verify-email: the token from the e-mailed confirmation link. */
export const VerifyEmailRequestSchema = z.object({
  token: z
    .string({ error: EMAIL_LINK_INVALID_MESSAGE })
    .trim()
    .min(1, EMAIL_LINK_INVALID_MESSAGE)
    .max(200, EMAIL_LINK_INVALID_MESSAGE),
});
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

export const VerifyEmailReplySchema = z.object({ email_verified: z.literal(true) });
export type VerifyEmailReply = z.infer<typeof VerifyEmailReplySchema>;

/** The 409 of POST /auth/verify-email/resend for an address that is already confirmed. */
export const EMAIL_ALREADY_VERIFIED_MESSAGE = 'Your e-mail address is already confirmed.';

/** The outside sign-in providers an account can be linked to. */
export const IdentityProviderSchema = z.enum(['google', 'facebook']);
export type IdentityProvider = z.infer<typeof IdentityProviderSchema>;

export const MeReplySchema = z.object({
  /** null for an account made through Facebook by someone who shares no e-mail with Facebook. */
  email: z.string().nullable(),
  credits_balance: z.number().int().nonnegative(),
  subscription_plan: PlanSchema,
  /** Whether the account has a password (deleting it then asks for the password). */
  has_password: z.boolean(),
  /** The providers the account signs in with, for the account and data-deletion pages. */
  providers: z.array(IdentityProviderSchema),
  /** Whether the account's address was proven (a confirmation or reset link, or Google/Facebook). */
  email_verified: z.boolean(),
});
export type MeReply = z.infer<typeof MeReplySchema>;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';

/** POST /auth/google: the ID token (a JWT) Google Identity Services gave the page. */
export const GoogleSignInRequestSchema = z.object({
  id_token: z
    .string({ error: 'Google did not send a sign-in token. Please try again.' })
    .trim()
    .min(1, 'Google did not send a sign-in token. Please try again.')
    .max(8192, 'That Google sign-in token is too long.'),
});
export type GoogleSignInRequest = z.infer<typeof GoogleSignInRequestSchema>;

/** POST /auth/facebook: the user access token the Facebook JavaScript SDK gave the page. */
export const FacebookSignInRequestSchema = z.object({
  access_token: z
    .string({ error: 'Facebook did not send a sign-in token. Please try again.' })
    .trim()
    .min(1, 'Facebook did not send a sign-in token. Please try again.')
    .max(4096, 'That Facebook sign-in token is too long.'),
});
export type FacebookSignInRequest = z.infer<typeof FacebookSignInRequestSchema>;

/** Reply of provider sign-in: a session token and the account's credits and plan. */
export const ProviderSignInReplySchema = z.object({
  token: z.string().min(20),
  user: z.object({
    credits_balance: z.number().int().nonnegative(),
    subscription_plan: PlanSchema,
  }),
});
export type ProviderSignInReply = z.infer<typeof ProviderSignInReplySchema>;

export const GOOGLE_SIGN_IN_FAILED_MESSAGE =
  'Google sign-in could not be verified. Please try again.';
export const FACEBOOK_SIGN_IN_FAILED_MESSAGE =
  'Facebook sign-in could not be verified. Please try again.';

/**
 * What a person types to delete an account that has no password (it signs in only through Google
 * or Facebook). Compared without regard to case or surrounding spaces.
 */
export const DELETE_ACCOUNT_PHRASE = 'delete my account';

/**
 * DELETE /auth/account. An account with a password confirms with it; an account without one
 * confirms by typing DELETE_ACCOUNT_PHRASE. The server says which one is missing.
 */
export const DeleteAccountRequestSchema = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  confirmation: z.string().max(200).optional(),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

/**
 * POST /api/v1/meta/data-deletion: Meta's Data Deletion Request Callback. Meta posts a form with
 * `signed_request`; the reply is the JSON Meta documents: where the person can check the status,
 * and the code they are shown.
 */
export const MetaDataDeletionRequestSchema = z.object({
  signed_request: z
    .string({ error: 'signed_request is required.' })
    .min(1, 'signed_request is required.')
    .max(8192, 'signed_request is too long.'),
});
export type MetaDataDeletionRequest = z.infer<typeof MetaDataDeletionRequestSchema>;

export const MetaDataDeletionReplySchema = z.object({
  url: z.string(),
  confirmation_code: z.string(),
});
export type MetaDataDeletionReply = z.infer<typeof MetaDataDeletionReplySchema>;

/** GET /api/v1/meta/data-deletion/{code}: the status page's answer (no account detail). */
export const DataDeletionStatusReplySchema = z.object({
  confirmation_code: z.string(),
  status: z.literal('completed'),
  /** account_deleted: the Chorus account signed in with that Facebook account is gone; no_account: there was none. */
  outcome: z.enum(['account_deleted', 'no_account']),
  requested_at: z.string(),
  completed_at: z.string(),
});
export type DataDeletionStatusReply = z.infer<typeof DataDeletionStatusReplySchema>;
