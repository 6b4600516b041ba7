import type { Intent, SentimentLabel } from '@app/contracts';
import { capitaliseFirst } from '../text/wording';
import type { HeadingPerson } from '../types';
import type { GenericReactionKind } from '../clustering/generic-reactions';
import type { Keyphrase } from './keyphrases';
import { COUNT_NOUNS, fullForm, namesNoThing, NOT_A_SUBJECT } from './stopwords';

export const MAX_HEADING_LENGTH = 60;

/** Laughter markers; a cluster where many comments laugh is about jokes whatever its words. */
const HUMOUR = /\b(?:lol+|lmao+|lmfao|rofl|ha(?:ha)+h?|he(?:he)+|xd+|dead)\b|😂|🤣|💀|😆|😹/iu;

/** Whether a comment reads as laughing at something. */
export function isHumorous(text: string): boolean {
  return HUMOUR.test(text);
}

/** Thanks, in English and a few languages viewers often thank in. */
const THANKS =
  /\b(?:thanks?|thank\s*(?:you|u)|thx|thanx|tysm|gracias|merci|danke|obrigad[oa]|grazie|shukriya|dhanyavaad)\b|🙏/iu;

/** Whether a comment thanks (the creator, usually). */
export function isThanking(text: string): boolean {
  return THANKS.test(text);
}

/** A praise cluster where at least this share of the comments thank is headed as thanks. */
const THANKS_SHARE = 0.5;

/**
 * Remarks on how soon after the upload a viewer came, or how fast the views came: "early", "44
 * secs ago", "10k likes in an hour", "notification squad". Not a bare "ago" ("a year ago I ...").
 */
const EARLY =
  /\bearly\b|\b(?:\d+|an?|one|two|three|four|five|ten|few|couple of)\s*(?:secs?|seconds?|mins?|minutes?|hrs?|hours?)\s*(?:ago|after|late|since|in)\b|\bafter (?:\d+|an?|one|two|three|four|five|few)\s*(?:secs?|seconds?|mins?|minutes?|hrs?|hours?)\b|notification (?:squad|gang)|^first\b|\bfirst comment|\bi'?m first\b|\b\d+(?:[.,]\d+)?\s*[km]? (?:views|likes) in\b/i;

/** Whether a comment remarks on being early or on how fast the views came. */
export function isEarlyViewer(text: string): boolean {
  return EARLY.test(text);
}

/**
 * An Opinion cluster where this share of the comments are such remarks is about them: on a real
 * video (1,274 comments) 27% of one cluster's against at most 3% of any other's.
 */
const EARLY_SHARE = 0.2;

/** An Opinion cluster where most comments answer another viewer is a conversation among them. */
const REPLY_SHARE = 0.5;

/** Whether a comment answers another viewer: a reply, or a comment opening with "@name". */
export function isReplyToViewer(text: string, parentId: string | null | undefined): boolean {
  return (parentId !== null && parentId !== undefined) || /^\s*@[\p{L}\p{N}_]/u.test(text);
}

