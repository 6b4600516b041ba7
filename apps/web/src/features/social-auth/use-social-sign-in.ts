import { useCallback, useEffect, useRef, useState } from 'react';
import type { IdentityProvider, ProviderSignInReply } from '@app/contracts';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import { usePublicConfigState } from '../../lib/public-config';
import { STORAGE_KEYS, readStorage } from '../../lib/storage';
// Types only: the loaders themselves are imported on demand, so a server without providers never
// downloads them and they stay out of the initial bundle.
import type { FacebookSdk } from './facebook-sdk';
import type { GoogleAccountsId } from './google-identity';

/**
 * checking: the server's settings are on their way; off: the server has no client/app id;
 * loading: the vendor's script is loading; ready; failed: the script could not load or start.
 */
export type ProviderState = 'checking' | 'off' | 'loading' | 'ready' | 'failed';

const LABEL: Record<IdentityProvider, string> = { google: 'Google', facebook: 'Facebook' };

/** What a click on a provider's button says when the provider cannot be used right now. */
export function notReadyMessage(provider: IdentityProvider, state: ProviderState): string | null {
  const name = LABEL[provider];
  switch (state) {
    case 'checking':
      return 'Checking which sign-in options this server offers. Try again in a moment.';
    case 'off':
      return `${name} sign-in is not available on this server. Sign in with your e-mail and password instead.`;
    case 'loading':
      return `${name} sign-in is still loading. Try again in a moment.`;
    case 'failed':
      return `${name} sign-in could not be loaded. Check your connection or content blocker, then reload the page.`;
    case 'ready':
      return null;
  }
}

export interface SocialSignInOptions {
  /** A session was opened: store it (the reply carries credits and plan). */
  onSignedIn: (reply: ProviderSignInReply) => void;
  /** Show a failure in the auth card's alert line (null clears it). */
  onError: (message: string | null) => void;
}

/**
 * Google Identity Services and the Facebook JavaScript SDK for the signed-out auth card:
 * loads each vendor script only when the server publishes its id, sends the
 * token the vendor gives us to POST /api/v1/auth/google|facebook, and, when Facebook already knows
 * the person (getLoginStatus says connected) and they have not signed out on purpose
 * (explicit_signout), signs them in without a click.
 */
export function useSocialSignIn({ onSignedIn, onError }: SocialSignInOptions) {
  const { config, pending } = usePublicConfigState();
  const clientId = config?.google_client_id ?? null;
  const appId = config?.facebook_app_id ?? null;
  const version = config?.facebook_api_version ?? 'v23.0';
  const idle: ProviderState = pending ? 'checking' : 'off';

  // Which id each script was loaded for, and how that went; until then the provider is 'loading'.
  const [googleLoad, setGoogleLoad] = useState<{ id: string; state: ProviderState } | null>(null);
  const [facebookLoad, setFacebookLoad] = useState<{ id: string; state: ProviderState } | null>(
    null,
  );
  const [busy, setBusy] = useState<IdentityProvider | null>(null);
  /** One Tap did not show (cool-down, no Google session): offer Google's own button. */
  const [googleFallback, setGoogleFallback] = useState(false);
  const googleRef = useRef<GoogleAccountsId | null>(null);
  const facebookRef = useRef<FacebookSdk | null>(null);
  const busyRef = useRef<IdentityProvider | null>(null);
  const callbacks = useRef({ onSignedIn, onError });
  useEffect(() => {
    callbacks.current = { onSignedIn, onError };
  }, [onSignedIn, onError]);

  const complete = useCallback(
    async (
      provider: IdentityProvider,
      call: () => Promise<ProviderSignInReply>,
      automatic = false,
    ) => {
      if (busyRef.current) return;
      busyRef.current = provider;
      setBusy(provider);
      if (!automatic) callbacks.current.onError(null);
      try {
        const reply = await call();
        if (!reply?.token)
          throw new Error('The server did not return a session. Please try again.');
        callbacks.current.onSignedIn(reply);
      } catch (err) {
        console.error(`${provider} sign-in failed`, err);
        // A sign-in the person did not ask for fails quietly (console only); theirs is shown.
        if (!automatic) callbacks.current.onError(errorMessage(err));
      } finally {
        busyRef.current = null;
        setBusy(null);
      }
    },
    [],
  );

  // Google: load, initialise once, and route the ID token the library hands back to our server.
  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    import('./google-identity')
      .then(async (gis) => {
        unsubscribe = gis.onGoogleCredential(
          (idToken) =>
            void complete('google', () => api.googleSignIn({ body: { id_token: idToken } })),
        );
        const id = await gis.loadGoogleIdentity(clientId);
        if (cancelled) return;
        googleRef.current = id;
        setGoogleLoad({ id: clientId, state: 'ready' });
      })
      .catch((err: unknown) => {
        console.error('Google Identity Services did not load', err);
        if (!cancelled) setGoogleLoad({ id: clientId, state: 'failed' });
      });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [clientId, complete]);

  // Facebook: load, FB.init, then the login-status check.
  useEffect(() => {
    if (!appId) return;
    let cancelled = false;
    import('./facebook-sdk')
      .then(async (sdk) => {
        const FB = await sdk.loadFacebookSdk(appId, version);
        if (cancelled) return;
        facebookRef.current = FB;
        setFacebookLoad({ id: appId, state: 'ready' });
        if (readStorage(STORAGE_KEYS.explicitSignout) === 'true') return;
        const status = await sdk.facebookLoginStatus(FB);
        const accessToken = status.authResponse?.accessToken;
        if (cancelled || status.status !== 'connected' || !accessToken) return;
        await complete(
          'facebook',
          () => api.facebookSignIn({ body: { access_token: accessToken } }),
          true,
        );
      })
      .catch((err: unknown) => {
        console.error('The Facebook SDK did not load', err);
        if (!cancelled) setFacebookLoad({ id: appId, state: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [appId, version, complete]);

  const google: ProviderState = !clientId
    ? idle
    : googleLoad?.id === clientId
      ? googleLoad.state
      : 'loading';
  const facebook: ProviderState = !appId
    ? idle
    : facebookLoad?.id === appId
      ? facebookLoad.state
      : 'loading';

  /** 'Continue with Google': the One Tap prompt; Google's button if it cannot show. */
  const startGoogle = useCallback(() => {
    const notReady = notReadyMessage('google', google);
    const id = googleRef.current;
    if (notReady || !id) {
      callbacks.current.onError(notReady);
      return;
    }
    callbacks.current.onError(null);
    id.prompt((notification) => {
      // With FedCM only the skipped moment is reported; without it, also "not displayed".
      if (notification.isNotDisplayed?.() || notification.isSkippedMoment?.()) {
        setGoogleFallback(true);
      }
    });
  }, [google]);

  /** 'Continue with Facebook': FB.login with public_profile and email. Must run inside the click. */
  const startFacebook = useCallback(() => {
    const notReady = notReadyMessage('facebook', facebook);
    const FB = facebookRef.current;
    if (notReady || !FB) {
      callbacks.current.onError(notReady);
      return;
    }
    callbacks.current.onError(null);
    FB.login(
      (response) => {
        const accessToken = response.authResponse?.accessToken;
        if (accessToken)
          void complete('facebook', () =>
            api.facebookSignIn({ body: { access_token: accessToken } }),
          );
        else callbacks.current.onError('Facebook sign-in was not completed. Please try again.');
      },
      { scope: 'public_profile,email' },
    );
  }, [facebook, complete]);

  return {
    google,
    facebook,
    busy,
    googleFallback,
    googleApi: googleRef,
    startGoogle,
    startFacebook,
  };
}
