import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { directRoutes, type DirectRoute } from '@app/contracts';

/** Where the OpenAPI document and its reference page are served (no sign-in: they hold no data). */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const API_PREFIX = '/api/v1';

/** `GET /status/:job_id/events` -> its entry of `directRoutes`. */
const DIRECT = new Map<string, DirectRoute>(
  Object.values(directRoutes).map((r) => [`${r.method} ${API_PREFIX}${r.path}`, r]),
);

/** A route registered directly on Fastify, described from its `directRoutes` entry. */
function directOperation(route: DirectRoute) {
  // `:name` parameters, and `*` for a wildcard's rest (as @fastify/swagger names it)
  const names = [...route.path.matchAll(/:([A-Za-z0-9_]+)|\*$/g)].map((m) => m[1] ?? '*');
  const text = { type: 'string' };
  return {
    summary: route.summary,
    description: route.why,
    tags: [route.tag],
    ...(route.auth === 'session' ? { security: [{ session: [] }] } : {}),
    ...(names.length > 0
      ? {
          params: {
            type: 'object',
            properties: Object.fromEntries(names.map((name) => [name, text])),
            required: names,
          },
        }
      : {}),
    ...(route.auth === 'session'
      ? {
          querystring: {
            type: 'object',
            properties: {
              token: {
                ...text,
                description: 'The session token, for a caller that sends no headers.',
              },
            },
          },
        }
      : {}),
    response: {
      200: { description: route.summary, content: { [route.mediaType]: { schema: text } } },
    },
  };
}

/**
 * The OpenAPI 3 document of /api/v1, made from the routes as they are registered: a route of the
 * contracts' table carries its zod schemas (turned into JSON Schema), a route registered directly
 * on Fastify is described from its `directRoutes` entry. It describes the API only: no setting, address or
 * key of this server goes into it. Register before the routes (it listens to each as it is added).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Chorus API',
        version: '1',
        description:
          "What a creator's audience says in comments. Errors are JSON `{ message, code, issues? }`; `message` is written for a person.",
      },
      components: {
        securitySchemes: {
          session: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token from POST /api/v1/auth/login (or sign-up, Google, Facebook).',
          },
        },
      },
    },
    transform: (document) => {
      // Only the API: not the web app's pages, nor these documents themselves.
      if (!document.url.startsWith(`${API_PREFIX}/`))
        return { schema: { hide: true }, url: document.url };
      const direct = DIRECT.get(`${String(document.route.method)} ${document.url}`);
      if (direct) return { schema: directOperation(direct), url: document.url };
      return jsonSchemaTransform(document);
    },
  });
  // The page's scripts and styles are served from this server (works offline).
  await app.register(swaggerUi, { routePrefix: DOCS_PATH, logLevel: 'warn' });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
}
