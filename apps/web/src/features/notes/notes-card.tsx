import { Suspense, lazy, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api';
import {
  AUTOSAVE_DELAY_MS,
  isBlankHtml,
  lastSavedLabel,
  NOTES_MESSAGES,
  shouldSave,
} from './notes-logic';
import './notes.css';

// The editor (TipTap, the heaviest chunk of the sidebar) loads when the first note is shown.
const NotesEditor = lazy(() => import('./notes-editor'));

interface Loaded {
  videoId: string;
  /** HTML the server has (null when never saved). */
  stored: string | null;
  /** Timestamp of that stored version: the base of the next save (last-write detection). */
  timestamp: string | null;
}

interface CardState {
  videoId: string;
  loaded: Loaded;
  /** The editor's current HTML (drives the Save button). */
  html: string;
  error: string | null;
  lastSaved: string | null;
}

function saveErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 409) return NOTES_MESSAGES.conflict;
  if (err instanceof ApiError && err.status === 413) return err.message;
  return NOTES_MESSAGES.error;
}

/**
 * The notes card: loads the chosen video's notes, autosaves 2 s after the last edit, saves before
 * switching video, warns before leaving with unsaved text, and never overwrites a newer version
 * written from another tab (the server answers 409 and the text stays in the editor).
 */
export default function NotesCard({ videoId }: { videoId: string | null }): ReactNode {
  // Everything shown belongs to one video; a card for another video than `videoId` means "loading".
  const [card, setCard] = useState<CardState | null>(null);
  const [saving, setSaving] = useState(false);
  // Refs mirror the state for timers, unload handlers and the save-before-switch cleanup.
  const htmlRef = useRef('');
  const loadedRef = useRef<Loaded | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<unknown> | null>(null);

  const clearTimer = () => {
    if (timerRef.current !== null) clearTimeout(timerRef.current);
    timerRef.current = null;
  };

  /** Saves the current text of the loaded video; `manual` saves show their errors, autosaves log them. */
  const save = useCallback(async (manual: boolean): Promise<void> => {
    clearTimer();
    const base = loadedRef.current;
    const text = htmlRef.current;
    if (base === null || !shouldSave(text, base.stored)) return;
    const forThisVideo = (update: (c: CardState) => CardState) =>
      setCard((c) => (c !== null && c.videoId === base.videoId ? update(c) : c));
    setSaving(true);
    if (manual) forThisVideo((c) => ({ ...c, error: null }));
    const request = api.saveNotes({
      body: {
        video_id: base.videoId,
        notes: text,
        timestamp: new Date().toISOString(),
        base_timestamp: base.timestamp,
      },
    });
    inFlight.current = request;
    try {
      const reply = await request;
      const next = { videoId: base.videoId, stored: text, timestamp: reply.timestamp };
      if (loadedRef.current?.videoId === base.videoId) loadedRef.current = next;
      forThisVideo((c) => ({ ...c, loaded: next, lastSaved: reply.timestamp, error: null }));
    } catch (err) {
      const message = saveErrorMessage(err);
      console.error('Saving notes failed:', err);
      // A conflict is always shown: failing silently there would lose work without a word.
      if (manual || message !== NOTES_MESSAGES.error)
        forThisVideo((c) => ({ ...c, error: message }));
    } finally {
      if (inFlight.current === request) inFlight.current = null;
      setSaving(false);
    }
  }, []);

  useEffect(() => {
    if (videoId === null) return;
    const controller = new AbortController();
    loadedRef.current = null;
    htmlRef.current = '';
    // Wait for a save-before-switch still in flight, so switching back shows what was just saved.
    Promise.resolve(inFlight.current)
      .catch(() => undefined)
      .then(() => api.notes({ params: { video_id: videoId }, signal: controller.signal }))
      .then((reply) => {
        const stored = typeof reply.notes === 'string' ? reply.notes : null;
        const loaded = { videoId, stored, timestamp: reply.timestamp };
        loadedRef.current = loaded;
        htmlRef.current = stored ?? '';
        setCard({ videoId, loaded, html: stored ?? '', error: null, lastSaved: reply.timestamp });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading notes failed:', err);
        // The editor starts empty; the server still refuses to overwrite existing notes from it (409).
        const loaded = { videoId, stored: null, timestamp: null };
        loadedRef.current = loaded;
        setCard({ videoId, loaded, html: '', error: NOTES_MESSAGES.error, lastSaved: null });
      });
    return () => {
      controller.abort();
      // Save before switch: flush unsaved text of the video we are leaving.
      if (loadedRef.current?.videoId === videoId) void save(false);
    };
  }, [videoId, save]);

  // Warn before leaving the page with unsaved text, and try to save it.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const base = loadedRef.current;
      if (base === null || !shouldSave(htmlRef.current, base.stored)) return;
      void save(false);
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [save]);

  useEffect(() => clearTimer, []);

  const onChange = useCallback(
    (next: string) => {
      htmlRef.current = next;
      setCard((c) => (c === null ? c : { ...c, html: next }));
      clearTimer();
      timerRef.current = setTimeout(() => void save(false), AUTOSAVE_DELAY_MS);
    },
    [save],
  );

  if (videoId === null) return null;
  const current = card !== null && card.videoId === videoId ? card : null;
  return (
    <section className="card notes-card" aria-labelledby="notes-title">
      <div className="card-head">
        <h2 id="notes-title">Notes</h2>
      </div>
      {current !== null ? (
        <Suspense
          fallback={
            <p className="muted notes-loading" role="status">
              {NOTES_MESSAGES.loading}
            </p>
          }
        >
          <NotesEditor
            key={videoId}
            initialHtml={current.loaded.stored ?? ''}
            onChange={onChange}
          />
        </Suspense>
      ) : (
        <p className="muted notes-loading" role="status">
          {NOTES_MESSAGES.loading}
        </p>
      )}
      <div className="notes-footer">
        <button
          type="button"
          className="btn btn-primary btn-small"
          onClick={() => void save(true)}
          disabled={current === null || saving || isBlankHtml(current.html)}
        >
          {saving ? NOTES_MESSAGES.saving : NOTES_MESSAGES.save}
        </button>
        {current?.lastSaved ? (
          <span className="muted small notes-saved">{lastSavedLabel(current.lastSaved)}</span>
        ) : null}
      </div>
      {current?.error ? (
        <p className="form-error notes-error" role="alert">
          {current.error}
        </p>
      ) : null}
    </section>
  );
}
