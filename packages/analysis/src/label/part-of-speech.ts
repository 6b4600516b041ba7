/**
 * Whether viewers use a word as a noun, read from how they write it: compromise's part-of-speech tagger
 * (MIT, pure JavaScript, an English lexicon plus context rules) tags a few short snippets around the
 * word in the cluster's own comments. "open" in "how do I open it in chrome" is a verb and "easy" in
 * "so easy to follow" an adjective, so neither becomes a heading's topic ("Questions about open and
 * chrome"); "view" in "the view from the top" stays a noun. Unknown words (names, slang) are nouns to
 * the tagger, so they are never rejected for being unknown.
 */
import { createRequire } from 'node:module';
import type nlpType from 'compromise/two';

type Nlp = typeof nlpType;
let loaded: Nlp | null = null;

/**
 * The tagger, loaded on first use: its lexicon costs about 45 MB, which only the labelling needs
 * (the 50,000-comment peak is reached during clustering, before it is loaded).
 */
function tagger(): Nlp {
  return (loaded ??= createRequire(import.meta.url)('compromise/two') as Nlp);
}

function nlp(text: string): ReturnType<Nlp> {
  return tagger()(text);
}

/**
 * The tags compromise's English lexicon gives a lower-case word ("derek" -> MaleName, "lift" ->
 * Infinitive), or undefined for a word it does not know (most names, slang, misspellings).
 */
export function lexiconTag(word: string): readonly string[] | undefined {
  const lexicon = (
    tagger() as unknown as { model(): { one: { lexicon: Record<string, unknown> } } }
  ).model().one.lexicon;
  const tag = Object.hasOwn(lexicon, word) ? lexicon[word] : undefined;
  if (typeof tag === 'string') return [tag];
  return Array.isArray(tag) ? tag.filter((t): t is string => typeof t === 'string') : undefined;
}

/** Snippets tagged per word: enough to outvote one odd sentence, few enough to cost a few ms. */
const MAX_SNIPPETS = 5;
/** Words either side of the word in a snippet: the tagger's rules look at close neighbours. */
const WINDOW = 4;

/** Words after which an "-s" form is a verb ("he uploads", "it works"). */
const SINGULAR_SUBJECT = /^(?:he|she|it|who|that|which|this|everyone|everybody|someone|nobody)$/i;
/**
 * Adverbs that stand between a subject and its verb, so an "-s" form after them is a verb too
 * ("he never disappoints", "Ssundee always uploads", "never fails to make me laugh").
 */
const VERB_ADVERB =
  /^(?:never|always|still|really|just|also|actually|literally|truly|definitely|ever|sometimes|usually|rarely|seldom|often|constantly|finally|basically|barely|hardly|simply|seriously|totally|kinda|lowkey)$/i;

/** The text as a regular expression matching it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Share of a phrase's uses in `texts` that read as a noun phrase, from at most five snippets: a word
 * tagged as a noun; a two-word phrase not led by a verb ("ask question" is not a topic, "trick shot"
 * is). Null when the phrase is found in fewer than two texts (too little to judge). `phrase` is a
 * tag's key: lower case, a plural "s" folded away, so "uploads" counts for "upload".
 */
export function nounShare(phrase: string, texts: readonly string[]): number | null {
  const words = phrase.split(' ').filter(Boolean);
  if (words.length === 0 || words.length > 2) return null;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}'’])${words.map(escapeRegExp).join('\\s+')}(?:s|es)?(?![\\p{L}\\p{N}'’])`,
    'iu',
  );
  const word = words[0]!;
  let found = 0;
  let nouns = 0;
  for (const text of texts) {
    if (found >= MAX_SNIPPETS) break;
    const match = pattern.exec(text);
    if (!match) continue;
    const before = text.slice(0, match.index).split(/\s+/).filter(Boolean).slice(-WINDOW);
    const after = text
      .slice(match.index + match[0].length)
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, WINDOW);
    const written = match[0].toLowerCase().split(/\s+/);
    const doc = nlp([...before, ...written, ...after].join(' '));
    const terms = doc.docs.flat();
    const at = terms.findIndex((t, i) => written.every((w, j) => terms[i + j]?.normal === w));
    if (at < 0) continue;
    found++;
    let noun: boolean;
    // Two words: the tagger often misreads compounds' heads ("trick shot" reads as a verb), so
    // the head rejects only as an adverb or an "-ed" past tense ("brand slapped", "away
    // immediately"); a verb or adverb lead rejects ("ask question", "personally build").
    if (written.length > 1) {
      const lead = terms[at]!.tags;
      const head = terms[at + 1]!;
      noun =
        !(lead?.has('Verb') || lead?.has('Adverb')) &&
        !head.tags?.has('Adverb') &&
        !(head.tags?.has('PastTense') && /ed$/.test(head.normal ?? ''));
    }
    // A plural-looking form ("views", "uploads") is a verb only after a singular subject or an
    // adverb ("he uploads daily", "never disappoints"), or where the tagger reads a verb right after
    // a noun; the tagger alone reads "100m views" or "subs and views" as verbs too often.
    else if (written[0] !== word) {
      const previous = before[before.length - 1] ?? '';
      // The subject before the verb ("this guy deserves"); the tagger splits "100m" into a value and
      // an empty unit term, so the word before is the last term with text.
      let back = at - 1;
      while (back > 0 && !terms[back]!.normal) back--;
      const lead = terms[back]?.tags;
      const afterSubject =
        (terms[at]!.tags?.has('Verb') ?? false) &&
        (lead?.has('Noun') ?? false) &&
        !lead?.has('Possessive') &&
        !lead?.has('Value');
      noun = !SINGULAR_SUBJECT.test(previous) && !VERB_ADVERB.test(previous) && !afterSubject;
    } else noun = terms[at]!.tags?.has('Noun') ?? false;
    if (noun) nouns++;
  }
  return found >= 2 ? nouns / found : null;
}

/** A phrase viewers mostly use as a verb or an adjective is no topic; unknown or unclear ones are kept. */
export function usedAsNoun(phrase: string, texts: readonly string[]): boolean {
  const share = nounShare(phrase, texts);
  return share === null || share >= 0.4;
}
