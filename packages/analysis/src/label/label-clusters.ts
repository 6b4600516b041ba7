import type { ClusterSentiment, CommentRef, Intent, SentimentLabel } from '@app/contracts';
import { IntentSchema, sentimentShare } from '@app/contracts';
import type { HeadingPerson, PreparedComment, Sentiment } from '../types';
import { genericReactionKind, type GenericReactionKind } from '../clustering/generic-reactions';
import {
  composeHeading,
  distinctHeadings,
  representativeHeading,
  moreOfKind,
  praisedQuality,
  isEarlyViewer,
  isReplyToViewer,
  isHumorous,
  isThanking,
} from './heading';
import {
  isForeignPhrase,
  isOtherScriptStopword,
  isRomanceFunctionWord,
  readLanguage,
} from './language';
import { extractKeyphrases, type Keyphrase } from './keyphrases';
import { runAt, tokenise, type Token } from './tokenise';
import { normaliseForMatching } from '../prepare/clean-text';
import { MentionedNames } from '../prepare/mentions';
import { countsOnce, isQuotable } from '../prepare/prepare-comments';
import { lexiconTag, nounShare, usedAsNoun } from './part-of-speech';

/** Tags shown per cluster. */
const MAX_TAGS = 6;

/** A label while headings are made distinct: what the heading names, and a heading to fall back on. */
type DraftLabel = ClusterLabel & {
  kind: string;
  alternative: string | undefined;
  vague: boolean;
};

/** Picks a cluster's category from its comments' intents (and likes). */
export type CategoriseFn = (intents: Intent[], likes: number[]) => Intent;

export interface LabelInput {
  comments: readonly PreparedComment[];
  /** Cluster id per comment, 0..k-1. */
  assignments: ArrayLike<number>;
  k: number;
  intents: readonly Intent[];
  sentiments: readonly Sentiment[];
  /** Per comment, similarity to its cluster centre (higher = more typical); optional. */
  centrality?: ArrayLike<number> | null;
  categorise: CategoriseFn;
  /** Names the video's title and channel spell (`sourceNames`), shown so in tags' display forms. */
  names?: ReadonlyMap<string, string>;
}

/** Everything the offline labeller knows about one cluster (also the LLM's input). */
export interface ClusterLabel {
  clusterId: number;
  heading: string;
  /** Topic phrase of the heading ("the editing"), null when only generic words were found. */
  subject: string | null;
  /** The person the heading names instead of a topic ("Requests to Derek", "Suggestions for Mike"). */
  person?: HeadingPerson;
  tags: string[];
  keyphrases: Keyphrase[];
  category: Intent;
  sentiment: ClusterSentiment;
  intentCounts: Record<Intent, number>;
  representatives: CommentRef[];
  /** Indices of the cluster's comments in the input. */
  members: number[];
  /** The cluster is one kind of generic reaction (thanks, praise of the video as a whole, …). */
  generic?: boolean;
}

const MAX_REPRESENTATIVES = 8;
const MIN_REPRESENTATIVES = 5;

/**
 * Mean polarity, the integer counts per side (a comment with mixed feelings is on neither side, so
 * it counts as neutral) and the shares derived from them; "mixed" when both sides are strong and
 * cancel out.
 */
export function aggregateSentiment(sentiments: readonly Sentiment[]): ClusterSentiment {
  if (sentiments.length === 0)
    return {
      label: 'neutral',
      score: 0,
      positive_share: 0,
      negative_share: 0,
      counts: { positive: 0, neutral: 0, negative: 0 },
    };
  let sum = 0;
  let positive = 0;
  let negative = 0;
  for (const s of sentiments) {
    sum += s.score;
    if (s.label === 'positive') positive++;
    else if (s.label === 'negative') negative++;
  }
  const n = sentiments.length;
  const score = Math.max(-1, Math.min(1, sum / n));
  const positiveShare = positive / n;
  const negativeShare = negative / n;
  let label: ClusterSentiment['label'];
  if (positiveShare >= 0.3 && negativeShare >= 0.3) label = 'mixed';
  else if (score >= 0.05 && positiveShare > negativeShare) label = 'positive';
  else if (score <= -0.05 && negativeShare > positiveShare) label = 'negative';
  else label = 'neutral';
  return {
    label,
    score: Math.round(score * 1000) / 1000,
    positive_share: sentimentShare(positive, n),
    negative_share: sentimentShare(negative, n),
    counts: { positive, neutral: n - positive - negative, negative },
  };
}

