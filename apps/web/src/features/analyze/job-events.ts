import type { JobStatusReply } from '@app/contracts';

/** A status update as the client reads it: `eta_seconds` or the older `etaSeconds`. */
export type StatusUpdate = Partial<JobStatusReply> & { status: string; etaSeconds?: number | null };

/**
 * Incremental parser for a text/event-stream body: feed chunks, get the JSON `data` payloads of
 * complete events that look like job status replies. Comments, pings and non-JSON data are skipped.
 */
export function createSseParser(): (chunk: string) => StatusUpdate[] {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    const out: StatusUpdate[] = [];
    let idx: number;
    while ((idx = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, idx);
      buffer = buffer.slice(idx + 2);
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data === '') continue;
      try {
        const parsed: unknown = JSON.parse(data);
        if (
          typeof parsed === 'object' &&
          parsed !== null &&
          typeof (parsed as StatusUpdate).status === 'string'
        ) {
          out.push(parsed as StatusUpdate);
        }
      } catch {
        // Not a status payload.
      }
    }
    return out;
  };
}

/** The ETA of an update in seconds, from either field name. */
export function etaOf(update: StatusUpdate): number | null {
  const v = update.eta_seconds ?? update.etaSeconds;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}
