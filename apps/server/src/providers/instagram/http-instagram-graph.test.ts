import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpInstagramGraph } from './http-instagram-graph';
import { InstagramGraphError, type InstagramCredentials } from './instagram-graph.port';
import {
  startInstagramGraphStub,
  type InstagramGraphStub,
} from './instagram-graph-stub.test-support';

describe('HttpInstagramGraph against a local Instagram/Facebook Graph stub', () => {
  let stub: InstagramGraphStub;
  let graph: HttpInstagramGraph;
  const redirect = 'https://chorus.example.com/';

  beforeAll(async () => {
    stub = await startInstagramGraphStub({ pageSize: 2 });
    graph = new HttpInstagramGraph({
      instagram: {
        appId: stub.appId,
        appSecret: stub.appSecret,
        apiUrl: stub.url,
        graphUrl: stub.url,
      },
      facebook: {
        appId: stub.fbAppId,
        appSecret: stub.fbAppSecret,
        apiVersion: stub.version,
        graphUrl: stub.url,
      },
      timeoutMs: 5_000,
    });
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    stub.failWith(null);
    stub.requests.length = 0;
  });

  it('exchanges a code for a short-lived token, then a long-lived one, and reads the account', async () => {
    stub.codes.add('code-1');
    const before = Date.now();
    const c = await graph.exchangeCode('code-1', redirect);
    expect(c).toMatchObject({
      accessToken: 'long-code-1',
      source: 'instagram_login',
      businessId: stub.account.id,
      account: {
        businessId: stub.account.id,
        username: 'desert.trips',
        profilePictureUrl: stub.account.profile_picture_url,
      },
    });
    // expires_in 5,183,944 s, about 60 days.
    expect(c.expiresAt!.getTime() - before).toBeGreaterThan(59 * 86_400_000);
    const [post, exchange, me] = stub.requests;
    expect(post).toMatchObject({ method: 'POST', path: '/oauth/access_token' });
    expect(Object.fromEntries(post!.form)).toEqual({
      client_id: stub.appId,
      client_secret: stub.appSecret,
      grant_type: 'authorization_code',
      redirect_uri: redirect,
      code: 'code-1',
    });
    expect(exchange!.path).toBe('/access_token');
    expect(exchange!.query.get('grant_type')).toBe('ig_exchange_token');
    expect(exchange!.query.get('access_token')).toBe('short-code-1');
    expect(me!.path).toBe('/me');
    expect(me!.query.get('fields')).toBe('user_id,username,profile_picture_url');
  });

  it('a used or unknown code is "rejected" with Instagram\'s message', async () => {
    const error = await graph.exchangeCode('never-issued', redirect).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InstagramGraphError);
    expect(error).toMatchObject({
      reason: 'rejected',
      message: expect.stringContaining('This authorization code has been used'),
    });
  });

  it('lists media across pages (paging.next), newest first, with ISO timestamps, up to the limit', async () => {
    stub.codes.add('code-2');
    const c = await graph.exchangeCode('code-2', redirect);
    stub.requests.length = 0;
    const media = await graph.listMedia(c, { limit: 100 });
    expect(media.map((m) => m.id)).toEqual(stub.media.map((m) => m.id));
    expect(stub.requests.filter((r) => r.path === '/me/media')).toHaveLength(2);
    expect(media[0]).toEqual({
      id: '17900000000000005',
      mediaType: 'VIDEO',
      mediaUrl: 'https://scontent.cdninstagram.com/v/t50/reel5.mp4',
      thumbnailUrl: 'https://scontent.cdninstagram.com/v/t51/reel5.jpg',
      caption: expect.stringContaining('Sunrise'),
      timestamp: '2025-11-05T06:30:00.000Z',
      permalink: 'https://www.instagram.com/reel/ABC5/',
      commentsCount: 15,
      likeCount: 321,
    });
    expect(media[2]!.caption).toBeNull();
    expect(await graph.listMedia(c, { limit: 1 })).toHaveLength(1);
  });

  it('reads every comment page with replies inline, replies pointing at their comment', async () => {
    stub.codes.add('code-3');
    const c = await graph.exchangeCode('code-3', redirect);
    const progress: number[] = [];
    const pages: string[][] = [];
    const comments = await graph.listComments(c, '17900000000000005', {
      maxComments: 1000,
      onProgress: (n) => progress.push(n),
      onPage: (page) => pages.push(page.map((x) => x.id)),
    });
    expect(comments).toHaveLength(15); // 12 comments + 3 replies
    expect(comments[0]).toEqual({
      id: '1805000',
      text: 'Where is this place? It looks amazing',
      username: 'fan_0',
      likeCount: 0,
      timestamp: '2025-11-01T10:00:00.000Z',
      parentId: null,
      replyCount: 1,
    });
    expect(comments[1]).toMatchObject({ id: '18050009', parentId: '1805000', replyCount: 0 });
    expect(progress.length).toBe(6); // 12 comments, 2 a page
    expect(pages).toHaveLength(6);
    expect(pages.flat()).toEqual(comments.map((x) => x.id));
    expect(
      stub.requests.filter((r) => r.path === '/17900000000000005/comments')[0]!.query.get('fields'),
    ).toBe('id,text,username,like_count,timestamp,replies{id,text,username,like_count,timestamp}');
    const capped = await graph.listComments(c, '17900000000000005', { maxComments: 3 });
    expect(capped.map((x) => x.id)).toEqual(['1805000', '18050009', '1805001']);
  });

  it('maps an expired token (code 190) to "reconnect Instagram"', async () => {
    const creds: InstagramCredentials = {
      accessToken: 'long-expired',
      source: 'instagram_login',
      businessId: stub.account.id,
    };
    const error = await graph.listMedia(creds, { limit: 10 }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      reason: 'reconnect',
      message: expect.stringContaining('Reconnect Instagram'),
    });
  });

  it('maps other Graph errors, a missing media, 5xx and non-JSON answers to readable errors', async () => {
    stub.codes.add('code-4');
    const c = await graph.exchangeCode('code-4', redirect);
    await expect(graph.listComments(c, '123456789012', { maxComments: 10 })).rejects.toMatchObject({
      reason: 'not_found',
    });
    stub.failWith({
      status: 400,
      code: 10,
      message: 'Application does not have permission for this action',
    });
    await expect(graph.listMedia(c, { limit: 5 })).rejects.toMatchObject({
      reason: 'api_error',
      message:
        'Instagram answered with an error: Application does not have permission for this action.',
    });
    stub.failWith({ status: 500, code: 2, message: 'Service temporarily unavailable' });
    await expect(graph.listMedia(c, { limit: 5 })).rejects.toMatchObject({ reason: 'unavailable' });
    stub.failWith({ status: 502, raw: '<html>Bad gateway</html>' });
    await expect(graph.listMedia(c, { limit: 5 })).rejects.toMatchObject({ reason: 'unavailable' });
  });

  it('an unreachable Instagram is "unavailable"', async () => {
    const offline = new HttpInstagramGraph({
      instagram: {
        appId: 'a',
        appSecret: 'b',
        apiUrl: 'http://127.0.0.1:9',
        graphUrl: 'http://127.0.0.1:9',
      },
    });
    await expect(offline.exchangeCode('x', redirect)).rejects.toMatchObject({
      reason: 'unavailable',
    });
    expect(offline.canConnectFacebook).toBe(false);
  });

  it('Facebook route: long-lived user token, first Page with an Instagram business account, then media and comments on graph.facebook.com', async () => {
    stub.facebookUsers.set('fb-user-token', [
      { id: '1001', name: 'Side page' },
      { id: '1002', name: 'Other page' },
      { id: '1003', name: 'Desert Trips', withInstagram: true },
    ]);
    const c = await graph.connectWithFacebook('fb-user-token');
    expect(c).toMatchObject({
      accessToken: 'page-token-ig',
      source: 'facebook',
      businessId: stub.account.id,
      expiresAt: null,
      account: { username: 'desert.trips' },
    });
    const accounts = stub.requests.filter((r) => r.path === `/${stub.version}/me/accounts`);
    expect(accounts).toHaveLength(2); // the Page with Instagram is on the second page
    expect(accounts[0]!.query.get('fields')).toBe(
      'instagram_business_account{id,username,profile_picture_url},access_token',
    );
    stub.requests.length = 0;
    const media = await graph.listMedia(c, { limit: 10 });
    expect(media).toHaveLength(3);
    expect(stub.requests[0]!.path).toBe(`/${stub.version}/${stub.account.id}/media`);
    const comments = await graph.listComments(c, '17900000000000004', { maxComments: 100 });
    expect(comments.map((x) => x.id)).toEqual([
      '1804000',
      '18040009',
      '1804001',
      '1804002',
      '1804003',
      '1804004',
      '18040049',
    ]);
  });

  it('Facebook route without any Page holding an Instagram account is "no_business_account"', async () => {
    stub.facebookUsers.set('fb-lonely', [{ id: '2001', name: 'Bakery' }]);
    await expect(graph.connectWithFacebook('fb-lonely')).rejects.toMatchObject({
      reason: 'no_business_account',
    });
    await expect(graph.connectWithFacebook('fb-unknown')).rejects.toMatchObject({
      reason: 'rejected',
    });
  });
});
