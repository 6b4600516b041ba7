import { forwardRef, useId, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChannelSearchResult } from '@app/contracts';
import { errorMessage } from '../../lib/api-client';
import { useDebouncedValue } from './use-debounced-value';
import { CheckIcon, SearchIcon, YouTubeLogo } from './workspace-icons';
import { CHANNEL_SEARCH_DEBOUNCE_MS, formatSubscribers, sortChannels } from './workspace-logic';
import { api } from '../../lib/api';
import { workspaceKeys } from './workspaces-api';

interface ChannelSearchProps {
  /** Links the chosen channel; resolves when done, rejects with a readable error. */
  onChoose: (channel: ChannelSearchResult) => Promise<void>;
}

function ChannelThumb({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className="channel-thumb channel-thumb-fallback">
        <YouTubeLogo size={22} />
      </span>
    );
  }
  return (
    <img
      className="channel-thumb"
      src={src}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * 'Link YouTube Channel': a combobox that searches channels 300 ms after the last keystroke and
 * lists them by subscribers, highest first. A blank or failed search
 * clears the list. Arrow keys move through the results, Enter links, Escape closes.
 */
export const ChannelSearch = forwardRef<HTMLInputElement, ChannelSearchProps>(
  function ChannelSearch({ onChoose }, inputRef) {
    const [text, setText] = useState('');
    const [open, setOpen] = useState(false);
    const [activeIndex, setActiveIndex] = useState(-1);
    const [linking, setLinking] = useState<string | null>(null);
    const [linkError, setLinkError] = useState<string | null>(null);
    const listId = useId();
    const optionId = (i: number) => `${listId}-option-${i}`;

    const trimmed = text.trim();
    const settled = useDebouncedValue(trimmed, CHANNEL_SEARCH_DEBOUNCE_MS);
    // Blank clears at once; otherwise the query runs once typing paused for 300 ms.
    const q = trimmed === '' ? '' : settled;
    const search = useQuery({
      queryKey: workspaceKeys.channelSearch(q),
      queryFn: ({ signal }) => api.searchChannels({ query: { q }, signal }),
      enabled: q !== '',
      retry: false,
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    });
    const results: ChannelSearchResult[] =
      q === '' || search.isError || !search.data ? [] : sortChannels(search.data);
    const waiting = trimmed !== '' && (trimmed !== settled || search.isFetching);
    const expanded = open && trimmed !== '';

    const choose = (channel: ChannelSearchResult) => {
      if (linking !== null) return;
      setLinking(channel.channelId);
      setLinkError(null);
      onChoose(channel)
        .then(() => {
          setText('');
          setOpen(false);
        })
        .catch((err: unknown) => {
          console.error('Linking the channel failed', err);
          setLinkError(`Could not link ${channel.title}: ${errorMessage(err)}`);
        })
        .finally(() => setLinking(null));
    };

    const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (results.length === 0) return;
        e.preventDefault();
        setOpen(true);
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((i) => (i + step + results.length) % results.length);
      } else if (e.key === 'Enter') {
        e.preventDefault();
        const pick = results[activeIndex] ?? (results.length === 1 ? results[0] : undefined);
        if (pick) choose(pick);
      } else if (e.key === 'Escape') {
        setOpen(false);
        setActiveIndex(-1);
      }
    };

    let statusText = '';
    if (linking !== null) statusText = 'Linking the channel…';
    else if (trimmed === '') statusText = '';
    else if (waiting && results.length === 0) statusText = 'Searching…';
    else if (search.isError)
      statusText = `The channel search failed: ${errorMessage(search.error)}`;
    else if (!waiting && search.isSuccess && results.length === 0)
      statusText = `No channels match “${trimmed}”.`;
    else if (results.length > 0)
      statusText = `${results.length} channel${results.length === 1 ? '' : 's'} found.`;

    return (
      <div className="channel-search">
        <div className="channel-search-box">
          <SearchIcon />
          <input
            ref={inputRef}
            type="search"
            role="combobox"
            aria-label="Search YouTube channels"
            aria-expanded={expanded && results.length > 0}
            aria-controls={expanded && results.length > 0 ? listId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={
              expanded && activeIndex >= 0 && activeIndex < results.length
                ? optionId(activeIndex)
                : undefined
            }
            placeholder="Search YouTube channels"
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            value={text}
            disabled={linking !== null}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
              setActiveIndex(-1);
              setLinkError(null);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
        </div>
        <p className="sr-only" role="status" aria-live="polite">
          {statusText}
        </p>
        {expanded && results.length > 0 ? (
          <ul id={listId} role="listbox" aria-label="YouTube channels" className="channel-results">
            {results.map((c, i) => (
              <li
                key={c.channelId}
                id={optionId(i)}
                role="option"
                aria-selected={i === activeIndex}
                className={`channel-option${i === activeIndex ? ' active' : ''}`}
                data-testid="channel-option"
                // Keep focus in the input: the click still lands on the option.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActiveIndex(i)}
                onClick={() => choose(c)}
              >
                <ChannelThumb src={c.thumbnail_url} />
                <span className="channel-text">
                  <span className="channel-title">
                    {c.title}
                    {c.verified ? (
                      <span
                        className="verified-badge"
                        title="Verified channel"
                        role="img"
                        aria-label="Verified channel"
                      >
                        <CheckIcon size={11} />
                      </span>
                    ) : null}
                  </span>
                  <span className="channel-subs" data-testid="channel-subscribers">
                    {c.subscriberCount === null
                      ? formatSubscribers(null)
                      : `${formatSubscribers(c.subscriberCount)} subscribers`}
                  </span>
                </span>
                {linking === c.channelId ? (
                  <span className="inline-spinner" aria-hidden="true" />
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {expanded && results.length === 0 && statusText !== '' ? (
          <p className="muted small channel-search-note" aria-hidden="true">
            {statusText}
          </p>
        ) : null}
        {linkError ? (
          <p className="form-error" role="alert">
            {linkError}
          </p>
        ) : null}
      </div>
    );
  },
);
