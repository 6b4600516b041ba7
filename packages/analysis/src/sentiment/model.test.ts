import { describe, expect, it } from 'vitest';
import { classifySentiments, predictSentiment } from './index';
import { sameVectorFor, vectorAlong } from '../text/linear-model.test-support';
import { SENTIMENT_MODEL_USE } from './weights';

describe('learned sentiment', () => {
  it('labels plain cases and scores P(positive) - P(negative) with the label’s sign', () => {
    const cases = [
      ['I love this video so much, thank you!', 'positive'],
      ['This is the worst video ever, total waste of time', 'negative'],
      ['What camera do you use?', 'neutral'],
    ] as const;
    const out = classifySentiments(cases.map(([t]) => t));
    expect(out.map((s) => s.label)).toEqual(cases.map(([, l]) => l));
    for (const s of out) {
      expect(s.score).toBeGreaterThanOrEqual(-1);
      expect(s.score).toBeLessThanOrEqual(1);
    }
    expect(out[0]!.score).toBeGreaterThan(0.5);
    expect(out[1]!.score).toBeLessThan(-0.5);
    expect(Math.abs(out[2]!.score)).toBeLessThan(0.5);
  });

  it('is total: empty, emoji-only, non-string and very long input get an answer', () => {
    const out = classifySentiments(['', '😂😂', 'x'.repeat(20_000), null as unknown as string]);
    expect(out).toHaveLength(4);
    for (const s of out) expect(['positive', 'neutral', 'negative', 'mixed']).toContain(s.label);
    expect(classifySentiments([])).toEqual([]);
  });

  it('reads complaints in other languages as negative whatever the model says', () => {
    // a vector along the model's positive direction: the model alone calls every text positive
    const positive = vectorAlong(SENTIMENT_MODEL_USE, 'positive');
    const use = (texts: string[]) => classifySentiments(texts, sameVectorFor(texts, positive));
    expect(use(['Great video'])[0]!.label).toBe('positive');
    const out = use(['Pésimo video', 'No me gustó el video', 'Das Video ist langweilig']);
    expect(out.map((r) => r.label)).toEqual(['negative', 'negative', 'negative']);
    for (const r of out) expect(r.score).toBeLessThanOrEqual(-0.5);
    // praise beside the complaint: mixed
    expect(use(['Muy buen video pero la música es pésima'])[0]!.label).toBe('mixed');
    expect(use(['no es aburrido'])[0]!.label).toBe('positive');
  });

  it('reads praise in other languages as positive where the model says neutral', () => {
    const texts = [
      'Muito bom o vídeo',
      'Sehr gutes Video',
      '谢谢分享',
      '素晴らしい動画です',
      '감사합니다',
    ];
    // a vector along the model's neutral direction: the model alone calls every text neutral
    const neutral = vectorAlong(SENTIMENT_MODEL_USE, 'neutral');
    const use = (t: string[]) => classifySentiments(t, sameVectorFor(t, neutral));
    expect(use(['What camera do you use?'])[0]!.label).toBe('neutral');
    for (const out of [classifySentiments(texts), use(texts)]) {
      expect(out.map((r) => r.label)).toEqual(texts.map(() => 'positive'));
      for (const r of out) expect(r.score).toBeGreaterThanOrEqual(0.5);
    }
    // negated, or asked as a question: no override
    expect(use(['no es genial', '¿es genial?']).map((r) => r.label)).toEqual([
      'neutral',
      'neutral',
    ]);
  });

  it('reads USE-lite vectors only when that embedder made them', () => {
    const m = SENTIMENT_MODEL_USE;
    const vector = vectorAlong(m, 'negative');
    const words = classifySentiments(['ok']);
    expect(words[0]!.label).toBe('neutral');
    // another embedder's 512 dimensions mean something else: the words-only model answers
    expect(
      classifySentiments(['ok'], { vectors: [vector], embedder: 'openai:text-embedding-3-small' }),
    ).toEqual(words);
    expect(
      classifySentiments(['ok'], {
        vectors: [vector],
        embedder: 'onnx:universal-sentence-encoder-lite:q8',
      })[0]!.label,
    ).toBe('negative');
    expect(() => predictSentiment(m, 'ok', new Float32Array(3))).toThrow(/512-dimensional/);
    // a text without a letter has USE-lite's one "unknown" vector: the emoji decide
    expect(
      classifySentiments(['❤️', '🔥🔥🔥'], sameVectorFor(['❤️', '🔥🔥🔥'], vector)).map(
        (r) => r.label,
      ),
    ).toEqual(['positive', 'positive']);
  });
});
