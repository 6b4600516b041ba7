import type { Intent } from '@app/contracts';
import type { ClusterLabel } from '../label/label-clusters';
import type { ClusterMeasures } from '../measure/shares';
import type { PreparedComment } from '../types';
import { fromAudience } from '../prepare/prepare-comments';
import { intentExamples } from './intent-examples';
import type { SummaryCluster } from './offline-summary';

/** True when at least half of a cluster's comments are spam; such clusters stay out of the summary. */
export function isSpamCluster(label: ClusterLabel, comments: readonly PreparedComment[]): boolean {
  return (
    label.members.length > 0 &&
    label.members.filter((i) => comments[i]!.spam).length * 2 >= label.members.length
  );
}

/**
 * What the executive summary reads of each cluster: its labels and the figures the report stores
 * (shares, size, sentiment, intent counts), so the summary states the report's figures. The
 * analysis and a retag build it alike.
 */
export function summaryClusters(input: {
  labels: readonly ClusterLabel[];
  measures: Pick<ClusterMeasures, 'percentage' | 'engagementPercentage' | 'size'>;
  comments: readonly PreparedComment[];
  assignments: ArrayLike<number>;
  intents: readonly Intent[];
  k: number;
  centrality?: ArrayLike<number> | null;
}): SummaryCluster[] {
  const { labels, measures, comments } = input;
  const examples = intentExamples(
    comments,
    input.assignments,
    input.intents,
    input.k,
    input.centrality,
  );
  // Advice counts the audience's own comments: spam and the creator's replies never make it.
  const audienceCounts = labels.map((l) => {
    const counts = { ...l.intentCounts };
    for (const key of Object.keys(counts) as Intent[]) counts[key] = 0;
    for (const i of l.members) if (fromAudience(comments[i]!)) counts[input.intents[i]!] += 1;
    return counts;
  });
  return labels.map((l, at) => ({
    clusterId: l.clusterId,
    heading: l.heading,
    subject: l.subject,
    person: l.person ?? null,
    tags: l.tags,
    category: l.category,
    percentage: measures.percentage[l.clusterId]!,
    engagementPercentage: measures.engagementPercentage[l.clusterId]!,
    size: measures.size[l.clusterId]!,
    sentiment: l.sentiment,
    intentCounts: l.intentCounts,
    representatives: l.representatives,
    examples: examples[l.clusterId],
    spam: isSpamCluster(l, comments),
    audienceCounts: audienceCounts[at]!,
    ...(l.generic ? { generic: true } : {}),
  }));
}
