import { useQuery } from '@tanstack/react-query';
import type { PublicConfigReply } from '@app/contracts';
import { api, queryKeys } from './api';

/** What a server with nothing configured says: no sign-in providers, no Instagram, demo payments. */
export const OFFLINE_PUBLIC_CONFIG: PublicConfigReply = {
  llm_enabled: false,
  google_client_id: null,
  facebook_app_id: null,
  facebook_api_version: 'v23.0',
  instagram: null,
  payments: 'demo',
};

/**
 * The server's public settings (GET /api/v1/config), fetched once per page load. `data` is null
 * until it arrives (or when it cannot be read): callers treat that as "not configured".
 */
export function usePublicConfig(): PublicConfigReply | null {
  const query = useQuery({
    queryKey: queryKeys.publicConfig,
    queryFn: ({ signal }) => api.publicConfig(signal),
    staleTime: Infinity,
    retry: 1,
  });
  return query.data ?? null;
}
