import type { ReactNode } from 'react';
import type { Theme } from '../lib/theme';
import { Header } from './header';
import { SiteFooter } from './site-footer';

export interface ThemeProps {
  theme: Theme;
  onToggleTheme: () => void;
}

/**
 * The frame of the pages outside the app (legal pages, e-mailed links, shared reports): skip link,
 * the header's short variant, one `main` landmark and the footer.
 */
export function PageShell({
  theme,
  onToggleTheme,
  mainClassName,
  children,
}: ThemeProps & { mainClassName: string; children: ReactNode }) {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header theme={theme} onToggleTheme={onToggleTheme} variant="legal" />
      <main id="main" className={mainClassName} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * A page that an e-mailed link opens: one card under the page shell with a heading, the page's own
 * content, and a line of links back into the app.
 */
export function LinkPage({
  theme,
  onToggleTheme,
  titleId,
  title,
  footer,
  children,
}: ThemeProps & { titleId: string; title: string; footer: ReactNode; children: ReactNode }) {
  return (
    <PageShell theme={theme} onToggleTheme={onToggleTheme} mainClassName="legal">
      <section className="card reset-card" aria-labelledby={titleId}>
        <h1 id={titleId}>{title}</h1>
        {children}
        <p className="small reset-back">{footer}</p>
      </section>
    </PageShell>
  );
}
