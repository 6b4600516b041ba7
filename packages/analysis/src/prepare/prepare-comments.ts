import type { InputComment, PreparedComment } from '../types';
import { cleanText, normaliseForMatching } from './clean-text';
import { findDuplicates } from './duplicates';
import { ownText, splitQuotedReply } from './quoted-reply';
import { isScamFollowUp, spamAuthorReason, spamReason } from './spam';

/** Long texts repeated by this many different authors are chain copy-paste, not a shared opinion. */
const COPY_PASTE_AUTHORS = 3;
const COPY_PASTE_MIN_TOKENS = 8;
/** Words a reply needs before one author repeating it under several top comments counts as a plug. */
const REPEATED_REPLY_MIN_WORDS = 6;

export interface PreparedBatch {
  comments: PreparedComment[];
  /**
   * Weight of each comment in cluster discovery: 0 for spam, duplicates, the creator's own comments
   * and empty texts (so they never form topics of their own, though they are still assigned to their
   * nearest cluster); an original that other viewers repeat weighs 1 + ln(copies), so a phrase many
   * viewers wrote still counts for more (chain copy-paste excepted).
   */
  weights: Float32Array;
  duplicates: number;
  spam: number;
}

export interface PrepareOptions {
  /** Ids of comments the creator restored from the spam set aside: they are never spam. */
  notSpam?: Iterable<string>;
}

/**
 * The text of a comment that the pipeline embeds (its `clean`), so a caller that embeds comments
 * before the analysis (see PrefetchEmbedder) embeds exactly what `analyseComments` asks for.
 */
export function embeddingText(comment: Pick<InputComment, 'text'>): string {
  return cleanText(comment.text);
}

/**
 * Whether a prepared comment speaks for the audience: not spam and not the creator's own. Only such
 * comments are shown as representatives, give tags and make the overall sentiment.
 */
export function fromAudience(c: Pick<PreparedComment, 'spam' | 'byCreator'>): boolean {
  return !c.spam && !c.byCreator;
}

/** Whether a prepared comment is the audience's own and no copy of another: it speaks once. */
export function countsOnce(
  c: Pick<PreparedComment, 'spam' | 'byCreator' | 'duplicateOf'>,
): boolean {
  return fromAudience(c) && c.duplicateOf === null;
}

/** Whether a prepared comment can be quoted for its cluster: it counts once and has text. */
export function isQuotable(
  c: Pick<PreparedComment, 'spam' | 'byCreator' | 'duplicateOf' | 'clean'>,
): boolean {
  return countsOnce(c) && c.clean !== '';
}

/**
 * A comment an analysis stored, as input to prepare again: its reply count is not kept (0), nor
 * are `publishedAt` and `parentId` where the caller passes null.
 */
export function storedInputComment(
  c: { id: string; text: string; likes: number; author?: string | null; byCreator?: boolean },
  publishedAt: string | null,
  parentId: string | null,
): InputComment {
  return {
    id: c.id,
    text: c.text,
    likes: c.likes,
    author: c.author ?? null,
    publishedAt,
    replyCount: 0,
    parentId,
    ...(c.byCreator ? { byCreator: true } : {}),
  };
}

/**
 * Cleans comment text and flags exact/near duplicates and obvious spam. Likes, author, published
 * date, reply count and parent are carried through unchanged. O(n).
 *
 * Spam is a comment whose text is spam (spam.ts), a reply playing along under a scam comment, one
 * author's reply repeated under several top comments it has nothing to do with, any
 * comment of an account whose display name
 * marks it as a spam account, every comment of an author who posted spam text (the account is
 * part of the campaign) and every copy of a spam text. The creator's own comments are never spam
 * (a pinned link to the merch is theirs to post), nor those the creator restored (`notSpam`). A long text copied by several authors is chain
 * copy-paste: its copies are duplicates of the earliest and add no weight to it.
 */
