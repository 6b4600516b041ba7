/**
 * Times `classifyIntents` on 10,000 comments with USE-lite vectors (the dev set's texts cycled, vectors from the
 * benchmark's embedding cache) and without, and `predictIntent` with the vector model alone (the reference when a
 * second model is combined with it in classifyIntents): median of 5 runs after one warm-up.
 * Measured 2026-11-25 (2 shared cores, nice 15): 1,746 ms with vectors, 1,333 ms words only; averaging a 64-unit
 * perceptron's probabilities in made it 2,559 ms (+47%).
 *   nice -n 15 npx tsx scripts/bench/_intent-timing.ts
 */
import { classifyIntents, predictIntent } from '../../packages/analysis/src/intent';
import { INTENT_MODEL_USE } from '../../packages/analysis/src/intent/weights';
import { loadDevSetOrExit } from './dev-set-files';

const examples = loadDevSetOrExit();
const { cachedEmbeddings } = await import('./embedding-cache');
const all = await cachedEmbeddings(
  'intent-dev',
  examples.map((e) => e.text),
);
const n = 10_000;
const texts = Array.from({ length: n }, (_, i) => examples[i % examples.length]!.text);
const vectors = Array.from({ length: n }, (_, i) => all[i % examples.length]!);
const embeddings = { vectors, embedder: 'onnx:universal-sentence-encoder-lite:q8' };

function time(run: () => unknown): number {
  run();
  const t: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    run();
    t.push(performance.now() - t0);
  }
  return t.sort((a, b) => a - b)[2]!;
}
console.log(
  `with USE-lite vectors: ${time(() => classifyIntents(texts, embeddings)).toFixed(0)} ms`,
);
console.log(
  `regression alone:      ${time(() => texts.map((t, i) => predictIntent(INTENT_MODEL_USE, t, vectors[i]))).toFixed(0)} ms`,
);
console.log(`words only:            ${time(() => classifyIntents(texts)).toFixed(0)} ms`);
