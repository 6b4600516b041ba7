import { forwardRef, useState } from 'react';
import type { FormEvent } from 'react';
import { INVALID_VIDEO_URL_MESSAGE, extractVideoId } from '@app/contracts';
import { VideoThumb } from './video-thumb';

interface UrlSectionProps {
  signedIn: boolean;
  busy: boolean;
  /** The video the app is showing (set by typing a valid link, a running job or a history click). */
  videoId: string | null;
  onVideoId: (videoId: string | null) => void;
  onAnalyze: (videoUrl: string, videoId: string) => void;
  error: string | null;
  onClearError: () => void;
  /** The title is the screen's h1 when no hero heading is above it (a report or a job is shown). */
  pageHeading?: boolean;
  /** Starts the free sample report (invented comments shipped with Chorus); hidden without it. */
  onTrySample?: () => void;
}

/** 'Analyze YouTube Comments': the link input, the button and the chosen video. */
export const UrlSection = forwardRef<HTMLInputElement, UrlSectionProps>(function UrlSection(
  {
    signedIn,
    busy,
    videoId,
    onVideoId,
    onAnalyze,
    error,
    onClearError,
    pageHeading = false,
    onTrySample,
  },
  inputRef,
) {
  const [url, setUrl] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (url.trim() === '' || !signedIn || busy) return;
    const id = extractVideoId(url);
    if (id === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onVideoId(id);
    onAnalyze(url.trim(), id);
  };

  const message = invalid ? INVALID_VIDEO_URL_MESSAGE : error;
  return (
    <section className="card url-section" aria-labelledby="url-title" id="url-section">
      {pageHeading ? (
        <h1 id="url-title" className="section-h1">
          Analyze YouTube Comments
        </h1>
      ) : (
        <h2 id="url-title">Analyze YouTube Comments</h2>
      )}
      <form onSubmit={submit} className="url-form" noValidate>
        <label className="field url-field">
          <span>YouTube video link</span>
          <input
            ref={inputRef}
            type="url"
            inputMode="url"
            name="video_url"
            placeholder="https://www.youtube.com/watch?v=…"
            value={url}
            aria-invalid={invalid}
            aria-describedby={message ? 'url-error' : undefined}
            onChange={(e) => {
              const next = e.target.value;
              setUrl(next);
              setInvalid(false);
              onClearError();
              const id = extractVideoId(next);
              if (id !== null) onVideoId(id);
            }}
          />
        </label>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={url.trim() === '' || !signedIn || busy}
        >
          {busy ? 'Analyzing…' : 'Analyze Comments'}
        </button>
      </form>
      {onTrySample ? (
        <div className="sample-try">
          <p className="muted small" id="sample-try-text">
            No video at hand? See a report on invented comments, free.
          </p>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={onTrySample}
            disabled={!signedIn || busy}
            aria-describedby="sample-try-text"
            data-testid="try-sample"
          >
            Try a sample report
          </button>
        </div>
      ) : null}
      {message ? (
        <p id="url-error" role="alert" className="form-error" data-testid="url-error">
          {message}
        </p>
      ) : null}
      {videoId ? (
        <div className="video-chip" data-testid="video-chip">
          <VideoThumb videoId={videoId} className="thumb-small" />
          <span>
            <span className="muted">Video ID: </span>
            <code data-testid="video-id">{videoId}</code>
          </span>
        </div>
      ) : null}
    </section>
  );
});
