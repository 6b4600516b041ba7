import { describe, expect, it } from 'vitest';
import { formatEta, formatPercent, planLabel, processingMinutes } from './format';

describe('format helpers', () => {
  it('shows processing minutes to one decimal, never below 0.1', () => {
    expect(processingMinutes(1)).toBe('0.1');
    expect(processingMinutes(0.01)).toBe('0.1');
    expect(processingMinutes(90)).toBe('1.5');
    expect(processingMinutes(600)).toBe('10.0');
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
