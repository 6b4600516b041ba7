// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
} from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../../test/workspaces-harness';
import type { ChannelSearchResult } from '@app/contracts';
import { apiError, fakeApi, type FakeReply } from '../../test/fake-api';
import { ChannelSearch } from './channel-search';
import { useDebouncedValue } from './use-debounced-value';

const channel = (
  channelId: string,
  title: string,
  subscriberCount: number | null,
  verified = false,
): ChannelSearchResult => ({
  channelId,
  title,
  thumbnail_url: `https://yt.example/${channelId}.jpg`,
  subscriberCount,
  verified,
});

const RESULTS = [
  channel('UCsmall0000000000000000a', 'Ana Bakes Small', 1_234),
  channel('UChidden000000000000000b', 'Ana Secret', null),
  channel('UCbig00000000000000000c', 'Ana Cooks', 3_400_000, true),
];

function renderSearch(
  onChoose: (c: ChannelSearchResult) => Promise<void> = vi.fn(() => Promise.resolve()),
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChannelSearch onChoose={onChoose} />
    </QueryClientProvider>,
  );
  return { onChoose, input: screen.getByRole('combobox', { name: 'Search YouTube channels' }) };
}

beforeEach(() => localStorage.setItem('auth_token', 'tok'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useDebouncedValue', () => {
  it('settles 300 ms after the last change, not before', async () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 300), {
      initialProps: { v: '' },
    });
    rerender({ v: 'a' });
    await act(() => vi.advanceTimersByTimeAsync(200));
    rerender({ v: 'an' });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(result.current).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe('an');
  });
});

describe('channel search', () => {
  it('searches once typing pauses and lists channels by subscribers with counts and badges', async () => {
    const api = fakeApi({ 'GET /api/v1/youtube/search/channels': RESULTS });
    vi.stubGlobal('fetch', api.fetchMock);
    const { input } = renderSearch();
    expect(input.getAttribute('placeholder')).toBe('Search YouTube channels');
    for (const text of ['a', 'an', 'ana']) fireEvent.change(input, { target: { value: text } });
    expect(api.calls).toHaveLength(0);

    const options = await screen.findAllByTestId('channel-option');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.query.get('q')).toBe('ana');
    expect(options.map((o) => o.querySelector('.channel-title')!.textContent)).toEqual([
      'Ana Cooks',
      'Ana Bakes Small',
      'Ana Secret',
    ]);
    expect(screen.getAllByTestId('channel-subscribers').map((s) => s.textContent)).toEqual([
      '3.4M subscribers',
      '1.2K subscribers',
      'Subscriber count hidden',
    ]);
    const badges = screen.getAllByTitle('Verified channel');
    expect(badges).toHaveLength(1);
    expect(options[0]!.contains(badges[0]!)).toBe(true);
    expect(options[0]!.querySelector('img')!.getAttribute('src')).toBe(
      'https://yt.example/UCbig00000000000000000c.jpg',
    );
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('clears the list for a blank query at once, and when a search fails', async () => {
    let reply: FakeReply = { body: RESULTS };
    const api = fakeApi({ 'GET /api/v1/youtube/search/channels': () => reply });
    vi.stubGlobal('fetch', api.fetchMock);
    const { input } = renderSearch();
    fireEvent.change(input, { target: { value: 'ana' } });
    await screen.findAllByTestId('channel-option');

    fireEvent.change(input, { target: { value: '   ' } });
    expect(screen.queryAllByTestId('channel-option')).toHaveLength(0);
    expect(api.calls).toHaveLength(1);

    reply = apiError(503, 'YouTube search is unavailable right now.');
    fireEvent.change(input, { target: { value: 'bob' } });
    await waitFor(() => expect(api.calls).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The channel search failed: YouTube search is unavailable right now.',
      ),
    );
    expect(screen.queryAllByTestId('channel-option')).toHaveLength(0);
  });

  it('links a channel by click or with the keyboard, and says why linking failed', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /api/v1/youtube/search/channels': RESULTS }).fetchMock);
    const onChoose = vi
      .fn<(c: ChannelSearchResult) => Promise<void>>()
      .mockRejectedValueOnce(new Error('That channel is already linked to another workspace.'))
      .mockResolvedValueOnce(undefined);
    const { input } = renderSearch(onChoose);
    fireEvent.change(input, { target: { value: 'ana' } });
    await screen.findAllByTestId('channel-option');

    // Arrow down twice: the second channel by subscribers; Enter links it.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getAllByTestId('channel-option')[1]!.id,
    );
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChoose).toHaveBeenLastCalledWith(RESULTS[0]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not link Ana Bakes Small: That channel is already linked to another workspace.',
    );

    fireEvent.click(screen.getAllByTestId('channel-option')[0]!);
    expect(onChoose).toHaveBeenLastCalledWith(RESULTS[2]);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    expect(screen.queryAllByTestId('channel-option')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