export interface HeadingInput {
  category: Intent;
  sentiment: SentimentLabel;
  /** Share of the cluster's comments that are positive (0..1). */
  positiveShare: number;
  /** Share of the cluster's comments that are negative (0..1). */
  negativeShare: number;
  /** Share of the cluster's comments that praise (0..1): a warm Opinion cluster reads as enthusiasm. */
  praiseShare?: number;
  /** Share of the cluster's comments that criticise (0..1): a sour Opinion cluster reads as frustration. */
  criticismShare?: number;
  /** Ranked keyphrases of the cluster (tags). */
  phrases: readonly Keyphrase[];
  /** Share of the cluster's comments that laugh (0..1). */
  humourShare: number;
  /** Share of the cluster's comments that thank (0..1). */
  thanksShare?: number;
  /** Share of the cluster's comments that remark on being early or on the views' pace (0..1). */
  earlyShare?: number;
  /** Share of the cluster's comments that answer another viewer (a reply or an "@name" opening) (0..1). */
  replyShare?: number;
  /** Share of the cluster's comments flagged as spam (0..1). */
  spamShare: number;
  /** The language the cluster's comments are written in when not English ("Portuguese"), else null. */
  language?: string | null;
  /**
   * The kind of generic reaction most of the cluster's comments are (thanks, praise of the video as
   * a whole, early viewers, emoji, laughter), or null: such a cluster is headed by its kind.
   */
  genericKind?: GenericReactionKind | null;
  /**
   * What the cluster's complaints say is wrong, as "too ADJECTIVE" ("loud"), when several say it:
   * "Finds the music too loud".
   */
  complaint?: string | null;
  /**
   * What the cluster's questions ask how to do ("open the page in Chrome"), most typical first:
   * the first that names the heading's topic makes "Asks how to open the page in Chrome".
   */
  howTo?: readonly string[];
  /** Rejects phrases that cannot be a topic beyond the built-in rules (see `headingSubject`). */
  isTopic?: (p: Keyphrase) => boolean;
  /**
   * Whether the comments that use a phrase are what the heading's kind says ("Requests", "Praise",
   * "Complaints"): "Asks for the camera" must not name what viewers praise in a cluster of requests.
   */
  fitsKind?: (p: Keyphrase, kind: string) => boolean;
}

export interface HeadingResult {
  heading: string;
  /** The heading names a kind of generic reaction (one cluster per kind). */
  generic?: boolean;
  /**
   * The heading is its kind's general wording for want of a topic ("Asks the creator questions"):
   * the cluster's best representative comment, shortened, says more.
   */
  vague?: boolean;
  /** The topic the heading is about ("the editing"), or null when no topical phrase exists. */
  subject: string | null;
  /** What the comments are, in a word or two ("Praise", "Questions"): names a cluster whose heading another has. */
  kind: string;
  /**
   * The heading it would have without its thanks or early remarks ("Loves the explanation"),
   * for a cluster whose "Thanks the creator" a bigger cluster already has.
   */
  alternative?: string;
  /**
   * The person the cluster's requests or questions are put to ("Requests to Derek") or its
   * suggestions are for ("Suggestions for Mike"), when the heading names them instead of a topic.
   */
  person?: HeadingPerson;
}

/**
 * A phrase as a heading names it: "the" before it when viewers write it after a determiner, or
 * when it is a thing a video has that English names with one ("the tutorial", COUNT_NOUNS), also
 * where viewers write it bare ("great tutorial"). Only the wording: whether a word is a topic at all
 * still goes by how viewers use it.
 */
function phraseText(p: Keyphrase): string {
  const named = greetedName(p);
  if (named) return named;
  return p.takesArticle || (!p.name && COUNT_NOUNS.has(p.tag)) ? `the ${p.display}` : p.display;
}

/** Words viewers put before the name of the person they greet, thank or cheer ("hello MrBeast"). */
const GREETING_WORDS = new Set(['hello', 'hi', 'hey', 'dear', 'love', 'thanks', 'thank']);

/**
 * The name of a phrase that greets, thanks or cheers a person ("hello MrBeast", "love Karl"), which
 * a heading names alone ("Loves Karl", not "Loves love Karl"); else null.
 */
function greetedName(p: Keyphrase): string | null {
  const space = p.display.indexOf(' ');
  if (space < 0 || !GREETING_WORDS.has(p.display.slice(0, space).toLowerCase())) return null;
  const rest = p.display.slice(space + 1);
  return !rest.includes(' ') && /^\p{Lu}/u.test(rest) ? rest : null;
}

/**
 * A heading names a topic only when enough of the cluster talks about it: a phrase two people in a
 * cluster of fifty used is a coincidence, not the cluster's subject.
 */
const MIN_SUBJECT_SHARE = 0.08;

/**
 * "please reply", "thanks bro", "god bless", "congrats": a plea, thanks or well-wish is not what a
 * cluster is about (a cluster of "God bless the 1% who see this comment" and "Congratulations to
 * everyone who is early" would otherwise be "Thoughts on god bless and congratulations").
 */
function isPlea(p: Keyphrase): boolean {
  return /^(?:please|pls|plz|thanks|thank|thx|god bless|bless|congrat(?:s|ulation|ulations)?)\b/.test(
    p.tag,
  );
}

