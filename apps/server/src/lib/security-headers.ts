import helmet from '@fastify/helmet';
import type { FastifyReply } from 'fastify';
import type { App } from './routes.js';

/** What the browser may use, beside this origin: the API and socket hosts the web build was pointed at, if any. */
export interface SecurityHeaderOptions {
  /** API hosts: calls, the socket, and the pictures and video they link to */
  extraConnectSources?: string[];
  /** picture hosts: the web map's tile server (VIGIL_MAP_TILE_URL) */
  extraImageSources?: string[];
}

const PERMISSIONS_POLICY = 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self), fullscreen=(self)';

/**
 * The security headers of every reply (@fastify/helmet): a Content-Security-Policy with no inline script, HSTS only
 * over HTTPS (on plain HTTP it would mean nothing, and a LAN install is often plain HTTP), a Permissions-Policy.
 * Styles may be inline: Mantine and the demo sign-in page set them.
 */
export async function registerSecurityHeaders(app: App, options: SecurityHeaderOptions = {}): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.extraConnectSources ?? []), ...(options.extraImageSources ?? [])],
        mediaSrc: ["'self'", 'blob:', ...(options.extraConnectSources ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(options.extraConnectSources ?? [])],
        // The PWA: its service worker (/sw.js) and web app manifest come from this origin.
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    hsts: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}

/** A reply handed over to another library (reply.hijack()) keeps the headers set so far: copy them onto the raw reply. */
export function keepHeadersOnHijack(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value as string | number | readonly string[]);
  }
  reply.hijack();
}
