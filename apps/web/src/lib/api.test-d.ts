/**
 * Type test of the client derived from the contracts' route table, checked by `tsc -p apps/web`
 * (part of `npm run typecheck` and `npm test`); it is never run. Each expectation fails the web
 * build when the contract it names changes: a reply field renamed or retyped, a request part added,
 * dropped or retyped. `@ts-expect-error` marks calls the contracts must keep refusing.
 */
import { expectTypeOf } from 'vitest';
import type {
  AnalysisEstimateReply,
  AnalyzeReply,
  BatchEstimateReply,
  CreateShareReply,
  DownloadedFile,
  JobStatusReply,
  ReportReply,
  ReportShare,
  RestoreSpamReply,
  SharedReportReply,
  Workspace,
} from '@app/contracts';
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

export function estimateSpamExportAndShareCalls(): void {
  expectTypeOf(api.estimateAnalysis).returns.resolves.toEqualTypeOf<AnalysisEstimateReply>();
  expectTypeOf<AnalysisEstimateReply>().toEqualTypeOf<{
    video_id: string;
    title: string | null;
    comment_count: number | null;
    credits: number;
    balance: number;
    will_analyse: number;
    max_comments: number;
    free: boolean;
    last_analysis: { job_id: string; created_at: string } | null;
  }>();
  expectTypeOf(api.batchEstimate).returns.resolves.toEqualTypeOf<BatchEstimateReply>();
  type BatchEstimateBody = NonNullable<
    NonNullable<Parameters<typeof api.batchEstimate>[0]>['body']
  >;
  expectTypeOf<BatchEstimateBody['video_ids']>().toEqualTypeOf<string[]>();
  expectTypeOf<BatchEstimateReply['videos'][number]>().toEqualTypeOf<{
    video_id: string;
    title: string | null;
    comment_count: number | null;
    credits: number;
    will_analyse: number;
    error: string | null;
  }>();
  expectTypeOf(api.restoreSpam).returns.resolves.toEqualTypeOf<RestoreSpamReply>();
  expectTypeOf<RestoreSpamReply>().toEqualTypeOf<{
    success: true;
    cluster_id: number;
    heading: string;
  }>();

  // a file route answers the file, not JSON
  expectTypeOf(api.exportReport).returns.resolves.toEqualTypeOf<DownloadedFile>();
  expectTypeOf<DownloadedFile>().toEqualTypeOf<{ blob: Blob; filename: string | null }>();
  expectTypeOf<Parameters<typeof api.exportReport>[0]['query']>().toEqualTypeOf<{
    format: 'csv' | 'json' | 'md' | 'pdf';
    job?: string | undefined;
  }>();

  expectTypeOf(api.createShare).returns.resolves.toEqualTypeOf<CreateShareReply>();
  expectTypeOf<CreateShareReply>().toEqualTypeOf<{
    id: string;
    video_id: string;
    created_at: string;
    expires_at: string | null;
    expired: boolean;
    token: string;
    path: string;
  }>();
  expectTypeOf(api.reportShares).returns.resolves.toEqualTypeOf<ReportShare[]>();
  expectTypeOf(api.revokeShare).returns.resolves.toEqualTypeOf<{ success: true }>();
  expectTypeOf(api.sharedReport).returns.resolves.toEqualTypeOf<SharedReportReply>();
  expectTypeOf<SharedReportReply['expires_at']>().toEqualTypeOf<string | null>();

  // @ts-expect-error the estimate needs a query (a link or an id)
  void api.estimateAnalysis();
  // @ts-expect-error the export needs its format
  void api.exportReport({ params: { video_id: 'x' }, query: {} });
  // @ts-expect-error a format the export does not make
  void api.exportReport({ params: { video_id: 'x' }, query: { format: 'xlsx' } });
  // @ts-expect-error the restore names the comment too
  void api.restoreSpam({ params: { video_id: 'x' } });
  // @ts-expect-error an expiry is a number of days
  void api.createShare({ params: { video_id: 'x' }, body: { expires_in_days: '7' } });
  // @ts-expect-error a shared report is read by its token
  void api.sharedReport({ params: { id: 'x' } });
  // the share's expiry may be left out (open until revoked)
  void api.createShare({ params: { video_id: 'x' } });
}
