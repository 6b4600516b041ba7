import type { CreditHistoryEntry } from '@app/contracts';

const integer = new Intl.NumberFormat('en-US');

/** "1 credit", "1,500 credits". */
export function creditsWord(n: number): string {
  return `${integer.format(Math.abs(n))} ${Math.abs(n) === 1 ? 'credit' : 'credits'}`;
}

/**
 * A movement's amount as text (the sign is part of the text, so colour is never the only cue):
 * "+3", "−1,500" (a real minus sign), "0"; `label` is what a screen reader hears instead
 * ("3 credits added", "1,500 credits deducted", "no change"); `tone` picks the colour.
 */
export function formatCreditDelta(credits: number): {
  text: string;
  label: string;
  tone: 'gain' | 'spend' | 'none';
} {
  if (credits > 0) {
    return {
      text: `+${integer.format(credits)}`,
      label: `${creditsWord(credits)} added`,
      tone: 'gain',
    };
  }
  if (credits < 0) {
    return {
      text: `−${integer.format(-credits)}`,
      label: `${creditsWord(credits)} deducted`,
      tone: 'spend',
    };
  }
  return { text: '0', label: 'no change', tone: 'none' };
}

/** "Balance 1,234" under the amount. */
export function formatBalance(balance: number): string {
  return `Balance ${integer.format(balance)}`;
}

/** Whether the line may offer "View report": a finished analysis has a report to open. */
export function hasReport(entry: Pick<CreditHistoryEntry, 'kind' | 'video_id'>): boolean {
  return entry.kind === 'analysis_settled' && entry.video_id !== null;
}
