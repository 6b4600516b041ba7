import { Suspense, lazy } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PageShell } from '../../components/page-shell';
import type { ThemeProps } from '../../components/page-shell';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate } from '../../lib/format';
import { ReportSkeleton } from '../report/report-skeleton';
import { api } from '../../lib/api';
import { shareKeys } from './share-api';

const ReportView = lazy(() => import('../report/report-view'));

/**
 * /share/{token}: a report someone shared, read-only and for anyone with the link (signed in or
 * not): no notes, chat, drawers or account.
 */
export default function SharePage({ theme, onToggleTheme }: ThemeProps) {
  const { token = '' } = useParams();
  const shared = useQuery({
    queryKey: shareKeys.shared(token),
    queryFn: ({ signal }) => api.sharedReport({ params: { token }, signal }),
    retry: false,
    staleTime: 60_000,
  });
  const data = shared.data;
  const title = data?.report.title ?? (data ? `Video ${data.report.video_id}` : null);
  useDocumentTitle(title ? `${title} · Shared report · Chorus` : 'Shared report · Chorus');

  return (
    <PageShell theme={theme} onToggleTheme={onToggleTheme} mainClassName="share-page">
      {shared.isPending ? (
        <ReportSkeleton />
      ) : shared.isError ? (
        <section className="card share-gone" role="alert" data-testid="share-error">
          <h1>Shared report</h1>
          <p>{errorMessage(shared.error)}</p>
          <p>
            <Link to="/">Go to Chorus</Link> to analyze what your own audience says.
          </p>
        </section>
      ) : data ? (
        <>
          <div className="note share-note" role="note" data-testid="share-note">
            <p>
              <strong>Shared report, read-only.</strong> Someone shared this Chorus report with you.{' '}
              {data.expires_at ? `The link works until ${formatDate(data.expires_at)}.` : ''}
            </p>
          </div>
          <Suspense fallback={<ReportSkeleton />}>
            <ReportView
              report={{ ...data.report, job_id: '' }}
              resetKey={`shared:${token}`}
              onRetagged={() => undefined}
              readOnly
            />
          </Suspense>
        </>
      ) : null}
    </PageShell>
  );
}
