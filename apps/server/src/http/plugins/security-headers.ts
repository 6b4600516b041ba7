import type { FastifyInstance } from 'fastify';

/**
 * Content-Security-Policy for the built Vite + React SPA: scripts and styles from our origin only
 * (Vite emits no inline scripts in production), YouTube thumbnails as images, API calls to our
 * origin. Features that load third-party scripts (sign-in, payments) add their origins here.
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

export function contentSecurityPolicy(directives = CSP_DIRECTIVES): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Security headers on every reply; API replies are also never cached (they carry account data). */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const csp = contentSecurityPolicy();
  app.addHook('onRequest', async (request, reply) => {
    void reply.headers({
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    });
    if (request.url.startsWith('/api/')) void reply.header('cache-control', 'no-store');
  });
}
