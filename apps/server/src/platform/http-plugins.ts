import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { VIDEO_MAX_BYTES } from '@chaopin/contracts';
import formbody from '@fastify/formbody';
import multipart, { type Multipart } from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { isSafeText } from './input-rules.ts';

/** Form bodies (what the app sends) beside JSON, for every route. */
export async function registerBodyParsers(app: FastifyInstance) {
  await app.register(formbody);
}

/** RFC 2046: a boundary is 1-70 characters (busboy's matcher takes at most 256). */
const BOUNDARY = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;

/**
 * A multipart content type must name a usable boundary, or the body cannot be split into parts:
 * refused before the route reads it (a body cut short, or a broken part, is refused when read:
 * errors.ts maps the parser's failures to MULTIPART_INVALID too).
 */
export function multipartTypeError(contentType: string | undefined): AppError | undefined {
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return undefined;
  return BOUNDARY.test(contentType) ? undefined : new AppError('MULTIPART_INVALID');
}

/** Refuses a part whose name, file name, type or field value is not storable text. */
function checkedPart<P extends Multipart | undefined>(part: P): P {
  if (!part) return part;
  const texts = [part.fieldname, part.mimetype, part.encoding];
  if (part.type === 'file') texts.push(part.filename);
  else if (typeof part.value === 'string') texts.push(part.value);
  if (texts.every((t) => typeof t !== 'string' || isSafeText(t))) return part;
  if (part.type === 'file') part.file.resume();
  throw new AppError('MULTIPART_INVALID');
}

async function* checkedParts<P extends Multipart>(source: AsyncIterable<P>) {
  for await (const part of source) yield checkedPart(part);
}

/**
 * The input rules of the JSON and form bodies (no NUL, no unpaired surrogate: input-rules.ts)
 * for the parts of a multipart body too, whichever way a route reads them: its names and field
 * values bypass the schema validator.
 */
function checkMultipartText(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const { parts, file, files } = request;
  request.parts = (options) => checkedParts(parts.call(request, options));
  request.files = (options) => checkedParts(files.call(request, options));
  request.file = async (options) => checkedPart(await file.call(request, options));
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
    scope.addHook('preValidation', (request, _reply, done) => {
      const refused = multipartTypeError(request.headers['content-type']);
      if (!refused) checkMultipartText(request);
      done(refused);
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

/** The build writes these beside each compressible file (apps/web/scripts/compress.mjs). */
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * Cache-Control of a file of the web build, by its path inside the build (a precompressed copy as
 * its original): everything Vite emits under static/ carries a content hash, and so does
 * workbox-<hash>.js; the rest (index.html, sw.js, the manifest, public/ files) is revalidated.
 */
export function webCacheControl(path: string): string {
  const file = path.replace(COMPRESSED_COPY, '').replaceAll('\\', '/');
  const hashed = file.startsWith('static/') || /^workbox-[0-9a-f]{8}\.js$/.test(file);
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Every answer (API, static files, uploads, the invoice PDF) says `nosniff`: the browser uses the
 * type we send and never guesses a runnable one from the bytes.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    done();
  });
}

/**
 * The built web app: hashed assets are immutable, index.html and the service worker are always
 * revalidated so that a deploy reaches users at once. The build compresses every text file ahead
 * (brotli and gzip): the copy the browser accepts is sent as it is (`Vary: Accept-Encoding`), so
 * a static file costs no compression at request time.
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
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('cache-control', webCacheControl(relative(webDist, path)));
    },
  });
}

/**
 * The operator and merchant console (apps/console) under /console/: built the same way as the web
 * app (hashed files under static/, precompressed copies), so it is served the same way. Without a
 * build the console's paths answer 404 like any unknown path.
 */
export async function registerConsoleApp(app: FastifyInstance, consoleDist: string) {
  if (!existsSync(consoleDist)) {
    app.log.warn({ consoleDist }, 'console build not found: /console/ answers 404');
    return;
  }
  await app.register(fastifyStatic, {
    root: consoleDist,
    prefix: '/console/',
    decorateReply: false,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('cache-control', webCacheControl(relative(consoleDist, path)));
    },
  });
  // The address people type: the console's relative script paths need the trailing slash.
  app.get('/console', { schema: { hide: true } }, (_request, reply) =>
    reply.redirect('/console/', 301),
  );
}
