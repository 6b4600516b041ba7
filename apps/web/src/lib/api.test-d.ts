/**
 * Type test of the client derived from the contracts' route table, checked by `tsc -p apps/web`
 * (part of `npm run typecheck` and `npm test`); it is never run. Each expectation fails the web
 * build when the contract it names changes: a reply field renamed or retyped, a request part added,
 * dropped or retyped. `@ts-expect-error` marks calls the contracts must keep refusing.
 */
import { expectTypeOf } from 'vitest';
import type { AnalyzeReply, JobStatusReply, ReportReply, Workspace } from '@app/contracts';
import { api } from './api';

export function analyzeCalls(): void {
  expectTypeOf<Parameters<typeof api.analyze>[0]['query']>().toEqualTypeOf<{
    video_url?: string | undefined;
    video_id?: string | undefined;
  }>();
  expectTypeOf(api.analyze).returns.resolves.toEqualTypeOf<AnalyzeReply>();
  expectTypeOf(api.analyze).returns.resolves.toEqualTypeOf<{ job_id: string }>();

  // the status reply is the contract's, field for field (no client-side extras)
  expectTypeOf(api.jobStatus).returns.resolves.toEqualTypeOf<JobStatusReply>();
  expectTypeOf<JobStatusReply>().toEqualTypeOf<{
    job_id: string;
    status: 'pending' | 'fetching' | 'embedding' | 'discovering' | 'saving' | 'complete' | 'failed';
    error: string | null;
    video_id: string;
    progress_percent: number;
    eta_seconds: number | null;
    reserved_credits?: number | undefined;
  }>();
  expectTypeOf(api.report).returns.resolves.toEqualTypeOf<ReportReply>();
  expectTypeOf(api.createWorkspace).returns.resolves.toEqualTypeOf<Workspace>();

  // @ts-expect-error the analysis needs a query (a link or an id)
  void api.analyze();
  // @ts-expect-error a path parameter is required
  void api.report({});
  // @ts-expect-error the video id is text
  void api.report({ params: { video_id: 42 } });
  // @ts-expect-error the notes body needs the video id
  void api.saveNotes({ body: { notes: '<p>x</p>' } });
  // @ts-expect-error the history takes no body
  void api.analyses({ body: {} });
  // a route without a request part may be called bare
  void api.analyses();
  // a bodyless POST with an optional body may omit it
  void api.syncWorkspace({ params: { id: 1 } });
}
