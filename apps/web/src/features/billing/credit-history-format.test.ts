import { describe, expect, it } from 'vitest';
import { creditsWord, formatBalance, formatCreditDelta, hasReport } from './credit-history-format';
import { formatDateTime } from '../../lib/format';

describe('credit history formatting', () => {
  it('puts the sign in the text, with a spoken label and a tone', () => {
    expect(formatCreditDelta(3)).toEqual({ text: '+3', label: '3 credits added', tone: 'gain' });
    expect(formatCreditDelta(1)).toEqual({ text: '+1', label: '1 credit added', tone: 'gain' });
    expect(formatCreditDelta(-1500)).toEqual({
      text: '−1,500',
      label: '1,500 credits deducted',
      tone: 'spend',
    });
    expect(formatCreditDelta(-1).label).toBe('1 credit deducted');
    expect(formatCreditDelta(0)).toEqual({ text: '0', label: 'no change', tone: 'none' });
    // a real minus sign, not a hyphen
    expect(formatCreditDelta(-2).text.charCodeAt(0)).toBe(0x2212);
  });

  it('words counts and balances', () => {
    expect(creditsWord(1)).toBe('1 credit');
    expect(creditsWord(-1)).toBe('1 credit');
    expect(creditsWord(0)).toBe('0 credits');
    expect(creditsWord(12345)).toBe('12,345 credits');
    expect(formatBalance(0)).toBe('Balance 0');
    expect(formatBalance(2401)).toBe('Balance 2,401');
  });

  it('shows date and time in the given zone, and an unreadable value as it is', () => {
    expect(formatDateTime('2026-11-28T10:57:00Z', 'UTC')).toBe('Nov 28, 2026, 10:57 AM');
    expect(formatDateTime('2026-11-28T23:05:00Z', 'Europe/Tallinn')).toBe('Nov 29, 2026, 1:05 AM');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('offers a report only for a finished analysis', () => {
    expect(hasReport({ kind: 'analysis_settled', video_id: 'JspWFbynlmk' })).toBe(true);
    expect(hasReport({ kind: 'analysis_hold', video_id: 'JspWFbynlmk' })).toBe(false);
    expect(hasReport({ kind: 'analysis_refund', video_id: 'JspWFbynlmk' })).toBe(false);
    expect(hasReport({ kind: 'analysis_settled', video_id: null })).toBe(false);
    expect(hasReport({ kind: 'welcome', video_id: null })).toBe(false);
  });
});