export function prepareComments(
  input: readonly InputComment[],
  options: PrepareOptions = {},
): PreparedBatch {
  const cleaned = input.map(embeddingText);
  // A reply written as "[MAIN] the quoted top comment [REPLY] the reply" is judged by what its author
  // wrote: quoting a link or a pitch is no spam, nor does the quote make replies copies of each other.
  const own = cleaned.map(ownText);
  const normalised = own.map(normaliseForMatching);
  const duplicateOf = findDuplicates(normalised);
  const byCreator = input.map((c) => c.byCreator === true);
  const restored = new Set(options.notSpam ?? []);
  // the creator's own comments and those the creator restored are never spam
  const neverSpam = input.map((c, i) => byCreator[i]! || restored.has(c.id));
  const reasons = own.map((text, i) => (neverSpam[i] ? null : spamReason(text)));
  const spamText = reasons.map((reason) => reason !== null);
  // A reply playing along under a scam comment is part of the scam (the accomplices' replies); its
  // words are harmless elsewhere, so unlike spam text its copies are not spam.
  const byId = new Map(input.map((c, i) => [c.id, i]));
  const scamFollowUp = own.map((text, i) => {
    if (spamText[i] || neverSpam[i]) return false;
    const parent = input[i]!.parentId;
    const at = parent === null ? undefined : byId.get(parent);
    const quoted = splitQuotedReply(cleaned[i]!)?.parent;
    const parentReason =
      at !== undefined ? reasons[at]! : quoted !== undefined ? spamReason(quoted) : null;
    return isScamFollowUp(text, parentReason);
  });
  // one verdict per display name (an author often writes many comments)
  const spamAuthor = new Map<string, boolean>();
  const isSpamAuthor = (author: string | null): boolean => {
    if (!author) return false;
    let verdict = spamAuthor.get(author);
    if (verdict === undefined)
      spamAuthor.set(author, (verdict = spamAuthorReason(author) !== null));
    return verdict;
  };
  const spam = spamText.map(
    (s, i) => s || scamFollowUp[i]! || (!neverSpam[i] && isSpamAuthor(input[i]!.author)),
  );
  for (const i of unrelatedRepeatedReplies(input, cleaned, normalised, duplicateOf, byId))
    if (!neverSpam[i]) spam[i] = true;
  // An author who posted spam posted it for a campaign: their other comments go with it.
  const spamAuthors = new Set<string>();
  spam.forEach((s, i) => {
    const author = input[i]!.author;
    if (s && author) spamAuthors.add(author);
  });
  input.forEach((c, i) => {
    if (!neverSpam[i] && c.author && spamAuthors.has(c.author)) spam[i] = true;
  });

  // Group members by their original to spot copy-paste across authors and to weight originals.
  const groups = new Map<number, number[]>();
  duplicateOf.forEach((root, i) => {
    if (root === null) return;
    const members = groups.get(root);
    if (members) members.push(i);
    else groups.set(root, [root, i]);
  });
  // Each group of copies is represented by its first genuine member (the root may be a spam
  // account's copy), which weighs 1 + ln(genuine copies); the others point at it.
  const dupOf: (number | null)[] = duplicateOf.slice();
  const copiesOf = new Map<number, number>();
  for (const [root, members] of groups) {
    // spam text stays spam whoever copies it (a spam account's copy of a viewer's comment does not
    // taint the viewer's); such a group has no genuine member left to represent it
    if (members.some((i) => spamText[i])) {
      for (const i of members) if (!neverSpam[i]) spam[i] = true;
      continue;
    }
    // Chain copy-paste: one long text posted by several authors (bots copying a popular comment,
    // chain letters). Its copies are duplicates like any other, but they add no weight to the text.
    // Unknown authors count as distinct: a file without authors still shows chain messages.
    const tokens = (normalised[root] ?? '').split(' ').length;
    const authors = new Set(members.map((i) => input[i]!.author ?? `#${i}`));
    const chain = tokens >= COPY_PASTE_MIN_TOKENS && authors.size >= COPY_PASTE_AUTHORS;
    const genuine = members.filter((i) => !spam[i] && !byCreator[i]);
    if (genuine.length === 0) continue;
    const rep = chain ? earliest(genuine, input) : genuine[0]!;
    for (const i of members) dupOf[i] = i === rep ? null : rep;
    copiesOf.set(rep, chain ? 1 : genuine.length);
  }
  const weights = new Float32Array(input.length);
  let duplicates = 0;
  let spamCount = 0;
  const comments = input.map((c, i): PreparedComment => {
    const isSpam = spam[i] ?? false;
    const dup = dupOf[i] ?? null;
    if (isSpam) spamCount++;
    else if (dup !== null) duplicates++;
    // the creator's own comments are answers, not audience topics: assigned and counted, no weight
    if (!isSpam && !byCreator[i] && dup === null && cleaned[i] !== '')
      weights[i] = 1 + Math.log(copiesOf.get(i) ?? 1);
    return { ...c, clean: cleaned[i] ?? '', duplicateOf: dup, spam: isSpam };
  });
  return { comments, weights, duplicates, spam: spamCount };
}

