import { rmSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Container } from '../../../container';
import { startWorker } from '../../../jobs/start-worker';
import { FakeTextEmbedder } from '../../../providers/embeddings/fake-text-embedder';
import { FakeChannelDirectory } from '../../../providers/comment-sources/fake-channel-directory';
import { analysisDepsFrom } from '../../../services/analysis/analysis-deps';
import { makeCommentsDir } from '../../../services/analysis/analysis.test-support';
import { describeEachDatabase } from '../../../test/databases';
import { createTestWorkspace, jobFinished } from '../../../test/factories';
import { bearer, signUpTestUser } from '../../../test/test-app';
import {
  API_PREFIX,
  buildAuditedApp,
  PUBLIC_ROUTES,
  replyProblems,
  type AuditedRoute,
} from './route-audit.test-support';

const DESERT = 'UCfakeDesertTrips0000001'; // the fake directory's channel with 30 uploads
const VIDEO = 'fake1v00000'; // its newest upload, with a comments file
const OTHER_VIDEO = 'fake1v00001';
const MEDIA = '17900000000000005';

/** What the owner holds; the second account aims at these. */
interface Owned {
  workspaceId: number;
  jobId: string;
  videoId: string;
  /** A read-only link the owner made to the report. */
  shareId: string;
  /** An alert rule of the owner's workspace, and a notification of the owner. */
  ruleId: string;
  notificationId: string;
}

interface CrossAccountCase {
  /** The request the second account sends at the owner's resource (path params filled in). */
  request: (owned: Owned) => Omit<InjectOptions, 'headers'>;
  /** 404 unless said otherwise: the resource is named by an id anyone may know. */
  status?: number;
}

const inWorkspace = (o: Owned, rest = '') => `${API_PREFIX}/workspaces/${o.workspaceId}${rest}`;

/**
 * Every route with an id in its path, and the routes that take an owned id in the query or the
 * body: what the second account sends. A route with a path parameter that needs a session and is
 * missing here fails the test, so a new route cannot skip the check.
 */
