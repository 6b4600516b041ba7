import { useEffect } from 'react';

/** The title index.html ships, kept for the signed-out landing page. */
export const DEFAULT_TITLE = 'Chorus — AI comment analytics for creators';

export interface MainViewState {
  signedIn: boolean;
  view: 'home' | 'workspace' | 'history' | 'questions';
  /** Percent of a job being followed, or null when none runs. */
  runningPercent: number | null;
  /** The open report's video, or null. */
  report: { title: string | null; videoId: string } | null;
}

/**
 * The tab's title for the main app's screen (WCAG 2.4.2: each view says what it is, so a creator
 * with several tabs, or a screen reader's tab list, can tell them apart). A running job shows its
 * progress, which a creator waiting in another tab can read off the tab strip.
 */
export function mainPageTitle(state: MainViewState): string {
  if (!state.signedIn) return DEFAULT_TITLE;
  if (state.view === 'workspace') return 'Workspaces — Chorus';
  if (state.view === 'history') return 'History — Chorus';
  if (state.view === 'questions') return 'Questions — Chorus';
  if (state.runningPercent !== null)
    return `Analysing ${Math.round(state.runningPercent)}% — Chorus`;
  if (state.report !== null) {
    const name = state.report.title?.trim() || state.report.videoId;
    return `${name} — Chorus report`;
  }
  return 'Dashboard — Chorus';
}

/** Sets the tab's title while the calling screen shows it. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
