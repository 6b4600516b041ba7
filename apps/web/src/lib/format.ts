/** Display helpers shared by the report and the sidebar. */
import { toneOnlyLeans, type ClusterSentiment } from '@app/contracts';

const integer = new Intl.NumberFormat('en-US');

/** 12345 -> "12,345". */
export function formatCount(n: number): string {
  return integer.format(Math.round(n));
}

/** One decimal, as the legend and slices show percentages. */
export function formatPercent(n: number): string {
  return `${(Math.round(n * 10) / 10).toFixed(1)}%`;
}

/** Processing time in minutes, one decimal, never below 0.1. */
export function processingMinutes(seconds: number): string {
  const minutes = Math.max(0.1, Math.round((seconds / 60) * 10) / 10);
  return minutes.toFixed(1);
}

/** A date for people: "Nov 21, 2026"; the raw value when it does not parse. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * A date and time for people: "Nov 21, 2026, 3:07 PM" in the viewer's time zone (or `timeZone`);
 * the raw value when it does not parse.
 */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** "basic" -> "Basic"; null -> "Basic" (the display default). */
export function planLabel(plan: string | null | undefined): string {
  const p = plan && plan.trim() !== '' ? plan.trim() : 'basic';
  return p.charAt(0).toUpperCase() + p.slice(1).toLowerCase();
}

/** Remaining time for the progress line: "about 45 s", "about 3 min". */
export function formatEta(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0)
    return null;
  if (seconds < 60) return `about ${Math.ceil(seconds)} s left`;
  return `about ${Math.ceil(seconds / 60)} min left`;
}

/** A cluster's tone in two words: "leaning" when under about half its comments are on that side. */
export function toneLabel(
  s: Pick<ClusterSentiment, 'label' | 'positive_share' | 'negative_share'>,
): string {
  if (s.label === 'mixed') return 'mixed feelings';
  return toneOnlyLeans(s.label, s.positive_share, s.negative_share)
    ? `leaning ${s.label}`
    : `mostly ${s.label}`;
}
