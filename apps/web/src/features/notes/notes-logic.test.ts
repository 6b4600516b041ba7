import { describe, expect, it } from 'vitest';
import { isBlankHtml, lastSavedLabel, shouldSave } from './notes-logic';

describe('notes save rules', () => {
  it('treats empty editor markup as blank', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p> <br></p><h1>&nbsp;</h1>')).toBe(true);
    expect(isBlankHtml('<p>x</p>')).toBe(false);
  });

  it('saves only non-blank content that differs from the stored version', () => {
    expect(shouldSave('<p>a</p>', null)).toBe(true);
    expect(shouldSave('<p>a</p>', '<p>a</p>')).toBe(false);
    expect(shouldSave('<p></p>', '<p>a</p>')).toBe(false);
    expect(shouldSave('<p>b</p>', '<p>a</p>')).toBe(true);
  });

  it('formats the last-saved label', () => {
    expect(lastSavedLabel('2026-01-02T03:04:05.000Z')).toMatch(/^Last saved: .+/);
  });
});
