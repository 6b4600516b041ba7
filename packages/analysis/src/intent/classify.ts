import { INTENT_PRECEDENCE, type Intent } from '@app/contracts';
import { scoreSentiment } from '../sentiment/sentiment';
import { splitSentences } from '../text/sentences';
import { countWords } from '../text/words';
import {
  DIRECT_CRITICISM,
  FOREIGN_CRITICISM,
  FOREIGN_PRAISE,
  FOREIGN_REQUEST,
  GENERAL_CRITICISM,
  NOT_REQUEST,
  PRAISE_CUES,
  QUESTION_CUES,
  REQUEST_CUES,
  RHETORICAL,
  SARCASM,
  WEAK_PRAISE,
} from './cues';

export interface IntentResult {
  /** The single intent: the highest-precedence intent among `matched` (Opinion when nothing matched). */
  intent: Intent;
  /** Evidence per intent (cue hits, weighted); Opinion carries a constant baseline. */
  scores: Record<Intent, number>;
  /** Every intent with enough evidence, in precedence order. */
  matched: Intent[];
  /** The cue text that fired, per matched intent. */
  evidence: Partial<Record<Intent, string>>;
}

/** Longest text the classifier reads; the opening carries the intent, and this bounds the regex work. */
const MAX_CHARS = 2000;

/** Lower case, straight quotes, squeezed letter repeats ("sooo"), timestamps and links neutralised, single spaces. */
export function normaliseForIntent(text: string): string {
  let t = text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text;
  // each rewrite runs only when its trigger is present: most comments need few of them
  if (t.includes('\\n')) t = t.replace(/\\n/g, ' ');
  if (/[’‘`´“”]/.test(t)) t = t.replace(/[’‘`´]/g, "'").replace(/[“”]/g, '"');
  // full-width (Chinese, Japanese) and Arabic question marks, full-width exclamation marks
  if (/[？؟！]/.test(t)) t = t.replace(/[？؟]/g, '?').replace(/！/g, '!');
  if (t.includes('http')) t = t.replace(/https?:\/\/\S+/g, ' link ');
  if (t.includes(':')) t = t.replace(/\b\d{1,2}:\d{2}(:\d{2})?\b/g, ' timestamp ');
  t = t.toLowerCase();
  if (/(\p{L})\1\1/u.test(t)) {
    t = t
      .replace(/(\p{L})\1{2,}/gu, '$1$1')
      .replace(/\b(soo|noo|yess|pleasee|plss|plzz|niice|loove|gooo|woow|omgg|lool)\b/g, (w) =>
        w.slice(0, -1),
      );
  }
  return t.replace(/\s+/g, ' ').trim();
}

const NEGATOR =
  /\b(not|never|no|n't|dont|don't|doesnt|doesn't|isnt|isn't|wasnt|wasn't|aint|ain't|nothing|without|hardly|zero|less|nor|nicht|kein|pas|non|nie|niet|tidak|bukan|nao|não)\s+(\S+\s+){0,2}$/;

/** True when `re` matches somewhere in `t` without a negator right before the match. */
const globalCache = new WeakMap<RegExp, RegExp>();
function globalOf(re: RegExp): RegExp {
  let g = globalCache.get(re);
  if (!g) {
    g = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
    globalCache.set(re, g);
  }
  return g;
}

function matchesUnnegated(t: string, re: RegExp, checkInner = false): string | null {
  if (!re.test(t)) return null;
  for (const m of t.matchAll(globalOf(re))) {
    const before = t.slice(Math.max(0, m.index - 30), m.index);
    // the negator may also sit inside a long match: "this editing style and it never gets boring"
    // (patterns that spell out their own negation, "not for beginners", are short and skip this check)
    const words = m[0].split(' ');
    const innerNegated =
      checkInner && words.length >= 4 && NEGATOR.test(words.slice(1, -1).join(' ') + ' ');
    if (!NEGATOR.test(before) && !innerNegated) return m[0];
  }
  return null;
}

