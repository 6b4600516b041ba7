import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth';
import { formatCount, planLabel } from '../../lib/format';

/** The balance is re-read every 1.5 s for up to 30 s while a payment's webhook may be on its way. */
export const CHECKOUT_POLL_MS = 1500;
export const CHECKOUT_POLL_TRIES = 20;
/** Between re-reads the latest answer is looked at this often, so a change shows at once. */
const CHECK_MS = 250;
const TICKS_PER_POLL = CHECKOUT_POLL_MS / CHECK_MS;
/** A checkout opened from this tab is watched for when the tab is shown again, for this long. */
const OPENED_WATCH_MS = 30 * 60 * 1000;
/** Confirmations disappear by themselves after this long. */
export const NOTICE_MS = 12_000;

export type CheckoutReturn = 'success' | 'cancel' | 'portal';

interface Snapshot {
  credits: number | null;
  plan: string | null;
}

export interface CheckoutNoticeState {
  tone: 'progress' | 'success' | 'info';
  text: string;
}

/** The confirmation for a change of balance or plan seen after a purchase. */
export function changeNotice(before: Snapshot, after: Snapshot): CheckoutNoticeState | null {
  const planChanged = after.plan !== null && before.plan !== null && after.plan !== before.plan;
  const added =
    after.credits !== null && before.credits !== null ? after.credits - before.credits : 0;
  if (!planChanged && added <= 0) return null;
  const credits =
    added > 0
      ? `${formatCount(added)} credit${added === 1 ? '' : 's'} added; your balance is ${formatCount(after.credits ?? 0)}.`
      : '';
  if (planChanged) {
    return {
      tone: 'success',
      text: `You are on the ${planLabel(after.plan)} plan now. ${credits}`.trim(),
    };
  }
  return { tone: 'success', text: `Payment received. ${credits}` };
}

export const CONFIRMING_TEXT = 'Confirming your payment…';
export const PENDING_TEXT =
  'Thank you, your payment went through. Your balance updates as soon as the payment provider confirms it, usually within a minute.';
export const CANCELLED_TEXT = 'Checkout cancelled. Nothing was charged.';

interface Watch {
  /** The session it belongs to (signing out or in ends it). */
  token: string | null;
  /** Shown while waiting; null watches silently (a tab that only regained focus). */
  waitingText: string | null;
  /** Shown when nothing changed in time; null says nothing. */
  timeoutText: string | null;
  baseline: Snapshot;
}

interface CheckoutWatchValue {
  notice: CheckoutNoticeState | null;
  dismiss: () => void;
  /** A checkout or portal tab was opened from this tab: look again when this tab is shown. */
  opened: () => void;
  /** This tab is the return from a checkout (?checkout=success|cancel|portal). */
  returned: (kind: CheckoutReturn) => void;
}

const CheckoutWatchContext = createContext<CheckoutWatchValue | null>(null);

/**
 * After a purchase the credits arrive with the payment provider's webhook, which may come a moment
 * after the browser returns: the balance is re-read every 1.5 s for up to 30 s until it (or the
 * plan) changes, then a short confirmation shows. The tab that opened the checkout does the same,
 * silently, when it is shown again.
 */
export function CheckoutWatchProvider({ children }: { children: ReactNode }) {
  const { token, credits, plan, refreshProfile } = useAuth();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<CheckoutNoticeState | null>(null);
  const [watch, setWatch] = useState<Watch | null>(null);
  const latest = useRef<Snapshot & { token: string | null }>({ credits, plan, token });
  useEffect(() => {
    latest.current = { credits, plan, token };
  }, [credits, plan, token]);

  const start = useCallback((next: Omit<Watch, 'token'>) => {
    setWatch({ ...next, token: latest.current.token });
    if (next.waitingText) setNotice({ tone: 'progress', text: next.waitingText });
  }, []);

  // Re-read the profile until the change shows or the tries run out.
  useEffect(() => {
    if (!watch) return;
    let ticks = 0;
    refreshProfile();
    const timer = window.setInterval(() => {
      ticks += 1;
      const now = latest.current;
      const stop = (next?: CheckoutNoticeState | null) => {
        window.clearInterval(timer);
        setWatch(null);
        if (next !== undefined) setNotice(next);
      };
      if (now.token !== watch.token) return stop(null);
      const seen = changeNotice(watch.baseline, now);
      if (seen) {
        void queryClient.invalidateQueries({ queryKey: ['billing'] });
        return stop(seen);
      }
      if (ticks >= CHECKOUT_POLL_TRIES * TICKS_PER_POLL) {
        return stop(watch.timeoutText ? { tone: 'info', text: watch.timeoutText } : undefined);
      }
      if (ticks % TICKS_PER_POLL === 0) refreshProfile();
    }, CHECK_MS);
    return () => window.clearInterval(timer);
  }, [watch, refreshProfile, queryClient]);

  // Confirmations go away by themselves; "Confirming…" stays until it is answered.
  useEffect(() => {
    if (!notice || notice.tone === 'progress') return;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const openedAt = useRef<{ at: number; baseline: Snapshot } | null>(null);
  useEffect(() => {
    const onShow = () => {
      const opened = openedAt.current;
      if (document.visibilityState !== 'visible' || !opened) return;
      if (Date.now() - opened.at > OPENED_WATCH_MS) {
        openedAt.current = null;
        return;
      }
      start({ waitingText: null, timeoutText: null, baseline: opened.baseline });
    };
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [start]);

  const opened = useCallback(() => {
    openedAt.current = { at: Date.now(), baseline: latest.current };
  }, []);

  const returned = useCallback(
    (kind: CheckoutReturn) => {
      const baseline = latest.current;
      if (kind === 'cancel') {
        setWatch(null);
        setNotice({ tone: 'info', text: CANCELLED_TEXT });
        refreshProfile();
        return;
      }
      start(
        kind === 'success'
          ? { waitingText: CONFIRMING_TEXT, timeoutText: PENDING_TEXT, baseline }
          : { waitingText: null, timeoutText: null, baseline },
      );
    },
    [refreshProfile, start],
  );

  const dismiss = useCallback(() => {
    setNotice(null);
  }, []);

  // Signed out: nothing to confirm.
  const shown = token === null ? null : notice;
  const value = useMemo<CheckoutWatchValue>(
    () => ({ notice: shown, dismiss, opened, returned }),
    [shown, dismiss, opened, returned],
  );
  return <CheckoutWatchContext.Provider value={value}>{children}</CheckoutWatchContext.Provider>;
}

export function useCheckoutWatch(): CheckoutWatchValue {
  const ctx = useContext(CheckoutWatchContext);
  if (ctx === null) throw new Error('useCheckoutWatch must be used inside <CheckoutWatchProvider>');
  return ctx;
}

/** The confirmation line under the header after a purchase (role=status: read out, not urgent). */
export function CheckoutNotice() {
  const { notice, dismiss } = useCheckoutWatch();
  if (!notice) return null;
  return (
    <div
      className={`banner banner-${notice.tone === 'success' ? 'success' : 'info'}`}
      role="status"
      data-testid="checkout-notice"
    >
      <p>{notice.text}</p>
      {notice.tone === 'progress' ? null : (
        <button type="button" className="btn btn-ghost btn-small" onClick={dismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
