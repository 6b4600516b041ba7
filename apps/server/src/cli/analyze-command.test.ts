import { describe, expect, it } from 'vitest';
import { parseAnalyzeArgs, UsageError } from './analyze-command';

describe('parseAnalyzeArgs', () => {
  it('reads every option, as two words or with "="', () => {
    expect(
      parseAnalyzeArgs([
        '--input',
        'c.csv',
        '-k',
        '5',
        '--seed=3',
        '--context',
        'treat recipe requests as Requests',
        '--title',
        'Radiohead - Lift',
        '--channel=Radiohead',
      ]),
    ).toEqual({
      input: 'c.csv',
      clusters: 5,
      seed: 3,
      context: 'treat recipe requests as Requests',
      title: 'Radiohead - Lift',
      channel: 'Radiohead',
    });
  });

  it('refuses a missing file, a bad number and an unknown option with a one-line message', () => {
    expect(() => parseAnalyzeArgs(['--clusters', '3'])).toThrow(/Missing --input FILE/);
    expect(() => parseAnalyzeArgs(['--input', 'c.csv', '--clusters', '0'])).toThrow(
      '--clusters needs a whole number of at least 1 (got 0)',
    );
    expect(() => parseAnalyzeArgs(['--input', 'c.csv', '--titel', 'x'])).toThrow(UsageError);
    expect(() => parseAnalyzeArgs(['--input', 'c.csv', '--titel', 'x'])).toThrow(
      /Unknown option --titel\. Usage: .*--title TEXT/,
    );
  });
});
