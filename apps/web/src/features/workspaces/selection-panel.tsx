import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelSearchResult, Workspace, WorkspaceVideo } from '@app/contracts';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { ChannelSearch } from './channel-search';
import { JobsCard, jobProgressLabel } from './jobs-card';
import { MediaCard, YouTubeThumb } from './media-card';
import { markSynced, useResumeJobs, useWorkspaceSync } from './use-workspace-data';
import { runningByVideo, useWorkspaceJobs } from './workspace-jobs';
import { YouTubeLogo } from './workspace-icons';
import { WorkspaceTitle } from './workspace-title';
import { CATALOGUE_SKELETONS, idsToAdd, idsToAnalyze, toggled } from './workspace-logic';
import { api } from '../../lib/api';
import { addedVideoIds, workspaceKeys, workspaceVideos } from './workspaces-api';
import { useBatchConfirm } from './batch-confirm';
import { scrollMotion } from '../../lib/motion';
import { RetryAlert } from '../../components/retry-alert';
import { NoticeLine, type Notice } from './notice-line';

export const NO_VIDEOS_TEXT = 'No videos added yet. Click Add Videos to start.';
/**
 * The same while the channel's videos are open below (they open by themselves after linking, and
 * the Add Videos button then reads Hide channel videos): the text above points at a button that is
 * not on screen then.
 */
export const NO_VIDEOS_CATALOGUE_OPEN_TEXT =
  'No videos added yet. Select videos below and click Add to Workspace.';
const RETAG_FAILED = 'CreatorX retagging failed. Please try again.';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The selectable cards of a list of the channel's videos. */
function VideoGrid({
  label,
  videos,
  badge,
  selected,
  busyLabel,
  onToggle,
}: {
  label: string;
  videos: readonly WorkspaceVideo[];
  badge?: string;
  selected: ReadonlySet<string>;
  busyLabel: (videoId: string) => string | null;
  onToggle: (videoId: string) => void;
}) {
  return (
    <ul className="media-grid" aria-label={label}>
      {videos.map((v) => (
        <MediaCard
          key={v.youtube_video_id}
          id={v.youtube_video_id}
          mode="select"
          title={v.title?.trim() || v.youtube_video_id}
          meta={formatDate(v.published_at)}
          media={<YouTubeThumb videoId={v.youtube_video_id} src={v.thumbnail_url} />}
          badge={badge}
          selected={selected.has(v.youtube_video_id)}
          busyLabel={busyLabel(v.youtube_video_id)}
          onClick={() => onToggle(v.youtube_video_id)}
        />
      ))}
    </ul>
  );
}

/** How many cards are selected, and the buttons that act on them. */
function SelectionActions({
  count,
  testId,
  children,
}: {
  count: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="ws-actions">
      <span className="ws-count" data-testid={testId}>
        {count} selected
      </span>
      {children}
    </div>
  );
}

interface SelectionPanelProps {
  workspace: Workspace;
  searchRef: Ref<HTMLInputElement>;
  /** Opens the detail screen (on this session's tab, or the one given), optionally with a report. */
  onOpenDetail: (tab?: 'analyzed', reportVideoId?: string) => void;
  /** The workspace was deleted. */
  onDeleted: (name: string) => void;
}

/**
 * The panel under the workspace list for the active workspace: link a channel,
 * the added videos (select, Analyze Comments, Remove) and the channel's catalogue (select, Add to
 * Workspace, CreatorX).
 */
