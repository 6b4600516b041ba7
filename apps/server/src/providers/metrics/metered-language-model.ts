import type { CompletionRequest, LanguageModel } from '@app/analysis';
import type { Metrics } from './metrics.port';

/** The language model with every call counted, and its failures (errors it throws) apart. */
export function meteredLanguageModel(model: LanguageModel, metrics: Metrics): LanguageModel {
  return {
    name: model.name,
    async completeJson(request: CompletionRequest): Promise<unknown> {
      try {
        const answer = await model.completeJson(request);
        metrics.llmCall({ ok: true });
        return answer;
      } catch (error) {
        metrics.llmCall({ ok: false });
        throw error;
      }
    },
  };
}
