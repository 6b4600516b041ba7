import { useEffect, useId, useRef } from 'react';
import type { ProviderSignInReply } from '@app/contracts';
import { type ProviderState, useSocialSignIn } from './use-social-sign-in';

interface SocialButtonsProps {
  /** Another sign-in (e-mail) is running: the buttons wait. */
  disabled: boolean;
  onSignedIn: (reply: ProviderSignInReply) => void;
  onError: (message: string | null) => void;
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill="#0866FF" />
      <path
        fill="#fff"
        d="M13.4 24v-8.6h2.9l.4-3.4h-3.3V9.9c0-1 .3-1.6 1.7-1.6h1.7v-3c-.3 0-1.3-.1-2.5-.1-2.5 0-4.2 1.5-4.2 4.3v2.5H7.3v3.4h2.8V24"
      />
    </svg>
  );
}

/** The sentence under the buttons for providers this server does not offer (or that failed). */
function availabilityNote(google: ProviderState, facebook: ProviderState): string | null {
  const off = (s: ProviderState) => s === 'off' || s === 'failed';
  if (off(google) && off(facebook)) {
    return google === 'off' && facebook === 'off'
      ? 'Google and Facebook sign-in are not available on this server.'
      : 'Google and Facebook sign-in could not be loaded.';
  }
  if (off(facebook)) {
    return facebook === 'off'
      ? 'Facebook sign-in is not available on this server.'
      : 'Facebook sign-in could not be loaded.';
  }
  if (off(google)) {
    return google === 'off'
      ? 'Google sign-in is not available on this server.'
      : 'Google sign-in could not be loaded.';
  }
  return null;
}

/**
 * The auth card's 'Continue with Facebook' (the Facebook social login) and 'Continue with
 * Google' (the One Tap prompt). A provider the server does not offer keeps its button, marked
 * unavailable: pressing it says why instead of doing nothing. When One Tap cannot show (Google's
 * cool-down after a dismissal, no Google session in the browser), Google's own button appears.
 */
export function SocialButtons({ disabled, onSignedIn, onError }: SocialButtonsProps) {
  const noteId = useId();
  const social = useSocialSignIn({ onSignedIn, onError });
  const { google, facebook, busy, googleFallback, googleApi } = social;
  const slotRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const slot = slotRef.current;
    const id = googleApi.current;
    if (!googleFallback || !slot || !id) return;
    const dark = document.documentElement.dataset.theme !== 'light';
    id.renderButton(slot, {
      type: 'standard',
      theme: dark ? 'filled_black' : 'outline',
      size: 'large',
      text: 'continue_with',
      shape: 'rectangular',
      logo_alignment: 'left',
      width: Math.min(400, Math.max(200, Math.floor(slot.clientWidth))),
    });
  }, [googleFallback, googleApi]);

  const note = availabilityNote(google, facebook);
  const unavailable = (s: ProviderState) => s !== 'ready';
  const anyBusy = busy !== null || disabled;

  return (
    <div className="social-buttons" data-testid="social-buttons">
      <button
        type="button"
        className="btn btn-social"
        data-provider="facebook"
        data-state={facebook}
        aria-disabled={unavailable(facebook) || undefined}
        aria-describedby={note && unavailable(facebook) ? noteId : undefined}
        disabled={anyBusy}
        onClick={social.startFacebook}
      >
        <FacebookMark />
        {busy === 'facebook' ? 'Signing in with Facebook…' : 'Continue with Facebook'}
      </button>
      <button
        type="button"
        className="btn btn-social"
        data-provider="google"
        data-state={google}
        aria-disabled={unavailable(google) || undefined}
        aria-describedby={note && unavailable(google) ? noteId : undefined}
        disabled={anyBusy}
        onClick={social.startGoogle}
      >
        <GoogleMark />
        {busy === 'google' ? 'Signing in with Google…' : 'Continue with Google'}
      </button>
      {googleFallback && google === 'ready' ? (
        <div className="google-fallback" data-testid="google-fallback">
          <p className="muted small">
            Google did not open its sign-in prompt. Choose your account with Google’s button:
          </p>
          <div ref={slotRef} className="google-button-slot" />
        </div>
      ) : null}
      {note ? (
        <p id={noteId} className="muted small" data-testid="social-note">
          {note}
        </p>
      ) : null}
    </div>
  );
}
