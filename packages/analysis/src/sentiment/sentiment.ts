import { readModelText } from '../model-data';

/** Per-comment sentiment label. `mixed` = clearly positive and clearly negative parts in one comment. */
export type SentimentLabel = 'positive' | 'neutral' | 'negative' | 'mixed';

export interface SentimentResult {
  /** VADER compound score after YouTube-specific normalisation, in -1..1. */
  score: number;
  label: SentimentLabel;
}

/**
 * Emoji and emoticons are rewritten to a word VADER already rates, because the VADER port in npm has no emoji
 * valences. Laughing faces map to "haha" (mildly positive), crying-laughing style ambiguity (😭) is left neutral.
 */
const EMOJI_WORDS: readonly [RegExp, string][] = [
  [/[😍🥰😘💕💖💗💓💞💘💝♥❤🧡💛💚💙💜🤍🖤🤎💯]/gu, ' love '],
  [/[🔥👏🙌🎉🥳🏆👑⭐🌟✨💪]/gu, ' awesome '],
  [/[👍👌😊☺🙂😀😃😄😁😎🤩😇🙏🤗😌🥹]/gu, ' good '],
  [/[😂🤣😆😹]/gu, ' haha '],
  [/[😋🤤]/gu, ' yummy '],
  [/[👎😒🙄😑😤]/gu, ' bad '],
  [/[😡😠🤬💢]/gu, ' angry '],
  [/[🤮🤢💩]/gu, ' disgusting '],
  [/[😢😞😔☹🙁😟😥💔😿]/gu, ' sad '],
  [/[😱😨😰]/gu, ' scared '],
];

/** YouTube slang VADER lacks or rates the wrong way ("fire" and "sick" as praise are common; only safe cases here). */
const SLANG: readonly [RegExp, string][] = [
  [/\b(is|so|straight|pure|was|are|this) fire\b/gi, '$1 awesome'],
  [/\b(banger|bangers|goated|lit|slaps|dope|fye)\b/gi, 'awesome'],
  [/\b(goat|legend|legendary|underrated|masterclass|gem)\b/gi, 'great'],
  [/\b(informative|insightful|educational)\b/gi, 'helpful'],
  [/\b(trash|garbage|rubbish|mid|overrated|cringe|cringy|cringey|lame)\b/gi, 'awful'],
  [/\b(clickbait|scam|scammer)\b/gi, 'misleading'],
  [/\b(thank u|thank you|thanku|tysm|thx)\b/gi, 'thanks'],
  [/\b(luv|lov|loove)\b/gi, 'love'],
];

/** Cheap pre-test so the slang rewrites run only on comments that contain one of their words. */
const SLANG_TRIGGER =
  /fire|banger|goat|lit|slaps|dope|fye|legend|underrated|masterclass|gem|informative|insightful|educational|trash|garbage|rubbish|mid|overrated|cringe|lame|clickbait|scam|thank|tysm|thx|luv|lov/i;

/** Words whose stretched spellings ("sooo", "niiice", "pleeease") should squeeze to ONE letter, not two. */
const SQUEEZE_TO_ONE = new Set(
  'so no yes nice please love wow omg lol lmao hi hey bro cute sure fun great amazing awesome why what bad sad mad hate yum ok okay fire best'.split(
    ' ',
  ),
);

/** Squeezes letters repeated 3+ times ("sooo goood") so the lexicon recognises the word. */
export function squeezeRepeats(text: string): string {
  if (!/(\p{L})\1\1/u.test(text)) return text;
  return text
    .split(/(\s+)/)
    .map((word) => {
      if (!/(\p{L})\1\1/u.test(word)) return word;
      const one = word.replace(/(\p{L})\1{2,}/gu, '$1');
      if (SQUEEZE_TO_ONE.has(one.toLowerCase().replace(/[^\p{L}]/gu, ''))) return one;
      return word.replace(/(\p{L})\1{2,}/gu, '$1$1');
    })
    .join('');
}

/** Compound thresholds; chosen on the dev set's tune split and TweetEval val (see scripts/bench/intent.ts). */
const POS_AT = 0.35;
const NEG_AT = -0.3;
/** `mixed` needs at least this much positive AND negative valence (VADER units, one clear word is about 2)... */
const MIXED_SIDE = 1.8;
/** ...and no side winning outright. */
const MIXED_MAX_COMPOUND = 0.75;