export function toCommentRef(c: PreparedComment): CommentRef {
  return {
    id: c.id,
    text: c.clean,
    author: c.author,
    like_count: Math.max(0, Math.round(c.likes)),
    published_at: c.publishedAt,
  };
}

/**
 * Whether a phrase can name the topic of a cluster with these texts: a capitalised name or a phrase
 * viewers write after "the"/"your" is one; a single word viewers write after "the"/"your" only if the
 * texts use it as a noun at least once in five ("keep the game alive" makes "alive" follow "the"); any
 * other only if the texts use it as a noun ("open" in "how do I open it" is not, nor is "ask
 * question", nor "saw"). Either way at least two of the texts must use it (unless there is only
 * one). An "-ly", "-est" or "-ed" word after "the" is asked with the usual bar: "the genuinely funny
 * part", "the cutest" and "the signed card" are no topics, "the family", "the forest" and "the bed" are.
 */
function isTopicIn(p: Keyphrase, texts: readonly string[]): boolean {
  // One viewer's words do not name what several are talking about: a small cluster's tags topped up
  // with phrases its comments use once each ("abandon POS", "account growth") stay tags only.
  if (texts.length >= 2 && Math.round(p.share * texts.length) < 2) return false;
  if (p.name && !p.tag.includes(' ')) return true;
  if (!p.name && isForeignPhrase(p.tag, texts)) return false;
  if (p.takesArticle && !/(?:ly|est|ed)$/.test(p.tag)) {
    if (p.tag.includes(' ')) return true;
    // A word after "the game" or "your still" ("keep the game alive") is asked too, with a lower bar:
    // the tagger must read it as a noun in one use of five
    const share = nounShare(p.tag, texts);
    return share === null || share >= ARTICLE_NOUN_SHARE;
  }
  // A word English knows only as an adjective needs most of its uses to read as a noun: two uses,
  // "it's FINE" and "its fine", would make "Conversations about fine"
  if (!p.tag.includes(' ') && isOnlyAdjective(p.tag)) {
    const share = nounShare(p.tag, texts);
    return share === null || share > ADJECTIVE_NOUN_SHARE;
  }
  return usedAsNoun(p.tag, texts);
}

/** Comments a complaint or a negative reaction speaks for. */
const negative = (i: Intent, s: SentimentLabel) =>
  i === 'Criticism' || s === 'negative' || s === 'mixed';
/** Comments praise or a positive reaction speaks for. */
const positive = (i: Intent, s: SentimentLabel) =>
  i === 'Praise' || s === 'positive' || s === 'mixed';
/**
 * What a heading's kind says of the comments naming its topic (kinds not listed, "Thoughts on" or
 * "Jokes about", say nothing of them). A cluster is a Request cluster when a quarter of it asks, so
 * its most distinctive phrase may come from the rest: "Requests for the camera and the friends"
 * over nine comments praising the cameraman and none asking for anything.
 */
const KIND_FITS: Readonly<Record<string, (intent: Intent, sentiment: SentimentLabel) => boolean>> =
  {
    Requests: (i) => i === 'Request',
    // a request phrased as a question is a Request
    Questions: (i) => i === 'Question' || i === 'Request',
    Complaints: negative,
    'Negative reactions': negative,
    Praise: positive,
    'Positive reactions': positive,
  };
/** The share of the comments using a topic that must fit the kind, as a category needs a quarter. */
const KIND_FIT_SHARE = 0.25;

/** Whether compromise's lexicon knows a word as an adjective and as nothing else ("fine", "live"). */
function isOnlyAdjective(word: string): boolean {
  const tags = lexiconTag(word);
  return tags !== undefined && tags.length === 1 && tags[0] === 'Adjective';
}

/** Share of noun uses above which a word English knows only as an adjective is a topic. */
const ADJECTIVE_NOUN_SHARE = 0.5;

/** Share of noun uses a word viewers write after "the"/"your" needs to be a topic (usedAsNoun asks 0.4). */
const ARTICLE_NOUN_SHARE = 0.2;

/**
 * Representative comments: alternately the most central and the most liked, skipping spam, the
 * creator's own comments, duplicates,
 * empty texts and repeats of a text already chosen; 5 to 8 when the cluster has that many. If the
 * cluster is all spam or duplicates, those are used rather than showing nothing.
 */
