import type { Intent } from '@app/contracts';
import { inputComment } from '../input-comment.test-support';
import { prepareComments } from '../prepare/prepare-comments';
import type { Keyphrase } from './keyphrases';
import { labelClusters, type ClusterLabel } from './label-clusters';

/**
 * Labels plain comment texts whose clusters are given (`clusterOf(i)` for text i), every comment
 * of one intent, which is also every cluster's category, and one tone: the labelling alone, with
 * the classifiers left out. `names` are the source's (`sourceNames`).
 */
export function labelTexts(
  texts: readonly string[],
  clusterOf: (i: number) => number,
  intent: Intent,
  names?: ReadonlyMap<string, string>,
): ClusterLabel[] {
  const prepared = prepareComments(texts.map((text, i) => inputComment(text, { id: String(i) })));
  const assignments = texts.map((_, i) => clusterOf(i));
  const positive = intent === 'Praise';
  return labelClusters({
    comments: prepared.comments,
    assignments,
    k: Math.max(...assignments) + 1,
    intents: texts.map(() => intent),
    sentiments: texts.map(() =>
      positive ? { score: 0.6, label: 'positive' } : { score: 0, label: 'neutral' },
    ),
    centrality: null,
    categorise: () => intent,
    names,
  });
}

/**
 * A keyphrase shown as `display` (its tag in lower case, a name when it has capitals), in 30% of
 * the cluster's comments, score 1, unless `extra` says otherwise.
 */
export function keyphrase(display: string, extra: Partial<Keyphrase> = {}): Keyphrase {
  return {
    share: 0.3,
    tag: display.toLowerCase(),
    shownTag: (extra.tag ?? display).toLowerCase(),
    display,
    name: display !== display.toLowerCase(),
    takesArticle: false,
    addressed: false,
    advised: false,
    generic: false,
    score: 1,
    ...extra,
  };
}
