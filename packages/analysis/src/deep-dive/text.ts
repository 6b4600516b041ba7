/**
 * Small text helpers for the per-cluster deep dive: tokens and stop words (sentences: text/sentences.ts).
 * Kept local so the deep dive works on stored comments without the clustering pipeline.
 */
import { stripUrls } from '../text/sentences';
import { hasUnspacedScript, WORD, wordsOfRun } from '../text/words';

const STOP_WORDS = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below between both
but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further had
hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how how's i i'd i'll
i'm i've if in into is isn't it it's its itself let's me more most mustn't my myself no nor not of off on once only or
other ought our ours ourselves out over own same shan't she she'd she'll she's should shouldn't so some such than that
that's the their theirs them themselves then there there's these they they'd they'll they're they've this those through
to too under until up very was wasn't we we'd we'll we're we've were weren't what what's when when's where where's which
while who who's whom why why's with won't would wouldn't you you'd you'll you're you've your yours yourself yourselves
im ive dont doesnt didnt cant wont isnt thats its u ur ya yeah yes lol just like really also get got one even much
will still gonna wanna would could should every make made thing things go going way lot lots know see said say
ok okay oh hey hi please thanks thank video videos watch watching watched youtube channel
el la los las del que en un una es por para con se lo mi su al le les des du et est pas pour sur une der das und ist
nicht ein eine zu mit auf ich sie wir da do dos em um uma com não muy pero como mas más este esta eso
use used using need needs want try trying tried`
    .split(/\s+/)
    .filter(Boolean),
);

/** True for words that carry no topic on their own. */
export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token);
}

const WORDS = new RegExp(WORD, 'gu');

/**
 * Lower-cased word tokens (letters, digits, inner apostrophes); emoji and punctuation dropped. A run
 * of Chinese, Japanese or Thai gives the words ICU reads in it (text/words.ts).
 */
export function tokenize(text: string): string[] {
  const normalised = stripUrls(text).toLowerCase().normalize('NFKC');
  const words = (normalised.match(WORDS) ?? []).map((t) => t.replace(/’/g, "'"));
  // asked of the text once: most comments hold no word of a script written without spaces
  return hasUnspacedScript(normalised) ? words.flatMap(wordsOfRun) : words;
}

/** Content tokens: no stop words, no 1-letter tokens, no pure numbers. */
export function contentTokens(text: string): string[] {
  return tokenize(text).filter((t) => t.length > 1 && !isStopWord(t) && !/^\d+$/.test(t));
}

/** Jaccard similarity of two token sets (0 when both are empty). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let inter = 0;
  for (const t of a) if (b.has(t)) inter += 1;
  return inter / (a.size + b.size - inter);
}
