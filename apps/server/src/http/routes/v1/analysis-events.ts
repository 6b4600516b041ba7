import type { FastifyInstance } from 'fastify';
import { JobIdParamsSchema, JobStatusReplySchema, type JobStatusReply } from '@app/contracts';
import { z } from 'zod';
import { TooManyRequestsError } from '../../../errors';
import type { AnalysisDeps } from '../../../services/analysis/analysis-deps';
import { getJobStatus } from '../../../services/analysis/get-job-status';
import { authenticate } from '../../../services/auth/authenticate';
import { bearerToken } from '../../plugins/auth';
import { validate, validateReply } from '../../validate';

/** How often the event stream looks at the job (it may be running in another process). */
export const EVENTS_POLL_MS = 500;
const EVENTS_HEARTBEAT_MS = 15_000;
/** How often an open stream checks that its session still stands (signed out, expired, deleted). */
export const EVENTS_AUTH_MS = 5_000;
/**
 * Open event streams one account may hold in one API process. Each stream reads its job every
 * 500 ms, so an unbounded number (a script, or a hundred tabs) would be a cheap way to load the
 * database. Past the cap the stream is refused with 429 and the web client follows the job by
 * polling /status instead, so a person with many tabs open still sees every job's progress.
 */
export const EVENTS_STREAMS_PER_USER = 10;

const finished = (s: JobStatusReply) => s.status === 'complete' || s.status === 'failed';

const EventsQuerySchema = z.object({ token: z.string().max(512).optional() });

/**
 * GET /status/:job_id/events: a job's status as server-sent events (`event: status` on each change,
 * `event: gone` when the job is cleared, a keep-alive comment every 15 s), until the job finishes,
 * the client leaves, its session ends or the server closes. Registered by `analysisRoutes`.
 */
export function analysisEventsRoute(app: FastifyInstance, deps: AnalysisDeps): void {
  const { repos, clock } = app.container;
  // Open event streams. Each follows its job until it finishes, so without ending them here a
  // closing server (SIGTERM) would wait for every watched job, or for ever when no worker runs.
  // The browser's EventSource reconnects, or the client falls back to polling.
  const streams = new Set<() => void>();
  const streamsByUser = new Map<string, number>();
  app.addHook('preClose', (done) => {
    for (const closeStream of streams) closeStream();
    done();
  });

  // EventSource cannot send headers, so the token may also come as ?token=.
  app.get('/status/:job_id/events', async (request, reply) => {
    const { token } = validate(EventsQuerySchema, request.query);
    const sessionToken = bearerToken(request) ?? token;
    const user = await authenticate({ repos, clock }, sessionToken);
    const { job_id } = validate(JobIdParamsSchema, request.params);
    const read = () => getJobStatus(deps, { userId: user.id, jobId: job_id });
    let last = await read();
    const open = streamsByUser.get(user.id) ?? 0;
    if (!finished(last) && open >= EVENTS_STREAMS_PER_USER)
      throw new TooManyRequestsError(
        `This account already follows ${EVENTS_STREAMS_PER_USER} analyses live. Close a tab you no longer need; this one checks progress every few seconds instead.`,
        5,
        'too_many_streams',
      );

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (status: JobStatusReply) =>
      res.write(
        `event: status\ndata: ${JSON.stringify(validateReply(JobStatusReplySchema, status))}\n\n`,
      );

    send(last);
    if (finished(last)) {
      res.end();
      return;
    }
    let closed = false;
    let wake: (() => void) | undefined;
    const end = () => {
      closed = true;
      wake?.();
    };
    // The connection is kept alive: end the response and then the connection itself, which the
    // closing server would otherwise wait for.
    const socket = res.socket;
    const closeStream = () => {
      end();
      res.end(() => socket?.destroy());
    };
    streams.add(closeStream);
    streamsByUser.set(user.id, open + 1);
    request.raw.on('close', end);
    let sinceBeat = 0;
    let sinceAuth = 0;
    try {
      while (!closed) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, EVENTS_POLL_MS);
        });
        if (closed) break;
        // A session that ended while the stream was open (sign-out, expiry, a deleted account) ends
        // the stream: the client then asks /status, gets 401 and signs out, as on any other call.
        if ((sinceAuth += EVENTS_POLL_MS) >= EVENTS_AUTH_MS) {
          sinceAuth = 0;
          try {
            await authenticate({ repos, clock }, sessionToken);
          } catch {
            break;
          }
        }
        let next: JobStatusReply;
        try {
          next = await read();
          if (closed) break;
        } catch {
          // The job was cleared while watched: say so and stop.
          if (!closed) res.write(`event: gone\ndata: {}\n\n`);
          break;
        }
        if (JSON.stringify(next) !== JSON.stringify(last)) {
          send(next);
          last = next;
          sinceBeat = 0;
        } else if ((sinceBeat += EVENTS_POLL_MS) >= EVENTS_HEARTBEAT_MS) {
          res.write(': keep-alive\n\n');
          sinceBeat = 0;
        }
        if (finished(next)) break;
      }
    } finally {
      streams.delete(closeStream);
      const left = (streamsByUser.get(user.id) ?? 1) - 1;
      if (left > 0) streamsByUser.set(user.id, left);
      else streamsByUser.delete(user.id);
    }
    res.end();
  });
}
