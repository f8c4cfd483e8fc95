import { ERRORS, type ErrorId, formatErrorMsg } from '@chaopin/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A catalogue error thrown by services; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly id: ErrorId;
  readonly status: number;
  readonly params: Record<string, string | number> | undefined;
  constructor(id: ErrorId, params?: Record<string, string | number>) {
    super(formatErrorMsg(id, params));
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
  const parts = error.schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean);
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
  FST_ERR_VALIDATION: 'INVALID_PARAM',
};

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
