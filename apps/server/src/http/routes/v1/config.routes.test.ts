import { PublicConfigReplySchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/config';
import { publicConfig } from './config.routes';

describe('public config', () => {
  it('says nothing is configured on the embedded defaults, and payments run in demo mode', () => {
    const reply = publicConfig(loadConfig({}), 'http://localhost:3000');
    expect(PublicConfigReplySchema.parse(reply)).toEqual({
      llm_enabled: false,
      google_client_id: null,
      facebook_app_id: null,
      facebook_api_version: 'v23.0',
      instagram: null,
      payments: 'demo',
      mail: 'outbox',
    });
  });

  it('publishes client ids but never a secret', () => {
    const env = {
      GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com',
      FACEBOOK_APP_ID: '1234567890',
      FACEBOOK_APP_SECRET: 'fb-secret-value',
      INSTAGRAM_APP_ID: '99887766',
      INSTAGRAM_APP_SECRET: 'ig-secret-value',
      STRIPE_SECRET_KEY: 'sk_test_secret_value',
      STRIPE_WEBHOOK_SECRET: 'whsec_secret_value',
      LLM_API_URL: 'http://127.0.0.1:9/v1',
      LLM_API_KEY: 'llm-secret-value',
      LLM_MODEL: 'm',
    };
    const reply = publicConfig(loadConfig(env), 'https://chorus.test');
    expect(reply.google_client_id).toBe(env.GOOGLE_CLIENT_ID);
    expect(reply.facebook_app_id).toBe('1234567890');
    expect(reply.payments).toBe('stripe');
    expect(reply.llm_enabled).toBe(true);
    // Without PUBLIC_URL or INSTAGRAM_REDIRECT_URI the redirect comes back to the address in use.
    expect(reply.instagram?.redirect_uri).toBe('https://chorus.test/');
    expect(reply.instagram?.scopes).toContain('instagram_business_manage_comments');
    const text = JSON.stringify(reply);
    for (const secret of ['fb-secret-value', 'ig-secret-value', 'sk_test', 'whsec', 'llm-secret'])
      expect(text).not.toContain(secret);
  });

  it('says e-mail leaves through SMTP when SMTP_URL is set, without its password', () => {
    const reply = publicConfig(
      loadConfig({
        SMTP_URL: 'smtps://mailer:smtp-secret-value@smtp.example.com:465',
        MAIL_FROM: 'Chorus <no-reply@example.com>',
        PUBLIC_URL: 'https://app.example.com',
      }),
      'http://10.0.0.5:3000',
    );
    expect(reply.mail).toBe('smtp');
    expect(JSON.stringify(reply)).not.toContain('smtp-secret');
  });

  it('takes the redirect address from PUBLIC_URL when set', () => {
    const reply = publicConfig(
      loadConfig({
        PUBLIC_URL: 'https://app.example.com/',
        INSTAGRAM_APP_ID: '1',
        INSTAGRAM_APP_SECRET: 's',
      }),
      'http://10.0.0.5:3000',
    );
    expect(reply.instagram?.redirect_uri).toBe('https://app.example.com/');
  });

  it('stops the boot when a payments or provider setting is half done', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ FACEBOOK_APP_ID: '1' })).toThrow(/FACEBOOK_APP_SECRET/);
    expect(() => loadConfig({ FACEBOOK_API_VERSION: '23' })).toThrow(/v23\.0/);
    expect(loadConfig({ PAYMENTS_PROVIDER: 'off' }).payments.provider).toBe('off');
  });
});
