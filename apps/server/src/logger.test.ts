import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger';

describe('logger', () => {
  it('never writes credentials or API keys', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => lines.push(line) });
    logger.info(
      {
        req: { headers: { authorization: 'Bearer secret-token', host: 'x' } },
        config: { llm: { apiKey: 'sk-llm' }, embeddings: { apiKey: 'sk-emb' } },
        env: { YOUTUBE_API_KEY: 'yt-key', FACEBOOK_APP_SECRET: 'fb-app-secret' },
        facebook: { appSecret: 'fb-secret-2' },
        google: { id_token: 'eyJ-google-id-token' },
        body: { email: 'a@example.com', password: 'hunter22' },
      },
      'request',
    );
    const out = lines.join('');
    for (const secret of [
      'secret-token',
      'sk-llm',
      'sk-emb',
      'yt-key',
      'hunter22',
      'fb-app-secret',
      'fb-secret-2',
      'eyJ-google-id-token',
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('a@example.com');
    expect(out).toContain('[redacted]');
  });

  it('blanks tokens passed in a query string (the SSE stream) from request logs', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => lines.push(line) });
    const app = Fastify({ loggerInstance: logger });
    app.get('/api/v1/status/:id/events', () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: '/api/v1/status/j1/events?token=s3cr3t-token-value&x=1',
    });
    await app.close();
    const out = lines.join('');
    expect(out).toContain('/api/v1/status/j1/events?token=[redacted]&x=1');
    expect(out).not.toContain('s3cr3t-token-value');
  });

  it('redactUrl keeps everything but the secret values', () => {
    expect(redactUrl('/a?video_id=abc&token=t1&access_token=t2')).toBe(
      '/a?video_id=abc&token=[redacted]&access_token=[redacted]',
    );
    expect(redactUrl('/a?tokens=keep')).toBe('/a?tokens=keep');
    expect(redactUrl('/api/v1/stripe/demo/portal/bps_demo_abc.sig?action=cancel')).toBe(
      '/api/v1/stripe/demo/portal/[redacted]?action=cancel',
    );
    expect(redactUrl('/api/v1/stripe/demo/checkout/cs_demo_x1.y2')).toBe(
      '/api/v1/stripe/demo/checkout/[redacted]',
    );
    expect(redactUrl('/api/v1/workspaces/3/instagram/oauth/callback?code=AQB1&state=3')).toBe(
      '/api/v1/workspaces/3/instagram/oauth/callback?code=[redacted]&state=3',
    );
    expect(
      redactUrl('/v23.0/debug_token?input_token=EAAG1&access_token=1|s&appsecret_proof=ab'),
    ).toBe(
      '/v23.0/debug_token?input_token=[redacted]&access_token=[redacted]&appsecret_proof=[redacted]',
    );
  });
});
