import { describe, expect, it } from 'vitest';
import { formatEta, formatPercent, planLabel, processingMinutes, toneLabel } from './format';

describe('format helpers', () => {
  it('shows processing minutes to one decimal, never below 0.1', () => {
    expect(processingMinutes(1)).toBe('0.1');
    expect(processingMinutes(0.01)).toBe('0.1');
    expect(processingMinutes(90)).toBe('1.5');
    expect(processingMinutes(600)).toBe('10.0');
  });
  it('words a cluster tone: mostly needs about half, fewer only lean', () => {
    const tone = (label: 'positive' | 'neutral' | 'negative' | 'mixed', pos: number, neg: number) =>
      toneLabel({ label, positive_share: pos, negative_share: neg });
    expect(tone('positive', 0.35, 0)).toBe('leaning positive');
    expect(tone('positive', 0.6, 0.1)).toBe('mostly positive');
    expect(tone('negative', 0.1, 0.3)).toBe('leaning negative');
    expect(tone('neutral', 0.1, 0.1)).toBe('mostly neutral');
    expect(tone('mixed', 0.4, 0.4)).toBe('mixed feelings');
  });
  it('formats percentages to one decimal', () => {
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPercent(5)).toBe('5.0%');
    expect(formatPercent(0)).toBe('0.0%');
  });
  it('capitalises the plan with Basic as the default', () => {
    expect(planLabel(null)).toBe('Basic');
    expect(planLabel('pro')).toBe('Pro');
    expect(planLabel('ADVANCED')).toBe('Advanced');
  });
  it('describes the ETA or nothing', () => {
    expect(formatEta(null)).toBeNull();
    expect(formatEta(0)).toBeNull();
    expect(formatEta(12.2)).toBe('about 13 s left');
    expect(formatEta(130)).toBe('about 3 min left');
  });
});
