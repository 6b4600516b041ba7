import type { LinearModel, TextEmbeddings } from './linear-model';

/**
 * A sentence vector of length `length` along the weights `model` gives its embedding for `label`:
 * with it the model leans to that class whatever the words say (tests of what overrides the model).
 */
export function vectorAlong<C extends string>(
  model: LinearModel<C>,
  label: C,
  length = 50,
): Float32Array {
  const dims = model.embedding?.dims ?? 0;
  const width = model.weights.length / model.classes.length;
  const start = model.classes.indexOf(label) * width + width - dims;
  const direction = Float32Array.from({ length: dims }, (_, j) => model.weights[start + j]!);
  const norm = Math.hypot(...direction);
  return direction.map((x) => (length * x) / norm);
}

/** Embeddings that give every text the same vector, as USE-lite's (q8, through ONNX) by default. */
export function sameVectorFor(
  texts: readonly string[],
  vector: Float32Array,
  embedder = 'onnx:universal-sentence-encoder-lite:q8',
): TextEmbeddings {
  return { vectors: texts.map(() => vector), embedder };
}
