import { z } from 'zod';

/**
 * GET /api/v1/config: what the browser needs to know about this server's setup. Never a secret:
 * client ids and app ids are public by design (they appear in every sign-in page).
 */
export const PublicConfigReplySchema = z.object({
  /** True when an LLM writes headings, summaries and answers; otherwise the offline analyser. */
  llm_enabled: z.boolean(),
  /** Google Identity Services client id; null: "Continue with Google" is not available. */
  google_client_id: z.string().nullable(),
  /** Facebook app id and Graph API version for the JavaScript SDK; null: no Facebook login. */
  facebook_app_id: z.string().nullable(),
  facebook_api_version: z.string(),
  /** Instagram Login (the workspace "Link" button); null when not configured. */
  instagram: z
    .object({
      app_id: z.string(),
      authorize_url: z.string(),
      redirect_uri: z.string(),
      scopes: z.array(z.string()),
    })
    .nullable(),
  /** stripe: real Checkout; demo: the built-in test checkout (no card is charged); off: no purchases. */
  payments: z.enum(['stripe', 'demo', 'off']),
  /**
   * smtp: e-mails (reset and confirmation links) leave through SMTP_URL; outbox: this server sends
   * none, it writes them to its outbox folder (the embedded default), so the page says so.
   */
  mail: z.enum(['smtp', 'outbox']),
});
export type PublicConfigReply = z.infer<typeof PublicConfigReplySchema>;
