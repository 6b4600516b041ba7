/** Why a language-model call failed; callers fall back to the offline result on any of them. */
export type LanguageModelErrorKind = 'timeout' | 'http' | 'invalid_json' | 'refused';

/** A failed language-model call. The message never contains the API key. */
export class LanguageModelError extends Error {
  constructor(
    readonly kind: LanguageModelErrorKind,
    message: string,
    /** HTTP status when the server answered with an error. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LanguageModelError';
  }
}
