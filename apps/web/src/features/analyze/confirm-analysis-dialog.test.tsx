// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmAnalysisDialog, priceLines } from './confirm-analysis-dialog';

const price = {
  commentCount: 2391,
  credits: 24,
  balance: 119,
  willAnalyse: 2391,
  maxComments: 10_000,
};

describe('the price before the click', () => {
  it('says what the balance covers: all, part, the per-analysis maximum, or an unknown count', () => {
    expect(priceLines(price)).toEqual({
      cost: '2,391 comments · 24 credits',
      cover: 'Your 119 credits cover all 2,391 comments.',
    });
    expect(priceLines({ ...price, credits: 2, balance: 2, willAnalyse: 200 }).cover).toBe(
      'Your 2 credits cover 200 of 2,391 comments.',
    );
    expect(
      priceLines({
        ...price,
        commentCount: 25_000,
        credits: 100,
        balance: 500,
        willAnalyse: 10_000,
      }).cover,
    ).toBe(
      'One analysis reads at most 10,000 comments: the 10,000 most relevant of 25,000 are analysed.',
    );
    expect(
      priceLines({ ...price, commentCount: null, credits: 7, balance: 7, willAnalyse: 700 }).cost,
    ).toBe(
      'YouTube does not say how many comments this has, so up to 7 credits are held for up to 700 comments.',
    );
    expect(
      priceLines({ ...price, commentCount: 1, credits: 1, balance: 1, willAnalyse: 1 }),
    ).toEqual({
      cost: '1 comment · 1 credit',
      cover: 'Your 1 credit covers all 1 comment.',
    });
  });

  it('offers the earlier report beside Analyze again, and Escape closes without paying', () => {
    const onConfirm = vi.fn();
    const onOpenReport = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmAnalysisDialog
        title="Analyze this video again?"
        subject="Road trip"
        price={price}
        lastAnalysis={{ createdAt: '2026-11-20T10:00:00.000Z' }}
        onConfirm={onConfirm}
        onOpenReport={onOpenReport}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Analyze this video again?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const open = screen.getByRole('button', { name: 'Open report' });
    expect(document.activeElement).toBe(open);
    expect(screen.getByRole('button', { name: 'Analyze again for 24 credits' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(open);
    expect(onOpenReport).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
