import type { CompletionRequest, LanguageModel } from '@app/analysis';
import type { Clock } from '../../clock';
import type { RateLimitEventRepository } from '../../repositories/rate-limit-event.repository';
import { rateKeys, reserveInWindow } from '../rate-limit';

const HOUR_MS = 3_600_000;

/** Thrown in place of a call past the hour's budget; the callers' fallbacks answer offline. */
export class LanguageModelBudgetError extends Error {
  constructor(readonly limit: number) {
    super(`this account's ${limit} language-model calls this hour are used up`);
    this.name = 'LanguageModelBudgetError';
  }
}

/**
 * The language model as one account may use it for chats, deep analyses and retags: each call is
 * counted (LLM_CALLS_PER_USER_PER_HOUR, in SQL's rate_limit_events so every API process counts alike), and a call past
 * the last hour's budget is not made but fails with LanguageModelBudgetError, which every caller
 * already meets as a model failure: the answer comes from the offline analyser, and a deep analysis
 * answered offline for that reason is not cached. A call is counted before it is made and the
 * count checked with it included, so requests sent in parallel cannot all pass. Null stays null
 * (no model configured); a limit of 0 leaves the model unbounded.
 */
export function budgetedLanguageModel(
  model: LanguageModel | null,
  deps: { rateLimitEvents: RateLimitEventRepository; clock: Clock; limit: number },
  userId: string,
): LanguageModel | null {
  if (model === null || deps.limit <= 0) return model;
  return {
    name: model.name,
    async completeJson(request: CompletionRequest): Promise<unknown> {
      const reserved = await reserveInWindow(deps.rateLimitEvents, {
        scope: 'llm_call',
        at: deps.clock.now(),
        windowMs: HOUR_MS,
        limits: [{ key: rateKeys.user(userId), max: deps.limit }],
      });
      if (!reserved.ok) throw new LanguageModelBudgetError(deps.limit);
      return model.completeJson(request);
    },
  };
}
