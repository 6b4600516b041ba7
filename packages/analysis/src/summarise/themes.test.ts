import { describe, expect, it } from 'vitest';
import type { Intent } from '@app/contracts';
import { analyseComments } from '../pipeline/analyse';
import { genericReactionKind } from '../clustering/generic-reactions';
import { FIXTURE_VIDEOS, fixtureComments, withoutLabels } from '../comment-fixtures.test-support';
import { HashedEmbedder } from '../hashed-embedder.test-support';
import { classifySentiments } from '../sentiment';
import { composeHeading } from '../label/heading';
import { labelClusters } from '../label/label-clusters';
import { keyphrase } from '../label/label.test-support';
import { measureClusters } from '../measure/shares';
import { prepareComments } from '../prepare/prepare-comments';
import { composeOfflineSummary } from './offline-summary';
import { summaryClusters } from './summary-clusters';

/** A heading that lists two nouns: "Comments mentioning mirror and head", "Praise for X and Y". */
const TWO_NOUNS = /\b(?:about|on|for|with|mentioning|of) [^“”]+ and [^“”]+$/i;
const PRAISE_HEADING = /^(?:praise|praises|loves|thanks|enthusiasm|positive)\b/i;

describe('themes on the invented videos', () => {
  it('generic reactions take at most one cluster per kind, and no heading lists two nouns', async () => {
    // the four videos as one comment section: many topics and reactions worded many ways
    const rows = FIXTURE_VIDEOS.flatMap(fixtureComments);
    const result = await analyseComments(
      withoutLabels(rows),
      { embedder: new HashedEmbedder() },
      { seed: 3 },
    );
    const perKind = new Map<string, number>();
    result.clusters.forEach((cluster) => {
      const texts = rows.filter((_, i) => result.comments[i]!.clusterId === cluster.cluster_id);
      const kinds = new Map<string, number>();
      for (const r of texts) {
        const kind = genericReactionKind(r.text);
        if (kind) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      const top = [...kinds].sort((a, b) => b[1] - a[1])[0];
      if (top && top[1] * 2 > texts.length) perKind.set(top[0], (perKind.get(top[0]) ?? 0) + 1);
    });
    for (const [kind, clusters] of perKind)
      expect({ kind, clusters }).toEqual({ kind, clusters: 1 });
    // generic headings too: one cluster thanks, one praises the video as a whole
    const generic = result.clusters.filter((c) =>
      /^(?:thanks|praises the video|general praise|praise for the (?:video|tutorial))/i.test(
        c.heading,
      ),
    );
    expect(generic.length).toBeLessThanOrEqual(2);
    for (const cluster of result.clusters) expect(cluster.heading).not.toMatch(TWO_NOUNS);
  });

  it('never joins two topics into a heading, even when both are strong', () => {
    const { heading } = composeHeading({
      category: 'Opinion',
      sentiment: 'mixed',
      positiveShare: 0.4,
      negativeShare: 0.4,
      phrases: [keyphrase('baby trash'), keyphrase('trashcan', { score: 0.95 })],
      humourShare: 0,
      spamShare: 0,
    });
    expect(heading).not.toMatch(TWO_NOUNS);
    expect(heading.toLowerCase()).toContain('baby trash');
  });
});

/** Labels the invented video with its hand-labelled topics as clusters, the classifiers' intents and tones. */
function labelledByTopic(video: (typeof FIXTURE_VIDEOS)[number]) {
  const rows = fixtureComments(video);
  const topics = [...new Set(rows.map((r) => r.topic))];
  const assignments = rows.map((r) => topics.indexOf(r.topic));
  const prepared = prepareComments(withoutLabels(rows)).comments;
  const intents: Intent[] = rows.map((r) => r.intent);
  const labels = labelClusters({
    comments: prepared,
    assignments,
    k: topics.length,
    intents,
    sentiments: classifySentiments(prepared.map((c) => c.clean)),
    centrality: null,
    categorise: (list) => {
      const counts = new Map<Intent, number>();
      for (const i of list) counts.set(i, (counts.get(i) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    },
  });
  return { rows, topics, assignments, prepared, intents, labels };
}

describe('headings say what people say', () => {
  it('never heads a cluster of complaints as praise, whatever its words', () => {
    for (const video of FIXTURE_VIDEOS) {
      const { topics, labels } = labelledByTopic(video);
      topics.forEach((topic, c) => {
        if (topic.startsWith('criticism:'))
          expect({ topic, heading: labels[c]!.heading }).not.toMatchObject({
            heading: expect.stringMatching(PRAISE_HEADING),
          });
      });
    }
  });

  it('reads a cluster whose praise badge hides mostly negative comments by its tone', () => {
    const { heading } = composeHeading({
      category: 'Praise',
      sentiment: 'negative',
      positiveShare: 0.2,
      negativeShare: 0.6,
      criticismShare: 0.3,
      phrases: [keyphrase('music', { takesArticle: true })],
      humourShare: 0,
      spamShare: 0,
    });
    expect(heading).not.toMatch(PRAISE_HEADING);
    expect(heading).toContain('the music');
  });

  it('says what the complaints find wrong: "Finds the music too loud"', () => {
    const { heading } = composeHeading({
      category: 'Criticism',
      sentiment: 'negative',
      positiveShare: 0,
      negativeShare: 0.8,
      phrases: [keyphrase('music', { takesArticle: true })],
      humourShare: 0,
      spamShare: 0,
      complaint: 'loud',
    });
    expect(heading).toBe('Finds the music too loud');
  });
});

describe('summary advice', () => {
  for (const video of FIXTURE_VIDEOS) {
    it(`${video}: names the largest criticism with its count and never advises from spam`, () => {
      const { rows, assignments, prepared, intents, labels, topics } = labelledByTopic(video);
      const measures = measureClusters(
        assignments,
        prepared.map((c) => c.likes),
        topics.length,
      );
      const summary = composeOfflineSummary(
        summaryClusters({
          labels,
          measures,
          comments: prepared,
          assignments,
          intents,
          k: topics.length,
        }),
        { label: 'positive', score: 0.3, positive_share: 0.5, negative_share: 0.1 },
      );
      // the topic with the most genuine complaints, and how many
      const complaints = new Map<number, number>();
      rows.forEach((r, i) => {
        if (r.intent === 'Criticism' && !prepared[i]!.spam && !r.byCreator)
          complaints.set(assignments[i]!, (complaints.get(assignments[i]!) ?? 0) + 1);
      });
      const [cluster, count] = [...complaints].sort((a, b) => b[1] - a[1])[0]!;
      const line = summary.improvement_suggestions.find((s) => s.includes(`${count} comments`));
      expect(line, summary.improvement_suggestions.join('\n')).toBeDefined();
      const subject = labels[cluster]!.subject;
      if (subject) expect(summary.improvement_suggestions.join(' ')).toContain(subject);
      expect(summary.improvement_suggestions.join(' ')).not.toMatch(/nothing to fix/i);
      // no advice quotes a spam comment
      for (const r of rows.filter((x) => x.spam))
        for (const s of summary.improvement_suggestions)
          expect(s).not.toContain(r.text.slice(0, 30));
    });
  }
});