const CROSS_ACCOUNT: Record<string, CrossAccountCase> = {
  'PATCH /workspaces/:id': {
    request: (o) => ({ method: 'PATCH', url: inWorkspace(o), payload: { name: 'Taken over' } }),
  },
  'DELETE /workspaces/:id': { request: (o) => ({ method: 'DELETE', url: inWorkspace(o) }) },
  'POST /workspaces/:id/link-channel': {
    request: (o) => ({
      method: 'POST',
      url: inWorkspace(o, '/link-channel'),
      payload: { channel_id: DESERT },
    }),
  },
  'DELETE /workspaces/:id/channel': {
    request: (o) => ({ method: 'DELETE', url: inWorkspace(o, '/channel') }),
  },
  'GET /workspaces/:id/videos': {
    request: (o) => ({ method: 'GET', url: inWorkspace(o, '/videos') }),
  },
  'POST /workspaces/:id/videos/toggle': {
    request: (o) => ({
      method: 'POST',
      url: inWorkspace(o, '/videos/toggle'),
      payload: { video_ids: [OTHER_VIDEO], is_added: true },
    }),
  },
  'POST /workspaces/:id/sync': {
    request: (o) => ({ method: 'POST', url: inWorkspace(o, '/sync') }),
  },
  'GET /workspaces/:id/posts': {
    request: (o) => ({ method: 'GET', url: inWorkspace(o, '/posts') }),
  },
  'GET /workspaces/:id/auto-analyses': {
    request: (o) => ({ method: 'GET', url: inWorkspace(o, '/auto-analyses') }),
  },
  'GET /workspaces/:id/analyzed': {
    request: (o) => ({ method: 'GET', url: inWorkspace(o, '/analyzed') }),
  },
  'GET /workspaces/:id/insights': {
    request: (o) => ({ method: 'GET', url: inWorkspace(o, '/insights') }),
  },
  'GET /workspaces/:id/instagram/oauth/callback': {
    request: (o) => ({ method: 'GET', url: inWorkspace(o, '/instagram/oauth/callback?code=abc') }),
  },
  'POST /workspaces/:id/instagram/connect': {
    request: (o) => ({
      method: 'POST',
      url: inWorkspace(o, '/instagram/connect'),
      payload: { user_access_token: 'EAAB-a-facebook-user-token' },
    }),
  },
  'DELETE /workspaces/:id/instagram': {
    request: (o) => ({ method: 'DELETE', url: inWorkspace(o, '/instagram') }),
  },
  'POST /instagram/analyze': {
    request: (o) => ({
      method: 'POST',
      url: `${API_PREFIX}/instagram/analyze?workspace_id=${o.workspaceId}&media_id=${MEDIA}`,
    }),
  },
  'POST /analyses/batch': {
    request: (o) => ({
      method: 'POST',
      url: `${API_PREFIX}/analyses/batch`,
      payload: { video_ids: [o.videoId], workspace_id: o.workspaceId },
    }),
  },
  'POST /analyses/batch/estimate': {
    request: (o) => ({
      method: 'POST',
      url: `${API_PREFIX}/analyses/batch/estimate`,
      payload: { video_ids: [o.videoId], workspace_id: o.workspaceId },
    }),
  },
  'GET /status/:job_id': {
    request: (o) => ({ method: 'GET', url: `${API_PREFIX}/status/${o.jobId}` }),
  },
  'GET /status/:job_id/events': {
    request: (o) => ({ method: 'GET', url: `${API_PREFIX}/status/${o.jobId}/events` }),
  },
  'DELETE /analyses/:job_id': {
    request: (o) => ({ method: 'DELETE', url: `${API_PREFIX}/analyses/${o.jobId}` }),
  },
  'GET /report/:video_id': {
    request: (o) => ({ method: 'GET', url: `${API_PREFIX}/report/${o.videoId}` }),
  },
  // A video id is public (anyone may analyse the same video): the second account reads its own
  // empty notes, never the owner's (checked below with the owner's markers).
  'GET /report/:video_id/export': {
    request: (o) => ({
      method: 'GET',
      url: `${API_PREFIX}/report/${o.videoId}/export?format=json`,
    }),
  },
  'POST /report/:video_id/shares': {
    request: (o) => ({
      method: 'POST',
      url: `${API_PREFIX}/report/${o.videoId}/shares`,
      payload: {},
    }),
  },
  'GET /report/:video_id/shares': {
    request: (o) => ({ method: 'GET', url: `${API_PREFIX}/report/${o.videoId}/shares` }),
  },
  'GET /questions': {
    request: (o) => ({
      method: 'GET',
      url: `${API_PREFIX}/questions?workspace_id=${o.workspaceId}`,
    }),
  },
  'PATCH /questions/:id': {
    request: (o) => ({
      method: 'PATCH',
      url: `${API_PREFIX}/questions/${'a1'.repeat(12)}`,
      payload: { workspace_id: o.workspaceId, state: 'dismissed' },
    }),
  },
  'GET /workspaces/:id/alerts': {
    request: (o) => ({ method: 'GET', url: inWorkspace(o, '/alerts') }),
  },
  'POST /workspaces/:id/alerts': {
    request: (o) => ({
      method: 'POST',
      url: inWorkspace(o, '/alerts'),
      payload: { metric: 'question_count', threshold: 1 },
    }),
  },
  'PATCH /workspaces/:id/alerts/:rule_id': {
    request: (o) => ({
      method: 'PATCH',
      url: inWorkspace(o, `/alerts/${o.ruleId}`),
      payload: { enabled: false },
    }),
  },
  'DELETE /workspaces/:id/alerts/:rule_id': {
    request: (o) => ({ method: 'DELETE', url: inWorkspace(o, `/alerts/${o.ruleId}`) }),
  },
  'POST /notifications/:id/read': {
    request: (o) => ({
      method: 'POST',
      url: `${API_PREFIX}/notifications/${o.notificationId}/read`,
    }),
  },
  'DELETE /shares/:id': {
    request: (o) => ({ method: 'DELETE', url: `${API_PREFIX}/shares/${o.shareId}` }),
  },
  'GET /notes/:video_id': {
    request: (o) => ({ method: 'GET', url: `${API_PREFIX}/notes/${o.videoId}` }),
    status: 200,
  },
  'POST /retag/:video_id': {
    request: (o) => ({
      method: 'POST',
      url: `${API_PREFIX}/retag/${o.videoId}`,
      payload: { context: 'a travel channel' },
    }),
  },
  'POST /report/:video_id/spam/:comment_id/restore': {
    request: (o) => ({
      method: 'POST',
      url: `${API_PREFIX}/report/${o.videoId}/spam/${o.videoId}-c1/restore`,
    }),
  },
  'GET /cluster/comments': {
    request: (o) => ({
      method: 'GET',
      url: `${API_PREFIX}/cluster/comments?video_id=${o.videoId}&cluster_id=0`,
    }),
  },
  'POST /cluster/analyze': {
    request: (o) => ({
      method: 'POST',
      url: `${API_PREFIX}/cluster/analyze`,
      payload: { video_id: o.videoId, cluster_id: 0 },
    }),
  },
  'POST /cluster/chat': {
    request: (o) => ({
      method: 'POST',
      url: `${API_PREFIX}/cluster/chat`,
      payload: { video_id: o.videoId, cluster_id: 0, message: 'What do they ask?' },
    }),
  },
};

