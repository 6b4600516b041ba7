import type { FastifyReply, FastifyRequest } from 'fastify';

/** The known-device cookie: set at each successful sign-in, sent back only to the auth routes. */
export const DEVICE_COOKIE = 'chorus_device';
export const DEVICE_COOKIE_PATH = '/api/v1/auth';

/** A cookie of the request by name (the first, when sent twice), or undefined. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Whether the browser reached this server over HTTPS (the request, a trusted proxy, or PUBLIC_URL). */
export function overHttps(request: FastifyRequest, publicUrl: string | undefined): boolean {
  return request.protocol === 'https' || (publicUrl ?? '').startsWith('https:');
}

/**
 * Adds a Set-Cookie: HttpOnly (no script reads it), SameSite=Lax (not sent with other sites'
 * requests that could change something), Secure over HTTPS, for `path` and `maxAgeSeconds`.
 */
export function setCookie(
  reply: FastifyReply,
  input: { name: string; value: string; path: string; maxAgeSeconds: number; secure: boolean },
): void {
  const cookie = [
    `${input.name}=${encodeURIComponent(input.value)}`,
    `Path=${input.path}`,
    `Max-Age=${input.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(input.secure ? ['Secure'] : []),
  ].join('; ');
  // Fastify adds each set-cookie header to the ones set before.
  void reply.header('set-cookie', cookie);
}
