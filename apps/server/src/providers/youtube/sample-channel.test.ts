import { describe, expect, it } from 'vitest';
import { isSampleVideoId } from '@app/contracts';
import { SAMPLE_CHANNEL_DIR } from '../../config/paths';
import {
  ChannelDirectoryError,
  DIRECTORY_MESSAGES,
  type ChannelDirectory,
} from '../comment-sources/channel-directory.port';
import { CommentSourceError } from '../comment-sources/comment-source.port';
import {
  SampleCommentSource,
  SampleFirstChannelDirectory,
  sampleChannelLoader,
} from './sample-channel';

const sample = sampleChannelLoader(SAMPLE_CHANNEL_DIR);

/** A directory whose YouTube cannot be reached. */
const unreachable: ChannelDirectory = {
  name: 'down',
  searchChannels: () =>
    Promise.reject(new ChannelDirectoryError('unavailable', DIRECTORY_MESSAGES.unreachable)),
  getChannel: () =>
    Promise.reject(new ChannelDirectoryError('unavailable', DIRECTORY_MESSAGES.unreachable)),
  listUploads: () =>
    Promise.reject(new ChannelDirectoryError('unavailable', DIRECTORY_MESSAGES.unreachable)),
};

describe('the shipped sample channel', () => {
  it('holds three videos of invented comments with sample ids, creator replies and threads', async () => {
    const { channel, videos } = await sample();
    expect(channel.title).toBe('Sample Kitchen (sample data)');
    expect(videos).toHaveLength(3);
    for (const v of videos) {
      expect(isSampleVideoId(v.videoId)).toBe(true);
      expect(v.comments.length).toBeGreaterThanOrEqual(80);
      expect(v.comments.length).toBeLessThanOrEqual(150);
      const ids = new Set(v.comments.map((c) => c.id));
      expect(ids.size).toBe(v.comments.length);
      // every reply answers a comment of the same video
      for (const c of v.comments) if (c.parentId) expect(ids.has(c.parentId), c.id).toBe(true);
      expect(v.comments.some((c) => c.byCreator === true)).toBe(true);
      for (const c of v.comments) expect(Number.isNaN(Date.parse(c.publishedAt ?? ''))).toBe(false);
    }
  });

  it('answers sample ids only, and a sample-form id it does not hold is not found', async () => {
    const source = new SampleCommentSource(sample);
    expect(await source.getVideo('dQw4w9WgXcQ')).toBeNull();
    expect(await source.fetchComments('ig_123456789', { maxComments: 10 })).toBeNull();
    const meta = await source.getVideo('sample_knife-skills');
    expect(meta).toMatchObject({
      channelTitle: 'Sample Kitchen (sample data)',
      commentCount: expect.any(Number),
    });
    const pages: unknown[] = [];
    const got = await source.fetchComments('sample_knife-skills', {
      maxComments: 30,
      onPage: (page) => pages.push(page),
    });
    expect(got!.comments).toHaveLength(30);
    expect(pages).toEqual([got!.comments]); // one page: the sample is read at once
    const err = await source.getVideo('sample_not-here').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CommentSourceError);
    expect(err).toMatchObject({ reason: 'video_not_found' });
  });

  it('is found by "sample", its name or its id even when YouTube cannot be reached', async () => {
    const directory = new SampleFirstChannelDirectory(sample, unreachable);
    for (const q of ['sample', 'Sample Kitchen', 'kitchen', 'sample_kitchen-channel']) {
      const found = await directory.searchChannels(q, { limit: 10 });
      expect(
        found?.map((c) => c.channelId),
        q,
      ).toEqual(['sample_kitchen-channel']);
    }
    // any other search is YouTube's, and its failure stands
    await expect(directory.searchChannels('woodworking', { limit: 10 })).rejects.toMatchObject({
      message: DIRECTORY_MESSAGES.unreachable,
    });
    const uploads = await directory.listUploads('sample_kitchen-channel', { limit: 2 });
    expect(uploads?.map((v) => v.videoId)).toEqual([
      'sample_knife-skills',
      'sample_sourdough-starter',
    ]);
    await expect(directory.getChannel('sample_other-channel')).rejects.toMatchObject({
      reason: 'channel_not_found',
    });
  });
});
