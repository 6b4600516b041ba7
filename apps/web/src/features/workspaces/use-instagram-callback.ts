import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client';
import {
  failureSentence,
  parseInstagramCallback,
  searchWithoutCallback,
  type InstagramCallback,
} from './workspace-logic';
import { api } from '../../lib/api';
import { workspaceKeys } from './workspaces-api';

export const INSTAGRAM_LINKED_MESSAGE =
  'Instagram account linked. Its posts are in the Instagram tab.';
export const INSTAGRAM_FAILED_PREFIX = 'Instagram linking failed';

// Each authorisation code is exchanged once per page, even when effects run twice (StrictMode)
// or the main app remounts while the call is in flight.
const handled = new Set<string>();

interface Options {
  signedIn: boolean;
  /** The linking finished: the workspace to make active, and what to tell the creator. */
  onResult: (result: { workspaceId: number; ok: boolean; message: string }) => void;
}

/**
 * Handles Instagram's return to the app: with a code (ig_code or code), a state
 * that is a non-zero workspace id and a signed-in user, calls GET /workspaces/{id}/instagram/oauth/
 * callback?code=..., then removes the callback parameters (and Instagram's "#_") from the address.
 * A signed-out visitor keeps the parameters, so the link completes right after signing in.
 */
export function useInstagramCallback({ signedIn, onResult }: Options): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  }, [onResult]);

  useEffect(() => {
    const callback: InstagramCallback | null = parseInstagramCallback(location.search, signedIn);
    if (callback === null) return;
    const key =
      callback.kind === 'code' ? `code:${callback.code}` : `denied:${callback.workspaceId}`;
    if (handled.has(key)) return;
    handled.add(key);

    // Read the address when tidying, not when the effect ran: another effect may have changed it.
    const tidy = () => {
      const { pathname, search, hash } = window.location;
      void navigate(
        { pathname, search: searchWithoutCallback(search), hash: hash === '#_' ? '' : hash },
        { replace: true, state: location.state as unknown },
      );
    };

    if (callback.kind === 'denied') {
      tidy();
      onResultRef.current({
        workspaceId: callback.workspaceId,
        ok: false,
        message: failureSentence(INSTAGRAM_FAILED_PREFIX, callback.message),
      });
      return;
    }
    api
      .instagramCallback({
        params: { id: callback.workspaceId },
        query: { code: callback.code },
      })
      .then(() => {
        void queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
        onResultRef.current({
          workspaceId: callback.workspaceId,
          ok: true,
          message: INSTAGRAM_LINKED_MESSAGE,
        });
      })
      .catch((err: unknown) => {
        console.error('Instagram linking failed', err);
        onResultRef.current({
          workspaceId: callback.workspaceId,
          ok: false,
          message: failureSentence(INSTAGRAM_FAILED_PREFIX, errorMessage(err, '')),
        });
      })
      .finally(tidy);
  }, [location.search, location.state, navigate, queryClient, signedIn]);
}
