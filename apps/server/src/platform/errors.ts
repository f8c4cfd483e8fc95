import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERRORS, type ErrorId, formatErrorMsg } from '@chaopin/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A catalogue error thrown by services; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly id: ErrorId;
  readonly status: number;
  readonly params: Record<string, string | number> | undefined;
  constructor(id: ErrorId, params?: Record<string, string | number>) {
    // An answer to the client, not a fault: no stack (capturing one was 4 % of a flash sale's
    // CPU, where most attempts end in 已抢光).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(formatErrorMsg(id, params));
    Error.stackTraceLimit = limit;
    this.id = id;
    this.status = ERRORS[id].status;
    this.params = params;
  }
}

export function errorBody(err: AppError) {
  return { code: err.status, msg: err.message, error: err.id, data: null };
}

interface AjvError {
  keyword: string;
  schemaPath: string;
  params: Record<string, unknown>;
}

type SchemaNode = Record<string, unknown>;

/** Follows a JSON pointer like '#/properties/phone/pattern' inside a route schema. */
function schemaAt(root: unknown, pointer: string[]): SchemaNode | undefined {
  let node: unknown = root;
  for (const part of pointer) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as SchemaNode)[part];
  }
  return node !== null && typeof node === 'object' ? (node as SchemaNode) : undefined;
}

/**
 * Finds the catalogue id for a schema validation failure: the nearest schema node on the failing
 * path that declares `errorId` (contracts put one on each field), else INVALID_PARAM.
 */
export function errorIdForValidation(schema: unknown, error: AjvError | undefined): ErrorId {
  if (!error) return 'INVALID_PARAM';
  const parts = error.schemaPath
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
    parts.pop();
    parts.push('properties', error.params.missingProperty);
  } else {
    parts.pop();
  }
  for (let n = parts.length; n >= 0; n--) {
    const id = schemaAt(schema, parts.slice(0, n))?.errorId;
    if (typeof id === 'string' && id in ERRORS) return id as ErrorId;
  }
  return 'INVALID_PARAM';
}

const FASTIFY_CODES: Record<string, ErrorId> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'INVALID_CONTENT_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_PARAM',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UPLOAD_MISSING',
  FST_FILES_LIMIT: 'UPLOAD_TOO_MANY',
  FST_PARTS_LIMIT: 'UPLOAD_TOO_MANY',
  FST_FIELDS_LIMIT: 'INVALID_PARAM',
  FST_PROTO_VIOLATION: 'INVALID_PARAM',
  FST_INVALID_JSON_FIELD_ERROR: 'MULTIPART_INVALID',
  FST_MP_PREMATURE_CLOSE: 'MULTIPART_INVALID',
  FST_ERR_VALIDATION: 'INVALID_PARAM',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'URL_TOO_LONG',
};

/**
 * What the multipart parser (busboy) throws for a body it cannot read: no boundary, a body cut
 * short, a broken part header. Its errors carry no code, only these messages.
 */
const MULTIPART_FAILURE =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart|form) data|.* terminated early due to unexpected end of multipart data|Malformed part header|Missing Content-Type|Unsupported Content-Type)/;

function isMultipartFailure(error: FastifyError, request: FastifyRequest): boolean {
  if (error.code || error.statusCode) return false;
  const type = request.headers['content-type'];
  return (
    typeof type === 'string' &&
    /^\s*multipart\//i.test(type) &&
    MULTIPART_FAILURE.test(String(error.message))
  );
}

const BY_STATUS: Record<number, ErrorId> = {
  400: 'INVALID_PARAM',
  401: 'LOGIN_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'INVALID_CONTENT_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

function toAppError(error: FastifyError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (error.validation) {
    const context = error.validationContext ?? 'body';
    const schemaKey = context === 'querystring' ? 'querystring' : context;
    const routeSchema = request.routeOptions.schema as Record<string, unknown> | undefined;
    return new AppError(
      errorIdForValidation(routeSchema?.[schemaKey], error.validation[0] as AjvError),
    );
  }
  const byCode = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (byCode) return new AppError(byCode);
  if (isMultipartFailure(error, request)) return new AppError('MULTIPART_INVALID');
  const status = error.statusCode ?? 500;
  const byStatus = BY_STATUS[status];
  if (byStatus) return new AppError(byStatus);
  return new AppError(status >= 500 ? 'INTERNAL' : 'INVALID_PARAM');
}

/** Every error leaves as `{ code, msg, error, data: null }` with a catalogue id; 5xx are logged. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply: FastifyReply) => {
    const appError = toAppError(error, request);
    // A refusal during shutdown is expected, not a failure of the server.
    if (appError.status >= 500 && appError.id !== 'SHUTTING_DOWN') {
      request.log.error({ err: error }, 'request failed');
    } else if (!(error instanceof AppError)) request.log.debug({ err: error }, 'bad request');
    return reply.status(appError.status).send(errorBody(appError));
  });
  app.setNotFoundHandler((_request, reply) => {
    const err = new AppError('ROUTE_NOT_FOUND');
    return reply.status(404).send(errorBody(err));
  });
}

const ROUTER_ERRORS: Record<string, ErrorId> = {
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'URL_TOO_LONG',
};

/**
 * Fastify's frameworkErrors: the router refused the URL before any route or hook ran (a path
 * that is not valid percent-encoded UTF-8, a path parameter over maxParamLength).
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const id = (error.code && ROUTER_ERRORS[error.code]) || 'BAD_REQUEST';
  request.log.debug({ err: error }, 'bad url');
  const err = new AppError(id);
  void reply.status(err.status).send(errorBody(err));
}

/**
 * Request line and headers together, in bytes (Node's default, set explicitly): a longer URL or
 * header block is refused by Node's parser before Fastify sees the request, and answered 431 in
 * the envelope by clientErrorHandler.
 */
export const MAX_HEADER_BYTES = 16 * 1024;

const CLIENT_ERROR_LINGER_MS = 2000;

const CLIENT_ERRORS: Record<string, ErrorId> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'PAYLOAD_TOO_LARGE',
};

/** The raw HTTP answer for a request Node's parser refused: the envelope, then the socket closes. */
export function clientErrorResponse(code: string | undefined): string {
  const err = new AppError((code && CLIENT_ERRORS[code]) || 'BAD_REQUEST');
  const body = JSON.stringify(errorBody(err));
  return [
    `HTTP/1.1 ${err.status} ${STATUS_CODES[err.status] ?? 'Bad Request'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Fastify's clientErrorHandler: Node's HTTP parser refused a request (headers over
 * MAX_HEADER_BYTES, malformed request line or framing, a request timeout) before any route ran.
 * Answers with the catalogue envelope instead of Node's bare status line.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has nobody to answer; an answered one reports each later chunk again.
  if (err.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
  // Node's own check: no raw answer into the middle of a response already being written.
  const current = (socket as Socket & { _httpMessage?: { _headerSent?: boolean } | null })
    ._httpMessage;
  if (!socket.writable || current?._headerSent) {
    socket.destroy();
    return;
  }
  this.log.debug({ err }, 'client error');
  socket.end(clientErrorResponse(err.code));
  // Read and drop what the client is still sending, so that it reads the answer instead of
  // meeting a reset; a client that keeps sending is cut off soon after.
  socket.resume();
  setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
}
