import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
} from 'fastify';
import type { ApiRoute, RouteBody, RouteParams, RouteQuery, RouteReplyInput } from '@app/contracts';
import type { z } from 'zod';
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

/**
 * A contract route's handler: returns the reply body (the route's success status is set for it),
 * or the reply itself when it answered another way (a 503 of a health check).
 */
export type ContractHandler<R extends ApiRoute> = (
  request: ContractRequest<R>,
  reply: FastifyReply,
) => Promise<RouteReplyInput<R> | FastifyReply> | RouteReplyInput<R> | FastifyReply;

/**
 * Registers `handler` for a route of the contracts' table (`apiRoutes` in @app/contracts): its
 * method and path, validation of params, query and body by their schemas before the handler runs,
 * the reply shaped by its schema, and for `auth: 'session'` the sign-in check first (401 before
 * any 400, as the route audit expects). The schemas also make the route's OpenAPI entry.
 *
 * Routes registered directly on Fastify (with `validate()` and `validateReply()` in the handler)
 * keep working beside these.
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
      response: { [status]: contract.reply },
    },
    // Per route, so routes without contract schemas keep Fastify's own compilers.
    validatorCompiler: contractValidatorCompiler as never,
    serializerCompiler: contractSerializerCompiler as never,
    preValidation,
    handler: async (request, reply) => {
      const body = await handler(request as unknown as ContractRequest<R>, reply);
      if (body === reply) return reply;
      void reply.status(status);
      return body;
    },
  });
}
