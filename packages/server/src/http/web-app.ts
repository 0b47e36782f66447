import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { HeraldError } from '@herald/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web app. Hashed files under /assets/ are cached for a year; everything else is
 * revalidated, and any unknown GET gets index.html so history-mode routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'web app is not built; run `npm run build` (npm start does this for you)');
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET') return notFound(reply);
      return reply.code(503).type('text/plain').send('Herald web app is not built. Run `npm run build`.');
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    setHeaders: (response, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset is a real 404: answering index.html would hand the browser HTML as a script.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url.startsWith('/assets/')) {
      return notFound(reply);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ error: new HeraldError('NotFoundError').toWire() });
}
