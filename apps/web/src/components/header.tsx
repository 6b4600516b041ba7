import { Suspense, lazy, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { NotificationsBell } from '../features/alerts/notifications-bell';
import { useCheckoutWatch } from '../features/billing/checkout-watch';
import { useAuth } from '../lib/auth';
import { directRoutes } from '@app/contracts';
import { directUrl } from '../lib/api';
import { planLabel } from '../lib/format';
import type { Theme } from '../lib/theme';
import { MoonIcon, SunIcon } from './icons';
import { useDismiss } from './use-dismiss';

// Loaded when the plan button is first pressed: it is not needed to show the app.
const PlansModal = lazy(() => import('../features/billing/plans-modal'));
// Loaded when the credits pill (or the plans modal's Credit history) is first pressed.
const CreditHistoryModal = lazy(() => import('../features/billing/credit-history-modal'));

/**
 * Credit packs Buy Credits starts with. Stripe's page (and the demo checkout) let the buyer change
 * the quantity, so one pack is the honest default: nobody is steered into a bigger purchase.
 */
export const DEFAULT_PACKS = 1;

export const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/instagram-data-deletion', label: 'Data Deletion' },
] as const;

interface HeaderProps {
  theme: Theme;
  onToggleTheme: () => void;
  /** Main app: Home and Workspace switch views; on legal pages they are links back to the app. */
  onHome?: () => void;
  onWorkspace?: () => void;
  onGetStarted?: () => void;
  /** Opens a video's report from the credit history (main app only). */
  onOpenReport?: (videoId: string) => void;
  variant?: 'app' | 'legal';
}

/**
 * The Legal dropdown: a disclosure button and its links. Escape closes it and, when the keyboard was
 * in it, puts focus back on the button (not to <body>); tabbing out of it closes it.
 */
function LegalMenu() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const dismiss = useDismiss(open, close, ref, buttonRef);
  return (
    <div className="dropdown" ref={ref} onBlur={dismiss.onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="nav-link"
        aria-expanded={open}
        aria-controls="legal-menu"
        onClick={() => setOpen((o) => !o)}
      >
        Legal <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <ul id="legal-menu" className="dropdown-menu">
          {LEGAL_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} onClick={() => setOpen(false)}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Keeps the header's height in the root's --header-height custom property: the cluster drawers
 * start below the header, so its controls stay in sight and in reach at every width (its rows wrap
 * on a phone).
 */
function useHeaderHeight(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const update = () =>
      root.style.setProperty('--header-height', `${header.getBoundingClientRect().height}px`);
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, [ref]);
}

/** Header: brand, nav, theme toggle, and the signed-in account controls. */
export function Header({
  theme,
  onToggleTheme,
  onHome,
  onWorkspace,
  onGetStarted,
  onOpenReport,
  variant = 'app',
}: HeaderProps) {
  const { token, credits, plan, signOut } = useAuth();
  const watch = useCheckoutWatch();
  const [open, setOpen] = useState<'plans' | 'history' | null>(null);
  const signedIn = token !== null;
  const headerRef = useRef<HTMLElement>(null);
  useHeaderHeight(headerRef);

  const buyCredits = () => {
    const t = token;
    if (!t) return; // Checkout opens only with a token.
    // A new tab cannot send headers: the token goes in the query (the server keeps it out of logs).
    window.open(
      directUrl(directRoutes.stripeCheckout, {}, { token: t, packs: DEFAULT_PACKS }),
      '_blank',
      'noopener',
    );
    watch.opened();
  };

  return (
    <header className="site-header" ref={headerRef}>
      <div className="header-inner">
        <Link to="/" className="brand" onClick={onHome} aria-label="Chorus home">
          <span className="brand-mark" aria-hidden="true">
            ◎
          </span>
          <span>Chorus</span>
        </Link>
        <nav aria-label="Main" className="main-nav">
          {variant === 'app' ? (
            <>
              <button type="button" className="nav-link" onClick={onHome}>
                Home
              </button>
              <button type="button" className="nav-link" onClick={onWorkspace}>
                Workspace
              </button>
            </>
          ) : (
            <>
              <Link className="nav-link" to="/">
                Home
              </Link>
              <Link className="nav-link" to="/workspaces">
                Workspace
              </Link>
            </>
          )}
          <LegalMenu />
        </nav>
        <div className={`header-actions${signedIn ? ' signed-in' : ''}`}>
          <button
            type="button"
            className="icon-button theme-toggle"
            onClick={onToggleTheme}
            aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
            title={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          >
            {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
          </button>
          {signedIn ? (
            <>
              <NotificationsBell token={token} />
              <button
                type="button"
                className="btn btn-ghost btn-small plan-button"
                onClick={() => setOpen('plans')}
                aria-haspopup="dialog"
                data-testid="plan-button"
              >
                {planLabel(plan)}
              </button>
              {/* The balance opens where it came from: the credit history. The name starts with
                  the visible text (WCAG 2.5.3) and says what the button does. */}
              <button
                type="button"
                className="credits-pill"
                data-testid="credits-pill"
                onClick={() => setOpen('history')}
                aria-haspopup="dialog"
                aria-label={`${credits ?? 0} ${credits === 1 ? 'credit' : 'credits'}: credit history`}
                title="Credit history"
              >
                <span>{credits ?? 0}</span>{' '}
                <span className="credits-unit">{credits === 1 ? 'credit' : 'credits'}</span>
              </button>
              <button type="button" className="btn btn-primary btn-small" onClick={buyCredits}>
                Buy Credits
              </button>
              <button type="button" className="btn btn-ghost btn-small" onClick={() => signOut()}>
                Sign out
              </button>
            </>
          ) : variant === 'legal' ? (
            <Link to="/" className="btn btn-primary btn-small">
              Back to App
            </Link>
          ) : (
            <button type="button" className="btn btn-primary btn-small" onClick={onGetStarted}>
              Get Started
            </button>
          )}
        </div>
      </div>
      {/* In <body>, not in the header: the header's backdrop-filter would make it the box a
          fixed-position dialog is placed in, cutting the dialog off at the header's height. */}
      {open
        ? createPortal(
            <Suspense fallback={null}>
              {open === 'plans' ? (
                <PlansModal
                  onClose={() => setOpen(null)}
                  onShowHistory={() => setOpen('history')}
                />
              ) : (
                <CreditHistoryModal onClose={() => setOpen(null)} onOpenReport={onOpenReport} />
              )}
            </Suspense>,
            document.body,
          )
        : null}
    </header>
  );
}
