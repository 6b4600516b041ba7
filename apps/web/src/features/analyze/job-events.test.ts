import { describe, expect, it } from 'vitest';
import { createSseParser, etaOf } from './job-events';

describe('SSE status parser', () => {
  it('yields status payloads of complete events across chunk boundaries', () => {
    const parse = createSseParser();
    expect(parse(': ping\n\nevent: status\ndata: {"status":"fetch')).toEqual([]);
    const out = parse('ing","progress_percent":10}\n\ndata: {"status":"complete"}\r\n\r\n');
    expect(out.map((u) => u.status)).toEqual(['fetching', 'complete']);
    expect(out[0]!.progress_percent).toBe(10);
  });
  it('skips data that is not a status object', () => {
    const parse = createSseParser();
    expect(parse('data: hello\n\ndata: {"x":1}\n\ndata: [1]\n\n')).toEqual([]);
  });
  it('reads the ETA from eta_seconds or etaSeconds', () => {
    expect(etaOf({ status: 'embedding', eta_seconds: 4 })).toBe(4);
    expect(etaOf({ status: 'embedding', etaSeconds: 7 })).toBe(7);
    expect(etaOf({ status: 'embedding', eta_seconds: null })).toBeNull();
  });
});
