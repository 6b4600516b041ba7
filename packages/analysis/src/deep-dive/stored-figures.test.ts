import { describe, expect, it } from 'vitest';
import { countsFromShares, sentimentShare } from '@app/contracts';
import { aggregateSentiment as clusterSentiment } from '../label/label-clusters';
import { analyseClusterOffline, questionCountSentence } from './cluster-analysis';
import { extractiveAnswer } from './extractive-answer';
import { buildClusterAnalysisRequest, buildClusterChatRequest } from './prompts';
import { retrieveForQuestion } from './retrieval';
import type { ClusterFigures, DeepDiveComment } from './types';

function stored(
  id: string,
  text: string,
  intent: DeepDiveComment['intent'],
  label: 'positive' | 'neutral' | 'negative',
  likes = 0,
): DeepDiveComment {
  const sentimentScore = label === 'positive' ? 0.6 : label === 'negative' ? -0.6 : 0;
  return {
    id,
    text,
    likes,
    author: null,
    publishedAt: null,
    sentimentScore,
    sentimentLabel: label,
    intent,
  };
}

/**
 * Four comments read as questions by their words, but the classifier took only one for a
 * Question: rhetorical praise ("isn't this the best?") and a request phrased as one.
 */
const cluster: DeepDiveComment[] = [
  stored('1', 'Which camera do you use for the night shots?', 'Question', 'neutral', 3),
  stored('2', "Isn't this the best video on the channel?", 'Praise', 'positive', 9),
  stored('3', 'Who else watched this three times?', 'Opinion', 'positive', 1),
  stored('4', 'Can you make a part two please?', 'Request', 'neutral', 2),
  stored('5', 'The night shots are gorgeous', 'Praise', 'positive', 4),
  stored('6', 'The audio in the middle was far too quiet', 'Criticism', 'negative', 0),
];

/** The report's figures for that cluster: 1 question, 3 positive, 2 neutral, 1 negative. */
const figures: ClusterFigures = {
  size: 6,
  likes: 19,
  questionCount: 1,
  sentiment: 'positive',
  sentimentCounts: { positive: 3, neutral: 2, negative: 1 },
};

function chat(question: string, f?: ClusterFigures) {
  const picked = retrieveForQuestion({
    question,
    questionVector: new Float32Array(0),
    comments: cluster,
    vectors: [],
    topK: 30,
  });
  return extractiveAnswer(question, cluster, picked, 4, f);
}

describe('a cluster has one question count', () => {
  it('the deep analysis states the stored count, not the comments that merely read as questions', () => {
    const result = analyseClusterOffline(cluster, { figures });
    expect(result.summary).toContain(
      '1 of the 6 comments in this cluster asks a question, for example: "Which camera do you use for the night shots?"',
    );
    // its examples come from the comments the count counts
    expect(result.topQuestions).toEqual(['Which camera do you use for the night shots?']);
  });

  it('the chat says the same sentence for "what do people ask?"', () => {
    const answer = chat('What do people ask?', figures).answer;
    expect(answer.split('\n')[0]).toBe(`${questionCountSentence(figures)}. The most relevant:`);
    expect(answer.split('\n')[0]).toBe(
      '1 of the 6 comments in this cluster asks a question. The most relevant:',
    );
    expect(analyseClusterOffline(cluster, { figures }).summary).toContain(
      questionCountSentence(figures),
    );
  });

  it('takes the size and count from the report even when fewer comments are at hand', () => {
    const bigger = { ...figures, size: 48, questionCount: 4 };
    expect(chat('what do viewers ask', bigger).answer).toMatch(
      /^4 of the 48 comments in this cluster ask a question\./,
    );
    expect(analyseClusterOffline(cluster, { figures: bigger }).summary).toMatch(
      /^48 comments with 19 likes in total\..*4 of the 48 comments in this cluster ask a question/,
    );
  });

  it('with no question stored, neither says any nor lists one', () => {
    const none = { ...figures, questionCount: 0 };
    const result = analyseClusterOffline(cluster, { figures: none });
    expect(result.summary).not.toMatch(/ask a question|asks a question/);
    expect(result.topQuestions).toEqual([]);
    expect(chat('What do people ask?', none).answer).toMatch(
      /^None of the 6 comments in this cluster asks a question\. These are the closest in meaning:/,
    );
  });

  it('states the stored sentiment counts as percentages of the size', () => {
    const result = analyseClusterOffline(cluster, {
      figures: { ...figures, sentimentCounts: { positive: 2, neutral: 3, negative: 1 } },
    });
    expect(result.summary).toContain('Leaning positive in tone (33% positive, 17% negative).');
    expect(result.sentiment).toBe('positive');
  });

  it('gives a model the stored figures to quote', () => {
    const analysis = buildClusterAnalysisRequest({
      heading: 'Night shots',
      totalComments: 6,
      sample: cluster,
      figures,
    });
    expect(analysis.user).toContain(
      '6 comments, 1 of them ask a question, 3 positive, 2 neutral, 1 negative.',
    );
    const chatRequest = buildClusterChatRequest({
      heading: 'Night shots',
      question: 'What do people ask?',
      retrieved: [],
      figures,
    });
    expect(chatRequest.user).toContain('6 comments, 1 of them ask a question');
  });
});

