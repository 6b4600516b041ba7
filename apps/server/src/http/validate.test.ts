import {
  AnalyzeQuerySchema,
  ChatRequestSchema,
  ClusterCommentsQuerySchema,
  SaveNotesRequestSchema,
} from '@app/contracts';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../errors';
import { validate } from './validate';

/** The message a client would show for `data` against `schema`. */
function messageFor(schema: Parameters<typeof validate>[0], data: unknown): string {
  try {
    validate(schema, data);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestError);
    return (error as BadRequestError).message;
  }
  throw new Error('expected a 400');
}

describe('validate: messages a person can act on', () => {
  it('repeats at most a short excerpt of field names that come from the request', () => {
    const long = 'k'.repeat(5000);
    const strict = z.strictObject({ name: z.string() });
    const extra = Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => [k, 1]));
    expect(messageFor(strict, { name: 'x', [long]: 1 })).toBe(`Unknown field: ${'k'.repeat(39)}….`);
    expect(messageFor(strict, { name: 'x', ...extra })).toBe(
      'Unknown fields: a, b, c, d, e and 1 more.',
    );
    let issues: { path: string; message: string }[] = [];
    try {
      validate(z.record(z.string(), z.number()), { [long]: 'not a number' });
    } catch (error) {
      issues = (error as BadRequestError).issues ?? [];
    }
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toBe(`${'k'.repeat(39)}…`);
    expect(issues[0]!.message).not.toContain('k'.repeat(41));
  });

  it('says what is wrong with the body as a whole', () => {
    expect(messageFor(SaveNotesRequestSchema, undefined)).toBe(
      'The request body is empty. Send a JSON object.',
    );
    expect(messageFor(SaveNotesRequestSchema, 'notes')).toBe(
      'The request body must be a JSON object.',
    );
    expect(messageFor(SaveNotesRequestSchema, [])).toBe('The request body must be a JSON object.');
  });

  it('names the field and what it must be', () => {
    const chat = { video_id: 'abcdefghijk', cluster_id: 0 };
    expect(messageFor(ChatRequestSchema, chat)).toBe('message is required.');
    expect(messageFor(ChatRequestSchema, { ...chat, message: 5 })).toBe('message must be text.');
    const page = { video_id: 'abcdefghijk', cluster_id: '0' };
    expect(messageFor(ClusterCommentsQuerySchema, { ...page, sort: 'oldest' })).toBe(
      'sort must be one of: likes, newest.',
    );
    expect(messageFor(AnalyzeQuerySchema, { video_url: ['a', 'b'] })).toMatch(
      /^video_url must be text, given once \(not a list\)\.$/,
    );
    expect(
      messageFor(SaveNotesRequestSchema, {
        video_id: 'abcdefghijk',
        notes: '',
        timestamp: 'yesterday',
      }),
    ).toBe('timestamp must be a date and time such as 2026-01-31T12:00:00Z.');
  });

  it('keeps the messages the contract words itself', () => {
    expect(
      messageFor(ChatRequestSchema, { video_id: 'abcdefghijk', cluster_id: 0, message: '  ' }),
    ).toBe('Type a question about this cluster.');
  });
});