/**
 * Whether a phrase can be a heading's topic: phrases, names, words viewers put after "the"/"your", and
 * other words unless they look like verbs or adverbs ("helped", "using", "explain", "quickly").
 */
function nounLike(p: Keyphrase): boolean {
  if (isPlea(p)) return false;
  // A phrase is a topic unless it ends in an adverb or adjective ("sidemen together").
  if (p.tag.includes(' ')) return !NOT_A_SUBJECT.has(p.tag.slice(p.tag.lastIndexOf(' ') + 1));
  if (p.name) return true;
  // "the whole", "the same", "the next": after "the" too, these describe the thing that follows
  return p.takesArticle ? !NOT_A_SUBJECT.has(p.tag) : !namesNoThing(p.tag);
}

/**
 * Whether two phrases name one topic: the words of one are all in the other ("the coding skills and
 * the skills" adds nothing), counting a short form as its word ("subs and subscribers").
 */
function sameTopic(a: Keyphrase, b: Keyphrase): boolean {
  const words = (p: Keyphrase) => p.tag.split(' ').map(fullForm);
  const within = (x: string[], y: string[]) => x.every((w) => y.includes(w));
  const [wa, wb] = [words(a), words(b)];
  return within(wa, wb) || within(wb, wa);
}

/**
 * The topic phrase: the best non-generic keyphrase (never two joined: a heading that lists two
 * nouns says which words are used, not what viewers say).
 * `isTopic` (optional) may reject more phrases, e.g. words the cluster's comments use as verbs; it is
 * asked lazily, only until two topics are found. `fits` (optional) says whether the comments using
 * a topic are what the heading says they are; a first topic that does not fit leaves no subject.
 */
export function headingSubject(
  phrases: readonly Keyphrase[],
  room: number,
  isTopic: (p: Keyphrase) => boolean = () => true,
  fits: (p: Keyphrase) => boolean = () => true,
): string | null {
  const topical: Keyphrase[] = [];
  for (const p of phrases) {
    if (topical.length >= 2) break;
    if (topical.some((t) => sameTopic(p, t))) continue;
    if (!p.generic && p.share >= MIN_SUBJECT_SHARE && nounLike(p) && isTopic(p)) topical.push(p);
  }
  const first = topical[0];
  // The cluster's topic is its first; when its comments are not what the heading says, no lesser
  // topic stands in for it ("Asks for the Felix" over praise of Felix).
  if (!first || !fits(first)) return null;
  // One topic: "the mirror and the head" lists words, it does not say what viewers say.
  let subject = phraseText(first);
  if (subject.length > room) subject = subject.slice(0, room).replace(/\s+\S*$/, '');
  return subject === '' ? null : subject;
}

/**
 * An Opinion cluster where this share of the comments praise (less than a plurality, or it would be a
 * Praise cluster) and whose tone is positive reads as "Enjoys ...", never "Loves ...":
 * the heading must not name a category the cluster's badge does not show.
 */
const WARM_PRAISE_SHARE = 1 / 3;

/**
 * An Opinion cluster whose tone is negative reads as "Is frustrated with ..." only when this share of
 * its comments are negative, or FRUSTRATED_CRITICISM_SHARE of them criticise: a heading that names a
 * feeling needs a good part of the cluster to show it. On a real video (1,274 comments) a cluster on
 * the haunted prison of the title, 32% negative by the words "ghost", "dead" and "jail", was
 * "frustration with prison", and one of viewers calling each other bots, 14% negative and 80%
 * neutral, "frustration with the bot". Negative comments are rarer than positive ones, hence a lower
 * bar than enthusiasm's.
 */
const FRUSTRATED_SHARE = 0.4;
const FRUSTRATED_CRITICISM_SHARE = 0.25;

/** What a cluster's comments are, by category, for a heading that names their language instead of a topic. */
const LANGUAGE_KIND: Record<Intent, string> = {
  Request: 'Requests',
  Question: 'Questions',
  Criticism: 'Complaints',
  Praise: 'Praise',
  Opinion: 'Comments',
};

