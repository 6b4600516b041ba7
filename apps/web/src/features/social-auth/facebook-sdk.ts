import { loadScript, pollFor } from './load-script';

/** Meta's JavaScript SDK (loaded only when the server has a Facebook app id). */
export const FACEBOOK_SDK_SRC = 'https://connect.facebook.net/en_US/sdk.js';
/** Poll every 250 ms, up to 80 times, for `FB`. */
export const FACEBOOK_POLL = { intervalMs: 250, attempts: 80 } as const;

export interface FacebookAuthResponse {
  accessToken: string;
  userID: string;
  expiresIn?: number;
}
export interface FacebookLoginStatus {
  /** 'connected', 'not_authorized' or 'unknown' (newer SDKs may add others). */
  status: string;
  authResponse?: FacebookAuthResponse | null;
}

/** The parts of the SDK's `FB` object we use (developers.facebook.com/docs/javascript/reference). */
export interface FacebookSdk {
  init(options: {
    appId: string;
    version: string;
    cookie?: boolean;
    xfbml?: boolean;
    status?: boolean;
  }): void;
  getLoginStatus(callback: (response: FacebookLoginStatus) => void, force?: boolean): void;
  login(
    callback: (response: FacebookLoginStatus) => void,
    options?: { scope?: string; auth_type?: string },
  ): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

let ready: Promise<FacebookSdk> | null = null;

/** Loads the SDK, waits for `FB` and calls FB.init once with our app id and Graph API version. */
export function loadFacebookSdk(appId: string, version: string): Promise<FacebookSdk> {
  ready ??= loadScript(FACEBOOK_SDK_SRC)
    .then(() => pollFor(() => window.FB, FACEBOOK_POLL))
    .then((FB) => {
      FB.init({ appId, version, cookie: false, xfbml: false, status: false });
      return FB;
    })
    .catch((error: unknown) => {
      ready = null;
      throw error;
    });
  return ready;
}

/** FB.getLoginStatus as a promise. */
export function facebookLoginStatus(FB: FacebookSdk): Promise<FacebookLoginStatus> {
  return new Promise((resolve) => FB.getLoginStatus(resolve));
}
