import { useState, type ReactNode } from 'react';
import { defaultThumbnailUrl, isSampleVideoId } from '@app/contracts';
import { SampleBadge } from '../../components/sample-badge';
import { formatDate } from '../../lib/format';
import { CameraIcon, CheckIcon } from './workspace-icons';
import { instagramMediaKind, instagramTitle, mediaTypeLabel } from './workspace-logic';

interface MediaCardProps {
  /** data-id, for tests and for finding the card again. */
  id: string;
  title: string;
  meta?: string;
  /** The picture; for a video player set `interactiveMedia` (a player cannot sit inside a button). */
  media: ReactNode;
  interactiveMedia?: boolean;
  /** 'select': the card toggles selection (aria-pressed); 'open': the card is an action. */
  mode: 'select' | 'open';
  selected?: boolean;
  /** For 'open' cards: this one is shown below. */
  current?: boolean;
  onClick: () => void;
  /** A badge on the picture ("Added"). */
  badge?: string;
  /** Set while an analysis of this post starts or runs: spinner, and no selection. */
  busyLabel?: string | null;
  /** A status line under the title (e.g. '✓ Complete'). */
  status?: ReactNode;
  aspect?: 'wide' | 'square';
}

/**
 * A video or post card: a click (or Enter / Space, it is a button) toggles its
 * selection; a check overlay shows when selected and a spinner while its analysis starts or runs.
 */
export function MediaCard({
  id,
  title,
  meta,
  media,
  interactiveMedia = false,
  mode,
  selected = false,
  current = false,
  onClick,
  badge,
  busyLabel = null,
  status,
  aspect = 'wide',
}: MediaCardProps) {
  const busy = busyLabel !== null;
  const picture = (
    <span className={`media-card-media media-${aspect}`}>
      {media}
      {badge ? <span className="media-card-badge">{badge}</span> : null}
      {selected ? (
        <span className="media-card-check" aria-hidden="true">
          <CheckIcon />
        </span>
      ) : null}
      {busy ? <span className="media-card-spinner" aria-hidden="true" /> : null}
    </span>
  );
  const classes = [
    'media-card',
    selected ? 'selected' : '',
    busy ? 'busy' : '',
    current ? 'current' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={classes} data-testid="media-card" data-id={id}>
      {interactiveMedia ? picture : null}
      <button
        type="button"
        className="media-card-button"
        onClick={onClick}
        disabled={busy}
        aria-pressed={mode === 'select' ? selected : undefined}
        aria-current={mode === 'open' && current ? 'true' : undefined}
      >
        {interactiveMedia ? null : picture}
        <span className="media-card-text">
          <span className="media-card-title">{title}</span>
          {meta ? <span className="media-card-meta">{meta}</span> : null}
          {isSampleVideoId(id) ? <SampleBadge className="media-card-sample" /> : null}
          {busy ? (
            <span className="media-card-busy" data-testid="media-card-busy">
              {busyLabel}
            </span>
          ) : status ? (
            <span className="media-card-status">{status}</span>
          ) : null}
        </span>
      </button>
    </li>
  );
}

/**
 * A YouTube thumbnail: the given URL, else (or when it fails) the standard image URL built from the
 * video id, and a neutral tile when that fails too.
 */
export function YouTubeThumb({ videoId, src }: { videoId: string; src: string | null }) {
  const fallback = defaultThumbnailUrl(videoId);
  const primary = src && src !== '' ? src : fallback;
  const [stage, setStage] = useState(0);
  const shown = stage === 0 ? primary : stage === 1 ? fallback : null;
  if (shown === null) {
    return (
      <span className="media-fallback" aria-hidden="true">
        ▶
      </span>
    );
  }
  return (
    <img
      src={shown}
      alt=""
      loading="lazy"
      onError={() => setStage((s) => (s === 0 && primary !== fallback ? 1 : 2))}
    />
  );
}

type InstagramPostLike = {
  media_type: string;
  media_url: string | null;
  thumbnail_url: string | null;
};

/**
 * An Instagram post's picture: a player for a VIDEO with a media_url, else its image, else a camera.
 * `still`: a video shows its thumbnail instead of a player (for cards that are one button).
 */
export function InstagramMedia({
  post,
  still = false,
}: {
  post: InstagramPostLike;
  still?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const shown = instagramMediaKind(still ? { ...post, media_url: null } : post);
  if (shown.kind === 'video') {
    return (
      <video
        src={shown.src}
        poster={shown.poster ?? undefined}
        controls
        preload="metadata"
        playsInline
        aria-label="Instagram video"
      />
    );
  }
  if (shown.kind === 'image' && !failed)
    return <img src={shown.src} alt="" loading="lazy" onError={() => setFailed(true)} />;
  return (
    <span className="media-fallback" aria-hidden="true">
      <CameraIcon />
    </span>
  );
}

/** The title and meta line of an Instagram post (caption cut at 60, else 'Instagram' + type; type and date). */
export function instagramText(post: {
  caption: string | null;
  media_type: string;
  timestamp: string | null;
}): { title: string; meta: string } {
  const date = formatDate(post.timestamp);
  return {
    title: instagramTitle(post),
    meta: [mediaTypeLabel(post.media_type), date].filter(Boolean).join(' · '),
  };
}

/** Whether an Instagram post shows a player (so the card keeps it outside its button). */
export function isPlayable(post: InstagramPostLike): boolean {
  return instagramMediaKind(post).kind === 'video';
}
