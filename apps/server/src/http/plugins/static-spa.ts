import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../../errors';

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Chorus: web app not built</title></head>
<body><h1>The web app has not been built yet</h1>
<p>Run <code>npm run build</code> in the repository root, then reload this page.
(<code>npm start</code> builds it for you.) The API is running under <code>/api/v1</code>.</p>
</body></html>`;

/**
 * Serves the built SPA from `distDir`: real files as they are (hashed assets cached for a year),
 * any other GET that is not under /api gets index.html so the client router can handle it.
 * Unknown /api paths and other methods get a JSON 404. Without a build, a page says how to make one.
 */
export async function registerStaticSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Our setHeaders decides caching; the plugin's default would overwrite it.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // /metrics is served on METRICS_PORT only; here it is a JSON 404, not the SPA's shell
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi(pathname) &&
      pathname !== '/metrics';
    if (!isPage) {
      const shown = excerpt(pathname);
      throw new NotFoundError(
        isApi(pathname)
          ? `There is no API endpoint at ${request.method} ${shown}.`
          : `Nothing here: ${request.method} ${shown}.`,
      );
    }
    if (!built) {
      return reply.status(503).type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE);
    }
    // The shell must be revalidated so a new deploy's asset names are picked up.
    return reply
      .header('cache-control', 'no-cache')
      .sendFile('index.html', { cacheControl: false });
  });
}

/** The longest address a 404 repeats; a longer one is cut, so a reply never echoes much input. */
export const SHOWN_PATH_MAX = 60;

function excerpt(pathname: string): string {
  return pathname.length <= SHOWN_PATH_MAX ? pathname : `${pathname.slice(0, SHOWN_PATH_MAX - 1)}…`;
}

function isApi(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}