/**
 * `about` null: the heading never names a topic (thanks are for the video and early viewers came for
 * the upload, whatever the words).
 */
type Template = {
  about: ((subject: string) => string) | null;
  general: string;
  kind: string;
  /** The heading of comments put to a person they name and no topic ("Requests to Derek"). */
  to?: (name: string) => string;
};

function template(input: HeadingInput): Template {
  const laughing = input.humourShare >= 0.35;
  // The heading speaks for the cluster's category and tone, so it never contradicts the badge
  // beside it, nor its comments: a cluster of complaints is never headed as praise.
  switch (input.category) {
    case 'Request':
      return {
        about: (s) => `Asks for ${s}`,
        general: 'Asks for more videos',
        kind: 'Requests',
        to: (name) => `Asks ${name} for more`,
      };
    case 'Question':
      return {
        about: (s) => `Asks about ${s}`,
        general: 'Asks the creator questions',
        kind: 'Questions',
        to: (name) => `Asks ${name} questions`,
      };
    case 'Criticism':
      return {
        about: (s) =>
          input.complaint ? `Finds ${s} too ${input.complaint}` : `Complains about ${s}`,
        general: 'Complains about the video',
        kind: 'Complaints',
      };
    case 'Praise':
      if (
        input.negativeShare > input.positiveShare ||
        (input.criticismShare ?? 0) >= FRUSTRATED_CRITICISM_SHARE
      )
        return {
          about: (s) => `Is divided on ${s}`,
          general: 'Has mixed reactions',
          kind: 'Mixed reactions',
        };
      if (!laughing && (input.thanksShare ?? 0) >= THANKS_SHARE)
        return { about: null, general: 'Thanks the creator', kind: 'Thanks' };
      return laughing
        ? { about: (s) => `Laughs at ${s}`, general: 'Laughs and enjoys the video', kind: 'Laughs' }
        : {
            about: (s) => `Loves ${s}`,
            general: 'Praises the video',
            kind: 'Praise',
          };
    case 'Opinion':
      if (laughing)
        return { about: (s) => `Jokes about ${s}`, general: 'Jokes around', kind: 'Jokes' };
      if ((input.earlyShare ?? 0) >= EARLY_SHARE)
        return { about: null, general: 'Says they came early', kind: 'Early viewers' };
      // mostly viewers answering each other: a thread, heated or not
      if ((input.replyShare ?? 0) >= REPLY_SHARE)
        return input.sentiment === 'negative' || input.sentiment === 'mixed'
          ? {
              about: (s) => `Argues about ${s}`,
              general: 'Argues with other viewers',
              kind: 'Arguments',
            }
          : {
              about: (s) => `Discusses ${s}`,
              general: 'Talks with other viewers',
              kind: 'Conversations',
            };
      if (
        input.sentiment === 'negative' &&
        (input.negativeShare >= FRUSTRATED_SHARE ||
          (input.criticismShare ?? 0) >= FRUSTRATED_CRITICISM_SHARE)
      )
        return {
          about: (s) =>
            input.complaint ? `Finds ${s} too ${input.complaint}` : `Is frustrated with ${s}`,
          general: 'Reacts negatively',
          kind: 'Negative reactions',
        };
      if (
        input.sentiment === 'positive' &&
        (input.positiveShare >= 0.5 || (input.praiseShare ?? 0) >= WARM_PRAISE_SHARE)
      )
        return {
          about: (s) => `Enjoys ${s}`,
          general: 'Reacts positively',
          kind: 'Positive reactions',
        };
      if (input.sentiment === 'mixed')
        return {
          about: (s) => `Is divided on ${s}`,
          general: 'Has mixed reactions',
          kind: 'Mixed reactions',
        };
      return {
        about: (s) => `Talks about ${s}`,
        general: 'Chats and reacts briefly',
        kind: 'Comments',
      };
  }
}

/** The heading of a cluster of generic reactions, one per kind, whatever its words. */
const GENERIC_HEADING: Record<GenericReactionKind, { heading: string; kind: string }> = {
  thanks: { heading: 'Thanks the creator', kind: 'Thanks' },
  praise: { heading: 'Praises the video', kind: 'Praise' },
  early: { heading: 'Says they came early', kind: 'Early viewers' },
  emoji: { heading: 'Reacts with emoji', kind: 'Emoji' },
  laughter: { heading: 'Laughs along', kind: 'Laughs' },
};