export function SelectionPanel({
  workspace,
  searchRef,
  onOpenDetail,
  onDeleted,
}: SelectionPanelProps) {
  const queryClient = useQueryClient();
  const { refreshProfile } = useAuth();
  const { jobs, follow } = useWorkspaceJobs();
  const id = workspace.id;
  const linked = workspace.youtube_channel_id !== null;
  useWorkspaceSync(id, linked);
  useResumeJobs(id);

  const videos = useQuery({
    queryKey: workspaceKeys.videos(id),
    queryFn: ({ signal }) => workspaceVideos(id, signal),
    enabled: linked,
  });
  const addedIds = useQuery({
    queryKey: workspaceKeys.addedIds(id),
    queryFn: ({ signal }) => addedVideoIds(id, signal),
    enabled: linked,
    retry: false,
  });

  // The added set: the added_only call; when it fails, the catalogue's is_added flags.
  const added = useMemo(() => {
    if (addedIds.data) return new Set(addedIds.data);
    return new Set((videos.data ?? []).filter((v) => v.is_added).map((v) => v.youtube_video_id));
  }, [addedIds.data, videos.data]);
  const byId = useMemo(
    () => new Map((videos.data ?? []).map((v) => [v.youtube_video_id, v])),
    [videos.data],
  );
  // Added videos in catalogue order; an added id the catalogue does not list still shows (id as title).
  const addedVideos: WorkspaceVideo[] = useMemo(() => {
    const listed = (videos.data ?? []).filter((v) => added.has(v.youtube_video_id));
    const missing = [...added]
      .filter((vid) => !byId.has(vid))
      .map((vid, i): WorkspaceVideo => ({
        id: -1 - i,
        youtube_video_id: vid,
        title: null,
        thumbnail_url: null,
        published_at: null,
        is_added: true,
      }));
    return [...listed, ...missing];
  }, [videos.data, added, byId]);
  const catalogue = useMemo(
    () => (videos.data ?? []).filter((v) => !added.has(v.youtube_video_id)),
    [videos.data, added],
  );

  // null: automatic (open while nothing is added yet); true/false: the creator's choice.
  const [catalogueChoice, setCatalogueChoice] = useState<boolean | null>(null);
  const [addedSel, setAddedSel] = useState<Set<string>>(() => new Set());
  const [catalogueSel, setCatalogueSel] = useState<Set<string>>(() => new Set());
  const [starting, setStarting] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [refining, setRefining] = useState(false);
  const [videosNotice, setVideosNotice] = useState<Notice | null>(null);
  const [catalogueNotice, setCatalogueNotice] = useState<Notice | null>(null);
  const pricing = useBatchConfirm(
    useCallback((text: string) => setVideosNotice({ kind: 'error', text }), []),
  );
  const catalogueRef = useRef<HTMLElement>(null);
  const [confirmUnlink, setConfirmUnlink] = useState(false);
  const [unlinking, setUnlinking] = useState(false);

  // With nothing added yet, the catalogue is where the creator starts.
  const catalogueOpen =
    linked && (catalogueChoice ?? (addedIds.isSuccess && !videos.isError && added.size === 0));

  const running = runningByVideo(jobs, id);
  const title = (vid: string) => byId.get(vid)?.title?.trim() || vid;

  const linkChannel = async (channel: ChannelSearchResult) => {
    await api.linkChannel({ params: { id }, body: { channel_id: channel.channelId } });
    markSynced(id);
    await queryClient.invalidateQueries({ queryKey: workspaceKeys.list });
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.videos(id) });
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.addedIds(id) });
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.posts(id) });
    setCatalogueChoice(true);
  };

  const unlink = async () => {
    setUnlinking(true);
    setVideosNotice(null);
    try {
      await api.unlinkChannel({ params: { id } });
      setAddedSel(new Set());
      setCatalogueSel(new Set());
      setCatalogueChoice(null);
      setConfirmUnlink(false);
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.list });
      for (const queryKey of [
        workspaceKeys.videos(id),
        workspaceKeys.addedIds(id),
        workspaceKeys.posts(id),
      ])
        queryClient.removeQueries({ queryKey });
    } catch (err) {
      console.error('Unlinking the channel failed', err);
      setVideosNotice({
        kind: 'error',
        text: `Could not unlink the channel: ${errorMessage(err)}`,
      });
    } finally {
      setUnlinking(false);
    }
  };

  /** The batch's price first; the analyses start once the creator confirms it. */
  const analyze = async () => {
    const ids = idsToAnalyze(addedSel);
    if (ids.length === 0 || starting.length > 0 || pricing.checking) return;
    setVideosNotice(null);
    await pricing.ask(ids, id, () => void startBatch(ids));
  };

  const startBatch = async (ids: string[]) => {
    setStarting(ids);
    setVideosNotice(null);
    try {
      const reply = await api.batchAnalyze({ body: { video_ids: ids, workspace_id: id } });
      const started = reply.jobs.filter((j) => j.job_id !== null);
      for (const j of started) {
        follow({
          jobId: j.job_id!,
          videoId: j.video_id,
          workspaceId: id,
          title: title(j.video_id),
          kind: 'youtube',
          retagOnComplete: j.video_id === ids[0],
        });
      }
      const failed = reply.jobs.filter((j) => j.job_id === null);
      setAddedSel(new Set());
      refreshProfile();
      setVideosNotice(
        failed.length === 0
          ? {
              kind: 'ok',
              text: `Started ${plural(started.length, 'analysis', 'analyses')}. Reports appear in the Analyzed tab as they finish.`,
            }
          : {
              kind: 'error',
              text: [
                started.length > 0
                  ? `Started ${plural(started.length, 'analysis', 'analyses')}.`
                  : 'No analysis started.',
                ...failed.map((j) => `${title(j.video_id)}: ${j.error ?? 'could not start'}`),
              ].join(' '),
            },
      );
    } catch (err) {
      console.error('Batch analysis failed to start', err);
      setVideosNotice({ kind: 'error', text: `Error: ${errorMessage(err)}` });
    } finally {
      setStarting([]);
    }
  };

  const setAddedFlag = async (ids: string[], isAdded: boolean) => {
    const reply = await api.toggleVideos({
      params: { id },
      body: { video_ids: ids, is_added: isAdded },
    });
    queryClient.setQueryData(workspaceKeys.addedIds(id), reply.added);
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.videos(id) });
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.posts(id) });
  };

  const addSelected = async () => {
    const ids = idsToAdd(catalogueSel, added);
    if (ids.length === 0 || adding) {
      setCatalogueSel(new Set());
      return;
    }
    setAdding(true);
    setCatalogueNotice(null);
    try {
      await setAddedFlag(ids, true);
      setCatalogueSel(new Set());
      setVideosNotice({
        kind: 'ok',
        text: `Added ${plural(ids.length, 'video')} to ${workspace.name}. Select ${ids.length === 1 ? 'it' : 'them'} below and click Analyze Comments.`,
      });
    } catch (err) {
      console.error('Adding videos failed', err);
      setCatalogueNotice({ kind: 'error', text: `Could not add the videos: ${errorMessage(err)}` });
    } finally {
      setAdding(false);
    }
  };

  const removeSelected = async () => {
    const ids = idsToAnalyze(addedSel).filter((v) => added.has(v) && !running.has(v));
    if (ids.length === 0 || removing) return;
    setRemoving(true);
    setVideosNotice(null);
    try {
      await setAddedFlag(ids, false);
      setAddedSel(new Set());
      setVideosNotice({
        kind: 'ok',
        text: `Removed ${plural(ids.length, 'video')} from ${workspace.name}. Their reports are kept.`,
      });
    } catch (err) {
      console.error('Removing videos failed', err);
      setVideosNotice({ kind: 'error', text: `Could not remove the videos: ${errorMessage(err)}` });
    } finally {
      setRemoving(false);
    }
  };

  // CreatorX on catalogue videos: relabel the clusters of those already analysed, one at a time.
  const refineSelected = async () => {
    const ids = idsToAnalyze(catalogueSel);
    if (ids.length === 0 || refining) return;
    setRefining(true);
    setCatalogueNotice(null);
    let refined = 0;
    const notAnalysed: string[] = [];
    try {
      for (const vid of ids) {
        try {
          await api.retag({ params: { video_id: vid }, body: { context: '' } });
          refined += 1;
        } catch (err) {
          if (err instanceof ApiError && err.status === 404) notAnalysed.push(vid);
          else throw err;
        }
      }
      setCatalogueSel(new Set());
      const parts: string[] = [];
      if (refined > 0) parts.push(`CreatorX refined the clusters of ${plural(refined, 'video')}.`);
      if (notAnalysed.length > 0)
        parts.push(
          `${plural(notAnalysed.length, 'video has', 'videos have')} no analysis yet: add ${notAnalysed.length === 1 ? 'it' : 'them'} to the workspace and click Analyze Comments first.`,
        );
      setCatalogueNotice({ kind: refined > 0 ? 'ok' : 'error', text: parts.join(' ') });
    } catch (err) {
      console.error('CreatorX on workspace videos failed', err);
      setCatalogueNotice({ kind: 'error', text: RETAG_FAILED });
    } finally {
      setRefining(false);
    }
  };

  // Opening the catalogue from Add Videos brings it into view.
  useEffect(() => {
    if (catalogueChoice === true)
      catalogueRef.current?.scrollIntoView({ block: 'nearest', behavior: scrollMotion() });
  }, [catalogueChoice]);

  const busyLabel = (vid: string) =>
    starting.includes(vid)
      ? 'Starting…'
      : running.has(vid)
        ? jobProgressLabel(running.get(vid))
        : null;

  return (
    <section
      className="card ws-panel"
      aria-labelledby="ws-panel-title"
      data-testid="selection-panel"
      data-workspace-id={id}
    >
      <WorkspaceTitle
        workspace={workspace}
        onDeleted={onDeleted}
        onOpenDetail={() => onOpenDetail()}
      />

      {!linked ? (
        <section className="ws-section" aria-labelledby="ws-link-title">
          <h3 id="ws-link-title">Link YouTube Channel</h3>
          <p className="muted small">
            Type your channel&apos;s name or paste its link; its videos become available to add to
            this workspace.
          </p>
          <ChannelSearch ref={searchRef} onChoose={linkChannel} />
        </section>
      ) : (
        <div className="ws-channel-row">
          <span className="ws-channel">
            {workspace.yt_avatar_url ? (
              <img className="channel-thumb" src={workspace.yt_avatar_url} alt="" />
            ) : (
              <span className="channel-thumb channel-thumb-fallback">
                <YouTubeLogo size={22} />
              </span>
            )}
            <span>
              <span className="muted small">Linked channel</span>
              <span className="ws-channel-title">
                {workspace.youtube_channel_title ?? workspace.youtube_channel_id}
              </span>
            </span>
          </span>
          <span className="ws-actions">
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => setConfirmUnlink(true)}
              disabled={unlinking}
            >
              Unlink
            </button>
            <button
              type="button"
              className={`btn btn-small ${catalogueOpen ? 'btn-ghost' : 'btn-primary'}`}
              aria-expanded={catalogueOpen}
              aria-controls={catalogueOpen ? 'ws-catalogue' : undefined}
              onClick={() => setCatalogueChoice(!catalogueOpen)}
            >
              {catalogueOpen ? 'Hide channel videos' : 'Add Videos'}
            </button>
          </span>
        </div>
      )}
      {linked && confirmUnlink ? (
        <div className="confirm" role="group" aria-label="Confirm unlinking the channel">
          <p className="small">
            Unlink {workspace.youtube_channel_title ?? 'this channel'}? Its videos leave this
            workspace, the added ones too; analyses and reports stay in your history.
          </p>
          <div className="confirm-actions">
            <button
              type="button"
              className="btn btn-danger btn-small"
              onClick={() => void unlink()}
              disabled={unlinking}
            >
              {unlinking ? 'Unlinking…' : 'Unlink channel'}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => setConfirmUnlink(false)}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}

      <section
        className="ws-section"
        aria-labelledby="ws-videos-title"
        data-testid="workspace-videos"
      >
        <div className={`ws-section-head${addedSel.size > 0 ? ' has-selection' : ''}`}>
          <h3 id="ws-videos-title">Workspace Videos</h3>
          {addedSel.size > 0 ? (
            <SelectionActions count={addedSel.size} testId="added-selected-count">
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => void removeSelected()}
                disabled={removing || starting.length > 0}
              >
                {removing ? 'Removing…' : 'Remove'}
              </button>
              <button
                type="button"
                className="btn btn-primary btn-small"
                onClick={() => void analyze()}
                disabled={starting.length > 0 || pricing.checking}
              >
                {starting.length > 0
                  ? 'Starting…'
                  : pricing.checking
                    ? 'Checking…'
                    : 'Analyze Comments'}
              </button>
            </SelectionActions>
          ) : null}
        </div>
        <NoticeLine notice={videosNotice} />
        {linked && (videos.isPending || addedIds.isPending) && addedVideos.length === 0 ? (
          <p className="muted small">Loading videos…</p>
        ) : addedVideos.length === 0 ? (
          <p className="muted ws-empty" data-testid="workspace-videos-empty">
            {catalogueOpen ? NO_VIDEOS_CATALOGUE_OPEN_TEXT : NO_VIDEOS_TEXT}
          </p>
        ) : (
          <VideoGrid
            label="Workspace videos"
            videos={addedVideos}
            badge="Added"
            selected={addedSel}
            busyLabel={busyLabel}
            onToggle={(vid) => setAddedSel((s) => toggled(s, vid))}
          />
        )}
      </section>

      <JobsCard workspaceId={id} onOpenReport={(vid) => onOpenDetail('analyzed', vid)} />

      {catalogueOpen ? (
        <section
          className="ws-section"
          id="ws-catalogue"
          aria-labelledby="ws-catalogue-title"
          ref={catalogueRef}
          data-testid="catalogue"
        >
          <div className={`ws-section-head${catalogueSel.size > 0 ? ' has-selection' : ''}`}>
            <div>
              <h3 id="ws-catalogue-title">Add videos from this channel</h3>
              {videos.isSuccess ? (
                <p className="muted small ws-count-line" data-testid="catalogue-count">
                  {plural(catalogue.length, 'video')} not in the workspace yet
                </p>
              ) : null}
            </div>
            {catalogueSel.size > 0 ? (
              <SelectionActions count={catalogueSel.size} testId="catalogue-selected-count">
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  onClick={() => void refineSelected()}
                  disabled={refining || adding}
                  title="Relabel the clusters of the selected videos that were analyzed before"
                >
                  {refining ? 'Refining…' : 'CreatorX'}
                </button>
                <button
                  type="button"
                  className="btn btn-primary btn-small"
                  onClick={() => void addSelected()}
                  disabled={adding || refining}
                >
                  {adding ? 'Adding…' : 'Add to Workspace'}
                </button>
              </SelectionActions>
            ) : null}
          </div>
          <NoticeLine notice={catalogueNotice} />
          {videos.isPending ? (
            <ul className="media-grid" aria-busy="true" aria-label="Loading the channel's videos">
              {Array.from({ length: CATALOGUE_SKELETONS }, (_, i) => (
                <li
                  key={i}
                  className="media-card media-card-skeleton"
                  data-testid="catalogue-skeleton"
                >
                  <span className="sk media-wide" />
                  <span className="sk sk-line" />
                  <span className="sk sk-line sk-short" />
                </li>
              ))}
            </ul>
          ) : videos.isError ? (
            <RetryAlert className="ws-load-error" onRetry={() => void videos.refetch()}>
              Could not load the channel&apos;s videos: {errorMessage(videos.error)}
            </RetryAlert>
          ) : catalogue.length === 0 ? (
            <p className="muted ws-empty">
              {(videos.data ?? []).length === 0
                ? 'This channel has no public videos yet.'
                : 'Every video of this channel is in the workspace.'}
            </p>
          ) : (
            <VideoGrid
              label="Channel videos"
              videos={catalogue}
              selected={catalogueSel}
              busyLabel={(vid) => (running.has(vid) ? jobProgressLabel(running.get(vid)) : null)}
              onToggle={(vid) => setCatalogueSel((s) => toggled(s, vid))}
            />
          )}
        </section>
      ) : null}
      {pricing.dialog}
    </section>
  );
}
