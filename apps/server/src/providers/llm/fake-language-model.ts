import type { CompletionRequest, LanguageModel } from '@app/analysis';
import { LanguageModelError } from './language-model-error';

/** A scripted reply: a value to return, an error to throw, or a function of the request. */
// `unknown` already covers the other members; they are spelled out as documentation.
// eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents
export type FakeReply = unknown | Error | ((request: CompletionRequest) => unknown);

/**
 * A language model for tests: answers with scripted replies in order (then throws when none is
 * left, like a model that is down) and records every request it was given.
 */
export class FakeLanguageModel implements LanguageModel {
  readonly name = 'fake:language-model';
  readonly requests: CompletionRequest[] = [];
  private readonly replies: FakeReply[];

  constructor(replies: FakeReply[] = []) {
    this.replies = [...replies];
  }

  /** Adds replies to the end of the script. */
  enqueue(...replies: FakeReply[]): void {
    this.replies.push(...replies);
  }

  // eslint-disable-next-line @typescript-eslint/require-await
  async completeJson(request: CompletionRequest): Promise<unknown> {
    this.requests.push(request);
    if (this.replies.length === 0) {
      throw new LanguageModelError('http', 'FakeLanguageModel has no scripted reply left', 503);
    }
    const reply = this.replies.shift();
    if (reply instanceof Error) throw reply;
    // Deep copy, so a caller mutating the result cannot change a shared script.
    const value: unknown =
      typeof reply === 'function' ? (reply as (r: CompletionRequest) => unknown)(request) : reply;
    return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
  }
}
