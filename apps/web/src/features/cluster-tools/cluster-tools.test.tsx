// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { makeCluster } from '../../test/factories';
import ClusterDrawerPanel from './cluster-drawers';
import { ClusterActionButtons } from './cluster-actions';
import { ClusterToolsProvider, useClusterTools } from './cluster-tools-context';

afterEach(cleanup);

interface Pending {
  url: string;
  body: unknown;
  resolve: (status: number, body: unknown) => void;
}
let pending: Pending[] = [];

beforeEach(() => {
  pending = [];
  // Each call waits until the test answers it, so "loading" states can be observed.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init: RequestInit) =>
        new Promise<Response>((res) => {
          pending.push({
            url,
            body: init.body ? JSON.parse(init.body as string) : null,
            resolve: (status, body) => res(new Response(JSON.stringify(body), { status })),
          });
        }),
    ),
  );
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

function Alert(): ReactNode {
  const tools = useClusterTools();
  return tools.alert ? <p role="alert">{tools.alert}</p> : null;
}

function setup() {
  const cluster = makeCluster(3, { heading: 'Recipe requests' });
  render(
    <ClusterToolsProvider videoId="abcdefghijk">
      <ClusterActionButtons cluster={cluster} />
      <Alert />
      <ClusterDrawerPanel />
    </ClusterToolsProvider>,
  );
  return cluster;
}

const answer = async (i: number, status: number, body: unknown) => {
  await waitFor(() => expect(pending.length).toBeGreaterThan(i));
  await act(async () => {
    pending[i]!.resolve(status, body);
    await Promise.resolve();
  });
};

