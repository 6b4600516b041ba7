import { GENERIC_WORDS, STOPWORDS } from '../label/stopwords';

/**
 * Reactions that say nothing about a topic: thanks, praise of the video as a whole, remarks on
 * being early, emoji alone, laughter alone. Every video has them, worded a hundred ways, and
 * k-means cuts them into several clusters ("Thanks for the video", "Praise for the tutorial",
 * "Praise for the awesome tutorial"), which crowds out the topics a creator can act on. Each
 * kind is one theme of a report.
 */
export type GenericReactionKind = 'thanks' | 'praise' | 'early' | 'emoji' | 'laughter';

export const GENERIC_REACTION_KINDS: readonly GenericReactionKind[] = [
  'thanks',
  'praise',
  'early',
  'emoji',
  'laughter',
];

const THANKS = /\b(?:thanks?|thank\s*(?:you|u|ya)|thnx|thx|thanx|tysm|tyvm|ty)\b|🙏/iu;
const LAUGHTER = /^(?:l+o+l+|lmf?a+o+|rofl|(?:h+a+){2,}h*|(?:h+e+){2,}|x+d+|dead|💀)$/iu;
const EARLY =
  /\bearly\b|^first\b|\bfirst comment|\bi'?m first\b|notification (?:squad|gang)|\b(?:\d+|one|two|few)\s*(?:secs?|seconds?|mins?|minutes?)\s*ago\b|\bwho(?:'?s| is) (?:here|watching)\b.*\b(?:19|20)\d\d\b/iu;
const PRAISE =
  /\b(?:great|good|nice|awesome|amazing|love[sd]?|loving|best|cool|beautiful|wonderful|excellent|perfect|fantastic|incredible|brilliant|epic|fire|helpful|useful|informative|clear|superb|outstanding|legend(?:ary)?|goat|masterpiece|underrated|wow|excellently|helped|gem)\b|❤|♥|💯|🔥|👍|👏|😍|🥰/iu;

/**
 * Words a generic reaction may hold besides its cue: function words, words of praise or thanks,
 * the video itself and whoever made it, and intensifiers. One word outside them ("flexbox",
 * "sourdough") makes the comment about something.
 */
const FILLER = new Set(
  (
    'tutorial tutorials lesson lessons course class explanation explanations explained explaining explain ' +
    'teacher teaching teach taught instructor series episode ep upload uploads uploaded creator work works ' +
    'sir mam maam madam buddy mate friend brother bro sis man dude guys everyone everybody all ' +
    'so soo sooo very really much many lot lots super totally truly simply just absolutely ' +
    'well clearly easily easy simple understand understood learn learned learnt learning helps help helping ' +
    'made making content quality effort done stuff job keep up going thank thanks ' +
    'ever seen watched found finally today mine life saver lifesaver saved days day god bless blessed ' +
    'wow omg yay yes yeah ok okay hi hello hey dear pls plz please subscribed subscribe subbed sub liked ' +
    'informative useful helpful clear concise detailed straightforward fun enjoyable ' +
    'top notch excellent superb outstanding legend legendary goat masterpiece underrated gem ' +
    'minute minutes mins min seconds secs sec ago squad gang notification notifications here watching ' +
    'early first comment who whos'
  ).split(' '),
);

/** A question or a request, written without a question mark ("whats a good compiler", "please do GUI"). */
const ASKS =
  /^(?:what|whats|how|why|where|which|when|who|is|are|do|does|did|can|could|would|will|should)\b|\b(?:please|pls|plz)\s+(?:do|make|can|could|upload|explain|help|say|add|tell)\b|\bi (?:dont|don't|do not) (?:get|understand)\b|\bwhat (?:do|is|are|was)\b|\bbut\b/i;

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

function words(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/['’]/g, ''));
}

/** A word that says nothing of a topic. */
function isFiller(word: string): boolean {
  return (
    STOPWORDS.has(word) ||
    GENERIC_WORDS.has(word) ||
    FILLER.has(word) ||
    /^\d+$/.test(word) ||
    LAUGHTER.test(word) ||
    MISSPELT.test(word)
  );
}

/** Longest comment (in words) read as a generic reaction: longer ones say more than a reaction. */
const MAX_WORDS = 25;

/** Praise and thanks as viewers misspell them ("usefull", "awsome", "thnx", "amzing"). */
const MISSPELT =
  /^(?:aw[ae]?s[oa]me?|awsum|amaz\w*|amz\w*|use?full?y?|help?full?y?|thn?[ax]+|thnk\w*|thanku|thanq|tnx|tq|grt|gud|nyc|exellent|excelent|brillant|fantastik|superb+)$/;

/** A word before which a topic follows ("a tutorial on flexbox", "the part about hooks"). */
const TOPIC_PREPOSITION = new Set(['on', 'about', 'of', 'for', 'with', 'in', 'using']);

/**
 * Words outside the reaction vocabulary a comment may have and still be a generic reaction ("bloody
 * awesome", "you da boss"): none in a short comment ("love the tips" praises the tips), one from
 * six words, two from twelve, and none after a preposition
 * that introduces a topic ("great tutorial on flexbox" is praise of flexbox).
 */
function strayWordsAllowed(list: readonly string[]): number {
  return list.length >= 12 ? 2 : list.length >= 6 ? 1 : 0;
}

/**
 * The kind of generic reaction a comment is, or null when it says something of its own: emoji or
 * symbols alone, laughter alone, a remark on being early, thanks, or praise of the video as a
 * whole, each made only of such words (any one topical word makes it a comment about that topic).
 * A question is never a reaction.
 */
export function genericReactionKind(text: string): GenericReactionKind | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const list = words(trimmed);
  if (list.length === 0) return /\p{Extended_Pictographic}/u.test(trimmed) ? 'emoji' : null;
  if (list.length > MAX_WORDS || trimmed.includes('?') || ASKS.test(trimmed)) return null;
  const stray = list.flatMap((w, at) => (isFiller(w) ? [] : [at]));
  // chat shorthand ("da", "ur", "yo") is no topic
  const long = stray.filter((at) => list[at]!.length > 3);
  if (long.length > strayWordsAllowed(list) || stray.length > long.length + 1) return null;
  if (stray.some((at) => at > 0 && TOPIC_PREPOSITION.has(list[at - 1]!))) return null;
  // a stray word must not be the whole reaction: the cue carries it
  if (
    stray.length > 0 &&
    !THANKS.test(trimmed) &&
    !PRAISE.test(trimmed) &&
    !list.some((w) => MISSPELT.test(w))
  )
    return null;
  if (list.every((w) => LAUGHTER.test(w))) return 'laughter';
  if (EARLY.test(trimmed)) return 'early';
  if (
    THANKS.test(trimmed) ||
    list.some((w) => /^(?:thn?[ax]+|thnk\w*|thanku|thanq|tnx|tq)$/.test(w))
  )
    return 'thanks';
  if (PRAISE.test(trimmed) || list.some((w) => MISSPELT.test(w))) return 'praise';
  return null;
}
