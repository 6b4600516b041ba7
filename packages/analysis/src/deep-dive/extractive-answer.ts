import { aggregateSentiment } from './cluster-analysis';
import { keywordOverlap, keywordSet, questionKeywords, stem } from './retrieval';
import { contentTokens, jaccard, truncate } from './text';
import type { DeepDiveComment, RetrievedComment } from './types';

export interface ExtractiveAnswer {
  answer: string;
  /** The comments quoted, most relevant first. */
  quoted: DeepDiveComment[];
}

function byline(c: DeepDiveComment): string {
  const who = c.author ? (c.author.startsWith('@') ? c.author : `@${c.author}`) : 'Anonymous';
  return `${who}, ${c.likes.toLocaleString('en-US')} ${c.likes === 1 ? 'like' : 'likes'}`;
}

/**
 * The offline chat answer: how many of the cluster's comments touch the question's words (with
 * their tone), then the most relevant comments quoted verbatim, near-duplicates folded into a count.
 * It never invents text: every sentence is a count or a quote.
 */
export function extractiveAnswer(
  question: string,
  cluster: readonly DeepDiveComment[],
  retrieved: readonly RetrievedComment[],
  maxQuotes = 4,
): ExtractiveAnswer {
  if (cluster.length === 0 || retrieved.length === 0) {
    return { answer: 'This cluster has no comments to answer from.', quoted: [] };
  }
  const q = questionKeywords(question);
  const matching = cluster.filter((c) => keywordOverlap(q, keywordSet(c.text)) > 0);
  const words = [...new Set(contentTokens(question))].filter((w) => q.has(stem(w))).slice(0, 4);

  const lines: string[] = [];
  if (matching.length > 0 && words.length > 0) {
    const tone = aggregateSentiment(matching);
    const toneText =
      tone.scored > 0
        ? ` (${Math.round(tone.positiveShare * matching.length)} positive, ${Math.round(tone.negativeShare * matching.length)} negative)`
        : '';
    lines.push(
      `${matching.length} of the ${cluster.length} comments in this cluster mention ${words.map((w) => `"${w}"`).join(' or ')}${toneText}. The most relevant:`,
    );
  } else {
    lines.push(
      `None of the ${cluster.length} comments in this cluster use the words of your question; these are the closest in meaning:`,
    );
  }

  // Prefer comments relevant to the question; the most-liked padding only fills remaining slots.
  const pool =
    matching.length > 0
      ? retrieved.filter((r) => keywordOverlap(q, keywordSet(r.comment.text)) > 0)
      : retrieved;
  const ordered = [...(pool.length > 0 ? pool : retrieved)].sort((a, b) =>
    a.reason === b.reason ? b.score - a.score : a.reason === 'similar' ? -1 : 1,
  );
  const quoted: { c: DeepDiveComment; tokens: Set<string>; similar: number }[] = [];
  for (const r of ordered) {
    const tokens = new Set(contentTokens(r.comment.text));
    const dup = quoted.find((qd) => jaccard(qd.tokens, tokens) >= 0.7);
    if (dup) {
      dup.similar += 1;
      continue;
    }
    if (quoted.length < maxQuotes) quoted.push({ c: r.comment, tokens, similar: 0 });
  }
  for (const { c, similar } of quoted) {
    const more = similar > 0 ? `; ${similar} more say much the same` : '';
    lines.push(`• "${truncate(c.text, 280)}" (${byline(c)}${more})`);
  }
  return { answer: lines.join('\n'), quoted: quoted.map((x) => x.c) };
}
