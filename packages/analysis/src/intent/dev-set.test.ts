import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Intent } from '@app/contracts';
import {
  DEV_SOURCES,
  classificationReport,
  classifyIntents,
  joinDevTexts,
  parseCsv,
  parseDevLabels,
} from './index';
import { labelledExamples } from '../comment-fixtures.test-support';
import { classifySentiments, scoreSentiment } from '../sentiment';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const INTENTS: readonly Intent[] = ['Request', 'Question', 'Criticism', 'Praise', 'Opinion'];

const labels = parseDevLabels(
  readFileSync(path.join(repoRoot, 'packages/analysis/data/intent-dev/labels.jsonl'), 'utf8'),
);

describe('intent dev set', () => {
  it('is well-formed: 400+ hand labels, both splits, every class, keys unique', () => {
    expect(labels.length).toBeGreaterThanOrEqual(400);
    const keys = new Set(labels.map((l) => `${l.dataset}:${l.key}`));
    expect(keys.size).toBe(labels.length);
    // the learned model is fitted on train + tune; held-out is never fitted or tuned on
    expect(labels.filter((l) => l.split === 'train').length).toBeGreaterThanOrEqual(3000);
    for (const split of ['tune', 'heldout'] as const) {
      const rows = labels.filter((l) => l.split === split);
      expect(rows.length).toBeGreaterThan(150);
      for (const i of INTENTS)
        expect(rows.filter((r) => r.intent === i).length).toBeGreaterThanOrEqual(15);
    }
    // key-only: the datasets' licences are not verified, so no comment text is committed
    expect(labels.filter((l) => l.text !== undefined)).toEqual([]);
    for (const l of labels) expect(Object.keys(DEV_SOURCES)).toContain(l.dataset);
  });

  it('joins texts by key, as labelled (whitespace collapsed where it was when labelling)', () => {
    const { examples, missing } = joinDevTexts(
      [
        { dataset: 'youtube_statistics_top_comments', key: '7', split: 'tune', intent: 'Praise' },
        { dataset: 'comp34812_youtube_comments', key: 'c1', split: 'tune', intent: 'Opinion' },
        {
          dataset: 'poche_icpc17_youtube_tutorial_comments',
          key: 'v:1',
          split: 'tune',
          intent: 'Question',
        },
      ],
      {
        youtube_statistics_top_comments: new Map([['7', 'Great  video\n\nthanks ']]),
        comp34812_youtube_comments: new Map([['c1', 'keep\n  as is']]),
      },
    );
    expect(examples.map((e) => e.text)).toEqual(['Great video thanks ', 'keep\n  as is']);
    expect(missing.map((m) => m.key)).toEqual(['v:1']);
  });
});

// Held-out macro-F1 on the real hand-labelled comments is a quality figure: `npm run bench -- intent`
// prints it for the intent and the sentiment models. The tests check clear invented examples.
describe('intents and sentiments of clear examples (invented, hand-labelled)', () => {
  const examples = labelledExamples();

  it('finds the intent of clear requests, questions, criticism, praise and opinions', () => {
    expect(examples.length).toBeGreaterThanOrEqual(70);
    const rep = classificationReport(
      examples.map((e) => e.intent),
      classifyIntents(examples.map((e) => e.text)),
      INTENTS,
    );
    // every class is well represented, and nearly every clear example is read right
    for (const i of INTENTS) expect(rep.perClass[i].support).toBeGreaterThanOrEqual(14);
    expect(rep.macroF1).toBeGreaterThanOrEqual(0.9);
    for (const i of ['Request', 'Question', 'Praise'] as const)
      expect(rep.perClass[i].recall, i).toBeGreaterThanOrEqual(0.9);
  });

  it('reads praise as positive and never reads criticism as positive', () => {
    const sentiments = classifySentiments(examples.map((e) => e.text)).map((s) => s.label);
    const of = (intent: Intent) => sentiments.filter((_, i) => examples[i]!.intent === intent);
    expect(of('Praise').every((s) => s === 'positive')).toBe(true);
    expect(of('Criticism')).not.toContain('positive');
    expect(of('Criticism').filter((s) => s === 'negative').length).toBeGreaterThanOrEqual(
      of('Criticism').length / 2,
    );
    // the lexicon agrees on the clearest cases too
    const lexicon = examples.map((e) => scoreSentiment(e.text).label);
    examples.forEach((e, i) => {
      if (e.intent === 'Praise') expect(lexicon[i], e.text).not.toBe('negative');
    });
  });
});

describe('parseCsv', () => {
  it('handles quotes, doubled quotes, commas and newlines inside fields', () => {
    expect(parseCsv('a,b\n"x, y","say ""hi""\nthere"\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
    ]);
  });
});