/** YouTube words VADER lacks or rates for another register ("fire" is praise here, "sick" stays out: too ambiguous). */
const EXTRA_LEXICON: Record<string, number> = {
  awesome: 3.1,
  haha: 2.0,
  banger: 2.8,
  bangers: 2.8,
  goated: 2.8,
  goat: 2.5,
  legend: 2.5,
  legendary: 2.8,
  underrated: 1.8,
  masterclass: 3.0,
  informative: 2.0,
  insightful: 2.0,
  educational: 1.5,
  wholesome: 2.3,
  relatable: 1.2,
  trash: -2.3,
  garbage: -2.3,
  rubbish: -2.0,
  mid: -1.2,
  overrated: -1.5,
  cringe: -1.8,
  cringy: -1.8,
  cringey: -1.8,
  clickbait: -2.0,
  unwatchable: -2.8,
  boring: -1.8,
  tysm: 2.3,
  thx: 1.8,
  ty: 1.6,
  thankyou: 1.9,
  thanku: 1.9,
  luv: 3.0,
  yummy: 2.4,
  rip: -1.0,
};

const LEXICON: ReadonlyMap<string, number> = (() => {
  const m = new Map<string, number>();
  for (const line of readModelText('vader-lexicon.txt').split('\n')) {
    const at = line.lastIndexOf(' ');
    if (at > 0) m.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  for (const [w, v] of Object.entries(EXTRA_LEXICON)) m.set(w, v);
  return m;
})();

const B_INCR = 0.293;
const B_DECR = -0.293;
const C_INCR = 0.733;
const N_SCALAR = -0.74;
const BOOSTERS: ReadonlyMap<string, number> = new Map([
  ...'absolutely amazingly awfully completely considerably decidedly deeply effing enormously entirely especially exceptionally extremely fabulously flipping flippin fricking frickin frigging friggin fully fucking greatly hella highly hugely incredibly intensely majorly more most particularly purely quite really remarkably so soo substantially thoroughly totally tremendously uber unbelievably unusually utterly very super mad hecka'
    .split(' ')
    .map((w): [string, number] => [w, B_INCR]),
  ...'almost barely hardly kinda kindof less little marginally occasionally partly scarcely slightly somewhat sorta sortof'
    .split(' ')
    .map((w): [string, number] => [w, B_DECR]),
]);
const NEGATORS = new Set(
  "aint arent cannot cant couldnt darent didnt doesnt dont hadnt hasnt havent isnt mightnt mustnt neither never no nobody none nope nor not nothing nowhere oughtnt shant shouldnt uhuh wasnt werent without wont wouldnt rarely seldom despite ain't aren't can't couldn't didn't doesn't don't hadn't hasn't haven't isn't mightn't mustn't shan't shouldn't wasn't weren't won't wouldn't".split(
    ' ',
  ),
);

const isUpperWord = (w: string): boolean => /[A-Z]/.test(w) && !/[a-z]/.test(w);
const stripPunct = (w: string): string => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/**
 * VADER's scoring (Hutto & Gilbert 2014) re-implemented compactly: lexicon valence, ALL-CAPS emphasis when only some
 * words are caps, boosters/dampeners over the 3 preceding words, negation (x -0.74), "but" shifting weight to
 * the second half, "!" and "?" amplification, and the same normalisation to a compound in -1..1.
 * Returns compound and the positive/negative shares.
 */
function vaderScore(text: string): {
  compound: number;
  pos: number;
  neg: number;
  rawPos: number;
  rawNeg: number;
} {
  const raw = text.split(/\s+/).filter((w) => w !== '');
  const tokens = raw
    .map((w) => (LEXICON.has(w.toLowerCase()) ? w : stripPunct(w)))
    .filter((w) => w.length > 0);
  const lower = tokens.map((w) => w.toLowerCase());
  const capWords = tokens.filter(isUpperWord).length;
  const capDiff = capWords > 0 && capWords < tokens.length;
  const sentiments: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const w = lower[i] ?? '';
    let v = BOOSTERS.has(w) ? undefined : LEXICON.get(w);
    if (w === 'kind' && lower[i + 1] === 'of') v = undefined;
    if (v === undefined) {
      sentiments.push(0);
      continue;
    }
    if (capDiff && isUpperWord(tokens[i] ?? '')) v += v > 0 ? C_INCR : -C_INCR;
    for (let k = 1; k <= 3 && i - k >= 0; k++) {
      const prev = lower[i - k] ?? '';
      if (LEXICON.has(prev) && !NEGATORS.has(prev)) continue;
      let b = BOOSTERS.get(prev) ?? 0;
      if (b !== 0) {
        if (v < 0) b = -b;
        if (capDiff && isUpperWord(tokens[i - k] ?? '')) b += v > 0 ? C_INCR : -C_INCR;
        v += k === 1 ? b : k === 2 ? b * 0.95 : b * 0.9;
      }
      if (NEGATORS.has(prev) || prev.endsWith("n't")) v *= N_SCALAR;
    }
    if (i > 0 && lower[i - 1] === 'least' && lower[i - 2] !== 'at' && lower[i - 2] !== 'very')
      v *= N_SCALAR;
    sentiments.push(v);
  }
  const rawPos = sentiments.reduce((a, b) => (b > 0 ? a + b : a), 0);
  const rawNeg = -sentiments.reduce((a, b) => (b < 0 ? a + b : a), 0);
  const butAt = lower.indexOf('but');
  if (butAt >= 0)
    for (let i = 0; i < sentiments.length; i++)
      sentiments[i] = (sentiments[i] ?? 0) * (i < butAt ? 0.5 : i > butAt ? 1.5 : 1);
  let sum = sentiments.reduce((a, b) => a + b, 0);
  const excl = Math.min(4, (text.match(/!/g) ?? []).length) * 0.292;
  const qm = (text.match(/\?/g) ?? []).length;
  const qAmp = qm > 1 ? (qm <= 3 ? qm * 0.18 : 0.96) : 0;
  const amp = excl + qAmp;
  if (sum > 0) sum += amp;
  else if (sum < 0) sum -= amp;
  const compound = sum === 0 ? 0 : Math.max(-1, Math.min(1, sum / Math.sqrt(sum * sum + 15)));
  let pos = 0;
  let neg = 0;
  let neu = 0;
  for (const s of sentiments) {
    if (s > 0) pos += s + 1;
    else if (s < 0) neg += s - 1;
    else neu += 1;
  }
  if (pos > Math.abs(neg)) pos += amp;
  else if (pos < Math.abs(neg)) neg -= amp;
  const total = pos + Math.abs(neg) + neu;
  return {
    compound,
    pos: total ? pos / total : 0,
    neg: total ? Math.abs(neg) / total : 0,
    rawPos,
    rawNeg,
  };
}

