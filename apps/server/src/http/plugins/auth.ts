import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../services/auth/auth-deps';
import { authenticate } from '../../services/auth/authenticate';
import { UnauthorizedError } from '../../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by `requireAuth`, null on routes without it. */
    user: AuthUser | null;
  }
}

/** Declares `request.user` (null until `requireAuth` runs). */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
}

/** The token from `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * preHandler for routes that need a signed-in user: 401 for a missing, unknown, expired or revoked
 * token; otherwise sets `request.user`. Use: `app.get('/x', { preHandler: requireAuth }, handler)`.
 */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  const { repos, clock } = request.server.container;
  request.user = await authenticate({ repos, clock }, bearerToken(request));
}

/** The signed-in user inside a handler guarded by `requireAuth`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