/** Wh-word or auxiliary opening a clause in a question shape (for texts with their punctuation stripped). */
const QUESTION_OPENING =
  /^(hey |hi |hello |sir |so |and |but |also |ok |okay |btw |also,? |one more thing |quick question:? )?(how (do|does|did|can|could|is|are|to|would|should|much|many|long|come|about|else|exactly|the)|what (is|are|does|do|did|was|were|should|would|could|about|if|kind|type|version|program|software|app|language|editor|ide|mic|camera|font|song|music|happened|happens|'s|s)|whats|why (is|are|does|do|did|was|were|would|not|don't|doesn't|didn't|can't|won't|cant|dont|doesnt|didnt|isn't|isnt)|where (is|are|do|does|can|did|should|could|would|to)|when (is|are|will|does|do|did|can|should|was)|which (is|are|one|version|program|software|language|book|ide|editor|should|do|would|of)|who (is|are|was|did|does|made|sang|sings|wrote)|is (it|this|that|there|he|she|the|anyone|anybody)|are (you|there|these|they|the|those)|does (it|this|that|anyone|anybody|he|she|the|anybody)|do (you|i|we|they|u|anyone|anybody|these|those)|did (you|he|she|they|u|anyone|anybody|i)|can (i|someone|somebody|anyone|this|it|one)|could (i|someone|somebody|anyone|this|it)|should (i|we)|will (it|this|there)|would (it|this)|has (anyone|anybody)|have (you|u|any|anyone)|anyone (know|else know|have|has|tried|got|here)|anybody (know|have|has)|is there (a|any)|any (tips|idea|ideas|suggestions|advice|help))\b/;

/** First match of any pattern in `list` (as evidence), or null. */
function firstMatch(t: string, list: readonly RegExp[]): string | null {
  for (const re of list) {
    const m = re.exec(t);
    if (m) return m[0];
  }
  return null;
}

function questionEvidence(t: string): string | null {
  const cue = firstMatch(t, QUESTION_CUES);
  if (cue !== null) return cue;
  // a reply to another commenter ("@name so?") argues rather than asks, unless a help cue matched above
  if (/^[^\p{L}@]*@/u.test(t)) return null;
  // quoted speech ("do you workout?" "no i deliver furniture") is not the commenter asking
  const own = t.replace(/"[^"]*"/g, ' ');
  const all = splitSentences(own);
  // in long comments, rhetorical questions sit mid-text; a real question is asked at the end
  const considered = countWords(own) > 40 ? all.slice(-2) : all;
  for (const s of considered) {
    // "??" / "???" reads as disbelief or sarcasm rather than a request for information
    if (/\?\?\s*$/.test(s)) continue;
    if (RHETORICAL.some((re) => re.test(s))) continue;
    const words = countWords(s.replace(/[^\p{L}\p{N}' ]/gu, ' '));
    const endsQ = /\?\s*$/.test(s) && !/!\?+$|\?!+$/.test(s);
    // two words are a question: Chinese and Japanese ones counted as ICU reads them (text/words.ts)
    if (endsQ && words >= 2) return s;
    const opening = s.replace(/^[^\p{L}]+/u, '');
    if (!/[!]$/.test(s) && QUESTION_OPENING.test(opening)) return opening.slice(0, 40);
  }
  return null;
}

function requestEvidence(t: string): string | null {
  let r = t;
  for (const re of NOT_REQUEST) r = r.replace(globalOf(re), ' ');
  return firstMatch(r, REQUEST_CUES);
}

/** Weak praise words ("good", "nice", "love") count only next to a target: "good video", "love this", "you're so nice". */
const PRAISE_FRAME =
  /\b((good|nice|cool|great|solid|sweet|fun|interesting|fascinating|epic|super|top|best|fav|favorite|favourite|fave|clear) (video|vid|videos|vids|content|channel|job|work|tutorial|tutorials|explanation|lesson|lecture|series|episode|song|music|voice|editing|stream|vlog|review|podcast|interview|guide|one|stuff|quality|performance|presentation|teacher|teaching|vibes|energy|choice|idea|point|points|info|information|tips|advice|topic|movie|game|show|part|moment|track|beat|album|voice|creator|youtuber)|((i|we|really|totally|definitely|also|just|absolutely|i do|i really|i just|i also) (like|liked|love|loved|enjoy|enjoyed)|loved|loving|enjoy|enjoyed|adore|luv|appreciate|(much|massive|huge|big|full|all the|mad|major) respect|respect (to|for)) (this|these|the|your|ur|it|that|them|him|her|you|u|ya|you guys|yall|y'all|how|his|their|when|watching|seeing|every|all|everything|each|hearing|listening)|(you|u|ya|this|it|that|he|she|they|you guys|yall|y'all|this guy|this man|this video|this song|the video|the song)('s|'re| is| are| was| were| re| r| s|s)( just| really| so| very| such| truly| always| still| absolutely| pretty| too| the| a| an)*( good| nice| cool| great| best| fun| interesting| fascinating| epic| sweet| solid| cute| fire| lit| legend| king| queen| hero| beast| the man| the best| clear| proud)|(so|really|very) (happy|glad|proud)|glad (it's|its|it is|you|to see|that)|(much|massive|huge|big|full|mad|major|all the|lots of) (respect|support|love)|(i'm|im|i am|so) (glad|happy|proud) (you|u|to see|for|that|this|he|she|they)|keep (it )?up|(?<!wish (you )?)the best|love (you|u|ya|it|this|that)|i love|we love|love from|much love|lots of love|love ya)\b/;

function praiseEvidence(t: string, compound: () => number): string | null {
  let weak: string | null = null;
  for (const re of PRAISE_CUES) {
    const hit = matchesUnnegated(t, re);
    if (hit === null) continue;
    if (!WEAK_PRAISE.test(hit.trim())) return hit;
    weak = hit;
  }
  if (weak === null) return null;
  const framed = matchesUnnegated(t, PRAISE_FRAME);
  if (framed !== null) return framed;
  const words = t.split(' ').length;
  return words <= 3 || (words <= 12 && compound() >= 0.6) ? weak : null;
}

/**
 * Direct complaints count unless negated. General negative words count only in short comments (<= 25 words) that read
 * clearly negative (compound <= -0.55): long negative comments are mostly stories and debate (Opinion) on the dev set.
 */
function criticismEvidence(t: string, compound: () => number): string | null {
  for (const re of DIRECT_CRITICISM) {
    const hit = matchesUnnegated(t, re, true);
    if (hit !== null) return hit;
  }
  if (t.split(' ').length > 25) return null;
  for (const re of GENERAL_CRITICISM) {
    const hit = matchesUnnegated(t, re);
    if (hit !== null) return compound() <= -0.55 ? hit : null;
  }
  return null;
}

/**
 * Classifies one comment's intent with the precedence Request > Question > Criticism > Praise > Opinion.
 * Offline, rule-based (cue patterns + VADER tone), deterministic. Empty or unreadable text is Opinion.
 * `evidence` names the cue that fired for each matched intent (for debugging and explanations).
 */
export function classifyIntent(text: string): IntentResult {
  const t = typeof text === 'string' ? normaliseForIntent(text) : '';
  return classifyNormalised(t, lazyTone(t));
}

/** The tone (lexicon compound) of normalised text, computed on the first call only. */
export function lazyTone(t: string): () => number {
  let tone: number | undefined;
  return () => (tone ??= scoreSentiment(t).score);
}

/**
 * `classifyIntent` on text already passed through `normaliseForIntent`, with the tone supplied by
 * the caller (computed on first use), so a caller that needs both does each once.
 */
export function classifyNormalised(t: string, compound: () => number): IntentResult {
  const scores: Record<Intent, number> = {
    Request: 0,
    Question: 0,
    Criticism: 0,
    Praise: 0,
    Opinion: 0.5,
  };
  const evidence: Partial<Record<Intent, string>> = {};
  // a chapter list or a tracklist ("0:00 intro 3:48 shivers ...") is an index, not an opinion to act on
  const isIndex = (t.match(/\btimestamp\b/g) ?? []).length >= 3;
  if (t !== '' && !isIndex) {
    // the tone is needed only for weak cues, so `compound` computes it on first use
    const sarcasm = firstMatch(t, SARCASM);
    const found: Partial<Record<Intent, string | null>> = {
      Request: requestEvidence(t),
      Question: questionEvidence(t),
      Criticism: sarcasm ?? criticismEvidence(t, compound),
      Praise: sarcasm === null ? praiseEvidence(t, compound) : null,
    };
    for (const [intent, ev] of Object.entries(found) as [Intent, string | null][]) {
      if (ev === null) continue;
      scores[intent] = 1;
      evidence[intent] = ev;
    }
  }
  const matched = INTENT_PRECEDENCE.filter((i) => i !== 'Opinion' && scores[i] >= 1);
  const intent = matched[0] ?? 'Opinion';
  if (matched.length === 0) matched.push('Opinion');
  return { intent, scores, matched, evidence };
}

/**
 * The rules' reading of `text` when the evidence they kept for `intent` is one of `cues`, written
 * in a language the learned models cannot read; null for every other text, after one cheap test.
 */
function readInAnotherLanguage(
  text: string,
  cues: readonly RegExp[],
  intent: Intent,
): IntentResult | null {
  if (typeof text !== 'string') return null;
  const lower = text.toLowerCase();
  if (!cues.some((re) => re.test(lower))) return null;
  const t = normaliseForIntent(text);
  const rule = classifyNormalised(t, lazyTone(t));
  const evidence = rule.evidence[intent];
  return evidence !== undefined && cues.some((re) => re.test(evidence)) ? rule : null;
}

/**
 * A complaint in another language that the rules read (FOREIGN_CRITICISM, not negated): the rules'
 * answer for it, which is Criticism unless a request or question comes first ("¿por qué es tan
 * aburrido?"), and whether it also praises. Null for every other text.
 * The learned models cannot read such comments, so their callers let this answer stand over theirs.
 */
export function foreignComplaint(text: string): { intent: Intent; praises: boolean } | null {
  const rule = readInAnotherLanguage(text, FOREIGN_CRITICISM, 'Criticism');
  return rule && { intent: rule.intent, praises: rule.matched.includes('Praise') };
}

/**
 * True for a request in Japanese, Chinese or Korean that the rules read (FOREIGN_REQUEST, not
 * inside self-promotion): the learned models cannot read those scripts, so their callers let the
 * rules' Request stand over theirs.
 */
export function foreignRequest(text: string): boolean {
  return readInAnotherLanguage(text, FOREIGN_REQUEST, 'Request') !== null;
}

/**
 * True for praise in another language that the rules read (FOREIGN_PRAISE, not negated, and no
 * request, question or complaint first): the sentiment models, which cannot read it, say neutral
 * where it is positive.
 */
export function foreignPraise(text: string): boolean {
  return readInAnotherLanguage(text, FOREIGN_PRAISE, 'Praise')?.intent === 'Praise';
}
