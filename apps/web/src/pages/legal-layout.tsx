import type { ReactNode } from 'react';
import { PageShell } from '../components/page-shell';
import type { ThemeProps } from '../components/page-shell';

/** Shared layout of the legal pages: header, a readable column and the footer. */
export function LegalLayout({
  theme,
  onToggleTheme,
  title,
  updated,
  children,
}: ThemeProps & {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <PageShell theme={theme} onToggleTheme={onToggleTheme} mainClassName="legal">
      <article className="card legal-article">
        <h1>{title}</h1>
        <p className="muted small">Last updated: {updated}</p>
        {children}
      </article>
    </PageShell>
  );
}
