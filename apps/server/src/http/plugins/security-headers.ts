import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';

/**
 * Content-Security-Policy for the built Vite + React SPA: scripts and styles from our origin only
 * (Vite emits no inline scripts in production), YouTube thumbnails as images, API calls to our
 * origin. Features that load third-party scripts (sign-in, payments) add their origins through
 * `cspDirectives`, only when they are configured.
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // React sets style attributes through the DOM (allowed); 'unsafe-inline' covers libraries that
  // inject <style> tags. Styles cannot run code.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'https://i.ytimg.com', 'https://yt3.ggpht.com', 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * What Google Identity Services needs (Google's "Setup" guide, Content Security Policy): its
 * script, the One Tap / button iframes, its credential calls and its button stylesheet.
 */
export const GOOGLE_IDENTITY_CSP: Record<string, string[]> = {
  'script-src': ['https://accounts.google.com/gsi/client'],
  'frame-src': ['https://accounts.google.com/gsi/'],
  'connect-src': ['https://accounts.google.com/gsi/'],
  'style-src': ['https://accounts.google.com/gsi/style'],
};

/**
 * What the Facebook JavaScript SDK needs: the SDK (it loads its main bundle from the same host),
 * the hidden iframes it talks to Facebook through, and the login-status calls. The login dialog
 * is a popup window, which CSP does not govern.
 */
export const FACEBOOK_SDK_CSP: Record<string, string[]> = {
  'script-src': ['https://connect.facebook.net'],
  'frame-src': [
    'https://www.facebook.com',
    'https://web.facebook.com',
    'https://staticxx.facebook.com',
  ],
  'connect-src': [
    'https://www.facebook.com',
    'https://web.facebook.com',
    'https://graph.facebook.com',
  ],
};

/**
 * Instagram posts (images, reel videos) and profile pictures: Instagram's and Facebook's CDNs, where
 * the Graph API's media_url, thumbnail_url and profile_picture_url point.
 */
export const INSTAGRAM_MEDIA_CSP: Record<string, string[]> = {
  'img-src': ['https://*.cdninstagram.com', 'https://*.fbcdn.net'],
  'media-src': ["'self'", 'https://*.cdninstagram.com', 'https://*.fbcdn.net'],
};

/**
 * The directives for this server's configuration: the strict base, plus Google's origins when
 * GOOGLE_CLIENT_ID is set and Facebook's when FACEBOOK_APP_ID and _SECRET are (the same rules that
 * decide whether GET /api/v1/config offers those buttons), and Instagram's media CDNs when
 * Instagram can be linked (an Instagram or a Facebook app is configured).
 */
export function cspDirectives(
  config: Pick<Config, 'google' | 'facebook'> & {
    instagram?: Pick<Config['instagram'], 'appId' | 'appSecret'>;
  },
): Record<string, string[]> {
  const extras: Record<string, string[]>[] = [];
  const facebook = Boolean(config.facebook.appId && config.facebook.appSecret);
  if (config.google.clientId) extras.push(GOOGLE_IDENTITY_CSP);
  if (facebook) extras.push(FACEBOOK_SDK_CSP);
  if (facebook || (config.instagram?.appId && config.instagram.appSecret))
    extras.push(INSTAGRAM_MEDIA_CSP);
  const directives = Object.fromEntries(
    Object.entries(CSP_DIRECTIVES).map(([name, values]) => [name, [...values]]),
  );
  for (const extra of extras) {
    for (const [name, values] of Object.entries(extra)) {
      // 'none' cannot be combined with sources: the first allowed origin replaces it.
      const current = (directives[name] ?? []).filter((v) => v !== "'none'");
      directives[name] = [...current, ...values.filter((v) => !current.includes(v))];
    }
  }
  return directives;
}

export function contentSecurityPolicy(directives = CSP_DIRECTIVES): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The web app's pages that read a token from their address (`/reset-password?token=`,
 * `/verify-email?token=`, `/share/{token}`).
 */
const TOKEN_PAGE = /^\/(?:reset-password|verify-email|share)(?:[/?#]|$)/;

/** One year: browsers then refuse plain HTTP for this host (RFC 6797). */
export const HSTS = 'max-age=31536000';

/**
 * Sets the headers every reply carries (see `registerSecurityHeaders`). Also called for the errors
 * Fastify answers before any hook runs (a malformed address).
 */
export function applySecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  csp = contentSecurityPolicy(cspDirectives(request.server.container.config)),
): void {
  const publicHttps = request.server.container.config.publicUrl?.startsWith('https://') ?? false;
  if (publicHttps || request.protocol === 'https') {
    void reply.header('strict-transport-security', HSTS);
  }
  void reply.headers({
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Google's and Facebook's sign-in popups need to talk back to this window.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  });
  if (request.url.startsWith('/api/')) void reply.header('cache-control', 'no-store');
}

/**
 * Security headers on every reply; API replies are also never cached (they carry account data).
 * Strict-Transport-Security goes with replies over HTTPS (as the request or a trusted proxy says)
 * and whenever PUBLIC_URL is https: the bearer token lives in the browser's storage, so a first
 * visit over plain HTTP that someone on the network rewrites could run script that reads it.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const csp = contentSecurityPolicy(cspDirectives(app.container.config));
  app.addHook('onRequest', async (request, reply) => {
    applySecurityHeaders(request, reply, csp);
  });
  // After the handler, whose caching header (the SPA's no-cache) this one replaces.
  app.addHook('onSend', async (request, reply, payload) => {
    if (TOKEN_PAGE.test(request.url)) {
      // The address holds a password reset, e-mail confirmation or shared-report token: the page sends no Referer at all (not even to this
      // origin's scripts and API), and no cache keeps it.
      void reply.headers({ 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' });
    }
    return payload;
  });
}
