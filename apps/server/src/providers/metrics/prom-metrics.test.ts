import { describe, expect, it } from 'vitest';
import { FakeLanguageModel } from '../llm/fake-language-model';
import { meteredLanguageModel } from './metered-language-model';
import { commentBucket, noopMetrics } from './metrics.port';
import { createPromMetrics } from './prom-metrics';

const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

const request = { system: 's', user: 'u' } as unknown as Parameters<
  FakeLanguageModel['completeJson']
>[0];

describe('the Prometheus metrics adapter', () => {
  it('counts LLM calls and failures through the metered model, and rethrows the failure', async () => {
    const metrics = createPromMetrics({ jobStates: () => Promise.resolve([]) });
    const model = meteredLanguageModel(
      new FakeLanguageModel([{ ok: true }, new Error('model down')]),
      metrics,
    );
    expect(model.name).toBe('fake:language-model');
    await expect(model.completeJson(request)).resolves.toEqual({ ok: true });
    await expect(model.completeJson(request)).rejects.toThrow();
    const text = await metrics.render();
    expect(value(text, 'chorus_llm_calls_total')).toBe(2);
    expect(value(text, 'chorus_llm_failures_total')).toBe(1);
  });

  it('reads job states at scrape time, ages the oldest waiting job, and counts credit movements', async () => {
    const now = new Date('2026-11-28T12:00:00Z');
    let reads = 0;
    const metrics = createPromMetrics({
      now: () => now,
      jobStates: () => {
        reads++;
        return Promise.resolve([
          { status: 'pending', count: 3, oldest: new Date(now.getTime() - 120_000) },
          { status: 'embedding', count: 1, oldest: new Date(now.getTime() - 5_000) },
        ]);
      },
    });
    metrics.credits('held', 4);
    metrics.credits('settled', 3);
    metrics.credits('refunded', 0);
    const text = await metrics.render();
    expect(reads).toBe(1);
    expect(value(text, 'chorus_analysis_jobs{status="pending"}')).toBe(3);
    expect(value(text, 'chorus_analysis_jobs{status="embedding"}')).toBe(1);
    expect(value(text, 'chorus_analysis_jobs{status="saving"}')).toBe(0);
    expect(value(text, 'chorus_queue_depth')).toBe(3);
    expect(value(text, 'chorus_queue_oldest_waiting_seconds')).toBe(120);
    expect(value(text, 'chorus_credits_total{movement="held"}')).toBe(4);
    expect(value(text, 'chorus_credits_total{movement="settled"}')).toBe(3);
    expect(value(text, 'chorus_credits_total{movement="refunded"}')).toBe(0);
  });

  it('still serves the other figures when the database does not answer', async () => {
    const errors: unknown[] = [];
    const metrics = createPromMetrics({
      jobStates: () => Promise.reject(new Error('database down')),
      onCollectError: (err) => errors.push(err),
    });
    metrics.httpRequest({ method: 'GET', route: '/api/v1/config', status: 200, seconds: 0.01 });
    const text = await metrics.render();
    expect(errors.length).toBeGreaterThan(0);
    expect(
      value(text, 'chorus_http_requests_total{method="GET",route="/api/v1/config",status="200"}'),
    ).toBe(1);
  });

  it('buckets comment counts into a few label values; the no-op records nothing', () => {
    expect([0, 99, 100, 999, 1000, 9999, 10_000, 1e6].map(commentBucket)).toEqual([
      '<100',
      '<100',
      '100-999',
      '100-999',
      '1000-9999',
      '1000-9999',
      '10000+',
      '10000+',
    ]);
    expect(noopMetrics.enabled).toBe(false);
    expect(() => noopMetrics.credits('held', 1)).not.toThrow();
  });
});
