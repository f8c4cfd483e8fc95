import { existsSync } from 'node:fs';
import { VIDEO_MAX_BYTES } from '@chaopin/contracts';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** Form bodies (what the app sends) beside JSON, for every route. */
export async function registerBodyParsers(app: FastifyInstance) {
  await app.register(formbody);
}

/**
 * Multipart parsing inside an encapsulated scope for the upload routes only: the plugin adds
 * onRequest/onResponse hooks that every other request would otherwise pay for.
 */
export async function withMultipart(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => Promise<void>,
) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: VIDEO_MAX_BYTES, files: 2, fields: 20, fieldSize: 1024 * 64, parts: 30 },
    });
    await routes(scope);
  });
}

/** OpenAPI 3 from the route schemas, served at /openapi.json with a docs page at /docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: '潮品直播 API',
        description:
          'Every answer is `{ code, msg, data }`; `code: 1` is success, an error carries its HTTP status as `code`, a Chinese `msg` and a stable `error` id. Send the session token in the `TOKEN` header.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'TOKEN' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/**
 * The built web app: hashed assets are immutable, index.html and the service worker are always
 * revalidated so that a deploy reaches users at once.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, assetsDir: string) {
  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/assets/',
    decorateReply: false,
    maxAge: '7d',
  });
  if (!existsSync(webDist)) {
    app.log.warn({ webDist }, 'web build not found: serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    decorateReply: false,
    wildcard: true,
    index: ['index.html'],
    setHeaders(res, path) {
      const hashed = /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg|webp)$/.test(path);
      res.header(
        'cache-control',
        hashed && !path.endsWith('sw.js') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
