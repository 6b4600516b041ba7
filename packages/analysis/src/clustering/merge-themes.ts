import type { Intent } from '@app/contracts';
import { GENERIC_WORDS, STOPWORDS } from '../label/stopwords';
import { genericReactionKind, type GenericReactionKind } from './generic-reactions';
import { tokenize } from './lexical';
import { minClusterSize } from './small-clusters';

export interface ThemeInput {
  /** Cleaned text per comment. */
  texts: readonly string[];
  /** Cluster per comment, 0..k-1. */
  assignments: ArrayLike<number>;
  k: number;
  intents: readonly Intent[];
  /** Per comment, true when it is spam: spam never makes or moves a theme. */
  spam?: ArrayLike<boolean>;
  /**
   * Per cluster, the normalised mean of its members' embeddings (by the ids of `assignments`), when
   * the clustering kept them; merges then also need the meaning to agree.
   */
  centroids?: readonly Float32Array[];
}

export interface ThemeResult {
  /** Cluster per comment, ids 0..k-1 ordered by size (largest first). */
  assignments: Int32Array;
  k: number;
}

/** A cluster is a generic reaction of a kind when at least this share of its comments are. */
const GENERIC_CLUSTER_SHARE = 0.4;
/**
 * Kinds close enough to share a cluster when one has none of its own: thanks and praise of the
 * video both say "good video", and a cluster more would crowd the report.
 */
const PARTNER: Partial<Record<GenericReactionKind, GenericReactionKind>> = {
  thanks: 'praise',
  praise: 'thanks',
};
/** A cluster where thanks and praise of the video together are this share is the larger's. */
const APPRECIATION_SHARE = 0.5;
/** Scattered reactions of a kind with no cluster become one only when this share of all comments. */
const NEW_THEME_SHARE = 0.03;
/** Two topical clusters say the same thing when their key words agree this much (cosine)... */
const SAME_WORDS = 0.5;
/** ...and, when the clustering kept embedding centres, their meaning this much. */
const SAME_MEANING = 0.8;
/** Key terms of a cluster compared for a shared one. */
const KEY_TERMS = 5;

/** Per comment, its generic reaction kind (never for spam). */
function kindsOf(input: ThemeInput): (GenericReactionKind | null)[] {
  return input.texts.map((t, i) => (input.spam?.[i] ? null : genericReactionKind(t)));
}

/** The content words of a text that can say what it is about (stopwords and praise words left out). */
function contentTerms(text: string): string[] {
  return tokenize(text.toLowerCase()).filter(
    (t) => t.length > 1 && !STOPWORDS.has(t) && !GENERIC_WORDS.has(t) && /\p{L}/u.test(t),
  );
}

/** Renumbers clusters 0..k-1 by size, largest first (ties: lower id), dropping empty ones. */
function compact(assignments: Int32Array): ThemeResult {
  const sizes = new Map<number, number>();
  for (const c of assignments) if (c >= 0) sizes.set(c, (sizes.get(c) ?? 0) + 1);
  const order = [...sizes].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
  const remap = new Map(order.map((id, next) => [id, next]));
  return { assignments: assignments.map((c) => (c < 0 ? c : remap.get(c)!)), k: order.length };
}

/** The intent most of a cluster's comments carry (ties: the first in `intents` order of appearance). */
function dominantIntent(members: readonly number[], intents: readonly Intent[]): Intent {
  const counts = new Map<Intent, number>();
  for (const i of members) counts.set(intents[i]!, (counts.get(intents[i]!) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'Opinion';
}

function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [t, v] of a) {
    na += v * v;
    dot += v * (b.get(t) ?? 0);
  }
  for (const v of b.values()) nb += v * v;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

function dense(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let d = 0; d < a.length && d < b.length; d++) dot += a[d]! * b[d]!;
  return dot;
}

/**
 * Themes worth a row each, from the clusters k-means found:
 *  1. generic reactions (thanks, praise of the video as a whole, early viewers, emoji alone,
 *     laughter alone) take at most one cluster per kind: every cluster where a kind is at least 40%
 *     of the comments joins that kind's largest, and the kind's comments in topical clusters move
 *     there too (a lone "thanks!" says nothing of the topic it landed in); scattered thanks join
 *     the praise cluster and scattered praise the thanks cluster when their own kind has none,
 *     and other scattered reactions become a cluster when they are 3% of the comments;
 *  2. topical clusters that say the same thing join: the same dominant intent, a key term in
 *     common, word profiles alike (cosine 0.5) and, when embedding centres are known, meanings alike
 *     (cosine 0.8). Distinct topics share neither.
 * Spam is never moved and never makes a theme; a comment set aside (a negative id) stays so.
 * Deterministic; ids come back ordered by size.
 */
