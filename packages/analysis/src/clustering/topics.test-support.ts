import { buildTfidf } from './lexical';
import { createRandom } from './random';
import { buildSpace, type FusedSpace } from './space';

/**
 * Four topics with their own direction and words: topic 0 is large (24 items), topics 1-3 small
 * (6 each). The swaps' tests start from a labelling that cuts topic 0 in two clusters and lumps
 * topics 2 and 3 into one, as k-means does on imbalanced data.
 */
export function topics(): { space: FusedSpace; truth: number[] } {
  const random = createRandom(5);
  const dim = 16;
  const centres = Array.from({ length: 4 }, () =>
    Float32Array.from({ length: dim }, () => random() - 0.5),
  );
  const words = [
    ['guitar', 'chords', 'strings'],
    ['pasta', 'garlic', 'sauce'],
    ['rocket', 'launch', 'orbit'],
    ['kitten', 'purr', 'whiskers'],
  ];
  const sizes = [24, 6, 6, 6];
  const dense: number[] = [];
  const texts: string[] = [];
  const truth: number[] = [];
  sizes.forEach((size, t) => {
    for (let i = 0; i < size; i++) {
      const v = Array.from(centres[t]!, (x) => x + 0.15 * (random() - 0.5));
      const norm = Math.hypot(...v);
      dense.push(...v.map((x) => x / norm));
      const w = words[t]!;
      texts.push(`${w[i % 3]} ${w[(i + 1) % 3]} take ${i}`);
      truth.push(t);
    }
  });
  const space = buildSpace(
    Float32Array.from(dense),
    dim,
    buildTfidf(texts, { minDf: 1, maxDfRatio: 1 }),
    0.5,
  );
  return { space, truth };
}
