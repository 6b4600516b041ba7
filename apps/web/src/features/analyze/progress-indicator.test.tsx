// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ProgressIndicator } from './progress-indicator';
import type { JobProgress } from './use-analysis-job';

afterEach(cleanup);

const progress = (over: Partial<JobProgress>): JobProgress => ({
  jobId: 'job-1',
  videoId: 'abcdefghijk',
  status: 'embedding',
  step: 1,
  percent: 40,
  etaSeconds: null,
  reservedCredits: null,
  ...over,
});

describe('ProgressIndicator', () => {
  it('says how many credits the running analysis holds, so a balance that dropped is explained', () => {
    render(<ProgressIndicator progress={progress({ reservedCredits: 3 })} />);
    expect(screen.getByTestId('progress-credits').textContent).toBe(
      '3 credits are held for this analysis; what it does not use comes back when it finishes.',
    );
    cleanup();
    render(<ProgressIndicator progress={progress({ reservedCredits: 1 })} />);
    expect(screen.getByTestId('progress-credits').textContent).toMatch(/^1 credit is held/);
  });

  it('says nothing of credits before the server has said, or once the analysis is complete', () => {
    render(<ProgressIndicator progress={progress({})} />);
    expect(screen.queryByTestId('progress-credits')).toBeNull();
    cleanup();
    render(
      <ProgressIndicator
        progress={progress({ status: 'complete', step: 4, reservedCredits: 0 })}
      />,
    );
    expect(screen.queryByTestId('progress-credits')).toBeNull();
  });
});
