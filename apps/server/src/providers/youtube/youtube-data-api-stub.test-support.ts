import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InputComment } from '@app/analysis';

export interface PagedThreadsStubOptions {
  /** The key requests must carry (default `stub-key`). */
  apiKey?: string;
  /** Threads per commentThreads page (default 100, the API's most). */
  pageSize?: number;
  /** Milliseconds each page takes to answer (default 0). */
  latencyMs?: number;
}

export interface PagedThreadsStub {
  /** The `baseUrl` for YouTubeDataApiCommentSource. */
  baseUrl: string;
  apiKey: string;
  /** Pages served so far, by index, in the order they were asked for. */
  served: number[];
  close(): Promise<void>;
}

/**
 * A 127.0.0.1 stand-in for youtube.googleapis.com serving `comments` as commentThreads pages in the
 * v3 wire format: one thread per comment (no replies), `pageSize` a page, `nextPageToken` paging,
 * each page answered after `latencyMs`, as the API answers from far away.
 */
export async function startPagedThreadsStub(
  comments: readonly InputComment[],
  options: PagedThreadsStubOptions = {},
): Promise<PagedThreadsStub> {
  const apiKey = options.apiKey ?? 'stub-key';
  const pageSize = options.pageSize ?? 100;
  const served: number[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams;
    if (url.pathname !== '/youtube/v3/commentThreads' || q.get('key') !== apiKey) {
      res.writeHead(404).end();
      return;
    }
    const page = Number((q.get('pageToken') ?? 'p0').slice(1));
    const videoId = q.get('videoId') ?? '';
    const items = comments.slice(page * pageSize, (page + 1) * pageSize).map((c) => ({
      kind: 'youtube#commentThread',
      id: c.id,
      snippet: {
        videoId,
        totalReplyCount: 0,
        topLevelComment: {
          kind: 'youtube#comment',
          id: c.id,
          snippet: {
            videoId,
            textDisplay: c.text,
            textOriginal: c.text,
            authorDisplayName: c.author ?? `@viewer-${c.id}`,
            authorChannelId: { value: `UCviewer-${c.id}` },
            likeCount: c.likes,
            publishedAt: c.publishedAt ?? '2024-05-01T10:00:00Z',
          },
        },
      },
    }));
    const more = (page + 1) * pageSize < comments.length;
    setTimeout(() => {
      served.push(page);
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(
        JSON.stringify({
          kind: 'youtube#commentThreadListResponse',
          ...(more ? { nextPageToken: `p${page + 1}` } : {}),
          items,
        }),
      );
    }, options.latencyMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/`,
    apiKey,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
