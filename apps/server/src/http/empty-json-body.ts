import type { FastifyInstance } from 'fastify';

/**
 * In this plugin scope (all of /api/v1), a request with Content-Type: application/json and an empty
 * body reads as no body (Fastify's default parser answers 400). Bodyless POSTs such as sync and
 * analyze are sent that way by some clients; a route that needs a body then says it is empty (see
 * `validate`), and malformed JSON is still a 400.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') done(null, undefined);
    else void json(request, text, done);
  });
}
