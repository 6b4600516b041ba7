/**
 * Names the comments' source spells: the video's title and its channel's name. Viewers often type a
 * band, a creator or a game in lower case ("radiohead", "deji", "prozd"), so their own spellings
 * leave a heading at "Praise for radiohead"; the title and the channel say how it is written.
 *
 * Only words the source marks as names count. A title in Title Case capitalises every word ("My
 * Morning Vlog"), so a capital there is no sign of a name by itself; a word counts when
 * - it is cased inside the word ("MrBeast", "ProZD", "iPhone");
 * - English knows it as a name (compromise's lexicon: first and last names, places, organisations);
 * - it is in the channel's name and English does not know it ("Kurzgesagt", "Deji");
 * - it is an acronym English does not know as a word ("GTA", "DNA"; not "FIVE");
 * - the title is in sentence case and capitalises it after its first word ("Covering Lift by
 *   radiohead live" leaves "Lift" a name).
 * A shouted source (most of its letters in capitals) says nothing about spelling but inner casing;
 * a longer word in capitals for emphasis ("Weekend in BRIGHTON") is a name written the usual way.
 * The channel's whole name is one too when some of its words are no term alone ("Dude Perfect").
 */
import type { CommentSourceText } from '../types';
import { isContentWord, tokenise } from './tokenise';
import { lexiconTag } from './part-of-speech';

/** compromise's lexicon tags of names. */
const NAME_TAGS = new Set([
  'FirstName',
  'MaleName',
  'FemaleName',
  'LastName',
  'Person',
  'Organization',
  'SportsTeam',
  'Place',
  'City',
  'Country',
  'Region',
  'ProperNoun',
  'Demonym',
]);

const INNER_CAPITAL = /\p{Ll}\p{Lu}|^\p{Lu}{2,}\p{Ll}/u;
const CAPITAL = /\p{Lu}/u;

function isShouted(text: string): boolean {
  const upper = (text.match(/\p{Lu}/gu) ?? []).length;
  const lower = (text.match(/\p{Ll}/gu) ?? []).length;
  return upper > 4 && upper > 2 * lower;
}

/** Capitals only and longer than an acronym: emphasis, not spelling. */
function isLoud(surface: string): boolean {
  return surface.length > 4 && surface === surface.toUpperCase();
}

function isAcronym(surface: string): boolean {
  return surface.length >= 2 && surface.length <= 4 && surface === surface.toUpperCase();
}

/**
 * Whether a word is written in capitals (two letters or more) and English knows it as a plain word
 * ("TOP", "FIRE", "FIVE"), so its capitals are emphasis; not an acronym or a name ("GTA", "NBA",
 * "USA"), nor a word in lower or mixed case.
 */
export function isPlainWordInCapitals(surface: string): boolean {
  if (surface.length < 2 || !CAPITAL.test(surface) || surface !== surface.toUpperCase())
    return false;
  const tag = lexiconTag(surface.toLowerCase());
  return tag !== undefined && !tag.includes('Abbreviation') && !tag.some((x) => NAME_TAGS.has(x));
}

/**
 * Lower-case word -> the source's spelling, for the words the title or channel name marks as names
 * (see the module comment). The channel is read first: a creator's own spelling wins.
 */
export function sourceNames(source: CommentSourceText | undefined): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  if (!source) return names;
  const read = (text: string | null | undefined, channel: boolean) => {
    if (!text?.trim()) return;
    const shouted = isShouted(text);
    const tokens = tokenise(text).filter((t) => /\p{L}/u.test(t.surface));
    // sentence case: most words after the first that can be lower case are
    const later = tokens.slice(1).filter((t) => isContentWord(t.key));
    const capitalised = later.filter((t) => CAPITAL.test(t.surface[0]!)).length;
    const sentenceCase = later.length > 0 && capitalised * 2 < later.length;
    tokens.forEach((t, position) => {
      const surface = t.surface;
      if (t.hashtag || surface.length < 2 || !isContentWord(t.key) || !CAPITAL.test(surface))
        return;
      const lower = surface.toLowerCase();
      if (names.has(lower)) return;
      const inner = INNER_CAPITAL.test(surface) && !isAcronym(surface);
      if (shouted && !inner) return;
      const tag = lexiconTag(lower);
      const named = tag?.some((x) => NAME_TAGS.has(x)) ?? false;
      const name =
        inner ||
        named ||
        // an acronym English does not know as a word ("GTA", "DNA"; not "FIVE")
        (isAcronym(surface) && !isPlainWordInCapitals(surface)) ||
        (channel && tag === undefined) ||
        (sentenceCase && position > 0);
      // a word in capitals for emphasis ("Weekend in BRIGHTON") is a name written the usual way
      if (name) names.set(lower, isLoud(surface) ? surface[0] + lower.slice(1) : surface);
    });
  };
  read(source.channel, true);
  read(source.title, false);
  const whole = wholeChannelName(source.channel);
  if (whole) names.set(whole.key, whole.display);
  return names;
}

/** Words a channel's name never starts with when viewers mean it by the words ("In The Rain"). */
const LEADING_LINKS = new Set('in on at of to for with by from and or as a an'.split(' '));

/**
 * The channel's name as one phrase when it has two or three words and one of them is no term by
 * itself ("Dude Perfect", where "dude" is chat noise; a leading "The" is left off): lower-case key
 * and the channel's spelling. Viewers writing "dude perfect" then name the channel, not "perfect".
 */
function wholeChannelName(
  channel: string | null | undefined,
): { key: string; display: string } | null {
  if (!channel?.trim()) return null;
  const tokens = tokenise(channel).filter((t) => /[\p{L}\p{N}]/u.test(t.surface));
  if (tokens[0]?.key === 'the') tokens.shift();
  if (tokens.length < 2 || tokens.length > 3) return null;
  if (LEADING_LINKS.has(tokens[0]!.key)) return null;
  if (tokens.every((t) => isContentWord(t.key)) || !tokens.some((t) => isContentWord(t.key)))
    return null;
  const shouted = isShouted(channel);
  return {
    key: tokens.map((t) => t.key).join(' '),
    // capitals for emphasis are written the usual way ("DUDE PERFECT"), acronyms kept ("PBS")
    display: tokens
      .map(({ surface: w }) =>
        (shouted || isLoud(w)) && !(isAcronym(w) && !isPlainWordInCapitals(w))
          ? w[0] + w.slice(1).toLowerCase()
          : w,
      )
      .join(' '),
  };
}

/**
 * The phrase with each word the source names written as the source writes it ("radiohead" ->
 * "Radiohead"), or the whole phrase when the source names it ("dude perfect" -> "Dude Perfect").
 */
export function withSourceNames(phrase: string, names: ReadonlyMap<string, string>): string {
  if (names.size === 0) return phrase;
  const whole = names.get(phrase.toLowerCase());
  if (whole !== undefined) return whole;
  return phrase
    .split(' ')
    .map((w) => names.get(w.toLowerCase()) ?? w)
    .join(' ');
}
