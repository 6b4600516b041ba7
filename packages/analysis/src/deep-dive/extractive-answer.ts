import { commentTone, questionCountSentence } from './cluster-analysis';
import { hasLink, keywordOverlap, keywordSet, questionKeywords, stem } from './retrieval';
import { truncate } from '../text/wording';
import { contentTokens, jaccard } from './text';
import type { ClusterFigures, DeepDiveComment, RetrievedComment } from './types';

export interface ExtractiveAnswer {
  answer: string;
  /** The comments quoted, most relevant first. */
  quoted: DeepDiveComment[];
}

/**
 * What a question asks about the comments rather than their topic: what viewers dislike, like,
 * ask for, or ask. Such a question is answered from the comments of that intent or tone, whatever
 * their words ("What do viewers dislike here?" used to quote the comments closest in meaning,
 * praise among them).
 */
interface Aspect {
  /** The question's words that ask it (no topic of their own). */
  cue: RegExp;
  /** Whether a stored comment is one the question asks about. */
  fits: (c: DeepDiveComment) => boolean;
  /** "criticise or sound negative": what those comments do, after "N of the M comments …". */
  doing: string;
  /** "None of the M comments … criticises or sounds negative". */
  none: string;
  /** What of the stored comments it reads: their intent alone, or their intent or tone. */
  reads: 'intent' | 'intent or tone';
  /** The sentence that counts it over the whole cluster from the stored figures, when they do. */
  stored?: (f: ClusterFigures) => string;
}

const ASPECTS: readonly Aspect[] = [
  {
    cue: /\b(?:dislike[sd]?|hate[sd]?|complain\w*|complaints?|criticis\w*|criticiz\w*|negative|problems?|issues?|annoy\w*|unhappy|upset|angry|wrong|bad)\b/i,
    fits: (c) => c.intent === 'Criticism' || commentTone(c) === 'negative',
    doing: 'criticise or sound negative',
    reads: 'intent or tone',
    none: 'criticises or sounds negative',
  },
  {
    // "like" only as a verb someone does ("what do viewers like", not "things like the intro")
    cue: /\b(?:(?:do|does|did|they|people|viewers|fans|everyone|most|you|u)\s+(?:really\s+|most\s+)?(?:like[sd]?|love[sd]?)|enjoy\w*|prais\w*|positive|good|best|favou?rite|appreciat\w*|happy)\b/i,
    fits: (c) => c.intent === 'Praise' || commentTone(c) === 'positive',
    doing: 'praise or sound positive',
    reads: 'intent or tone',
    none: 'praises or sounds positive',
  },
  {
    cue: /\b(?:want(?:s|ed)?|request\w*|suggest\w*|ideas?|wish(?:es)?|ask(?:s|ed|ing)? for)\b/i,
    fits: (c) => c.intent === 'Request',
    doing: 'ask for something',
    reads: 'intent',
    none: 'asks for anything',
  },
  {
    cue: /\b(?:questions?|ask(?:s|ed|ing)?(?! for)|confus\w*|wonder\w*)\b/i,
    fits: (c) => c.intent === 'Question',
    doing: 'ask a question',
    reads: 'intent',
    none: 'asks a question',
    stored: questionCountSentence,
  },
];

/** Words around an aspect that name no topic ("what do they want next?", "anything else?"). */
const ASPECT_FRAME = /\b(?:next|more|else|any|anything|something|here|there|now|most|main)\b/gi;

/**
 * The one aspect a question asks about, with the question's other words; none when it asks about
 * several ("what do they like and dislike?") or the stored comments lack what the aspect reads
 * (an intent for requests and questions, a tone for the rest).
 */
function askedAspect(
  question: string,
  cluster: readonly DeepDiveComment[],
): { aspect: Aspect; rest: string } | null {
  const asked = ASPECTS.filter((a) => a.cue.test(question));
  if (asked.length !== 1) return null;
  const aspect = asked[0]!;
  const readable =
    aspect.reads === 'intent'
      ? cluster.some((c) => c.intent)
      : cluster.some((c) => c.intent || commentTone(c) !== null);
  if (!readable) return null;
  const rest = question
    .replace(new RegExp(aspect.cue.source, 'gi'), ' ')
    .replace(ASPECT_FRAME, ' ');
  return { aspect, rest };
}

function byline(c: DeepDiveComment): string {
  const who = c.author ? (c.author.startsWith('@') ? c.author : `@${c.author}`) : 'Anonymous';
  return `${who}, ${c.likes.toLocaleString('en-US')} ${c.likes === 1 ? 'like' : 'likes'}`;
}

