import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Reference values of the Universal Sentence Encoder lite model as converted by the model's own
 * reference conversion (fp32), recorded once in testdata/use-lite-reference.json by
 * scripts/make-use-lite-reference.ts, so the tests compare the embedded conversion with it without
 * the reference model folder: the SHA-256 of its tokenizer files' canonical JSON, and its vectors
 * of REFERENCE_TEXTS (int8 with one scale per vector, cosine to the original > 0.9999).
 */
export const referenceFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'testdata/use-lite-reference.json',
);

const base = [
  'The audio is way too quiet in this video',
  'I can barely hear the sound, the volume is too low',
  'This pasta recipe looks delicious',
  'Please make a part 2!!!',
  'Who is watching this in 2026?',
  'first',
  'a',
  '😂😂😂',
  'This is the best tutorial on React hooks I have ever seen 🔥',
  "Honestly the editing was distracting, too many cuts and zooms. Couldn't focus on the content.",
  "J'adore cette vidéo, merci beaucoup pour les explications !",
  'Ich habe das Video sehr genossen',
  'Check out my channel for more videos like this one http://example.com/watch?v=abc123',
  'what camera do you use??',
  'You explained recursion better than my professor did in a whole semester.',
  '10/10 would watch again',
  'The thumbnail is misleading, nothing like this happens in the video',
  'Can you do a video about sourdough starters?',
  "I disagree with the point at 3:45, that's not how inflation works",
  'LOL',
  'Great video! Please do part 2',
  'Thanks for sharing, this helped me pass my exam',
  "the background music is louder than the narration, it's annoying",
  'RIP to the legend 🙏',
  'How long did it take you to build this?',
  'Subscribed!',
  'This aged well',
  'Nobody:\nAbsolutely nobody:\nThis video: 🤡',
  '<b>bold</b> &amp; html entities',
  '1234567890',
  'Ok',
  'The quick brown fox jumps over the lazy dog. '.repeat(20),
];
/** 64 varied texts: comments of many kinds, then each in capitals or joined with another. */
export const REFERENCE_TEXTS = [
  ...base,
  ...base.map((t, i) => (i % 2 ? t.toUpperCase() : `${t} ${base[(i + 7) % base.length]!}`)),
];

/** JSON text with object keys sorted at every level: equal for equal values, whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );
}

export interface UseLiteReference {
  /** File name -> SHA-256 (hex) of canonicalJson of the file's parsed content. */
  tokenizerSha256: Record<string, string>;
  texts: string[];
  /** Per vector, the value of an int8 step. */
  scales: number[];
  /** The vectors, 512 int8 each, base64. */
  vectors: string;
}

/** Packs unit vectors as int8 with a scale each. */
export function packVectors(
  vectors: readonly Float32Array[],
): Pick<UseLiteReference, 'scales' | 'vectors'> {
  const scales = vectors.map((v) => Math.max(...v.map(Math.abs)) / 127 || 1);
  const bytes = new Int8Array(vectors.length * 512);
  vectors.forEach((v, i) => v.forEach((x, j) => (bytes[i * 512 + j] = Math.round(x / scales[i]!))));
  return { scales, vectors: Buffer.from(bytes.buffer).toString('base64') };
}

/** The recorded reference, its vectors unpacked. */
export function readReference(): Omit<UseLiteReference, 'vectors'> & { vectors: Float32Array[] } {
  const ref = JSON.parse(readFileSync(referenceFile, 'utf8')) as UseLiteReference;
  const bytes = new Int8Array(Buffer.from(ref.vectors, 'base64'));
  return {
    ...ref,
    vectors: ref.scales.map((s, i) =>
      Float32Array.from(bytes.subarray(i * 512, (i + 1) * 512), (x) => x * s),
    ),
  };
}
