import type { ReactNode } from 'react';
import { Header } from '../components/header';
import { SiteFooter } from '../components/site-footer';
import type { Theme } from '../lib/theme';

/** Shared layout of the legal pages: header, a readable column and the footer. */
export function LegalLayout({
  theme,
  onToggleTheme,
  title,
  updated,
  children,
}: {
  theme: Theme;
  onToggleTheme: () => void;
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header theme={theme} onToggleTheme={onToggleTheme} variant="legal" />
      <main id="main" className="legal" tabIndex={-1}>
        <article className="card legal-article">
          <h1>{title}</h1>
          <p className="muted small">Last updated: {updated}</p>
          {children}
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}
