import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';

/**
 * The status of a deletion request Meta sent for a Facebook user. Meta shows the person a
 * confirmation code and a link here (`?code=DEL-…`); the page says what became of the request.
 * Without a code it shows nothing.
 */
export function DeletionRequestStatus() {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const status = useQuery({
    queryKey: queryKeys.dataDeletion(code),
    queryFn: ({ signal }) => api.dataDeletionStatus({ params: { code }, signal }),
    enabled: code !== '',
    retry: false,
    staleTime: 60_000,
  });
  if (code === '') return null;

  if (status.isPending) {
    return (
      <div className="notice" role="status" data-testid="deletion-request">
        <p>Checking deletion request {code}…</p>
      </div>
    );
  }
  if (status.isError) {
    return (
      <div className="notice notice-error" role="alert" data-testid="deletion-request">
        <p>{errorMessage(status.error)}</p>
      </div>
    );
  }
  const request = status.data;
  return (
    <div className="notice notice-success" role="status" data-testid="deletion-request">
      <p>
        <strong>
          Deletion request <span className="nowrap">{request.confirmation_code}</span>: completed on{' '}
          {formatDate(request.completed_at)}.
        </strong>{' '}
        {request.outcome === 'account_deleted'
          ? 'The Chorus account you signed in to with Facebook has been deleted, with everything listed below.'
          : 'No Chorus account was signed in with that Facebook account, so there was nothing to delete.'}
      </p>
    </div>
  );
}
