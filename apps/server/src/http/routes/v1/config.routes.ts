import type { FastifyInstance } from 'fastify';
import { apiRoutes, type PublicConfigReply } from '@app/contracts';
import type { Config } from '../../../config/config';
import { handle } from '../../contract-route';
import { requestOrigin } from '../../request-origin';

/** The Instagram Login scopes the workspace link asks for. */
export const INSTAGRAM_LOGIN_SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_comments',
  'instagram_business_manage_insights',
  'instagram_business_manage_messages',
];

/**
 * What the browser needs to know about this server's setup. `origin` is the address the request came
 * to, used when PUBLIC_URL is not set.
 */
export function publicConfig(config: Config, origin: string): PublicConfigReply {
  const base = config.publicUrl ?? origin;
  const { instagram, facebook } = config;
  return {
    llm_enabled: config.public.llmEnabled,
    google_client_id: config.google.clientId ?? null,
    facebook_app_id: facebook.appId && facebook.appSecret ? facebook.appId : null,
    facebook_api_version: facebook.apiVersion,
    instagram:
      instagram.appId && instagram.appSecret
        ? {
            app_id: instagram.appId,
            authorize_url: instagram.authorizeUrl,
            redirect_uri: instagram.redirectUri ?? `${base}/`,
            scopes: INSTAGRAM_LOGIN_SCOPES,
          }
        : null,
    payments: config.payments.provider,
    mail: config.mail.smtpUrl ? 'smtp' : 'outbox',
  };
}

/** GET /config: public settings (sign-in providers, Instagram link, payments mode). No sign-in. */
export function configRoutes(app: FastifyInstance): void {
  const { config } = app.container;
  handle(app, apiRoutes.publicConfig, (request) => publicConfig(config, requestOrigin(request)));
}
