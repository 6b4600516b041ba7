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
  mail: 'outbox',
};

/**
 * The server's public settings (GET /api/v1/config), fetched once per page load. `data` is null
 * until it arrives (or when it cannot be read): callers treat that as "not configured".
 */
export function usePublicConfig(): PublicConfigReply | null {
  return usePublicConfigState().config;
}

/**
 * The same, plus whether it is still on its way (`pending`), for controls that should say
 * "checking" rather than "not available" during the first moments of a page view.
 */
export function usePublicConfigState(): { config: PublicConfigReply | null; pending: boolean } {
  const query = useQuery({
    queryKey: queryKeys.publicConfig,
    queryFn: ({ signal }) => api.publicConfig({ signal }),
    staleTime: Infinity,
    retry: 1,
  });
  return { config: query.data ?? null, pending: query.isPending };
}