/** A route's path with the owner's ids in place of its parameters. */
function ownedPath(route: AuditedRoute, o: Owned): string {
  const values: Record<string, string> = {
    id: String(o.workspaceId),
    job_id: o.jobId,
    video_id: o.videoId,
    code: 'unknown-code',
    comment_id: `${o.videoId}-c1`,
    rule_id: o.ruleId,
  };
  const path = route.path.replace(/\*$/, 'cs_demo_unknown_session');
  return `${API_PREFIX}${path.replace(/:([a-z_]+)/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No owned value for :${name} in ${route.key}`);
    return value;
  })}`;
}

/**
 * The authorisation matrix, over every route the server registers (collected as they are
 * registered, not from a list kept by hand): each route that needs a session answers 401 without
 * one or with a made-up one, and a second account aiming at the first one's workspace, job, report
 * or notes gets a 404 (or its own empty notes) and changes nothing the owner sees.
 */
describeEachDatabase('authorisation matrix over every API route', (t) => {
  let app: FastifyInstance;
  let container: Container;
  let routes: AuditedRoute[];
  let commentsDir: string;
  let stopWorker: () => Promise<void>;
  let owner: { token: string; email: string };
  let intruder: { token: string };
  let owned: Owned;
  const noteMarker = `owner-note-${Math.random().toString(36).slice(2)}`;
  const workspaceMarker = `Owner space ${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    commentsDir = makeCommentsDir({
      [VIDEO]: { comments: 40, meta: { title: 'Desert trip #30', comment_count: 40 } },
    });
    const test = await buildAuditedApp({
      database: t.database,
      env: { COMMENTS_DIR: commentsDir, YOUTUBE_FALLBACK: 'none' },
      overrides: {
        embedder: new FakeTextEmbedder(),
        languageModel: null,
        channelDirectory: new FakeChannelDirectory(),
      },
    });
    app = test.app;
    container = test.container;
    routes = test.routes;
    stopWorker = await startWorker(
      { ...analysisDepsFrom(container), logger: container.logger },
      { concurrency: 1 },
    );

    owner = await signUpTestUser(app);
    intruder = await signUpTestUser(app);
    const as = (token: string, options: InjectOptions) =>
      app.inject({ ...options, headers: bearer(token) });

    const workspace = await createTestWorkspace(app, owner.token, {
      name: workspaceMarker,
      channelId: DESERT,
    });
    const added = await as(owner.token, {
      method: 'POST',
      url: `${API_PREFIX}/workspaces/${workspace.id}/videos/toggle`,
      payload: { video_ids: [VIDEO], is_added: true },
    });
    expect(added.statusCode, added.body).toBe(200);
    const batch = await as(owner.token, {
      method: 'POST',
      url: `${API_PREFIX}/analyses/batch`,
      payload: { video_ids: [VIDEO], workspace_id: workspace.id },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const jobId = batch.json<{ jobs: { job_id: string }[] }>().jobs[0]!.job_id;
    expect((await jobFinished(app, owner.token, jobId)).status).toBe('complete');
    const notes = await as(owner.token, {
      method: 'POST',
      url: `${API_PREFIX}/notes`,
      payload: { video_id: VIDEO, notes: `<p>${noteMarker}</p>` },
    });
    expect(notes.statusCode, notes.body).toBe(200);
    const share = await as(owner.token, {
      method: 'POST',
      url: `${API_PREFIX}/report/${VIDEO}/shares`,
      payload: {},
    });
    expect(share.statusCode, share.body).toBe(201);
    const rule = await as(owner.token, {
      method: 'POST',
      url: `${API_PREFIX}/workspaces/${workspace.id}/alerts`,
      payload: { metric: 'negative_share', threshold: 99 },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const ownerRow = await container.repos.users.findByEmail(owner.email);
    const notification = await container.repos.alerts.insertNotification({
      userId: ownerRow!.id,
      workspaceId: workspace.id,
      ruleId: rule.json<{ id: string }>().id,
      jobId,
      videoId: VIDEO,
      metric: 'negative_share',
      threshold: 99,
      value: 99,
      message: `Negative comments reached 99% in ${workspaceMarker}.`,
      createdAt: new Date(),
    });
    owned = {
      workspaceId: workspace.id,
      jobId,
      videoId: VIDEO,
      shareId: share.json<{ id: string }>().id,
      ruleId: rule.json<{ id: string }>().id,
      notificationId: notification.id,
    };
  });
  afterAll(async () => {
    await stopWorker();
    await app.close();
    rmSync(commentsDir, { recursive: true, force: true });
  });

  /** Everything the owner can read, to compare before and after the attempts. */
  async function ownerView(): Promise<Record<string, unknown>> {
    const reads = [
      '/auth/me',
      '/workspaces',
      `/workspaces/${owned.workspaceId}/videos`,
      `/workspaces/${owned.workspaceId}/videos?added_only=true`,
      `/workspaces/${owned.workspaceId}/posts`,
      `/workspaces/${owned.workspaceId}/analyzed`,
      `/status/${owned.jobId}`,
      `/report/${owned.videoId}`,
      `/notes/${owned.videoId}`,
      `/report/${owned.videoId}/shares`,
      `/workspaces/${owned.workspaceId}/alerts`,
      '/notifications',
      `/cluster/comments?video_id=${owned.videoId}&cluster_id=0`,
      '/analyses',
      '/billing/history',
      '/stripe/subscription',
    ];
    const view: Record<string, unknown> = {};
    for (const url of reads) {
      const res = await app.inject({
        method: 'GET',
        url: `${API_PREFIX}${url}`,
        headers: bearer(owner.token),
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      view[url] = res.json();
    }
    return view;
  }

  const needsSession = (route: AuditedRoute) => !(route.key in PUBLIC_ROUTES);

  it('knows every route: each one is public by name, or needs a session and is in the matrix', () => {
    const keys = new Set(routes.map((r) => r.key));
    expect(routes.length).toBeGreaterThan(40);
    // a name in the lists that no longer matches a route is a stale entry
    expect(Object.keys(PUBLIC_ROUTES).filter((k) => !keys.has(k))).toEqual([]);
    expect(Object.keys(CROSS_ACCOUNT).filter((k) => !keys.has(k))).toEqual([]);
    // a route with an id in its path that needs a session must say how another account aims at it
    const uncovered = routes
      .filter((r) => needsSession(r) && /[:*]/.test(r.path) && !(r.key in CROSS_ACCOUNT))
      .map((r) => r.key);
    expect(uncovered, 'add these routes to CROSS_ACCOUNT').toEqual([]);
  });

  it('answers 401 { message, code } on every route that needs a session, without one or with a made-up one', async () => {
    const before = await ownerView();
    const failures: string[] = [];
    const made = 'x'.repeat(43);
    for (const route of routes.filter(needsSession)) {
      const url = ownedPath(route, owned);
      for (const headers of [{}, bearer(made)]) {
        const res = await app.inject({ method: route.method as 'GET', url, headers });
        const problems = replyProblems(res, {
          routeKey: route.key,
          inputs: [],
          secrets: [owner.token, made],
        });
        if (res.statusCode !== 401 || Object.keys(problems).length > 0)
          failures.push(`${route.key}: ${res.statusCode} ${JSON.stringify(problems)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await ownerView()).toEqual(before);
  });

  it("gives a second account a 404 for the owner's resources on every route, and changes nothing", async () => {
    const before = await ownerView();
    const markers = [noteMarker, workspaceMarker, owned.jobId, owner.email];
    const failures: string[] = [];
    for (const [key, entry] of Object.entries(CROSS_ACCOUNT)) {
      const res = await app.inject({ ...entry.request(owned), headers: bearer(intruder.token) });
      const expected = entry.status ?? 404;
      const problems = replyProblems(res, {
        routeKey: key,
        inputs: [],
        secrets: [owner.token, intruder.token],
      });
      const leaked = markers.filter((m) => res.body.includes(m));
      if (res.statusCode !== expected || Object.keys(problems).length > 0 || leaked.length > 0)
        failures.push(
          `${key}: ${res.statusCode} ${res.body.slice(0, 200)} leaked=${leaked.join(',')}`,
        );
    }
    expect(failures).toEqual([]);
    expect(await ownerView()).toEqual(before);
  });
});
