import { useState, type FormEvent } from 'react';
import type { Platform, Workspace } from '@app/contracts';
import { WORKSPACE_NAME_MAX_LENGTH } from '@app/contracts';
import { PLATFORM_UI } from '../../lib/platforms';
import { PLATFORM_LOGOS } from './workspace-icons';
import type { WorkspaceTab } from './workspace-logic';
import { RetryAlert } from '../../components/retry-alert';

export const EMPTY_LIST_TEXT = 'No workspaces yet. Click Link Channel on a new workspace to start.';

function Avatar({
  src,
  platform,
  label,
  onClick,
}: {
  src: string | null;
  platform: Platform;
  label: string;
  onClick: () => void;
}) {
  const [failed, setFailed] = useState(false);
  const Logo = PLATFORM_LOGOS[platform];
  return (
    <button
      type="button"
      className={`ws-avatar ws-avatar-${platform}`}
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid={`avatar-${platform}`}
    >
      {src && !failed ? (
        <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <Logo size={30} />
      )}
    </button>
  );
}

interface WorkspaceCardProps {
  workspace: Workspace;
  active: boolean;
  onActivate: () => void;
  onOpenDetail: (tab: WorkspaceTab) => void;
  onLinkChannel: () => void;
  onLinkInstagram: () => void;
  instagramNote: string | null;
}

function WorkspaceCard({
  workspace: w,
  active,
  onActivate,
  onOpenDetail,
  onLinkChannel,
  onLinkInstagram,
  instagramNote,
}: WorkspaceCardProps) {
  const ytLinked = w.youtube_channel_id !== null;
  const igLinked = w.instagram_business_id !== null;
  const noteId = `ws-ig-note-${w.id}`;
  return (
    <li
      className={`ws-card${active ? ' active' : ''}`}
      data-testid="workspace-card"
      data-workspace-id={w.id}
      aria-current={active ? 'true' : undefined}
    >
      <div className="ws-card-top">
        <div className="ws-avatars">
          <Avatar
            src={w.yt_avatar_url}
            platform="youtube"
            label={`${w.name}: ${PLATFORM_UI.youtube.itemsLabel}`}
            onClick={() => onOpenDetail('youtube')}
          />
          <Avatar
            src={w.ig_profile_picture_url}
            platform="instagram"
            label={`${w.name}: ${PLATFORM_UI.instagram.itemsLabel}`}
            onClick={() => onOpenDetail('instagram')}
          />
        </div>
        {active ? (
          <span className="badge badge-accent ws-active-badge">Active</span>
        ) : (
          <button type="button" className="btn btn-ghost btn-small" onClick={onActivate}>
            Select
          </button>
        )}
      </div>
      <h3 className="ws-card-name">{w.name}</h3>
      <dl className="ws-card-links">
        <div>
          <dt>YouTube</dt>
          <dd>
            {ytLinked ? (
              <span className="ws-linked">{w.youtube_channel_title ?? 'Channel linked'}</span>
            ) : (
              <button type="button" className="link-button" onClick={onLinkChannel}>
                Link Channel
              </button>
            )}
          </dd>
        </div>
        <div>
          <dt>Instagram</dt>
          <dd>
            {igLinked ? (
              <span className="ws-linked">
                {w.instagram_username ? `@${w.instagram_username}` : 'Account linked'}
              </span>
            ) : null}
            <button
              type="button"
              className="link-button"
              onClick={onLinkInstagram}
              aria-describedby={instagramNote ? noteId : undefined}
            >
              {igLinked ? 'Relink' : 'Link Instagram'}
            </button>
          </dd>
        </div>
      </dl>
      {instagramNote ? (
        <p className="ws-card-note small" id={noteId} role="status">
          {instagramNote}
        </p>
      ) : null}
    </li>
  );
}

interface WorkspaceListProps {
  workspaces: readonly Workspace[] | undefined;
  loading: boolean;
  loadError: string | null;
  onRetry: () => void;
  activeWorkspaceId: number | null;
  signedIn: boolean;
  /** Creates a workspace; rejects with a readable error. */
  onCreate: (name: string) => Promise<void>;
  onActivate: (id: number) => void;
  onOpenDetail: (id: number, tab: WorkspaceTab) => void;
  onLinkChannel: (id: number) => void;
  /** Starts Instagram linking; returns a message when it cannot (not configured). */
  onLinkInstagram: (id: number) => string | null;
}

/** The workspace list screen: heading, Create Workspace, the cards or the empty text. */
export function WorkspaceList({
  workspaces,
  loading,
  loadError,
  onRetry,
  activeWorkspaceId,
  signedIn,
  onCreate,
  onActivate,
  onOpenDetail,
  onLinkChannel,
  onLinkInstagram,
}: WorkspaceListProps) {
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [igNote, setIgNote] = useState<{ id: number; text: string } | null>(null);

  const create = (e: FormEvent) => {
    e.preventDefault();
    if (creating) return;
    if (!signedIn) {
      setCreateError('Please sign in to create a workspace.');
      return;
    }
    setCreating(true);
    setCreateError(null);
    onCreate(name)
      .then(() => setName(''))
      .catch((err: unknown) => setCreateError(err instanceof Error ? err.message : String(err)))
      .finally(() => setCreating(false));
  };

  return (
    <section className="card ws-list" aria-labelledby="ws-list-title" data-testid="workspace-list">
      <div className="ws-list-head">
        <h1 id="ws-list-title" tabIndex={-1}>
          Workspaces
        </h1>
        <form className="ws-create" onSubmit={create}>
          <label className="field ws-create-field">
            <span className="sr-only">New workspace name</span>
            <input
              type="text"
              value={name}
              maxLength={WORKSPACE_NAME_MAX_LENGTH}
              placeholder="New Workspace"
              onChange={(e) => setName(e.target.value)}
              disabled={!signedIn || creating}
            />
          </label>
          <button type="submit" className="btn btn-primary" disabled={!signedIn || creating}>
            {creating ? 'Creating…' : 'Create Workspace'}
          </button>
        </form>
      </div>
      {createError ? (
        <p className="form-error" role="alert" data-testid="create-error">
          {createError}
        </p>
      ) : null}
      {loading ? (
        <ul className="ws-grid" aria-busy="true" aria-label="Loading workspaces">
          {[0, 1, 2].map((i) => (
            <li key={i} className="ws-card ws-card-skeleton">
              <span className="sk ws-sk-avatars" />
              <span className="sk sk-line" />
              <span className="sk sk-line sk-short" />
            </li>
          ))}
        </ul>
      ) : loadError !== null ? (
        <RetryAlert className="ws-load-error" onRetry={onRetry}>
          Could not load your workspaces: {loadError}
        </RetryAlert>
      ) : !workspaces || workspaces.length === 0 ? (
        <p className="muted ws-empty" data-testid="workspaces-empty">
          {EMPTY_LIST_TEXT}
        </p>
      ) : (
        <ul className="ws-grid">
          {workspaces.map((w) => (
            <WorkspaceCard
              key={w.id}
              workspace={w}
              active={w.id === activeWorkspaceId}
              onActivate={() => onActivate(w.id)}
              onOpenDetail={(tab) => onOpenDetail(w.id, tab)}
              onLinkChannel={() => onLinkChannel(w.id)}
              onLinkInstagram={() => {
                const text = onLinkInstagram(w.id);
                setIgNote(text === null ? null : { id: w.id, text });
              }}
              instagramNote={igNote?.id === w.id ? igNote.text : null}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
