import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import type { Container } from '../container';
import { acceptEmptyJsonBodies } from './empty-json-body';
import { registerOpenApi } from './openapi';
import { registerAuth } from './plugins/auth';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandler,
} from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticSpa } from './plugins/static-spa';
import { v1Routes } from './routes/v1';
import { healthRoutes } from './routes/v1/health.routes';

declare module 'fastify' {
  interface FastifyInstance {
    container: Container;
  }
}

/** Request bodies above this are refused with 413 (the largest legitimate body is a note). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildServerOptions {
  /** Told about every route as it is registered (the route audit tests list them this way). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The whole HTTP app: API under /api/v1 and the built SPA. Used by main.ts and by tests through
 * `inject()`. Call `listen()` on the result to serve.
 */
export async function buildServer(
  container: Container,
  options: BuildServerOptions = {},
): Promise<FastifyInstance> {
  // Typed as Fastify's logger so route plugins keep the default FastifyInstance type.
  const loggerInstance: FastifyBaseLogger = container.logger;
  const app = Fastify({
    loggerInstance,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    // Behind a reverse proxy request.ip would be the proxy's, and the per-address sign-in and
    // sign-up limits would hold every user back together: TRUST_PROXY names whom to believe.
    trustProxy: container.config.trustProxy,
    // A malformed %-escape or an over-long id in the address, and requests Node's HTTP parser
    // refuses (a 20 kB query string): answered `{ message, code }` like every other error.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.decorate('container', container);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerAuth(app);
  const { metrics } = container;
  if (metrics.enabled) {
    // By route pattern (`/api/v1/analyze/:jobId`), never the address, so no id becomes a label.
    app.addHook('onResponse', async (request, reply) => {
      metrics.httpRequest({
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      });
    });
  }

  await registerOpenApi(app);
  await app.register(
    async (api) => {
      // While main.ts migrates the database the API already listens (so liveness and readiness
      // answer), but nothing else may touch a schema that may not be there yet.
      api.addHook('onRequest', async (request, reply) => {
        if (!container.startup.isPending('migrations')) return;
        if (request.url.startsWith('/api/v1/health')) return;
        return reply.status(503).send({
          message:
            'Chorus is starting (its database is being migrated). Please try again in a minute.',
          code: 'starting',
        });
      });
      // A bodyless call may still carry Content-Type: application/json (some clients send every
      // POST and DELETE that way): it reads as no body, for every route alike.
      acceptEmptyJsonBodies(api);
      // Each route module gets its own encapsulated scope (its hooks stay its own).
      for (const routes of v1Routes) {
        await api.register((scope, _opts, done) => {
          routes(scope);
          done();
        });
      }
    },
    { prefix: '/api/v1' },
  );
  await registerStaticSpa(app, container.config.webDistDir);
  return app;
}

/**
 * A worker-only process's HTTP (WORKER_HEALTH_PORT): the health routes alone under /api/v1
 * (`/health`, `/health/live`, `/health/ready`), for an orchestrator's probes.
 */
export async function buildHealthServer(container: Container): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = container.logger;
  const app = Fastify({
    loggerInstance,
    genReqId: () => randomUUID(),
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.decorate('container', container);
  registerErrorHandler(app);
  await app.register(
    (api, _opts, done) => {
      healthRoutes(api);
      done();
    },
    { prefix: '/api/v1' },
  );
  return app;
}
