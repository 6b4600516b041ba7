import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { ErrorReply } from '@app/contracts';
import { AppError, BadRequestError, NotConfiguredError, TooManyRequestsError } from '../../errors';
import { toIssues } from '../validate';
import { applySecurityHeaders } from './security-headers';

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Chorus cannot reach its database right now. Nothing was changed; please try again in a minute.';

/** Socket errors of a database server that is down, restarting or unreachable. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: shutting down or starting up, too many connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
/** pg's own messages for a connection that failed or was cut, which carry no code. */
const CONNECTION_ERROR_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly)/;

/**
 * True for an error of a PostgreSQL server the process could not reach (a socket error, SQLSTATE
 * class 08 "connection exception", the server shutting down), so the reply is 503 (try again), not
 * 500 (our bug): nothing the request did can have been stored without its database.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (CONNECTION_ERROR_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
  )
    return true;
  return CONNECTION_ERROR_MESSAGE.test(error.message);
}

/**
 * Readable messages for Fastify's own client errors (its defaults are written for developers, and
 * some repeat the address, query string included, which may carry a session token).
 */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty. Send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'That request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length.',
  FST_ERR_CTP_INVALID_TYPE: 'The Content-Type header is not valid.',
  FST_ERR_BAD_URL: 'The address is not valid: it has a malformed %-escape.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long: one of its parts is longer than any id.',
};

const CODES_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  431: 'request_header_fields_too_large',
};

/** What a client error this file has no words for says: never the library's own message. */
const MESSAGES_BY_STATUS: Record<number, string> = {
  404: 'Not found.',
  405: 'That method is not allowed here.',
  408: 'The request took too long to arrive. Please try again.',
  413: 'That request is too large.',
  414: 'The address is too long.',
  415: 'Send the request body as JSON (Content-Type: application/json).',
  431: 'The request headers or the address are too long.',
};
const CLIENT_ERROR_MESSAGE = 'The request is not valid.';

/** The status and `{ message, code, issues? }` body an error is answered with. */
function errorReply(error: FastifyError | Error): { status: number; body: ErrorReply } {
  if (error instanceof AppError) {
    const body: ErrorReply = { message: error.message, code: error.code };
    if (error instanceof BadRequestError && error.issues) body.issues = error.issues;
    return { status: error.statusCode, body };
  }
  if (error instanceof ZodError) {
    const issues = toIssues(error);
    return {
      status: 400,
      body: {
        message: issues[0]?.message ?? 'The request is not valid.',
        code: 'invalid_request',
        issues,
      },
    };
  }
  if (isClientError(error)) {
    const status = error.statusCode!;
    return {
      status,
      body: {
        message:
          FASTIFY_CLIENT_ERRORS[error.code ?? ''] ??
          MESSAGES_BY_STATUS[status] ??
          CLIENT_ERROR_MESSAGE,
        code: CODES_BY_STATUS[status] ?? 'bad_request',
      },
    };
  }
  if (isDatabaseUnavailable(error))
    return {
      status: 503,
      body: { message: DATABASE_UNAVAILABLE_MESSAGE, code: 'database_unavailable' },
    };
  return { status: 500, body: { message: INTERNAL_ERROR_MESSAGE, code: 'internal_error' } };
}

/**
 * Answers `error` as `{ message, code, issues? }` and logs it: a 5xx at error level with the
 * request id (also sent as the x-request-id header), a 4xx at info. A feature this server is not
 * set up for (Google, Facebook, Instagram) is an expected state, not a fault: it is logged once per
 * server and provider, at info.
 */
function sendError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
  notConfiguredLogged?: Set<string>,
) {
  const { status, body } = errorReply(error);
  if (error instanceof TooManyRequestsError) {
    void reply.header('retry-after', String(error.retryAfterSeconds));
  }
  if (error instanceof NotConfiguredError) {
    const state = `${error.provider}: ${error.message}`;
    if (notConfiguredLogged && !notConfiguredLogged.has(state)) {
      notConfiguredLogged.add(state);
      request.log.info(
        { status, code: body.code, provider: error.provider },
        `${body.message} Its requests are answered 503 (logged once).`,
      );
    }
  } else if (status >= 500) {
    request.log.error({ err: error, reqId: request.id }, 'request failed');
  } else {
    request.log.info({ status, code: body.code }, body.message);
  }
  void reply.header('x-request-id', request.id);
  return reply.status(status).send(body);
}

/**
 * Every error becomes `{ message, code, issues? }`: typed AppErrors and schema failures keep their
 * status and message; Fastify's client errors get a readable message of ours (never theirs, which
 * may repeat the request); a database that cannot be reached is a 503 that says so; anything else
 * is a 500 with a generic message, logged with the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  const notConfiguredLogged = new Set<string>();
  app.setErrorHandler<FastifyError | Error>((error, request, reply) =>
    sendError(error, request, reply, notConfiguredLogged),
  );
}

/**
 * Fastify's `frameworkErrors` option: what it meets before any route (a malformed %-escape or an
 * over-long id in the address) is answered like every other error, without repeating the address.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // Fastify answers these before any hook, so the security headers are set here.
  applySecurityHeaders(request, reply);
  void sendError(error, request, reply);
}

/**
 * Fastify's `clientErrorHandler` option: a request Node's HTTP parser refuses (headers or an
 * address over its 16 KB limit, a malformed request line, a request too slow to arrive) is answered
 * `{ message, code }` as JSON like every other error, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const body = JSON.stringify({
    message: MESSAGES_BY_STATUS[status] ?? 'The request is not valid HTTP.',
    code: CODES_BY_STATUS[status] ?? 'bad_request',
  } satisfies ErrorReply);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

function isClientError(error: FastifyError | Error): error is FastifyError {
  const status = (error as FastifyError).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}