export function pickRepresentatives(
  members: readonly number[],
  comments: readonly PreparedComment[],
  centrality?: ArrayLike<number> | null,
): number[] {
  const eligible = members.filter((i) => isQuotable(comments[i]!));
  const pool = eligible.length > 0 ? eligible : members.filter((i) => comments[i]!.clean !== '');
  const byCentrality = [...pool].sort(
    (a, b) => (centrality ? (centrality[b] ?? 0) - (centrality[a] ?? 0) : 0) || a - b,
  );
  const byLikes = [...pool].sort((a, b) => comments[b]!.likes - comments[a]!.likes || a - b);
  const target = Math.min(
    MAX_REPRESENTATIVES,
    Math.max(MIN_REPRESENTATIVES, Math.ceil(pool.length / 10)),
  );
  const chosen: number[] = [];
  const seenText = new Set<string>();
  let ci = 0;
  let li = 0;
  while (chosen.length < target && (ci < byCentrality.length || li < byLikes.length)) {
    const fromCentral = chosen.length % 2 === 0 ? ci < byCentrality.length : li >= byLikes.length;
    const i = fromCentral ? byCentrality[ci++]! : byLikes[li++]!;
    const key = normaliseForMatching(comments[i]!.clean) || comments[i]!.clean;
    if (seenText.has(key)) continue;
    seenText.add(key);
    chosen.push(i);
  }
  return chosen;
}

function emptyIntentCounts(): Record<Intent, number> {
  return Object.fromEntries(IntentSchema.options.map((i) => [i, 0])) as Record<Intent, number>;
}

/**
 * Offline labels for every cluster: distinct c-TF-IDF tags, a templated heading, a category from the
 * comments' intents, aggregated sentiment and representative comments.
 */
