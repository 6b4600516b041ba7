// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readOpenReport, writeOpenReport } from './storage';

afterEach(() => window.sessionStorage.clear());

describe('the report open in this tab', () => {
  it('is kept for a reload, for YouTube videos and Instagram posts', () => {
    expect(readOpenReport()).toBeNull();
    writeOpenReport('dQw4w9WgXcQ');
    expect(readOpenReport()).toBe('dQw4w9WgXcQ');
    writeOpenReport('ig_17900000000000000');
    expect(readOpenReport()).toBe('ig_17900000000000000');
    writeOpenReport(null);
    expect(readOpenReport()).toBeNull();
  });

  it('ignores a stored value that is no report key', () => {
    window.sessionStorage.setItem('open_report', '../../api/v1/auth/account');
    expect(readOpenReport()).toBeNull();
  });
});
