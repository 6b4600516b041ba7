/**
 * The language-model port, as services see it: the interface from the analysis core and the
 * typed error every adapter throws, so callers can tell a timeout from a refusal in logs.
 */
export type { CompletionRequest, LanguageModel } from '@app/analysis';
export { LanguageModelError, type LanguageModelErrorKind } from './language-model-error';
