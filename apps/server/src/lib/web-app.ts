import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from './routes.js';

/**
 * The built SPA from `webDist` (when `enabled` and built): its files precompressed (the build writes .br and .gz), the
 * hashed ones cached for a year, and index.html for any other GET outside the API; other unknown routes get a JSON 404.
 * Registered after @fastify/static's reply decorator (the media routes' sendFile).
 */
export async function serveWebApp(app: App, webDist: string, enabled: boolean): Promise<void> {
  const serveWeb = enabled && existsSync(join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      decorateReply: false,
      cacheControl: false,
      setHeaders: (response, path) =>
        response.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = ['/api/', '/oidc/', '/interaction/', '/media/', '/socket.io/'].some((prefix) => request.url.startsWith(prefix));
    if (!isApi && serveWeb && request.method === 'GET') return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
    return reply.code(404).send({ ok: false, statusCode: 404, error: `No such route: ${request.method} ${request.url.split('?')[0]}` });
  });
}