describe('the chat counts a topic comment by comment', () => {
  it('says how many of the comments on the topic are positive and negative, never a share times a count', () => {
    const unscored = (id: string, text: string): DeepDiveComment => ({
      id,
      text,
      likes: 0,
      author: null,
      publishedAt: null,
      sentimentScore: null,
    });
    const comments = [
      stored('a', 'The night shots are gorgeous', 'Praise', 'positive'),
      unscored('b', 'The night shots were filmed where?'),
      unscored('c', 'Night shots at the lake'),
      unscored('d', 'More night shots please'),
    ];
    const picked = retrieveForQuestion({
      question: 'What about the night shots?',
      questionVector: new Float32Array(0),
      comments,
      vectors: [],
      topK: 30,
    });
    // one scored comment of four: 1 positive (a share of 100% times 4 said 4)
    expect(extractiveAnswer('What about the night shots?', comments, picked).answer).toMatch(
      /^4 of the 4 comments in this cluster mention "night" or "shots" \(1 positive, 0 negative\)/,
    );
  });
});

describe('stored sentiment counts', () => {
  it('counts every comment once (mixed feelings as neutral) and derives the shares from the counts', () => {
    const s = clusterSentiment([
      { score: 0.8, label: 'positive' },
      { score: 0.5, label: 'positive' },
      { score: -0.1, label: 'mixed' },
      { score: 0, label: 'neutral' },
      { score: 0, label: 'neutral' },
      { score: -0.7, label: 'negative' },
    ]);
    expect(s.counts).toEqual({ positive: 2, neutral: 3, negative: 1 });
    expect(s.positive_share).toBe(sentimentShare(2, 6));
    expect(s.negative_share).toBe(sentimentShare(1, 6));
    expect(s.positive_share).toBe(0.333);
  });

  it('turns shares stored without counts into counts that sum to the size', () => {
    expect(countsFromShares(0.333, 0.167, 6)).toEqual({ positive: 2, neutral: 3, negative: 1 });
    for (const size of [1, 3, 7, 48, 1234]) {
      for (const [p, n] of [
        [0.333, 0.333],
        [0.5, 0.5],
        [0, 0],
        [0.999, 0],
        [0.71, 0.12],
      ] as const) {
        const c = countsFromShares(p, n, size);
        expect(c.positive + c.neutral + c.negative).toBe(size);
        expect(Math.abs(c.positive - p * size)).toBeLessThan(1);
        expect(Math.abs(c.negative - n * size)).toBeLessThan(1);
      }
    }
  });
});
