import rateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@vigil/contract';
import Fastify, { type FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { tileImageSource } from '../geo/settings.js';
import { answerClientError } from './client-error.js';
import { HttpError } from './http-error.js';
import { logSafeUrl } from './log-safe-url.js';
import type { App } from './routes.js';
import { registerSecurityHeaders } from './security-headers.js';

export interface HttpAppOptions {
  logger?: boolean;
  /** where log lines go instead of stdout (tests read them) */
  logStream?: { write(line: string): void };
}

function validationMessage(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  return error.validation
    .map((issue) => {
      const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const where = [error.validationContext, path].filter(Boolean).join('.');
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * The HTTP server every area registers its routes on: logs without secrets, time limits, zod validation, per-route
 * rate limits, security headers, one error shape ({ ok: false, statusCode, error }; a 500 says nothing of its cause),
 * and the OpenAPI document at /api/docs.
 */
export async function createHttpApp(config: Config, options: HttpAppOptions): Promise<App> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream && { stream: options.logStream }),
            // Request lines without tokens or media signatures (see logSafeUrl).
            serializers: {
              req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
                method: request.method,
                url: logSafeUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
              }),
            },
            ...(config.logFormat === 'pretty' &&
              !options.logStream && {
                transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
              }),
          },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // No request may hang: a slow or unfinished request is cut (408) and an idle connection closed.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.idleMs,
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: Math.min(config.timeouts.requestMs, 5_000) },
    // What the parser refuses (headers too large, bad HTTP, too slow) in the app's error shape; a HEAD gets no body.
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('principal', undefined);
  // Per-route limits (config.rateLimit on a route), keyed by user where a route says so.
  await app.register(rateLimit, { global: false });
  await registerSecurityHeaders(app, {
    // A web build pointed at other API or socket hosts (VITE_API_HOST, VITE_SOCKET_HOST), or the dev endpoint flag's
    // development API (VIGIL_DEV_API_URL), connects there too.
    extraConnectSources: [process.env.VITE_API_HOST, process.env.VITE_SOCKET_HOST, config.devApiUrl].filter((host): host is string =>
      Boolean(host),
    ),
    extraImageSources: [tileImageSource(config.maps.tileUrl)].filter((source): source is string => Boolean(source)),
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send({ ok: false, statusCode: error.statusCode, error: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ ok: false, statusCode: status, error: validationMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ ok: false, statusCode: 500, error: 'Something went wrong on the server.' });
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Vigil API', version: APP_VERSION, description: 'The API behind the Vigil dashboard.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A session token from POST /api/v4/oauth' },
          detectorKey: { type: 'http', scheme: 'bearer', description: 'A detector key (vgd_…) for the ingest API' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Its page sets its own CSP (with hashes for what it inlines) in place of the app's.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // A shutdown waits for open connections: requests in flight get 2 s, then whatever is still open (a client that
  // never sent a request, say) is cut, so it cannot hang on a client.
  app.addHook('preClose', (done) => {
    setTimeout(() => app.server.closeAllConnections(), 2000).unref();
    done();
  });
  return app;
}
