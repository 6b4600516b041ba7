import type { Intent } from '@app/contracts';
import { STOPWORDS } from './stopwords';
import { foldPlural } from './tokenise';

/** A creator instruction understood offline: comments mentioning any keyword count as `intent`. */
export interface ContextRule {
  keywords: string[];
  intent: Intent;
}

const INTENT_WORDS: Record<string, Intent> = {
  request: 'Request',
  suggestion: 'Request',
  praise: 'Praise',
  compliment: 'Praise',
  criticism: 'Criticism',
  criticisms: 'Criticism',
  complaint: 'Criticism',
  question: 'Question',
  opinion: 'Opinion',
};
const INSTRUCTION_WORDS = new Set([
  'treat',
  'count',
  'consider',
  'mark',
  'label',
  'classify',
  'file',
  'as',
  'comment',
  'all',
  'any',
  'should',
  'be',
  'always',
]);

function intentOf(word: string): Intent | undefined {
  return INTENT_WORDS[word] ?? INTENT_WORDS[foldPlural(word)];
}

/**
 * Reads simple instructions from the creator's context, clause by clause ("treat recipe requests as
 * Requests; questions about the merch are Praise"): the target is the intent named after "as"/"are"/"is"
 * (else the last intent named), the keywords are the clause's other content words. Clauses naming no
 * intent or no keyword are ignored: the context is a hint, never a reason to fail.
 */
export function parseContextRules(context: string | undefined | null): ContextRule[] {
  if (!context) return [];
  const rules: ContextRule[] = [];
  for (const clause of context
    .toLowerCase()
    .split(/[.;\n!?]+|,\s*(?:and\s+)?(?=treat|count|consider|mark)/)) {
    const words = clause.match(/[\p{L}\p{N}]+/gu) ?? [];
    let targetIndex = -1;
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (
        intentOf(w) &&
        (targetIndex < 0 || ['as', 'are', 'is', 'into', 'to'].includes(words[i - 1] ?? ''))
      )
        targetIndex = i;
    }
    if (targetIndex < 0) continue;
    const intent = intentOf(words[targetIndex]!)!;
    const keywords = words
      .filter(
        (w, i) =>
          i !== targetIndex &&
          !intentOf(w) &&
          !STOPWORDS.has(w) &&
          !INSTRUCTION_WORDS.has(w) &&
          w.length >= 2,
      )
      .map(foldPlural);
    if (keywords.length > 0) rules.push({ keywords: [...new Set(keywords)], intent });
  }
  return rules;
}

/** Intents after the creator's rules: a comment mentioning a rule's keyword takes the rule's intent (last rule wins). */
export function applyContextRules(
  rules: readonly ContextRule[],
  texts: readonly string[],
  intents: readonly Intent[],
): Intent[] {
  if (rules.length === 0) return [...intents];
  return intents.map((intent, i) => {
    const words = new Set((texts[i]?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(foldPlural));
    let result = intent;
    for (const rule of rules) if (rule.keywords.some((k) => words.has(k))) result = rule.intent;
    return result;
  });
}
