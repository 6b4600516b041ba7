import type { z } from 'zod';
import { BadRequestError } from '../errors';

/** The longest field name an error repeats: a name comes from the request, so it may be anything. */
const NAME_MAX = 40;
/** At most this many unknown field names are listed. */
const NAMES_LISTED = 5;

/** A name from the request, cut to NAME_MAX characters. */
function shortName(key: PropertyKey): string {
  const name = String(key);
  return name.length <= NAME_MAX ? name : `${name.slice(0, NAME_MAX - 1)}…`;
}

/** Turns zod issues into the `issues` list of an error reply (`path` joined with dots). */
export function toIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(shortName).join('.'),
    message: issue.message,
  }));
}

/** What a value of zod's `expected` type is, in words. */
const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

/** `video_ids[2]`, `top_k`: the field an issue is about, as a client wrote it. */
function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) =>
      typeof key === 'number' ? `[${key}]` : `${i > 0 ? '.' : ''}${shortName(key)}`,
    )
    .join('');
}

/**
 * A message a person can act on for the problems a schema does not word itself (schema messages
 * win, zod's own read "Invalid input: expected object, received undefined" or "Too small: expected
 * number to be >=1"). Clients show the message as it is.
 */
export function humanIssueMessage(issue: z.core.$ZodRawIssue): string {
  const path = issue.path ?? [];
  const field = fieldName(path);
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type': {
      if (path.length === 0)
        return input === undefined
          ? 'The request body is empty. Send a JSON object.'
          : 'The request body must be a JSON object.';
      if (input === undefined) return `${field} is required.`;
      const kind = KINDS[issue.expected] ?? `a ${issue.expected}`;
      if (Array.isArray(input)) return `${field} must be ${kind}, given once (not a list).`;
      return `${field} must be ${kind}.`;
    }
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const limit = Number(small ? issue.minimum : issue.maximum);
      const bound = small ? 'at least' : 'at most';
      if (issue.origin === 'string')
        return small && limit === 1
          ? `${field} cannot be empty.`
          : `${field} must be ${bound} ${limit} characters long.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} must have ${bound} ${limit} item${limit === 1 ? '' : 's'}.`;
      const strict = issue.inclusive === false;
      return `${field} must be ${strict ? (small ? 'more than' : 'less than') : bound} ${limit}.`;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `${field} must be ${String(issue.values[0])}.`
        : `${field} must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'invalid_format':
      if (issue.format === 'datetime')
        return `${field} must be a date and time such as 2026-01-31T12:00:00Z.`;
      if (issue.format === 'email') return `${field} must be an e-mail address.`;
      if (issue.format === 'url') return `${field} must be a web address.`;
      return `${field} is not in the expected format.`;
    case 'unrecognized_keys': {
      const listed = issue.keys.slice(0, NAMES_LISTED).map(shortName).join(', ');
      const more = issue.keys.length - NAMES_LISTED;
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${listed}${more > 0 ? ` and ${more} more` : ''}.`;
    }
    default:
      return path.length === 0 ? 'The request is not valid.' : `${field} is not valid.`;
  }
}

/**
 * Checks request data (body, params, query) against a contract schema. On failure throws a 400
 * whose message is the first problem, written for a person, with every problem in `issues`.
 */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data, { error: humanIssueMessage });
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
