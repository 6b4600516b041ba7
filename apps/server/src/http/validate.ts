import type { z } from 'zod';
import { BadRequestError } from '../errors';

/** Turns zod issues into the `issues` list of an error reply (`path` joined with dots). */
export function toIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/**
 * Checks request data (body, params, query) against a contract schema. On failure throws a 400
 * whose message is the first problem, written for a person, with every problem in `issues`.
 */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = toIssues(result.error);
  throw new BadRequestError(
    issues[0]?.message ?? 'The request is not valid.',
    issues,
    'invalid_request',
  );
}

/**
 * Passes a reply through its contract schema, dropping any field the contract does not list. A
 * mismatch is our bug, so it is a 500, never a 400.
 */
export function validateReply<S extends z.ZodType>(schema: S, data: z.input<S>): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new Error(`Reply does not match its contract schema: ${result.error.message}`);
}
