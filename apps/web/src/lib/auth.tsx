import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE, isAbortError, onUnauthorized } from './api-client';
import { api } from './api';
import { STORAGE_KEYS, readStorage, writeCurrentJob, writeStorage } from './storage';

export interface AuthContextValue {
  token: string | null;
  credits: number | null;
  plan: string | null;
  /** The 'Session expired…' banner is showing. */
  sessionExpired: boolean;
  /** A problem reaching the server while checking the session (the token is kept). */
  connectionProblem: string | null;
  /** Stores the token; `profile` (a provider sign-in's reply) shows credits and plan at once. */
  signIn: (token: string, profile?: { credits: number; plan: string }) => void;
  /**
   * Clears auth and sets explicit_signout. `revoke: false` skips the server call (the session is
   * already gone, e.g. after the account was deleted).
   */
  signOut: (options?: { revoke?: boolean }) => void;
  refreshProfile: () => void;
  dismissSessionExpired: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function storedCredits(): number | null {
  const raw = readStorage(STORAGE_KEYS.credits);
  const n = raw === null ? NaN : Number(raw);
  return Number.isFinite(n) ? n : null;
}

/**
 * Auth state: the token and profile live in local storage; a 401 anywhere
 * (or a failed profile fetch on load) clears them and shows the session-expired banner.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => readStorage(STORAGE_KEYS.token));
  const [credits, setCredits] = useState<number | null>(storedCredits);
  const [plan, setPlan] = useState<string | null>(() => readStorage(STORAGE_KEYS.plan));
  const [sessionExpired, setSessionExpired] = useState(false);
  const [connectionProblem, setConnectionProblem] = useState<string | null>(null);
  const [profileNonce, setProfileNonce] = useState(0);
  const tokenRef = useRef(token);
  useEffect(() => {
    tokenRef.current = token;
  }, [token]);

  const clearAuth = useCallback(() => {
    writeStorage(STORAGE_KEYS.token, null);
    writeStorage(STORAGE_KEYS.credits, null);
    writeStorage(STORAGE_KEYS.plan, null);
    writeCurrentJob(null);
    tokenRef.current = null;
    setToken(null);
    setCredits(null);
    setPlan(null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'metrics' });
  }, [queryClient]);

  const expire = useCallback(() => {
    if (tokenRef.current === null) return;
    clearAuth();
    setSessionExpired(true);
  }, [clearAuth]);

  useEffect(() => onUnauthorized(expire), [expire]);

  // Fetch credits and plan whenever the token changes (sign-in, reload) or a refresh is asked for.
  useEffect(() => {
    if (token === null) return;
    const ctrl = new AbortController();
    api
      .me({ signal: ctrl.signal })
      .then((me) => {
        setConnectionProblem(null);
        setCredits(me.credits_balance);
        setPlan(me.subscription_plan);
        writeStorage(STORAGE_KEYS.credits, String(me.credits_balance));
        writeStorage(STORAGE_KEYS.plan, me.subscription_plan);
      })
      .catch((err: unknown) => {
        // Cancelled (a newer fetch, or the page unloading on reload): no verdict on the session.
        // Signing out here would clear the stored token while the page reloads.
        if (ctrl.signal.aborted || isAbortError(err)) return;
        // An unreachable or failing server (no reply, 5xx) keeps the session; only a definite
        // answer from the server, a 4xx (401 also via onUnauthorized), ends it.
        if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500) {
          setConnectionProblem(NETWORK_ERROR_MESSAGE);
          return;
        }
        console.error('Profile fetch failed', err);
        expire();
      });
    return () => ctrl.abort();
  }, [token, profileNonce, expire]);

  const signIn = useCallback((newToken: string, profile?: { credits: number; plan: string }) => {
    writeStorage(STORAGE_KEYS.token, newToken);
    writeStorage(STORAGE_KEYS.explicitSignout, null);
    if (profile) {
      writeStorage(STORAGE_KEYS.credits, String(profile.credits));
      writeStorage(STORAGE_KEYS.plan, profile.plan);
      setCredits(profile.credits);
      setPlan(profile.plan);
    }
    setSessionExpired(false);
    setConnectionProblem(null);
    tokenRef.current = newToken;
    setToken(newToken);
  }, []);

  const signOut = useCallback(
    (options?: { revoke?: boolean }) => {
      if (tokenRef.current !== null && options?.revoke !== false) {
        // Revoke on the server too; the local sign-out does not wait for it.
        api.logout().catch((err: unknown) => console.warn('Logout call failed', err));
      }
      clearAuth();
      writeStorage(STORAGE_KEYS.explicitSignout, 'true');
      setSessionExpired(false);
    },
    [clearAuth],
  );

  const refreshProfile = useCallback(() => setProfileNonce((n) => n + 1), []);
  const dismissSessionExpired = useCallback(() => setSessionExpired(false), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      token,
      credits,
      plan,
      sessionExpired,
      connectionProblem,
      signIn,
      signOut,
      refreshProfile,
      dismissSessionExpired,
    }),
    [
      token,
      credits,
      plan,
      sessionExpired,
      connectionProblem,
      signIn,
      signOut,
      refreshProfile,
      dismissSessionExpired,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state; must be used under AuthProvider. */
export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (ctx === null) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
