import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client';
import { loadFacebookSdk, type FacebookSdk } from '../social-auth/facebook-sdk';
import { failureSentence } from './workspace-logic';
import { api } from '../../lib/api';
import { workspaceKeys } from './workspaces-api';
import { INSTAGRAM_LINKED_MESSAGE } from './use-instagram-callback';

/** The permissions the social-login route to Instagram asks for, re-requested each time. */
export const FACEBOOK_INSTAGRAM_SCOPES = [
  'public_profile',
  'email',
  'business_management',
  'pages_show_list',
  'pages_manage_metadata',
  'pages_read_engagement',
  'instagram_basic',
  'instagram_content_publish',
  'instagram_manage_comments',
  'instagram_manage_insights',
] as const;

/** The failure sentences of this route. */
export const FACEBOOK_SDK_NOT_LOADED = "Facebook SDK not loaded - make sure you're using HTTPS.";
export const facebookNotCompleted = (status: string): string =>
  `Facebook login was not completed. Status: ${status}.`;
export const INSTAGRAM_CONNECT_FAILED_PREFIX = 'Failed to connect Instagram';

export interface FacebookConnectResult {
  workspaceId: number;
  ok: boolean;
  message: string;
}

interface Options {
  /** The server's Facebook app, or null when it has none (the route is then off). */
  appId: string | null;
  version: string;
  onResult: (result: FacebookConnectResult) => void;
}

/**
 * The social-login alternative to Instagram Login, used when the server has a
 * Facebook app but no Instagram app: Facebook Login for Business with the Page and Instagram
 * permissions, then POST /workspaces/{id}/instagram/connect with the user access token; the server
 * links the first Page that has an Instagram professional account.
 *
 * The SDK is loaded as soon as the route is available, so the login popup opens inside the click
 * (a popup opened after an await is blocked by browsers). Returns `connect(workspaceId)`, or null
 * when the route is off.
 */
export function useFacebookInstagramConnect({
  appId,
  version,
  onResult,
}: Options): ((workspaceId: number) => void) | null {
  const queryClient = useQueryClient();
  const sdk = useRef<FacebookSdk | null>(null);
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  }, [onResult]);

  useEffect(() => {
    if (!appId) return;
    let live = true;
    loadFacebookSdk(appId, version)
      .then((FB) => {
        if (live) sdk.current = FB;
      })
      .catch((err: unknown) => console.error('Facebook SDK failed to load', err));
    return () => {
      live = false;
    };
  }, [appId, version]);

  const connect = useCallback(
    (workspaceId: number) => {
      const FB = sdk.current ?? window.FB ?? null;
      if (!FB) {
        onResultRef.current({ workspaceId, ok: false, message: FACEBOOK_SDK_NOT_LOADED });
        return;
      }
      FB.login(
        (response) => {
          const token = response.authResponse?.accessToken;
          if (response.status !== 'connected' || !token) {
            onResultRef.current({
              workspaceId,
              ok: false,
              message: facebookNotCompleted(response.status || 'unknown'),
            });
            return;
          }
          api
            .connectInstagram({
              params: { id: workspaceId },
              body: { user_access_token: token },
            })
            .then(() => {
              void queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
              onResultRef.current({ workspaceId, ok: true, message: INSTAGRAM_LINKED_MESSAGE });
            })
            .catch((err: unknown) => {
              console.error('Instagram connection through Facebook failed', err);
              onResultRef.current({
                workspaceId,
                ok: false,
                message: failureSentence(INSTAGRAM_CONNECT_FAILED_PREFIX, errorMessage(err, '')),
              });
            });
        },
        { scope: FACEBOOK_INSTAGRAM_SCOPES.join(','), auth_type: 'rerequest' },
      );
    },
    [queryClient],
  );

  return appId ? connect : null;
}
