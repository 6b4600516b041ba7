import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Intent } from '@app/contracts';
import { csvRecords } from './text/csv';
import type { InputComment } from './types';

/**
 * The invented comment fixtures committed under test-fixtures/comments at the repository root
 * (see its README): four videos of comments the team wrote for tests, each row hand-labelled
 * with its topic, intent and whether it is spam, plus a file of clear intent and sentiment examples.
 */
export const fixturesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test-fixtures/comments',
);

/** The invented videos: a sourdough tutorial, a React hooks tutorial, a Lisbon vlog, a guitar lesson. */
export const FIXTURE_VIDEOS = ['invBread001', 'invHooks001', 'invLisbon01', 'invGuitar01'] as const;
export type FixtureVideo = (typeof FIXTURE_VIDEOS)[number];

/** One row of a video file: the comment and its hand labels. */
export interface FixtureComment extends InputComment {
  /** What the comment is about, e.g. `criticism:audio`, `question:flour`, `spam`, `creator`. */
  topic: string;
  intent: Intent;
  spam: boolean;
}

/** The path of a fixture file. */
export const fixtureFile = (name: string): string => path.join(fixturesDir, name);

/** A video's comments in file order, with their labels. */
export function fixtureComments(video: FixtureVideo): FixtureComment[] {
  return csvRecords(readFileSync(fixtureFile(`${video}.csv`), 'utf8')).map((r) => ({
    id: r.id!,
    text: r.text!,
    likes: Number(r.likes),
    author: r.author || null,
    publishedAt: r.published_at || null,
    replyCount: 0,
    parentId: r.parent_id || null,
    byCreator: r.by_creator === 'true',
    topic: r.topic!,
    intent: r.intent as Intent,
    spam: r.spam === 'true',
  }));
}

/** Fixture rows without their hand labels, as the pipeline takes them. */
export const withoutLabels = (rows: readonly FixtureComment[]): InputComment[] =>
  rows.map(({ topic: _topic, intent: _intent, spam: _spam, ...c }) => c);

/** Every video's comments, video after video. */
export const allFixtureComments = (): FixtureComment[] => FIXTURE_VIDEOS.flatMap(fixtureComments);

/** Clear examples of each intent, with the sentiment they express. */
export interface LabelledExample {
  id: string;
  text: string;
  intent: Intent;
  sentiment: 'positive' | 'neutral' | 'negative';
}

export function labelledExamples(): LabelledExample[] {
  return csvRecords(readFileSync(fixtureFile('intent-labelled.csv'), 'utf8')).map((r) => ({
    id: r.id!,
    text: r.text!,
    intent: r.intent as Intent,
    sentiment: r.sentiment as LabelledExample['sentiment'],
  }));
}
