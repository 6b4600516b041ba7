import type { AnalyzedItem, Post, Workspace, WorkspaceVideo } from '@app/contracts';

/** A workspace with nothing linked. */
export function makeWorkspace(id: number, over: Partial<Workspace> = {}): Workspace {
  return {
    id,
    name: `Workspace ${id}`,
    youtube_channel_id: null,
    youtube_channel_title: null,
    yt_avatar_url: null,
    instagram_business_id: null,
    instagram_username: null,
    ig_profile_picture_url: null,
    created_at: '2026-11-20T10:00:00.000Z',
    auto_analyze: false,
    monthly_credit_cap: null,
    auto_analyze_since: null,
    ...over,
  };
}

/** A workspace linked to a YouTube channel. */
export function makeLinkedWorkspace(id: number, over: Partial<Workspace> = {}): Workspace {
  return makeWorkspace(id, {
    youtube_channel_id: 'UCaaaaaaaaaaaaaaaaaaaaaa',
    youtube_channel_title: 'Cooking With Ana',
    ...over,
  });
}

/** A catalogue video; the id is padded to 11 characters. */
export function makeVideo(key: string, over: Partial<WorkspaceVideo> = {}): WorkspaceVideo {
  const vid = key.padEnd(11, '0');
  return {
    id: vid.charCodeAt(0),
    youtube_video_id: vid,
    title: `Video ${key}`,
    thumbnail_url: null,
    published_at: '2026-11-01T10:00:00.000Z',
    is_added: false,
    ...over,
  };
}

export function makeYouTubePost(videoId: string, title: string | null = `Post ${videoId}`): Post {
  return { kind: 'youtube', id: `yt-${videoId}`, video_id: videoId, title, thumbnail_url: null };
}

export function makeInstagramPost(
  mediaId: string,
  over: Partial<Extract<Post, { kind: 'instagram' }>> = {},
): Extract<Post, { kind: 'instagram' }> {
  return {
    kind: 'instagram',
    id: `ig-${mediaId}`,
    media_id: mediaId,
    media_type: 'IMAGE',
    media_url: `https://cdn.example/${mediaId}.jpg`,
    thumbnail_url: null,
    caption: null,
    permalink: null,
    timestamp: '2026-11-01T10:00:00+0000',
    comments_count: 3,
    ...over,
  };
}

export function makeAnalyzedVideo(
  videoId: string,
  over: Partial<Extract<AnalyzedItem, { kind: 'youtube' }>> = {},
): AnalyzedItem {
  return {
    kind: 'youtube',
    id: `yt-${videoId}`,
    video_id: videoId,
    title: `Analysed ${videoId}`,
    thumbnail_url: null,
    report_video_id: videoId,
    job_id: `job-${videoId}`,
    status: 'complete',
    analysed_at: '2026-11-21T10:00:00.000Z',
    ...over,
  };
}
