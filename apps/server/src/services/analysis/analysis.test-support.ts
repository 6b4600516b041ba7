import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import type { Repositories } from '../../repositories';

/** The invented comment files of the repository (test-fixtures/comments). */
export const COMMENT_FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../test-fixtures/comments',
);

/** Comment themes for factory videos: enough spread for a few clusters. */
const THEMES = [
  (i: number) =>
    `Please make a part two about the ${['desert', 'forest', 'city', 'ocean'][i % 4]} trip!`,
  (i: number) =>
    `What camera and lens did you use for the ${['drone', 'night', 'slow motion'][i % 3]} shots?`,
  (i: number) =>
    `This is the best video on the channel, the editing is amazing ${'!'.repeat(1 + (i % 3))}`,
  (i: number) =>
    `The audio was too quiet in the ${['intro', 'middle', 'ending'][i % 3]}, hard to hear you`,
  (i: number) => `I think travel vlogs should show real costs, number ${i} of my opinions`,
];

/** `n` distinct factory comments as CSV rows with the CLI's columns. */
export function factoryCsv(n: number): string {
  const rows = ['id,text,likes,author,published_at'];
  for (let i = 0; i < n; i++) {
    const text = `${THEMES[i % THEMES.length]!(i)} (#${i})`;
    const day = String(1 + (i % 28)).padStart(2, '0');
    rows.push(
      `c${i},"${text.replace(/"/g, '""')}",${(i * 7) % 50},@viewer${i % 40},2024-03-${day}T12:00:00Z`,
    );
  }
  return `${rows.join('\n')}\n`;
}

/**
 * One video's comment file: `comments` factory comments, a `csv` text of the CLI's columns, or a
 * `fixture` of test-fixtures/comments (its name without `.csv`); `meta` is its `.meta.json`.
 */
export type CommentFile = ({ comments: number } | { csv: string } | { fixture: string }) & {
  meta?: Record<string, unknown>;
};

/** A temporary COMMENTS_DIR with the given videos (video id -> its comment file). */
export function makeCommentsDir(videos: Record<string, CommentFile>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'chorus-videos-'));
  for (const [id, v] of Object.entries(videos)) {
    const file = path.join(dir, `${id}.csv`);
    if ('fixture' in v) copyFileSync(path.join(COMMENT_FIXTURES, `${v.fixture}.csv`), file);
    else writeFileSync(file, 'csv' in v ? v.csv : factoryCsv(v.comments));
    if (v.meta) writeFileSync(path.join(dir, `${id}.meta.json`), JSON.stringify(v.meta));
  }
  return dir;
}

/** Polls `check` until it returns a value other than undefined (or throws after `ms`). */
export async function waitFor<T>(
  check: () => Promise<T | undefined> | T | undefined,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A promise with its resolve function, to hold a job at a point of the test's choosing. */
export function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const wait = new Promise<void>((r) => (open = r));
  return { wait, open };
}

/**
 * A pending analysis job of `comments` comments for `userId`, created in the database without the
 * queue (processAnalysisJob runs it by its id); answers the job's id.
 */
export async function createPendingJob(
  repos: Pick<Repositories, 'analysisJobs'>,
  input: { userId: string; videoId: string; comments: number; reservedCredits: number },
): Promise<string> {
  const id = randomUUID();
  await repos.analysisJobs.create({
    id,
    userId: input.userId,
    videoId: input.videoId,
    title: null,
    thumbnailUrl: null,
    channelTitle: null,
    videoCommentCount: input.comments,
    commentLimit: input.comments,
    reservedCredits: input.reservedCredits,
    priority: 0,
  });
  return id;
}
