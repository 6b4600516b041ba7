/**
 * A count as YouTube writes it: "1,204" -> 1204, "1.2K" -> 1200, "3M" -> 3000000, "2B" -> 2e9,
 * unrounded. `whole`: the text must be the count alone (a file's column); otherwise the first count
 * in it is read ("1.2K likes"). Null when there is none.
 */
export function countValue(text: string | null | undefined, whole = false): number | null {
  const m = (whole ? /^\s*([\d.,]+)\s*([KMB])?\s*$/i : /([\d.,]+)\s*([KMB])?/i).exec(text ?? '');
  if (!m) return null;
  const n = Number(m[1]!.replace(/,/g, ''));
  const scale = { K: 1e3, M: 1e6, B: 1e9 }[(m[2] ?? '').toUpperCase() as 'K' | 'M' | 'B'] ?? 1;
  return Number.isFinite(n) ? n * scale : null;
}
