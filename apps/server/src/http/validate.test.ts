import {
  AnalyzeQuerySchema,
  ChatRequestSchema,
  ClusterCommentsQuerySchema,
  SaveNotesRequestSchema,
} from '@app/contracts';
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
