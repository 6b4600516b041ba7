import { useState } from 'react';
import { defaultThumbnailUrl } from '@app/contracts';

/** A video thumbnail that falls back to a neutral tile when the image host is unreachable. */
export function VideoThumb({
  videoId,
  src,
  className,
}: {
  videoId: string;
  src?: string | null;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const url = src && src !== '' ? src : defaultThumbnailUrl(videoId);
  if (failed) {
    return (
      <span className={`thumb thumb-fallback ${className ?? ''}`} aria-hidden="true">
        ▶
      </span>
    );
  }
  return (
    <img
      className={`thumb ${className ?? ''}`}
      src={url}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