/**
 * The offline chat answer: how many of the cluster's comments touch the question's words (with
 * their tone), or, for a question about what viewers dislike, like, ask for or ask, how many do
 * that (on the question's topic when it names one); then the most relevant comments quoted
 * verbatim, near-duplicates folded into a count. It never invents text: every sentence is a count
 * or a quote. With the cluster's stored `figures`, a count over the whole cluster ("3 of the 48
 * comments in this cluster ask a question") is the stored one, as the report and deep analysis say.
 */
export function extractiveAnswer(
  question: string,
  cluster: readonly DeepDiveComment[],
  retrieved: readonly RetrievedComment[],
  maxQuotes = 4,
  figures?: ClusterFigures,
): ExtractiveAnswer {
  if (cluster.length === 0 || retrieved.length === 0) {
    return { answer: 'This cluster has no comments to answer from.', quoted: [] };
  }
  const asked = askedAspect(question, cluster);
  const topic = asked ? asked.rest : question;
  const q = questionKeywords(topic);
  const words = [...new Set(contentTokens(topic))].filter((w) => q.has(stem(w))).slice(0, 4);
  const mention = words.map((w) => `"${w}"`).join(' or ');
  const matching = cluster.filter((c) => keywordOverlap(q, keywordSet(c.text)) > 0);

  const lines: string[] = [];
  if (asked) {
    // the comments of the aspect, on the question's topic when it names one
    const { aspect } = asked;
    const fitting = (words.length > 0 ? matching : cluster).filter(aspect.fits);
    const where = words.length > 0 ? ` and mention ${mention}` : '';
    const total = figures?.size ?? cluster.length;
    const stored = words.length === 0 && figures && aspect.stored ? aspect.stored(figures) : null;
    if (stored !== null) {
      const none = fitting.length === 0 || figures?.questionCount === 0;
      lines.push(`${stored}. ${none ? 'These are the closest in meaning:' : 'The most relevant:'}`);
      if (none)
        return quoting(
          lines,
          retrieved.map((r) => r.comment),
          maxQuotes,
        );
    } else if (fitting.length > 0) {
      lines.push(
        `${fitting.length} of the ${total} comments in this cluster ${aspect.doing}${where}. The most relevant:`,
      );
    }
    if (fitting.length > 0) {
      // closest to the question first, then the most liked
      const rank = new Map(retrieved.map((r, i) => [r.comment.id, i]));
      const ordered = [...fitting].sort(
        (a, b) =>
          (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) ||
          b.likes - a.likes ||
          a.id.localeCompare(b.id),
      );
      return quoting(lines, ordered, maxQuotes);
    }
    lines.push(
      `None of the ${total} comments in this cluster ${aspect.none}${words.length > 0 ? ` about ${mention}` : ''}; these are the closest in meaning:`,
    );
    return quoting(
      lines,
      retrieved.map((r) => r.comment),
      maxQuotes,
    );
  }
  if (matching.length > 0 && words.length > 0) {
    // counted comment by comment, as the report counts a cluster's sides
    const tones = matching.map(commentTone);
    const toneText = tones.some((t) => t !== null)
      ? ` (${tones.filter((t) => t === 'positive').length} positive, ${tones.filter((t) => t === 'negative').length} negative)`
      : '';
    lines.push(
      `${matching.length} of the ${figures?.size ?? cluster.length} comments in this cluster mention ${mention}${toneText}. The most relevant:`,
    );
  } else {
    lines.push(
      `None of the ${figures?.size ?? cluster.length} comments in this cluster use the words of your question; these are the closest in meaning:`,
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
  return quoting(
    lines,
    ordered.map((r) => r.comment),
    maxQuotes,
  );
}

/**
 * The answer: its opening lines, then up to `maxQuotes` comments verbatim, near-duplicates folded
 * into a count. Comments with a link come after the others ("https://youtu.be/… About iPhone" had
 * been the first quote on the iPhone), so one is quoted only when too few others are.
 */
function quoting(
  lines: string[],
  ordered: readonly DeepDiveComment[],
  maxQuotes: number,
): ExtractiveAnswer {
  const quoted: { c: DeepDiveComment; tokens: Set<string>; similar: number }[] = [];
  const plainFirst = [
    ...ordered.filter((c) => !hasLink(c.text)),
    ...ordered.filter((c) => hasLink(c.text)),
  ];
  for (const c of plainFirst) {
    const tokens = new Set(contentTokens(c.text));
    const dup = quoted.find((qd) => jaccard(qd.tokens, tokens) >= 0.7);
    if (dup) {
      dup.similar += 1;
      continue;
    }
    if (quoted.length < maxQuotes) quoted.push({ c, tokens, similar: 0 });
  }
  for (const { c, similar } of quoted) {
    const more = similar > 0 ? `; ${similar} more say much the same` : '';
    lines.push(`• "${truncate(c.text, 280)}" (${byline(c)}${more})`);
  }
  return { answer: lines.join('\n'), quoted: quoted.map((x) => x.c) };
}
