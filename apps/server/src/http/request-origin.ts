import type { FastifyRequest } from 'fastify';

/**
 * The address a request came to (`https://host:port`, as the request or a trusted proxy says):
 * what return addresses and links are built from when PUBLIC_URL is not set.
 */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Where links in replies and e-mails point: PUBLIC_URL when set, else the request's own origin. */
export function linkOrigin(publicUrl: string | undefined, request: FastifyRequest): string {
  return publicUrl ?? requestOrigin(request);
}
