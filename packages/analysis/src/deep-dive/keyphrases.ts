import { isOtherScriptStopword, isRomanceFunctionWord, readLanguage } from '../label/language';
import { escapeRegExp } from '../label/part-of-speech';
import { STOPWORDS } from '../label/stopwords';
import { hasUnspacedScript, isUnspacedFunctionWord } from '../text/words';
import { isStopWord as isFunctionWord, tokenize } from './text';
import type { DeepDiveComment } from './types';

/**
 * A word no theme starts or ends with: a function word (English's, or one of the cluster's
 * languages' in `foreign`), the function words of other scripts ("من", "的") and Romance ones
 * English lacks ("essa"), a piece of Japanese grammar ("てる"), or the labeller's comment filler
 * and swearing ("something", "dude", "fucking"; its tags skip them too).
 */
function isStopWord(token: string, foreign: ReadonlySet<string> | null): boolean {
  return (
    isFunctionWord(token) ||
    STOPWORDS.has(token) ||
    (foreign?.has(token) ?? false) ||
    isOtherScriptStopword(token) ||
    isUnspacedFunctionWord(token) ||
    isRomanceFunctionWord(token)
  );
}

export interface Keyphrase {
  phrase: string;
  /** Comments of the cluster that contain it. */
  comments: number;
  score: number;
}

/** Uses of a phrase read to tell whether viewers write it as a name. */
const NAME_SAMPLE = 9;

/**
 * Whether viewers write a phrase as a name: capitalised ("Tiësto", "ASMR", "GTA") in most of its
 * uses inside a sentence. A sentence's first word says nothing ("Compre o iphone").
 */
function writtenAsName(phrase: string, texts: readonly string[]): boolean {
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${phrase.split(' ').map(escapeRegExp).join('\\s+')}(?![\\p{L}\\p{N}])`,
    'giu',
  );
  let inside = 0;
  let capitalised = 0;
  for (const text of texts) {
    for (const match of text.matchAll(pattern)) {
      if (/(?:^|[.!?…])$/u.test(text.slice(0, match.index).trimEnd())) continue;
      inside++;
      if (/^\p{Lu}/u.test(match[0])) capitalised++;
    }
    if (inside >= NAME_SAMPLE) break;
  }
  return inside > 0 && capitalised * 2 > inside;
}

/** Phrases of 1-3 words with no stop word at either end and no number-only words. */
function phrasesOf(text: string, foreign: ReadonlySet<string> | null): Set<string> {
  const tokens = tokenize(text);
  // each token asked once: a token is in up to six grams
  const stop = tokens.map((t) => isStopWord(t, foreign));
  const out = new Set<string>();
  for (let i = 0; i < tokens.length; i += 1) {
    for (let n = 1; n <= 3 && i + n <= tokens.length; n += 1) {
      const gram = tokens.slice(i, i + n);
      const first = gram[0] ?? '';
      if (stop[i] || stop[i + n - 1]) continue;
      if (gram.some((t) => t.length < 2 || /^\d+$/.test(t))) continue;
      // Two-letter words carry a topic only inside a phrase ("ios 11" is dropped anyway, "ai tools"
      // kept), except in Chinese or Japanese, where two characters make many a word ("動画", "素敵")
      if (n === 1 && first.length < 3 && !hasUnspacedScript(first)) continue;
      // A stop word inside is fine ("fear of heights") but only one, to skip run-on fragments.
      if (stop.slice(i, i + n).filter(Boolean).length > 1) continue;
      // no phrase of words written without spaces: it would read with one ("素敵な 音楽")
      if (n > 1 && gram.some(hasUnspacedScript)) continue;
      out.add(gram.join(' '));
    }
  }
  return out;
}

/**
 * Key themes of one cluster by class-based TF-IDF: phrases frequent in this cluster's comments
 * (likes add weight) and rare in the `background` (the video's other comments). A phrase must
 * appear in at least two comments, or 2% of the cluster, so one long comment cannot dominate.
 * Language as the labeller reads it: a cluster written in another language ("Praise in
 * Portuguese") takes no theme from that language's function words ("muito", "esse"), and an
 * English cluster none that only its few comments in another language use ("compre", from two
 * Portuguese comments among English ones about an iPhone), unless viewers write it as a name.
 */
export function clusterKeyphrases(
  comments: readonly DeepDiveComment[],
  background: readonly string[] = [],
  limit = 6,
): Keyphrase[] {
  const texts = comments.map((c) => c.text);
  const { stopwords: foreign, foreignOnly } = readLanguage(texts);
  const inCluster = new Map<string, { weight: number; count: number }>();
  for (const c of comments) {
    const w = 1 + Math.log1p(Math.max(0, c.likes)) * 0.25;
    for (const p of phrasesOf(c.text, foreign)) {
      const e = inCluster.get(p) ?? { weight: 0, count: 0 };
      e.weight += w;
      e.count += 1;
      inCluster.set(p, e);
    }
  }
  const bg = new Map<string, number>();
  for (const text of background)
    for (const p of phrasesOf(text, foreign)) if (inCluster.has(p)) bg.set(p, (bg.get(p) ?? 0) + 1);

  const minCount = Math.max(2, Math.ceil(comments.length * 0.02));
  const total = comments.length + background.length;
  const scored: Keyphrase[] = [];
  for (const [phrase, { weight, count }] of inCluster) {
    if (count < minCount) continue;
    const n = phrase.split(' ').length;
    const df = count + (bg.get(phrase) ?? 0);
    const idf = Math.log(1 + total / df);
    scored.push({
      phrase,
      comments: count,
      score: (weight / comments.length) * idf * (1 + 0.35 * (n - 1)),
    });
  }
  scored.sort(
    (a, b) => b.score - a.score || b.comments - a.comments || a.phrase.localeCompare(b.phrase),
  );

  // A shorter phrase that nearly always appears inside a longer one ("sublime" in "sublime text")
  // gives way to the longer, clearer phrase.
  const absorbed = (k: Keyphrase) =>
    scored.some(
      (l) =>
        l.phrase.length > k.phrase.length &&
        ` ${l.phrase} `.includes(` ${k.phrase} `) &&
        l.comments >= 0.7 * k.comments,
    );
  // Drop phrases contained in (or containing) a better one when they cover nearly the same comments.
  const chosen: Keyphrase[] = [];
  for (const k of scored.filter((x) => !absorbed(x))) {
    // only where no English comment uses it: "asmr" is a topic of Spanish, Portuguese and English
    // comments alike
    if (foreignOnly(k.phrase) && !writtenAsName(k.phrase, texts)) continue;
    const overlaps = chosen.some((c) => {
      const inside =
        ` ${c.phrase} `.includes(` ${k.phrase} `) || ` ${k.phrase} `.includes(` ${c.phrase} `);
      return inside && Math.min(c.comments, k.comments) / Math.max(c.comments, k.comments) > 0.5;
    });
    if (!overlaps) chosen.push(k);
    if (chosen.length >= limit) break;
  }
  return chosen;
}
