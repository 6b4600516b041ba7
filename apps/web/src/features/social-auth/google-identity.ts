import { loadScript, pollFor } from './load-script';

/** Google Identity Services' client library (loaded only when the server has a client id). */
export const GOOGLE_IDENTITY_SRC = 'https://accounts.google.com/gsi/client';
/** Poll every 250 ms, up to 40 times, for `google.accounts.id`. */
export const GOOGLE_POLL = { intervalMs: 250, attempts: 40 } as const;

/** The parts of `google.accounts.id` we use (developers.google.com/identity/gsi/web/reference/js-reference). */
export interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: { credential?: string; select_by?: string }) => void;
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    context?: 'signin' | 'signup' | 'use';
    ux_mode?: 'popup' | 'redirect';
    itp_support?: boolean;
    use_fedcm_for_prompt?: boolean;
    use_fedcm_for_button?: boolean;
  }): void;
  prompt(listener?: (notification: PromptMomentNotification) => void): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
  cancel(): void;
  disableAutoSelect(): void;
}

/** With FedCM the display-moment methods are gone, so every method is optional here. */
export interface PromptMomentNotification {
  isNotDisplayed?: () => boolean;
  isSkippedMoment?: () => boolean;
  isDismissedMoment?: () => boolean;
  getDismissedReason?: () => string;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

type CredentialHandler = (idToken: string) => void;
let handler: CredentialHandler | null = null;
let ready: Promise<GoogleAccountsId> | null = null;
let initialisedFor: string | null = null;

/**
 * Loads the library, waits for `google.accounts.id` and initialises it once with a
 * callback that hands the ID token to whichever handler is current (`onGoogleCredential`).
 */
export function loadGoogleIdentity(clientId: string): Promise<GoogleAccountsId> {
  ready ??= loadScript(GOOGLE_IDENTITY_SRC)
    .then(() => pollFor(() => window.google?.accounts?.id, GOOGLE_POLL))
    .then((id) => {
      if (initialisedFor !== clientId) {
        id.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) handler?.(response.credential);
          },
          auto_select: false,
          cancel_on_tap_outside: true,
          context: 'signin',
          ux_mode: 'popup',
          itp_support: true,
          use_fedcm_for_prompt: true,
          use_fedcm_for_button: true,
        });
        initialisedFor = clientId;
      }
      return id;
    })
    .catch((error: unknown) => {
      ready = null; // a later mount may try again
      throw error;
    });
  return ready;
}

/** Sets who receives the next ID token; returns a function that unsets it. */
export function onGoogleCredential(next: CredentialHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}
