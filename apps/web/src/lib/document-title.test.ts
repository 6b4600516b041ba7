import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, mainPageTitle, type MainViewState } from './document-title';

const base: MainViewState = { signedIn: true, view: 'home', runningPercent: null, report: null };

describe('mainPageTitle', () => {
  it('keeps the landing title when signed out, whatever else is set', () => {
    expect(mainPageTitle({ ...base, signedIn: false, runningPercent: 40, view: 'workspace' })).toBe(
      DEFAULT_TITLE,
    );
  });

  it('names the dashboard, the workspaces and an open report', () => {
    expect(mainPageTitle(base)).toBe('Dashboard — Chorus');
    expect(mainPageTitle({ ...base, view: 'workspace' })).toBe('Workspaces — Chorus');
    expect(
      mainPageTitle({ ...base, report: { title: 'How I built a cabin', videoId: 'abcdefghijk' } }),
    ).toBe('How I built a cabin — Chorus report');
  });

  it("falls back to the video id when the report's title is unknown or blank", () => {
    expect(mainPageTitle({ ...base, report: { title: null, videoId: 'abcdefghijk' } })).toBe(
      'abcdefghijk — Chorus report',
    );
    expect(mainPageTitle({ ...base, report: { title: '  ', videoId: 'abcdefghijk' } })).toBe(
      'abcdefghijk — Chorus report',
    );
  });

  it('shows a running job with its progress, before the report it replaces', () => {
    expect(
      mainPageTitle({
        ...base,
        runningPercent: 41.6,
        report: { title: 'Old report', videoId: 'abcdefghijk' },
      }),
    ).toBe('Analysing 42% — Chorus');
  });

  it('puts the workspaces screen before a job running in the background', () => {
    expect(mainPageTitle({ ...base, view: 'workspace', runningPercent: 10 })).toBe(
      'Workspaces — Chorus',
    );
  });
});