/** Common words of four letters or more, which say nothing about what a comment is about. */
const FUNCTION_WORDS = new Set(
  'this that with they them their there then than have just what when where which will would could should about because your youre from been were into only also some more most much very even like really know dont cant thats these those being does didnt here over after before other every still make made going want need think'.split(
    ' ',
  ),
);

/** Letters-only words of four letters or more: what a reply shares with the comment it answers. */
function contentWords(normalised: string): Set<string> {
  return new Set(
    normalised
      .split(' ')
      .filter((w) => w.length >= 4 && /^\p{L}+$/u.test(w) && !FUNCTION_WORDS.has(w)),
  );
}

/**
 * Replies an author posted, word for word or nearly, under several different top comments without
 * sharing a word with any of them: the same plug ("I remade this goal in my game, come see") dropped
 * under every popular comment is how a promotion account works a comment section. A viewer who
 * repeats an answer repeats it where it answers something, or about what the whole section talks
 * of: a repeat that shares a word with a comment it replies to, or two words with what at least
 * two other authors wrote, is left alone, as are short texts ("same", "lol true").
 */
function unrelatedRepeatedReplies(
  input: readonly InputComment[],
  cleaned: readonly string[],
  normalised: readonly string[],
  duplicateOf: readonly (number | null)[],
  byId: ReadonlyMap<string, number>,
): number[] {
  // how many authors use each word: a repeat about what the whole section discusses is a viewer's
  const authorsOf = new Map<string, Set<string>>();
  input.forEach((c, i) => {
    for (const w of contentWords(normalised[i]!)) {
      const set = authorsOf.get(w) ?? new Set<string>();
      set.add(c.author ?? `#${i}`);
      authorsOf.set(w, set);
    }
  });
  const groups = new Map<string, { members: number[]; threads: Set<string>; related: boolean }>();
  input.forEach((c, i) => {
    if (!c.author) return;
    const words = contentWords(normalised[i]!);
    if (normalised[i]!.split(' ').length < REPEATED_REPLY_MIN_WORDS) return;
    const at = c.parentId === null ? undefined : byId.get(c.parentId);
    const parent =
      at !== undefined
        ? normalised[at]!
        : normaliseForMatching(splitQuotedReply(cleaned[i]!)?.parent ?? '');
    if (parent === '') return;
    const key = `${duplicateOf[i] ?? i}\u0000${c.author}`;
    const group = groups.get(key) ?? { members: [], threads: new Set<string>(), related: false };
    group.members.push(i);
    group.threads.add(parent);
    const shared = contentWords(parent);
    const sectionWords = [...words].filter((w) => (authorsOf.get(w)?.size ?? 0) >= 3).length;
    if ([...words].some((w) => shared.has(w)) || sectionWords >= 2) group.related = true;
    groups.set(key, group);
  });
  return [...groups.values()]
    .filter((g) => g.threads.size >= 2 && !g.related)
    .flatMap((g) => g.members);
}

/** The member posted first (by published date when every member has one, else by input order). */
function earliest(members: readonly number[], input: readonly InputComment[]): number {
  const times = members.map((i) => Date.parse(input[i]!.publishedAt ?? ''));
  if (times.some((t) => Number.isNaN(t))) return Math.min(...members);
  let best = 0;
  for (let m = 1; m < members.length; m++)
    if (times[m]! < times[best]! || (times[m] === times[best] && members[m]! < members[best]!))
      best = m;
  return members[best]!;
}
