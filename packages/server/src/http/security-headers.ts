import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response (HTML, files, JSON): a Content-Security-Policy that lets the console run
 * only its own scripts and talk only to its own server and sockets, frames nothing and may be framed by nobody;
 * no MIME sniffing; no referrer to other sites; and, when Herald is served over https, Strict-Transport-Security. Styles may be
 * inline because Mantine sets style attributes and CSS variables at run time; scripts may not.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // QR codes of two-factor set-up and downloaded exports are data: and blob: addresses.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the WebSocket channels of the same host and port (CSP Level 3).
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    noSniff: true,
    // Not no-referrer: under it a browser sends `Origin: null` with a same-site form POST (the extract download),
    // which the Origin check must refuse. same-origin still tells other sites nothing.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The console loads nothing cross-origin; these would only add constraints it does not need.
    crossOriginEmbedderPolicy: false,
  });
}
