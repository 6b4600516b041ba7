import { describe, expect, it } from 'vitest';
import { IntentSchema } from '@app/contracts';
import { FIXTURE_VIDEOS, fixtureComments, labelledExamples } from './comment-fixtures.test-support';

describe('the invented comment fixtures', () => {
  it('hold what their README promises for every video', () => {
    for (const video of FIXTURE_VIDEOS) {
      const rows = fixtureComments(video);
      expect(rows.every((r) => r.id.startsWith(`${video}-`))).toBe(true);
      expect(rows.every((r) => IntentSchema.options.includes(r.intent))).toBe(true);
      expect(rows.every((r) => r.topic !== '' && r.text.trim() !== '')).toBe(true);
      const topics = new Set(rows.map((r) => r.topic));
      for (const kind of ['praise', 'request', 'spam', 'reply', 'creator', 'emoji', 'first'])
        expect(topics, `${video}: ${kind}`).toContain(kind);
      // several distinct criticism and question topics, and at least three languages besides English
      expect([...topics].filter((t) => t.startsWith('criticism:')).length).toBeGreaterThanOrEqual(
        2,
      );
      expect([...topics].filter((t) => t.startsWith('question:')).length).toBeGreaterThanOrEqual(1);
      expect([...topics].filter((t) => t.startsWith('language:')).length).toBeGreaterThanOrEqual(3);
      // one text posted by several bot accounts
      const bots = rows.filter((r) => r.topic === 'bot');
      expect(new Set(bots.map((r) => r.text)).size).toBe(1);
      expect(new Set(bots.map((r) => r.author)).size).toBeGreaterThanOrEqual(3);
      expect(bots.every((r) => r.spam)).toBe(true);
      expect(rows.some((r) => /<script>|onerror=/.test(r.text))).toBe(true);
      expect(rows.filter((r) => r.byCreator).every((r) => !r.spam && r.parentId !== null)).toBe(
        true,
      );
    }
  });

  it('give clear intent examples of every intent with a sentiment each', () => {
    const examples = labelledExamples();
    for (const intent of IntentSchema.options)
      expect(examples.filter((e) => e.intent === intent).length).toBeGreaterThanOrEqual(14);
    expect(examples.every((e) => ['positive', 'neutral', 'negative'].includes(e.sentiment))).toBe(
      true,
    );
    expect(new Set(examples.map((e) => e.text)).size).toBe(examples.length);
  });
});