export function labelClusters(input: LabelInput): ClusterLabel[] {
  const { comments, assignments, k } = input;
  const members: number[][] = Array.from({ length: k }, () => []);
  // a comment set aside as spam (a negative id) is in no cluster
  for (let i = 0; i < comments.length; i++) members[assignments[i]!]?.push(i);

  // Tags come from the comments that shape topics; spam, copies and the creator's own replies
  // would only add noise. A reply's "@Josh Fox" names whom it answers, not its topic.
  const mentioned = new MentionedNames(
    comments.map((c) => c.author),
    comments.map((c) => c.clean),
  );
  const counted = members.map((list) => {
    const genuine = list.filter((i) => countsOnce(comments[i]!));
    return genuine.length > 0 ? genuine : list;
  });
  const docs = counted.map((list) => list.map((i) => mentioned.strip(comments[i]!.clean)));
  // Whether a tag can name its cluster's topic, asked once per cluster and tag (the tagger is slow).
  const topicMemo = new Map<string, boolean>();
  const isTopic = (p: Keyphrase, clusterId: number): boolean => {
    const key = `${clusterId}\u0000${p.tag}`;
    let known = topicMemo.get(key);
    if (known === undefined) topicMemo.set(key, (known = isTopicIn(p, docs[clusterId]!)));
    return known;
  };
  // Twice the tags shown, so a non-English cluster still shows six once its stopwords are dropped.
  const keyphrases = extractKeyphrases(docs, { maxTags: 2 * MAX_TAGS, names: input.names });

  const labels = members.map((list, clusterId): DraftLabel => {
    // The counted comments' words, tokenised when a heading's kind is first asked of them, and
    // held for this cluster only (50,000 comments' tokens at once would weigh hundreds of MB).
    let tokens: Token[][] | undefined;
    const fitsKind = (p: Keyphrase, kind: string): boolean => {
      const fits = KIND_FITS[kind];
      if (!fits) return true;
      tokens ??= docs[clusterId]!.map(tokenise);
      const parts = p.tag.split(' ');
      let using = 0;
      let fitting = 0;
      tokens.forEach((words, d) => {
        if (!words.some((_, at) => runAt(words, at, parts))) return;
        using++;
        const i = counted[clusterId]![d]!;
        if (fits(input.intents[i]!, input.sentiments[i]!.label)) fitting++;
      });
      return using === 0 || fitting >= KIND_FIT_SHARE * using;
    };
    const intents = list.map((i) => input.intents[i]!);
    const counts = emptyIntentCounts();
    for (const intent of intents) counts[intent] += 1;
    const category =
      list.length > 0
        ? input.categorise(
            intents,
            list.map((i) => comments[i]!.likes),
          )
        : 'Opinion';
    const sentiment = aggregateSentiment(list.map((i) => input.sentiments[i]!));
    const { language, stopwords: foreign, foreignOnly } = readLanguage(docs[clusterId]!);
    // A non-English cluster's tags skip its languages' stopwords ("muito", "esse", "và"), and any
    // cluster's the function words of other scripts ("من") and Romance ones English lacks ("essa");
    // an English cluster's a word only its few comments in another language use ("compre", "buy",
    // in two Spanish comments among English ones about the iPhone), as the deep dive's themes do.
    const phrases = (keyphrases[clusterId] ?? [])
      .filter((p) => {
        const words = p.tag.split(' ');
        return (
          (!foreign || !words.every((w) => foreign.has(w))) &&
          !words.every(isOtherScriptStopword) &&
          (p.name || !words.every(isRomanceFunctionWord)) &&
          (p.name || !foreignOnly(p.tag))
        );
      })
      .slice(0, MAX_TAGS);
    /** Share of the cluster's comments that pass `test` (0 for an empty cluster). */
    const shareOf = (test: (c: PreparedComment) => boolean): number =>
      list.length === 0 ? 0 : list.filter((i) => test(comments[i]!)).length / list.length;
    const spamShare = shareOf((c) => c.spam);
    const humourShare = shareOf((c) => isHumorous(c.clean));
    const thanksShare = shareOf((c) => isThanking(c.clean));
    const earlyShare = shareOf((c) => isEarlyViewer(c.clean));
    const replyShare = shareOf((c) => isReplyToViewer(c.clean, c.parentId));
    const audience = list.filter((i) => !comments[i]!.spam);
    const { heading, subject, kind, alternative, person, vague, generic } = composeHeading({
      genericKind: genericKindOf(audience.map((i) => comments[i]!.clean)),
      complaint: complaintOf(
        audience.filter((i) => negative(input.intents[i]!, input.sentiments[i]!.label)),
        comments,
        audience.length,
      ),
      howTo: howToQuestions(
        audience.filter((i) => input.intents[i]!.match(/^(?:Question|Request)$/)),
        comments,
        input.centrality,
      ),
      category,
      sentiment: sentiment.label,
      positiveShare: sentiment.positive_share,
      negativeShare: sentiment.negative_share,
      praiseShare: list.length ? counts.Praise / list.length : 0,
      criticismShare: list.length ? counts.Criticism / list.length : 0,
      phrases,
      humourShare,
      thanksShare,
      earlyShare,
      replyShare,
      spamShare,
      language: language?.name ?? null,
      isTopic: (p) => isTopic(p, clusterId),
      fitsKind,
    });
    return {
      clusterId,
      heading,
      kind,
      alternative,
      vague: vague === true,
      ...(generic ? { generic: true } : {}),
      subject,
      ...(person ? { person } : {}),
      tags: phrases.map((p) => p.shownTag),
      keyphrases: phrases,
      category,
      sentiment,
      intentCounts: counts,
      representatives: pickRepresentatives(list, comments, input.centrality).map((i) =>
        toCommentRef(comments[i]!),
      ),
      members: list,
    };
  });
  /**
   * The comments a heading may quote, best first: the cluster's own comments of its category (a
   * request cluster is quoted by a request), most typical first, then its representatives.
   */
  const quotable = (l: DraftLabel): { text: string }[] => {
    const own = l.members
      .filter((i) => input.intents[i] === l.category && isQuotable(comments[i]!))
      .sort(
        (a, b) =>
          (input.centrality ? (input.centrality[b] ?? 0) - (input.centrality[a] ?? 0) : 0) ||
          comments[b]!.likes - comments[a]!.likes ||
          a - b,
      )
      .map((i) => ({ text: comments[i]!.clean }));
    return [...own, ...l.representatives];
  };
  // Two clusters never share a heading: the bigger keeps it, the smaller is named by its own tags.
  const headings = distinctHeadings(labels, (l) => ({
    id: l.clusterId,
    size: l.members.length,
    // A heading that says little, or that a bigger cluster has, gives way to the cluster's best
    // representative comment; "Comments mentioning mirror and head" named words, not what was said.
    candidates: l.vague
      ? [() => representativeHeading(quotable(l)), l.heading, moreOfKind(l.kind)]
      : [
          l.heading,
          l.alternative,
          () => praisedQuality(l.kind, l.keyphrases),
          () => representativeHeading(quotable(l)),
          moreOfKind(l.kind),
        ],
    fallback: l.heading,
  }));
  return labels.map(({ kind: _kind, alternative: _alternative, vague: _vague, ...label }, i) => {
    if (headings[i] === label.heading) return label;
    const { person: _person, ...renamed } = label;
    return { ...renamed, heading: headings[i]!, subject: null };
  });
}

