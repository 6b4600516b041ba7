import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { ErrorReply } from '@app/contracts';
import { AppError, BadRequestError, TooManyRequestsError } from '../../errors';
import { toIssues } from '../validate';

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

/** Readable messages for Fastify's own client errors (its defaults are written for developers). */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty. Send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'That request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length.',
  FST_ERR_CTP_INVALID_TYPE: 'The Content-Type header is not valid.',
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
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/**
 * Every error becomes `{ message, code, issues? }`: typed AppErrors and schema failures keep their
 * status and message; Fastify's client errors get a readable message; a database that cannot be
 * reached is a 503 that says so; anything else is a 500 with a generic message, logged with the request id (also sent as the x-request-id header).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | Error>((error, request, reply) => {
    let status: number;
    let body: ErrorReply;

    if (error instanceof AppError) {
      status = error.statusCode;
      body = { message: error.message, code: error.code };
      if (error instanceof BadRequestError && error.issues) body.issues = error.issues;
      if (error instanceof TooManyRequestsError) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
      }
    } else if (error instanceof ZodError) {
      status = 400;
      const issues = toIssues(error);
      body = {
        message: issues[0]?.message ?? 'The request is not valid.',
        code: 'invalid_request',
        issues,
      };
    } else if (isClientError(error)) {
      status = error.statusCode!;
      const code = error.code ?? '';
      body = {
        message: FASTIFY_CLIENT_ERRORS[code] ?? error.message,
        code: CODES_BY_STATUS[status] ?? 'bad_request',
      };
    } else if (isDatabaseUnavailable(error)) {
      status = 503;
      body = { message: DATABASE_UNAVAILABLE_MESSAGE, code: 'database_unavailable' };
    } else {
      status = 500;
      body = { message: INTERNAL_ERROR_MESSAGE, code: 'internal_error' };
    }

    if (status >= 500) {
      request.log.error({ err: error, reqId: request.id }, 'request failed');
    } else {
      request.log.info({ status, code: body.code }, body.message);
    }
    void reply.header('x-request-id', request.id);
    return reply.status(status).send(body);
  });
}

function isClientError(error: FastifyError | Error): error is FastifyError {
  const status = (error as FastifyError).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}
