import type { FastifyInstance } from 'fastify';

/**
 * In this plugin scope, an HTML form's body (application/x-www-form-urlencoded) is read as an
 * object of its fields (the last of a repeated field wins), up to `bodyLimit` bytes (413 beyond).
 */
export function acceptFormBodies(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, next) => {
      next(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