/**
 * Scores one comment's sentiment with a VADER-style lexicon (valences, boosters, negation, ALL CAPS, "!"),
 * extended with emoji valences, YouTube slang and squeezed letter repeats. Pure and fast; never throws.
 * Text the lexicon cannot read (most non-English text) comes out neutral unless its emoji carry a tone.
 */
export function scoreSentiment(text: string): SentimentResult {
  const { score, label } = lexiconSentiment(text);
  return { score, label };
}

/** The lexicon's result with the summed positive and negative valences it came from (model features). */
export interface LexiconSentiment extends SentimentResult {
  rawPos: number;
  rawNeg: number;
}

/** scoreSentiment with the raw valence sums (what the learned sentiment model reads). */
export function lexiconSentiment(text: string): LexiconSentiment {
  if (typeof text !== 'string' || text.trim() === '')
    return { score: 0, label: 'neutral', rawPos: 0, rawNeg: 0 };
  let t = text.length > 3000 ? text.slice(0, 3000) : text;
  if (/[\u2100-\u{10FFFF}]/u.test(t)) for (const [re, word] of EMOJI_WORDS) t = t.replace(re, word);
  t = t
    .replace(/(^|\s)(:-?\)|:-?D|;-?\)|<3|xD|XD)(?=\s|$)/g, '$1 good ')
    .replace(/(^|\s)(:-?\()(?=\s|$)/g, '$1 sad ');
  t = squeezeRepeats(t);
  if (SLANG_TRIGGER.test(t)) for (const [re, word] of SLANG) t = t.replace(re, word);
  const s = vaderScore(t);
  const score = Number.isFinite(s.compound) ? Math.round(s.compound * 10000) / 10000 : 0;
  let label: SentimentLabel;
  if (s.rawPos >= MIXED_SIDE && s.rawNeg >= MIXED_SIDE && Math.abs(score) < MIXED_MAX_COMPOUND)
    label = 'mixed';
  else if (score >= POS_AT) label = 'positive';
  else if (score <= NEG_AT) label = 'negative';
  else label = 'neutral';
  return { score, label, rawPos: s.rawPos, rawNeg: s.rawNeg };
}