export function mergeThemes(input: ThemeInput): ThemeResult {
  const n = input.texts.length;
  const out = Int32Array.from({ length: n }, (_, i) => input.assignments[i]!);
  if (input.k <= 1 || n === 0) return compact(out);
  let nextId = input.k;
  const kinds = kindsOf(input);
  const membersOf = (): number[][] => {
    const m: number[][] = Array.from({ length: nextId }, () => []);
    out.forEach((c, i) => c >= 0 && m[c]!.push(i));
    return m;
  };

  // 1. Generic reactions: one cluster per kind.
  let members = membersOf();
  const kindOfCluster = members.map((list): GenericReactionKind | null => {
    const counts = new Map<GenericReactionKind, number>();
    for (const i of list) if (kinds[i]) counts.set(kinds[i], (counts.get(kinds[i]) ?? 0) + 1);
    const top = [...counts].sort((a, b) => b[1] - a[1])[0];
    if (top && top[1] >= GENERIC_CLUSTER_SHARE * list.length) return top[0];
    // "great tutorial thanks" and "best tutorial ever": thanks and praise together are the cluster
    const thanks = counts.get('thanks') ?? 0;
    const praise = counts.get('praise') ?? 0;
    if (thanks + praise >= APPRECIATION_SHARE * list.length)
      return thanks > praise ? 'thanks' : 'praise';
    return null;
  });
  const home = new Map<GenericReactionKind, number>();
  members.forEach((list, c) => {
    const kind = kindOfCluster[c];
    if (!kind) return;
    const current = home.get(kind);
    if (current === undefined || list.length > members[current]!.length) home.set(kind, c);
  });
  // scattered reactions of a kind with no cluster of their own become one when there are enough
  const scattered = new Map<GenericReactionKind, number>();
  kinds.forEach((kind) => kind && scattered.set(kind, (scattered.get(kind) ?? 0) + 1));
  for (const [kind, count] of scattered) {
    if (home.has(kind)) continue;
    const partner = PARTNER[kind];
    if (partner && home.has(partner)) home.set(kind, home.get(partner)!);
    else if (count >= Math.max(3, minClusterSize(n), Math.ceil(NEW_THEME_SHARE * n)))
      home.set(kind, nextId++);
  }
  out.forEach((c, i) => {
    const kind = kindOfCluster[c];
    if (kind) out[i] = home.get(kind)!;
  });
  out.forEach((c, i) => {
    const kind = kinds[i];
    if (c >= 0 && kind && home.has(kind) && !kindOfCluster[c]) out[i] = home.get(kind)!;
  });

  // 2. Topical clusters that say the same thing.
  members = membersOf();
  const genericHomes = new Set(home.values());
  const centroidOf = (c: number): Float32Array | undefined => {
    if (!input.centroids || input.centroids.length === 0) return undefined;
    // a topical cluster keeps its id from the clustering
    return c < input.k && !genericHomes.has(c) ? input.centroids[c] : undefined;
  };
  const documentFrequency = new Map<string, number>();
  const termCounts = members.map((list) => {
    const counts = new Map<string, number>();
    for (const i of list) {
      if (input.spam?.[i]) continue;
      for (const t of new Set(contentTerms(input.texts[i]!)))
        counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    for (const t of counts.keys()) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
    return counts;
  });
  const clusters = members.length;
  const profiles = termCounts.map((counts, c) => {
    const size = Math.max(1, members[c]!.length);
    const profile = new Map<string, number>();
    for (const [t, count] of counts)
      if (count >= 2 || size < 10)
        profile.set(t, (count / size) * Math.log(1 + clusters / documentFrequency.get(t)!));
    return profile;
  });
  const keyTerms = profiles.map(
    (p) =>
      new Set(
        [...p]
          .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
          .slice(0, KEY_TERMS)
          .map(([t]) => t),
      ),
  );
  const intentOf = members.map((list) => dominantIntent(list, input.intents));
  // union-find over the topical clusters, most alike pairs first
  const parent = members.map((_, c) => c);
  const find = (c: number): number => (parent[c] === c ? c : (parent[c] = find(parent[c]!)));
  const pairs: [number, number, number][] = [];
  for (let a = 0; a < clusters; a++) {
    if (genericHomes.has(a) || members[a]!.length === 0) continue;
    for (let b = a + 1; b < clusters; b++) {
      if (genericHomes.has(b) || members[b]!.length === 0) continue;
      if (intentOf[a] !== intentOf[b]) continue;
      if (![...keyTerms[a]!].some((t) => keyTerms[b]!.has(t))) continue;
      const words = cosine(profiles[a]!, profiles[b]!);
      if (words < SAME_WORDS) continue;
      const ca = centroidOf(a);
      const cb = centroidOf(b);
      if (ca && cb && dense(ca, cb) < SAME_MEANING) continue;
      pairs.push([words, a, b]);
    }
  }
  pairs.sort((x, y) => y[0] - x[0] || x[1] - y[1] || x[2] - y[2]);
  for (const [, a, b] of pairs) {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
  out.forEach((c, i) => (out[i] = c < 0 ? c : find(c)));
  return compact(out);
}
