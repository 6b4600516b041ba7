import { INTENT_PRECEDENCE, type Intent } from '@app/contracts';

/**
 * The cluster-category rule, documented for the guideline and the report:
 * 1. Each comment weighs 1 + log2(1 + likes) (likes optional), so liked comments count more but one viral
 *    comment cannot decide a cluster alone.
 * 2. The actionable intents win on a minority share, because a creator acts on them: a cluster is a
 *    Request cluster when Requests carry >= 25% of the weight, Question >= 30%, Criticism >= 30%.
 *    Base rates in the random part of the dev set are about 6-8% each, so these thresholds are 4x the base
 *    rate: a topic where a quarter of the comments ask for something is about that ask.
 *    If several pass, the one with the largest share wins (ties by INTENT_PRECEDENCE).
 * 3. Otherwise the plurality intent wins (ties by INTENT_PRECEDENCE), so Praise vs Opinion is a plain majority.
 */
export const CATEGORY_RULE = {
  thresholds: { Request: 0.25, Question: 0.3, Criticism: 0.3 } as Readonly<
    Partial<Record<Intent, number>>
  >,
  likeWeight: (likes: number): number =>
    1 + Math.log2(1 + Math.max(0, Number.isFinite(likes) ? likes : 0)),
};

/** A cluster's category from its comments' intents (and optionally their like counts). Empty input is Opinion. */
export function clusterCategory(intents: readonly Intent[], likes?: readonly number[]): Intent {
  if (intents.length === 0) return 'Opinion';
  const weight: Record<Intent, number> = {
    Request: 0,
    Question: 0,
    Criticism: 0,
    Praise: 0,
    Opinion: 0,
  };
  let total = 0;
  intents.forEach((intent, i) => {
    const w = likes ? CATEGORY_RULE.likeWeight(likes[i] ?? 0) : 1;
    weight[intent] += w;
    total += w;
  });
  const byShare = (cands: readonly Intent[]): Intent | undefined =>
    [...cands].sort(
      (a, b) =>
        weight[b] - weight[a] || INTENT_PRECEDENCE.indexOf(a) - INTENT_PRECEDENCE.indexOf(b),
    )[0];
  const actionable = INTENT_PRECEDENCE.filter((i) => {
    const th = CATEGORY_RULE.thresholds[i];
    return th !== undefined && weight[i] / total >= th;
  });
  return byShare(actionable) ?? byShare(INTENT_PRECEDENCE) ?? 'Opinion';
}