/** A word as the cluster's tags show it ("html" -> "HTML"), else as written. */
function shownAs(phrases: readonly Keyphrase[], word: string): string {
  const lower = word.toLowerCase();
  const p = phrases.find((x) => x.tag === lower && !x.display.includes(' '));
  return p ? p.display : word;
}

/**
 * "Asks how to open the page in Chrome": the first of the cluster's how-to questions that names
 * the topic, when the heading has room for it.
 */
function howToHeading(input: HeadingInput, subject: string): string | null {
  const words = subject
    .toLowerCase()
    .replace(/^the /, '')
    .split(' ')
    .filter((w) => w.length > 1);
  for (const phrase of input.howTo ?? []) {
    const lower = ` ${phrase.toLowerCase()} `;
    if (!words.every((w) => lower.includes(` ${w} `) || lower.includes(` ${w}s `))) continue;
    const shown = phrase.replace(/[\p{L}\p{N}+#]+/gu, (w) => shownAs(input.phrases, w));
    const heading = `Asks how to ${shown}`;
    if (heading.length <= MAX_HEADING_LENGTH) return heading;
  }
  return null;
}

/**
 * An offline heading: a short phrase built from the cluster's dominant intent and sentiment plus its
 * top topical keyphrase, e.g. "Asks for part 2", "Loves the editing", "Jokes about the
 * ending". Only the first letter is capitalised (names keep their own case); at most 60 characters.
 */
export function composeHeading(input: HeadingInput): HeadingResult {
  if (input.spamShare >= 0.5)
    return { heading: 'Spam and self-promotion', subject: null, kind: 'Spam' };
  if (input.genericKind && !input.language) {
    // a cluster of reactions is headed by its kind unless most of it names a topic of its own
    const named = composeHeading({ ...input, genericKind: null });
    const topic =
      named.subject &&
      !/^the (?:video|tutorial|channel|content|lesson|explanation)$/i.test(named.subject);
    if (!topic) {
      const { heading, kind } = GENERIC_HEADING[input.genericKind];
      // a second cluster of the kind (labelled without the merge) is named by its topic
      const alternative = named.subject ? named.heading : named.alternative;
      return {
        heading,
        subject: null,
        kind,
        generic: true,
        ...(alternative ? { alternative } : {}),
      };
    }
    return named;
  }
  // Keyphrases of a language the labeller does not read are no topic ("Loves muito").
  if (input.language) {
    const kind = LANGUAGE_KIND[input.category];
    const heading = `${kind} in ${input.language}`;
    return { heading: shortenAtWord(heading, MAX_HEADING_LENGTH), subject: null, kind };
  }
  const t = template(input);
  const about = t.about;
  // Requests that are mostly advice for one person ("Mike should try…", "tell Mike to…") are
  // suggestions for them: "Requests for the problem and Mike" would read as if viewers wanted both.
  const advisee = input.category === 'Request' ? adviseeOf(input.phrases) : undefined;
  if (advisee) {
    const heading = shortenAtWord(`Gives ${advisee.display} advice`, MAX_HEADING_LENGTH);
    return {
      heading,
      subject: null,
      kind: t.kind,
      person: { name: advisee.display, advised: true },
    };
  }
  // The person requests or questions are put to ("hey Derek, can you…") is not what they are about:
  // "Requests for Derek" read as if viewers asked for him.
  const addressee = t.to
    ? input.phrases.find((p) => p.addressed && p.share >= MIN_SUBJECT_SHARE)
    : undefined;
  const phrases = t.to ? input.phrases.filter((p) => !p.addressed) : input.phrases;
  const { fitsKind } = input;
  const subject = about
    ? headingSubject(
        phrases,
        MAX_HEADING_LENGTH - about('').length,
        input.isTopic,
        fitsKind && ((p) => fitsKind(p, t.kind)),
      )
    : null;
  const toPerson = !subject && addressee && t.to ? t.to(addressee.display) : null;
  const composed =
    (input.category === 'Question' && subject && howToHeading(input, subject)) ||
    (about && subject ? about(subject) : (toPerson ?? t.general));
  const heading = capitaliseFirst(composed);
  const result: HeadingResult = {
    heading: shortenAtWord(heading, MAX_HEADING_LENGTH),
    subject,
    kind: t.kind,
    // a topical kind that found no topic says little: a representative comment says more
    ...(about && !subject && !toPerson && !GENERAL_READS[t.kind] ? { vague: true } : {}),
    ...(toPerson && addressee ? { person: { name: addressee.display, advised: false } } : {}),
  };
  if (about) return result;
  // thanks and early remarks name no topic: one of the generic reactions
  result.generic = true;
  const unthanked = composeHeading({ ...input, thanksShare: 0, earlyShare: 0 });
  return unthanked.subject ? { ...result, alternative: unthanked.heading } : result;
}

/**
 * The first name viewers mostly advise ("Mike should…"), when as many of a Request cluster's
 * comments use it as half its commonest topic's, and at least MIN_SUBJECT_SHARE of them.
 */
function adviseeOf(phrases: readonly Keyphrase[]): Keyphrase | undefined {
  const top = Math.max(0, ...phrases.filter((p) => !p.generic).map((p) => p.share));
  return phrases.find((p) => p.advised && p.share >= Math.max(MIN_SUBJECT_SHARE, top / 2));
}

/**
 * A cluster's kind and its first topic-like tags ("Praise mentioning the baby"; pleas, verbs,
 * adverbs, prepositions and the kind's own words are skipped), null when no tag names a topic: a
 * description for tools and prompts. Report headings never use it, since a heading listing tags
 * says which words are used, not what viewers say (they fall back to a representative comment).
 */
export function distinctHeading(
  kind: string,
  phrases: readonly Keyphrase[],
  isTopic: (p: Keyphrase) => boolean = () => true,
): string | null {
  // Topic-like tags only ("Early viewers mentioning early and among" names nothing); a word of the
  // kind itself says nothing new. `isTopic` is asked last, and only until two are found.
  const kindWords = new Set(kind.toLowerCase().split(' '));
  const named: Keyphrase[] = [];
  for (const p of phrases) {
    if (named.length >= 2) break;
    if (named.some((n) => sameTopic(p, n))) continue;
    if (nounLike(p) && !kindWords.has(p.tag) && isTopic(p)) named.push(p);
  }
  const [first, second] = named;
  if (!first) return null;
  const one = `${kind} mentioning ${first.display}`;
  const two = second ? `${one} and ${second.display}` : one;
  const heading = two.length <= MAX_HEADING_LENGTH ? two : one;
  return heading.length <= MAX_HEADING_LENGTH ? heading : null;
}

/** Words of praise that say what viewers found the video: a praise cluster may be named by one. */
const PRAISED_QUALITY = new Set([
  'helpful',
  'useful',
  'informative',
  'clear',
  'simple',
  'easy',
  'educational',
  'funny',
  'hilarious',
  'relaxing',
  'satisfying',
  'calming',
  'inspiring',
  'motivating',
  'entertaining',
  'interesting',
  'wholesome',
  'beautiful',
  'cute',
  'underrated',
]);

/**
 * A heading for a praise or thanks cluster that its tags name no topic of but a quality viewers
 * praise, used by at least a fifth of its comments: "Found it helpful" (a tutorial's third cluster
 * of thanks, "very helpful thanks buddy", had "Thanks for the video" twice). Null otherwise.
 */
export function praisedQuality(kind: string, phrases: readonly Keyphrase[]): string | null {
  if (kind !== 'Praise' && kind !== 'Thanks') return null;
  const quality = phrases.find((p) => PRAISED_QUALITY.has(p.tag) && p.share >= 0.2);
  return quality ? `Found it ${quality.tag}` : null;
}

/** Kinds whose general wording reads well without a topic ("Praises the video", "Jokes around"). */
const GENERAL_READS: Readonly<Record<string, boolean>> = {
  Praise: true,
  Thanks: true,
  Laughs: true,
  Jokes: true,
  'Early viewers': true,
};

/**
 * The text on one line, at most `max` characters, cut at a word boundary (never inside a word) with
 * "…" when cut; trailing punctuation before the cut is dropped.
 */
export function shortenAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if ([...clean].length <= max) return clean;
  const words = clean.split(' ');
  let out = '';
  for (const w of words) {
    const next = out ? `${out} ${w}` : w;
    if ([...next].length > max - 1) break;
    out = next;
  }
  if (out === '') out = [...(words[0] ?? '')].slice(0, max - 1).join('');
  return `${out.replace(/[\s,;:.!?\-–—(]+$/u, '')}…`;
}

/**
 * The heading of a cluster whose composed heading says little or is taken: its best representative
 * comment (the most typical first) of a readable length, shortened at a word, in quotes. Links and
 * comments of under three words are skipped. Null when none fits.
 */
export function representativeHeading(representatives: readonly { text: string }[]): string | null {
  for (const comment of representatives) {
    const text = comment.text.replace(/\s+/g, ' ').trim();
    if (/https?:\/\/|www\./i.test(text)) continue;
    if ((text.match(/[\p{L}\p{N}]+/gu) ?? []).length < 3) continue;
    return `“${shortenAtWord(capitaliseFirst(text), MAX_HEADING_LENGTH - 2)}”`;
  }
  return null;
}

/** Longest comment a heading quotes (`quotedHeading`). */
const MAX_HEADING_QUOTE = 32;

/**
 * A heading for a third cluster of a kind whose tags name no topic, by its most typical short
 * comment: 'Comments like “so true bro”', where "More comments (2)" told a creator nothing and read
 * "More comments (2) (9.7% of comments)" in the summary. `representatives` are the cluster's,
 * most typical first; the first of 1-32 characters on one line, no link, is quoted whole. Null when
 * none is that short.
 */
export function quotedHeading(
  kind: string,
  representatives: readonly { text: string }[],
): string | null {
  for (const comment of representatives) {
    const text = comment.text.trim();
    if (text.length === 0 || [...text].length > MAX_HEADING_QUOTE) continue;
    if (/[\r\n]|https?:\/\/|www\./i.test(text)) continue;
    return `${kind} like “${text}”`;
  }
  return null;
}

/** The last distinct heading for a second cluster of a kind whose tags name no topic: "More praise". */
export function moreOfKind(kind: string): string {
  return `More ${kind.charAt(0).toLowerCase()}${kind.slice(1)}`;
}

/**
 * One heading per cluster, none shared (case-insensitively): clusters are taken biggest first (ties:
 * lower id), and each takes the first of its candidates no bigger cluster has, else its fallback,
 * else its last candidate numbered.
 * Returns the headings in input order.
 */
export function distinctHeadings<T>(
  items: readonly T[],
  choice: (item: T) => {
    id: number;
    size: number;
    /** Headings in order of preference; a function is asked only when the ones before it are taken. */
    candidates: readonly (string | null | undefined | (() => string | null))[];
    fallback: string;
  },
): string[] {
  const order = items
    .map((item, index) => ({ index, ...choice(item) }))
    .sort((a, b) => b.size - a.size || a.id - b.id);
  const taken = new Set<string>();
  const out: string[] = new Array<string>(items.length);
  for (const { index, candidates, fallback } of order) {
    let free: string | undefined;
    for (const candidate of candidates) {
      const c = typeof candidate === 'function' ? candidate() : candidate;
      if (typeof c === 'string' && !taken.has(c.toLowerCase())) {
        free = c;
        break;
      }
    }
    let heading = free ?? fallback;
    if (taken.has(heading.toLowerCase())) {
      // every candidate taken: the last one numbered ("More thanks (2)"), so no heading repeats
      const last = candidates.findLast((c): c is string => typeof c === 'string') ?? fallback;
      for (let n = 2; taken.has(heading.toLowerCase()); n++) heading = `${last} (${n})`;
    }
    taken.add(heading.toLowerCase());
    out[index] = heading;
  }
  return out;
}