/** A cluster is headed by a kind of generic reaction when at least this share of it is one (as merge-themes.ts). */
const GENERIC_HEADING_SHARE = 0.4;

/** The kind of generic reaction at least half of these texts are, else null. */
export function genericKindOf(texts: readonly string[]): GenericReactionKind | null {
  const counts = new Map<GenericReactionKind, number>();
  for (const t of texts) {
    const kind = genericReactionKind(t);
    if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const top = [...counts].sort((a, b) => b[1] - a[1])[0];
  return top && texts.length > 0 && top[1] >= GENERIC_HEADING_SHARE * texts.length ? top[0] : null;
}

/** "too loud", "way too long": what a complaint says is wrong. */
const TOO = /\b(?:way |much |far |a bit |a little |kinda |so )?too ([a-z]{3,})\b/gi;
/** Words after "too" that are no quality ("too much", "me too"). */
const NOT_A_QUALITY = new Set(['much', 'many', 'bad', 'and', 'but', 'the', 'for', 'lol', 'haha']);

/**
 * The quality most of a cluster's complaints give with "too" ("loud" in "the music is way too loud"),
 * when at least two say it and they are a tenth of the cluster; else null.
 */
function complaintOf(
  complaining: readonly number[],
  comments: readonly PreparedComment[],
  clusterSize: number,
): string | null {
  const counts = new Map<string, number>();
  for (const i of complaining) {
    const seen = new Set<string>();
    for (const m of comments[i]!.clean.matchAll(TOO)) {
      const word = m[1]!.toLowerCase();
      if (!NOT_A_QUALITY.has(word) && !seen.has(word)) seen.add(word);
    }
    for (const w of seen) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const top = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  return top && top[1] >= 2 && top[1] >= 0.1 * clusterSize ? top[0] : null;
}

/** "how do I open the page in Chrome", "how can we add a link": the action asked about. */
const HOW_TO =
  /\bhow (?:do|can|could|would|should|to|did) (?:(?:i|you|we|one|u|he|she|they|someone|anyone|people) )?((?:[a-z][a-z'’-]*)(?: [a-z0-9][a-z0-9'’+#.-]*){0,7})/i;
/** Words a how-to phrase may not end on ("how do I get the", "how can I make it"). */
const DANGLING =
  /\b(?:the|a|an|to|of|in|on|for|with|and|or|my|your|their|this|that|it|is|are|be|find|get)$/i;
/** A word that opens the next sentence in comments written without punctuation ("… knowledge Is this"). */
const NEXT_SENTENCE =
  /\s(?:Is|Are|What|How|Why|Can|Could|Do|Does|I|Im|Its|It|Thanks|Thank|Please|Also|But|And|So)\b.*$/;

/**
 * The actions the cluster's questions ask how to do ("open the page in Chrome"), most typical
 * first, in the asker's words with "my" read as "their"; phrases with other first-person words,
 * or that end dangling, are skipped.
 */
function howToQuestions(
  asking: readonly number[],
  comments: readonly PreparedComment[],
  centrality: ArrayLike<number> | null | undefined,
): string[] {
  const ordered = [...asking].sort(
    (a, b) => (centrality ? (centrality[b] ?? 0) - (centrality[a] ?? 0) : 0) || a - b,
  );
  const out: string[] = [];
  for (const i of ordered) {
    const m = HOW_TO.exec(comments[i]!.clean);
    if (!m) continue;
    let phrase = m[1]!
      .replace(NEXT_SENTENCE, '')
      .replace(/[.,!?;:]+$/, '')
      .trim();
    // at most six words: a longer one runs on into what the viewer says next
    phrase = phrase.split(' ').slice(0, 6).join(' ');
    // the clause ends at a connective: "how do I fix it because ..." asks how to fix it
    phrase = phrase.split(
      /\s(?:because|but|and then|when|if|so|since|cause|cuz|after|please|pls|plz)\s/i,
    )[0]!;
    phrase = phrase.replace(/\b(?:my)\b/gi, 'their');
    if (/\b(?:i|me|im|i'm|mine|myself|you|your|u)\b/i.test(phrase)) continue;
    // "how did he make…" read as "he make": the subject was not one the pattern knows
    if (/^(?:he|she|they|it|this|that|we|there|get to)\b/i.test(phrase)) continue;
    while (DANGLING.test(phrase)) phrase = phrase.replace(DANGLING, '').trim();
    if (phrase.split(' ').length < 2) continue;
    out.push(phrase);
  }
  return out;
}
