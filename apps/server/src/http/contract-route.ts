import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
} from 'fastify';
import type { Readable } from 'node:stream';
import {
  isFileReply,
  type ApiRoute,
  type FileReply,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteReplyInput,
} from '@app/contracts';
import { z } from 'zod';
import { requireAuth } from './plugins/auth';
import { validate, validateReply } from './validate';

/**
 * Fastify's type provider for the contracts' zod schemas: a handler reads the schema's output
 * (what validation made of the request) and returns the reply schema's input (what the reply
 * schema then shapes).
 */
export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** Stands for a request without a body until validation (Fastify hands validators null for it). */
const NO_BODY = Symbol('no body');

/**
 * Validates params, query and body with their contract schema, with the same readable messages
 * and 400 `invalid_request` as `validate()` (a BadRequestError, which the error handler answers).
 */
export const contractValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    try {
      return { value: validate(schema, data === NO_BODY ? undefined : data) };
    } catch (error) {
      return { error: error as Error };
    }
  };

/**
 * Shapes a reply with its contract schema (fields the contract does not list are dropped); a reply
 * that does not match is our bug, a 500.
 */
export const contractSerializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema }) =>
  (data) =>
    JSON.stringify(validateReply(schema, data));

/** The request a contract route's handler gets: params, query and body as validated. */
export type ContractRequest<R extends ApiRoute> = FastifyRequest<{
  Params: RouteParams<R>;
  Querystring: RouteQuery<R>;
  Body: RouteBody<R>;
}>;

/** What the handler of a file route returns: the bytes, their media type and the file's name. */
export interface FileDownload {
  body: Buffer | string | Readable;
  /** One of the route's media types, parameters allowed (`text/csv; charset=utf-8`). */
  contentType: string;
  /** Sent in Content-Disposition as it is: letters, digits, `.`, `-` and `_` only. */
  filename: string;
}

/** What a contract route's handler returns: the reply body, or the file of a file route. */
export type HandlerReply<R extends ApiRoute> = R['reply'] extends FileReply
  ? FileDownload
  : RouteReplyInput<R>;

/**
 * A contract route's handler: returns the reply body (the route's success status is set for it),
 * or the reply itself when it answered another way (a 503 of a health check).
 */
export type ContractHandler<R extends ApiRoute> = (
  request: ContractRequest<R>,
  reply: FastifyReply,
) => Promise<HandlerReply<R> | FastifyReply> | HandlerReply<R> | FastifyReply;

/** A file reply's bytes, as OpenAPI writes them. */
const FileBodySchema = z.string().meta({ format: 'binary' });

/** A file route's OpenAPI response: one binary body per media type. */
function fileResponse(reply: FileReply, description: string) {
  return {
    description,
    content: Object.fromEntries(reply.mediaTypes.map((type) => [type, { schema: FileBodySchema }])),
  };
}

/** Sends a file route's file as an attachment; a media type the route does not list is our bug. */
function sendFile(reply: FastifyReply, contract: FileReply, file: FileDownload): FastifyReply {
  const mediaType = file.contentType.split(';')[0]!.trim();
  if (!contract.mediaTypes.includes(mediaType))
    throw new Error(`A file reply of type ${mediaType} is not one the route lists.`);
  if (!/^[\w.-]+$/.test(file.filename)) throw new Error('A file name to escape.');
  void reply.headers({
    'content-type': file.contentType,
    'content-disposition': `attachment; filename="${file.filename}"`,
  });
  return reply.send(file.body);
}

/**
 * Registers `handler` for a route of the contracts' table (`apiRoutes` in @app/contracts): its
 * method and path, validation of params, query and body by their schemas before the handler runs,
 * the reply shaped by its schema (a file route's file sent as an attachment), and for `auth: 'session'` the sign-in check first (401 before
 * any 400, as the route audit expects). The schemas also make the route's OpenAPI entry.
 *
 * The few routes registered directly on Fastify are listed, with the reason, in `directRoutes`.
 */
export function handle<R extends ApiRoute>(
  app: FastifyInstance,
  contract: R,
  handler: ContractHandler<R>,
): void {
  const status = contract.status ?? 200;
  const preValidation: ((request: FastifyRequest) => Promise<void>)[] = [];
  if (contract.auth === 'session') preValidation.push(requireAuth);
  if (contract.body) {
    const absent = contract.bodyOptional ? {} : NO_BODY;
    preValidation.push((request) => {
      if (request.body === undefined || (contract.bodyOptional && request.body === null))
        request.body = absent;
      return Promise.resolve();
    });
  }
  app.withTypeProvider<ContractTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    schema: {
      summary: contract.summary,
      tags: [contract.tag],
      ...(contract.auth === 'session' ? { security: [{ session: [] }] } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: {
        [status]: isFileReply(contract.reply)
          ? fileResponse(contract.reply, contract.summary)
          : contract.reply,
      },
    },
    // Per route, so routes without contract schemas keep Fastify's own compilers.
    validatorCompiler: contractValidatorCompiler as never,
    serializerCompiler: contractSerializerCompiler as never,
    preValidation,
    handler: async (request, reply) => {
      const body = await handler(request as unknown as ContractRequest<R>, reply);
      if (body === reply) return reply;
      void reply.status(status);
      if (isFileReply(contract.reply)) return sendFile(reply, contract.reply, body as FileDownload);
      return body;
    },
  });
}