describe('cluster tools', () => {
  it('opens one drawer at a time; analysis shows loading, then its parts as text', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(screen.getByText('Analyzing…')).toBeTruthy();
    expect(
      screen
        .getByRole<HTMLButtonElement>('button', { name: 'Analyze' })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    // titled with the cluster's heading, as the comments and chat drawers are
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Analysis · Recipe requests',
    );
    expect(pending[0]!.body).toEqual({ video_id: 'abcdefghijk', cluster_id: 3 });
    await answer(0, 200, {
      analysis: {
        summary: '<img src=x onerror=alert(1)> summary',
        key_themes: ['recipe'],
        top_questions: ['Where is the recipe?'],
        sentiment: { overall: 'mixed' },
      },
    });
    await screen.findByText('<img src=x onerror=alert(1)> summary');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('mixed')).toBeTruthy();
    expect(screen.getByText('Where is the recipe?')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Comments' }));
    expect(screen.queryByText('Key Themes')).toBeNull();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await answer(1, 200, { comments: [], total: 0, page: 1, page_size: 25, expired: true });
    await screen.findByText(/deleted after the 30-day retention period/);

    fireEvent.click(screen.getByRole('button', { name: 'Chat' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Recipe requests');
  });

  it("says how many ask a question from the reply's stored count, even with none to quote", async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await answer(0, 200, {
      analysis: {
        summary: '3 of the 12 comments in this cluster ask a question.',
        key_themes: [],
        top_questions: [],
        sentiment: 'neutral',
        source: 'offline',
        question_count: 3,
        sentiment_counts: { positive: 2, neutral: 9, negative: 1 },
      },
    });
    await screen.findByText('3 comments ask a question; none reads as one to quote.');
    expect(screen.queryByText('Nobody asked a question in this cluster.')).toBeNull();
  });

  it('gives focus back to the button that opened a drawer when it closes', () => {
    setup();
    // the analysis drawer closed while its analysis still loads
    const analyze = screen.getByRole('button', { name: 'Analyze' });
    analyze.focus();
    fireEvent.click(analyze);
    expect(screen.getByText('Analyzing…')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(analyze);
    // pressed again while loading, it does not start a second request
    fireEvent.click(analyze);
    expect(pending).toHaveLength(1);
    fireEvent.keyDown(window, { key: 'Escape' });
    const comments = screen.getByRole('button', { name: 'Comments' });
    comments.focus();
    fireEvent.click(comments);
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(comments);
    const chat = screen.getByRole('button', { name: 'Chat' });
    chat.focus();
    fireEvent.click(chat);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(chat);
    // Comments, then Chat pressed while that drawer is open: closing goes back to Chat
    comments.focus();
    fireEvent.click(comments);
    chat.focus();
    fireEvent.click(chat);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Recipe requests');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(chat);
  });

  it('keeps the focus in the comments drawer while Load more loads the last page and goes', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Comments' }));
    const comment = (id: string) => ({
      id,
      text: `comment ${id}`,
      author: 'ana',
      like_count: 1,
      published_at: '2026-01-01T00:00:00Z',
    });
    await answer(0, 200, {
      comments: [comment('a'), comment('b')],
      total: 3,
      page: 1,
      page_size: 25,
      expired: false,
    });
    const more = await screen.findByRole('button', { name: 'Load more comments' });
    more.focus();
    fireEvent.click(more);
    // loading: still focusable (a disabled button would drop the focus to <body>)
    await waitFor(() => expect(more.getAttribute('aria-disabled')).toBe('true'));
    expect(document.activeElement).toBe(more);
    await answer(1, 200, {
      comments: [comment('c')],
      total: 3,
      page: 2,
      page_size: 25,
      expired: false,
    });
    await screen.findByText('comment c');
    expect(screen.queryByRole('button', { name: 'Load more comments' })).toBeNull();
    // the button went with the last page: the focus is on the list's scroller, in the drawer
    const drawer = screen.getByRole('dialog');
    expect(document.activeElement).toBe(drawer.querySelector('.drawer-body'));
  });

  it('shows the raw result, the error with Retry, and the alert on failure', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await answer(0, 200, { unexpected: 'shape' });
    await screen.findByText(/"unexpected": "shape"/);
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await answer(1, 200, { analysis: { error: 'quota' } });
    await screen.findByText('Analysis failed: quota');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await answer(2, 500, { message: 'down' });
    await screen.findByText('Unable to analyze this cluster right now.', {
      selector: '[role="alert"]',
    });
    expect(
      screen
        .getByRole<HTMLButtonElement>('button', { name: 'Analyze' })
        .getAttribute('aria-disabled'),
    ).toBe('false');
  });

  it('chat: Send needs text and no request in flight; failures and empty answers; reopening clears', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Chat' }));
    const input = screen.getByPlaceholderText<HTMLInputElement>('Ask about this cluster…');
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '  what do they want?  ' } });
    expect(send.disabled).toBe(false);
    fireEvent.submit(input.closest('form')!);
    expect(input.value).toBe('');
    expect(screen.getByText('what do they want?')).toBeTruthy();
    expect(screen.getByText('Thinking…')).toBeTruthy();
    expect(pending[0]!.body).toEqual({
      video_id: 'abcdefghijk',
      cluster_id: 3,
      message: 'what do they want?',
      top_k: 30,
    });
    fireEvent.change(input, { target: { value: 'second' } });
    expect(send.disabled).toBe(true);
    await answer(0, 500, { message: 'down' });
    await screen.findByText('Sorry, I could not answer right now.');
    fireEvent.submit(input.closest('form')!);
    await answer(1, 200, {
      answer:
        '1 of the 2 comments mention "recipe". The most relevant:\n• "Post the recipe" (@ana, 3 likes)',
      quotes: [
        { id: 'c1', text: 'Post the recipe', author: 'ana', like_count: 3, published_at: null },
      ],
      comment_ids: ['c1'],
      source: 'offline',
    });
    await screen.findByText('1 of the 2 comments mention "recipe". The most relevant:');
    expect(screen.getByText('Post the recipe').tagName).toBe('BLOCKQUOTE');
    fireEvent.change(input, { target: { value: 'third' } });
    fireEvent.submit(input.closest('form')!);
    await answer(2, 200, { answer: '' });
    await screen.findByText('No answer');

    fireEvent.change(screen.getByPlaceholderText('Ask about this cluster…'), {
      target: { value: 'draft' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Chat' }));
    expect(screen.queryByText('No answer')).toBeNull();
    expect(screen.getByPlaceholderText<HTMLInputElement>('Ask about this cluster…').value).toBe('');
  });
});
