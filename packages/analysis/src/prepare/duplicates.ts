/**
 * Exact and near-duplicate detection in O(n): exact duplicates share a normalised form (hash map);
 * near duplicates of longer texts are found with MinHash over word bigrams (8 hashes, 4 bands of 2),
 * and a candidate pair is confirmed only when the shingle sets' Jaccard similarity is at least 0.8.
 */

const HASHES = 8;
const BANDS = 4;
const ROWS = HASHES / BANDS;
/** Texts shorter than this (in tokens) only match exactly: "nice video" vs "nice videos" are different comments. */
const MIN_TOKENS_FOR_NEAR = 6;
const NEAR_JACCARD = 0.8;
/** Only the first words are shingled: 80 shared words in a row are copy-paste whatever follows. */
const MAX_SHINGLED_TOKENS = 80;
/** Comparisons per bucket: keeps the scan linear when thousands of texts share a bucket. */
const MAX_BUCKET_CHECKS = 8;

/** FNV-1a 32-bit. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** murmur3's finaliser: turns (hash ^ seed) into an independent-looking hash per seed. */
function mix(h: number, seed: number): number {
  let x = (h ^ Math.imul(seed, 0x9e3779b1)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/**
 * Sorted distinct hashes of adjacent word pairs: compact (4 bytes each) for 50,000 comments. Each
 * word is hashed once and a pair's hash mixes its two words' (ordered), instead of hashing a new
 * "a b" string per pair.
 */
function shingles(tokens: readonly string[]): Uint32Array {
  const hashes = new Uint32Array(Math.max(0, tokens.length - 1));
  let previous = fnv1a(tokens[0] ?? '');
  for (let i = 0; i + 1 < tokens.length; i++) {
    const next = fnv1a(tokens[i + 1]!);
    hashes[i] = mix(Math.imul(previous, 31) ^ next, 0x5bd1e995);
    previous = next;
  }
  hashes.sort();
  let n = 0;
  for (let i = 0; i < hashes.length; i++)
    if (i === 0 || hashes[i] !== hashes[i - 1]) hashes[n++] = hashes[i]!;
  return hashes.slice(0, n);
}

function jaccard(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  const union = a.length + b.length - shared;
  return union === 0 ? 1 : shared / union;
}

/**
 * For each text (already normalised: lower case, tokens separated by single spaces), the index of the
 * first text it duplicates, or null. Empty texts are never duplicates (nothing to compare).
 */
export function findDuplicates(normalised: readonly string[]): (number | null)[] {
  const result: (number | null)[] = new Array<number | null>(normalised.length).fill(null);
  const exact = new Map<string, number>();
  const buckets = new Map<number, number[]>();
  const shingleCache = new Map<number, Uint32Array>();

  for (let i = 0; i < normalised.length; i++) {
    const key = normalised[i] ?? '';
    if (key === '') continue;
    const first = exact.get(key);
    if (first !== undefined) {
      result[i] = first;
      continue;
    }
    exact.set(key, i);

    const tokens = key.split(' ');
    if (tokens.length < MIN_TOKENS_FOR_NEAR) continue;
    const set = shingles(
      tokens.length > MAX_SHINGLED_TOKENS ? tokens.slice(0, MAX_SHINGLED_TOKENS) : tokens,
    );
    const signature = new Uint32Array(HASHES).fill(0xffffffff);
    for (const s of set) {
      for (let h = 0; h < HASHES; h++) {
        const v = mix(s, h + 1);
        if (v < signature[h]!) signature[h] = v;
      }
    }
    let match: number | null = null;
    // A band's key mixes its ROWS minima and the band number into one number; two different bands
    // that collide only cost a Jaccard check, which confirms every match.
    const keys = new Array<number>(BANDS);
    for (let b = 0; b < BANDS; b++) {
      let key = mix(b, 0x27d4eb2f);
      for (let r = 0; r < ROWS; r++) key = mix(key ^ signature[b * ROWS + r]!, r + 1);
      keys[b] = key;
      if (match !== null) continue;
      const members = buckets.get(key);
      if (!members) continue;
      for (let m = 0; m < Math.min(members.length, MAX_BUCKET_CHECKS); m++) {
        const other = shingleCache.get(members[m]!);
        if (other && jaccard(set, other) >= NEAR_JACCARD) {
          match = members[m]!;
          break;
        }
      }
    }
    if (match !== null) {
      result[i] = match;
      continue;
    }
    // Only originals are indexed, so every duplicate points at a text that is not itself a duplicate.
    shingleCache.set(i, set);
    for (const bandKey of keys) {
      const members = buckets.get(bandKey);
      if (members) members.push(i);
      else buckets.set(bandKey, [i]);
    }
  }
  return result;
}
