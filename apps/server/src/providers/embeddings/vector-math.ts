/** Small vector helpers shared by the embedding adapters. */

/** Scales `v` in place to unit length (a zero vector stays zero) and returns it. */
export function l2NormalizeInPlace(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  if (sum > 0) {
    const inv = 1 / Math.sqrt(sum);
    for (let i = 0; i < v.length; i++) v[i]! *= inv;
  }
  return v;
}

/** Cosine similarity of two vectors of the same length. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** Throws the signal's reason (an AbortError by default) when it has been aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw signal.reason instanceof Error
      ? signal.reason
      : new DOMException('The embedding was aborted', 'AbortError');
  }
}

/**
 * Empty or whitespace-only comments still need a vector (every comment is clustered); a tokenizer
 * gives them zero tokens, which some models reject, so they are embedded as this placeholder.
 */
export const EMPTY_TEXT_PLACEHOLDER = '(empty comment)';

/**
 * Replaces empty or whitespace-only texts by {@link EMPTY_TEXT_PLACEHOLDER}, and cuts a text longer
 * than `maxChars` there (never inside a surrogate pair). A model reads only its first tokens (USE-lite
 * 128, sentence-transformers 256-512), but the tokenizer reads everything first: a 1 MB comment overflowed
 * transformers.js' stack ("Maximum call stack size exceeded", the whole analysis lost) and a 250 KB one
 * took half a gigabyte. Cut well past the tokens a model reads, so no vector of a text it reads whole
 * changes.
 */
export function embeddableTexts(texts: readonly string[], maxChars: number): string[] {
  return texts.map((t) => {
    if (t.trim() === '') return EMPTY_TEXT_PLACEHOLDER;
    if (t.length <= maxChars) return t;
    const high = t.charCodeAt(maxChars - 1);
    return t.slice(0, high >= 0xd800 && high <= 0xdbff ? maxChars - 1 : maxChars);
  });
}
