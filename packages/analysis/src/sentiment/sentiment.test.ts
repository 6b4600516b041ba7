import { describe, expect, it } from 'vitest';
import { scoreSentiment, squeezeRepeats } from './index';

const label = (t: string) => scoreSentiment(t).label;

describe('scoreSentiment', () => {
  it('reads plain positive and negative comments', () => {
    expect(label('This is the best tutorial I have ever watched, thank you!')).toBe('positive');
    expect(label('Worst video ever, complete waste of time')).toBe('negative');
    expect(label('I uploaded the file yesterday')).toBe('neutral');
  });
  it('handles negation', () => {
    expect(label('not bad at all')).toBe('positive');
    expect(scoreSentiment('I like this').score).toBeGreaterThan(0);
    expect(scoreSentiment("I don't like this").score).toBeLessThan(0);
    expect(label("I really don't like this, it's not good")).toBe('negative');
    expect(scoreSentiment('this is not good').score).toBeLessThan(0);
    expect(scoreSentiment('good').score).toBeGreaterThan(0);
  });
  it('gives emoji valence', () => {
    expect(label('😍😍😍')).toBe('positive');
    expect(label('❤️')).toBe('positive');
    expect(label('👎')).toBe('negative');
    expect(label('🤮')).toBe('negative');
  });
  it('ALL CAPS, "!" and stretched letters intensify', () => {
    expect(scoreSentiment('GREAT video').score).toBeGreaterThan(
      scoreSentiment('great video').score,
    );
    expect(scoreSentiment('great video!!!').score).toBeGreaterThan(
      scoreSentiment('great video').score,
    );
    expect(label('sooo goood')).toBe('positive');
    expect(squeezeRepeats('sooo goood niiiice')).toBe('so good nice');
  });
  it('knows YouTube slang', () => {
    expect(label('this song is fire 🔥')).toBe('positive');
    expect(label('total clickbait, trash')).toBe('negative');
  });
  it('flags clearly mixed comments', () => {
    expect(label('I love the editing but the audio is terrible and annoying')).toBe('mixed');
  });
  it('keeps score in -1..1 and never throws on malformed input', () => {
    for (const t of [
      '',
      '   ',
      '🤷',
      'a'.repeat(10_000),
      'GOOD '.repeat(3000),
      undefined as unknown as string,
    ]) {
      const r = scoreSentiment(t);
      expect(r.score).toBeGreaterThanOrEqual(-1);
      expect(r.score).toBeLessThanOrEqual(1);
      expect(['positive', 'neutral', 'negative', 'mixed']).toContain(r.label);
    }
    expect(label('')).toBe('neutral');
  });
  it('unreadable non-English text is neutral', () => {
    expect(label('Talvez tenha sido morta pelos próprios russos')).toBe('neutral');
  });
});
