import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyzedItem, Post, Workspace } from '@app/contracts';
import { instagramVideoKey } from '@app/contracts';
import { api, queryKeys } from '../../lib/api';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { AlertRules } from '../alerts/alert-rules';
import { ReportSkeleton } from '../report/report-skeleton';
import { AutoAnalysisPanel } from './auto-analysis';
import { JobsCard, jobProgressLabel } from './jobs-card';
import { InstagramMedia, MediaCard, YouTubeThumb, instagramText, isPlayable } from './media-card';
import { analyzedTitle, useAnalyzed, useResumeJobs, useWorkspaceSync } from './use-workspace-data';
import { runningByVideo, useWorkspaceJobs } from './workspace-jobs';
import { ArrowLeftIcon } from './workspace-icons';
import {
  POSTS_SKELETONS,
  WORKSPACE_TABS,
  idsToAnalyze,
  postsOfKind,
  toggled,
  type WorkspaceTab,
} from './workspace-logic';
import { writeTabPreference } from './workspace-storage';
import { workspaceKeys } from './workspaces-api';
import { useBatchConfirm } from './batch-confirm';
import { InsightsTab } from './insights-tab';
import { scrollMotion } from '../../lib/motion';
import { RetryAlert } from '../../components/retry-alert';
import { NoticeLine, type Notice } from './notice-line';

const ReportView = lazy(() => import('../report/report-view'));

export const NO_WORKSPACE_TEXT = 'No workspace selected.';
const TAB_LABELS: Record<WorkspaceTab, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  analyzed: 'Analyzed',
  insights: 'Insights',
};

type YouTubePost = Extract<Post, { kind: 'youtube' }>;
type InstagramPost = Extract<Post, { kind: 'instagram' }>;

function PostsSkeleton() {
  return (
    <ul className="media-grid" aria-busy="true" aria-label="Loading posts">
      {Array.from({ length: POSTS_SKELETONS }, (_, i) => (
        <li key={i} className="media-card media-card-skeleton">
          <span className="sk media-wide" />
          <span className="sk sk-line" />
        </li>
      ))}
    </ul>
  );
}

function statusText(status: AnalyzedItem['status']): string {
  if (status === 'complete') return '✓ Complete';
  if (status === 'failed') return 'Failed';
  return 'Processing';
}

interface WorkspaceDetailProps {
  workspace: Workspace | null;
  /** The workspaces are still loading (not yet "no workspace selected"). */
  loading?: boolean;
  /** The tab shown (the address holds it). */
  tab: WorkspaceTab;
  /** The creator chose another tab. */
  onTabChange: (tab: WorkspaceTab) => void;
  /** The report shown below the tabs (the address holds it), or null. */
  reportVideoId: string | null;
  onBack: () => void;
  /** The creator opened a report below the tabs (the screen puts it in the address). */
  onReportShown: (videoId: string) => void;
  /** Opens a report in the main view (with the executive summary). */
  onOpenInMainView: (videoId: string) => void;
  onLinkInstagram: (id: number) => string | null;
}

/**
 * The workspace detail screen: Back, the YouTube / Instagram / Analyzed tabs and,
 * once a report with clusters is loaded, the analysis view below them.
 */
export function WorkspaceDetail({
  workspace,
  loading = false,
  tab,
  onTabChange,
  reportVideoId,
  onBack,
  onReportShown,
  onOpenInMainView,
  onLinkInstagram,
}: WorkspaceDetailProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  if (workspace === null) {
    return (
      <section className="card ws-detail" aria-labelledby="ws-detail-title">
        <button type="button" className="btn btn-ghost btn-small ws-back" onClick={onBack}>
          <ArrowLeftIcon /> Back
        </button>
        <h1 id="ws-detail-title" className="section-h1" ref={headingRef} tabIndex={-1}>
          Workspace
        </h1>
        {loading ? (
          <p className="muted" role="status">
            Loading…
          </p>
        ) : (
          <p className="muted" data-testid="no-workspace">
            {NO_WORKSPACE_TEXT}
          </p>
        )}
      </section>
    );
  }
  return (
    <DetailBody
      key={workspace.id}
      workspace={workspace}
      tab={tab}
      onTabChange={onTabChange}
      reportVideoId={reportVideoId}
      headingRef={headingRef}
      onBack={onBack}
      onReportShown={onReportShown}
      onOpenInMainView={onOpenInMainView}
      onLinkInstagram={onLinkInstagram}
    />
  );
}

function DetailBody({
  workspace,
  tab,
  onTabChange,
  reportVideoId,
  headingRef,
  onBack,
  onReportShown,
  onOpenInMainView,
  onLinkInstagram,
}: Omit<WorkspaceDetailProps, 'workspace' | 'loading'> & {
  workspace: Workspace;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const id = workspace.id;
  const queryClient = useQueryClient();
  const { refreshProfile } = useAuth();
  const { jobs, follow } = useWorkspaceJobs();
  const tabsId = useId();
  const [selection, setSelection] = useState<Record<'youtube' | 'instagram', Set<string>>>(() => ({
    youtube: new Set(),
    instagram: new Set(),
  }));
  const [starting, setStarting] = useState<string[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const pricing = useBatchConfirm(
    useCallback((text: string) => setNotice({ kind: 'error', text }), []),
  );
  const [igNote, setIgNote] = useState<string | null>(null);
  const [reportNonce, setReportNonce] = useState(0);
  const analysisRef = useRef<HTMLDivElement>(null);

  useWorkspaceSync(id);
  useResumeJobs(id);
  const posts = useQuery({
    queryKey: workspaceKeys.posts(id),
    queryFn: ({ signal }) => api.workspacePosts({ params: { id }, signal }),
  });
  const analyzed = useAnalyzed(id);
  const report = useQuery({
    queryKey: queryKeys.report(reportVideoId ?? ''),
    queryFn: ({ signal }) => api.report({ params: { video_id: reportVideoId! }, signal }),
    enabled: reportVideoId !== null,
    retry: false,
    staleTime: 30_000,
  });

  const youtubePosts = useMemo(() => postsOfKind(posts.data ?? [], 'youtube'), [posts.data]);
  const instagramPosts = useMemo(() => postsOfKind(posts.data ?? [], 'instagram'), [posts.data]);
  const analyzedItems = useMemo(
    () =>
      [...(analyzed.data ?? [])].sort(
        (a, b) => (Date.parse(b.analysed_at) || 0) - (Date.parse(a.analysed_at) || 0),
      ),
    [analyzed.data],
  );
  const running = runningByVideo(jobs, id);

  const chooseTab = (next: WorkspaceTab) => {
    onTabChange(next);
    writeTabPreference(next);
  };
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = WORKSPACE_TABS.indexOf(tab);
    let next: WorkspaceTab | undefined;
    if (e.key === 'ArrowRight') next = WORKSPACE_TABS[(i + 1) % WORKSPACE_TABS.length];
    else if (e.key === 'ArrowLeft')
      next = WORKSPACE_TABS[(i - 1 + WORKSPACE_TABS.length) % WORKSPACE_TABS.length];
    else if (e.key === 'Home') next = WORKSPACE_TABS[0];
    else if (e.key === 'End') next = WORKSPACE_TABS[WORKSPACE_TABS.length - 1];
    if (!next) return;
    e.preventDefault();
    chooseTab(next);
    document.getElementById(`${tabsId}-${next}`)?.focus();
  };

  const openReport = (videoId: string) => {
    onReportShown(videoId);
    setReportNonce((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: queryKeys.report(videoId) });
    requestAnimationFrame(() =>
      analysisRef.current?.scrollIntoView({ block: 'start', behavior: scrollMotion() }),
    );
  };

  // YouTube videos are priced first and start once the creator confirms the total.
  const analyzeSelected = async (kind: 'youtube' | 'instagram') => {
    const ids = idsToAnalyze(selection[kind]);
    if (ids.length === 0 || starting.length > 0 || pricing.checking) return;
    if (kind === 'instagram') return startSelected(kind, ids);
    setNotice(null);
    await pricing.ask(ids, id, () => void startSelected(kind, ids));
  };

  // One call per selected post, one after another; a refusal for credits stops the rest.
  const startSelected = async (kind: 'youtube' | 'instagram', ids: string[]) => {
    setStarting(ids);
    setNotice(null);
    const problems: string[] = [];
    let started = 0;
    for (const [i, postId] of ids.entries()) {
      const yt = kind === 'youtube' ? youtubePosts.find((p) => p.video_id === postId) : undefined;
      const ig =
        kind === 'instagram' ? instagramPosts.find((p) => p.media_id === postId) : undefined;
      const title = yt ? yt.title?.trim() || yt.video_id : ig ? instagramText(ig).title : postId;
      try {
        const reply =
          kind === 'youtube'
            ? await api.analyze({ query: { video_id: postId } })
            : await api.analyzeInstagram({ query: { media_id: postId, workspace_id: id } });
        if (reply?.job_id) {
          follow({
            jobId: reply.job_id,
            videoId: kind === 'youtube' ? postId : instagramVideoKey(postId),
            workspaceId: id,
            title,
            kind,
          });
          started += 1;
        } else {
          problems.push(`${title}: Failed to start the analysis job.`);
        }
      } catch (err) {
        console.error('Starting an analysis failed', err);
        problems.push(`${title}: ${errorMessage(err)}`);
        if (err instanceof ApiError && err.status === 402) {
          const left = ids.length - i - 1;
          if (left > 0) problems.push(`${left} more not started.`);
          break;
        }
      }
      setStarting((s) => s.filter((x) => x !== postId));
    }
    setStarting([]);
    setSelection((s) => ({ ...s, [kind]: new Set<string>() }));
    refreshProfile();
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.analyzed(id) });
    setNotice(
      problems.length === 0
        ? {
            kind: 'ok',
            text: `Started ${started} ${started === 1 ? 'analysis' : 'analyses'}. Finished reports appear in the Analyzed tab.`,
          }
        : {
            kind: 'error',
            text: `${started > 0 ? `Started ${started}. ` : ''}Error: ${problems.join(' ')}`,
          },
    );
  };

  const toggle = (kind: 'youtube' | 'instagram', postId: string) =>
    setSelection((s) => ({ ...s, [kind]: toggled(s[kind], postId) }));

  const busyLabel = (key: string, postId: string) =>
    starting.includes(postId)
      ? 'Starting…'
      : running.has(key)
        ? jobProgressLabel(running.get(key))
        : null;

  const selectionBar = (kind: 'youtube' | 'instagram') => {
    const count = selection[kind].size;
    return (
      <div className={`ws-actions ws-tab-actions${count > 0 ? ' has-selection' : ''}`}>
        <span className="ws-count" data-testid={`${kind}-selected-count`}>
          {count > 0 ? `${count} selected` : 'Select posts to analyze their comments'}
        </span>
        <button
          type="button"
          className="btn btn-primary btn-small"
          disabled={count === 0 || starting.length > 0 || pricing.checking}
          onClick={() => void analyzeSelected(kind)}
        >
          {starting.length > 0
            ? 'Starting…'
            : pricing.checking && kind === 'youtube'
              ? 'Checking…'
              : 'Analyze selected'}
        </button>
      </div>
    );
  };

  const listState = (query: typeof posts | typeof analyzed, what: string): ReactNode | null => {
    if (query.isPending) return <PostsSkeleton />;
    if (query.isError)
      return (
        <RetryAlert className="ws-load-error" onRetry={() => void query.refetch()}>
          Could not load the {what}: {errorMessage(query.error)}
        </RetryAlert>
      );
    return null;
  };

  const clusters = report.data?.report?.clusters ?? [];

  return (
    <>
      <section
        className="card ws-detail"
        aria-labelledby="ws-detail-title"
        data-testid="workspace-detail"
      >
        <button type="button" className="btn btn-ghost btn-small ws-back" onClick={onBack}>
          <ArrowLeftIcon /> Back
        </button>
        <div className="ws-detail-head">
          <h1 id="ws-detail-title" ref={headingRef} tabIndex={-1}>
            {workspace.name}
          </h1>
          <p className="muted small">
            {workspace.youtube_channel_title ?? 'No YouTube channel linked'}
            {' · '}
            {workspace.instagram_username
              ? `@${workspace.instagram_username}`
              : workspace.instagram_business_id
                ? 'Instagram linked'
                : 'No Instagram account linked'}
          </p>
          <Link
            className="btn btn-ghost btn-small"
            to={paths.questions(workspace.id)}
            data-testid="ws-questions-link"
          >
            Questions inbox
          </Link>
        </div>
        <div role="tablist" aria-label="Workspace content" className="ws-tabs">
          {WORKSPACE_TABS.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`${tabsId}-${t}`}
              aria-selected={tab === t}
              // Only the shown panel exists; a reference to a missing element is an error.
              aria-controls={tab === t ? `${tabsId}-${t}-panel` : undefined}
              tabIndex={tab === t ? 0 : -1}
              className="ws-tab"
              onClick={() => chooseTab(t)}
              onKeyDown={onTabKey}
            >
              {TAB_LABELS[t]}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={`${tabsId}-${tab}-panel`}
          aria-labelledby={`${tabsId}-${tab}`}
          className="ws-tabpanel"
          data-testid={`tab-${tab}`}
        >
          <NoticeLine notice={notice} />
          {tab === 'insights' ? <InsightsTab workspaceId={id} onOpenReport={openReport} /> : null}
          {tab === 'youtube'
            ? (listState(posts, 'posts') ?? (
                <>
                  {youtubePosts.length > 0 ? selectionBar('youtube') : null}
                  {youtubePosts.length === 0 ? (
                    <p className="muted ws-empty">
                      {workspace.youtube_channel_id
                        ? 'No videos added yet. Go Back and click Add Videos to choose some.'
                        : 'No YouTube channel linked yet. Go Back and click Link Channel on this workspace.'}
                    </p>
                  ) : (
                    <ul className="media-grid" aria-label="YouTube videos">
                      {youtubePosts.map((p: YouTubePost) => (
                        <MediaCard
                          key={p.id}
                          id={p.video_id}
                          mode="select"
                          title={p.title?.trim() || p.video_id}
                          media={<YouTubeThumb videoId={p.video_id} src={p.thumbnail_url} />}
                          selected={selection.youtube.has(p.video_id)}
                          busyLabel={busyLabel(p.video_id, p.video_id)}
                          onClick={() => toggle('youtube', p.video_id)}
                        />
                      ))}
                    </ul>
                  )}
                </>
              ))
            : tab === 'instagram'
              ? (listState(posts, 'posts') ?? (
                  <>
                    {instagramPosts.length > 0 ? selectionBar('instagram') : null}
                    {instagramPosts.length === 0 ? (
                      <div className="ws-empty">
                        {workspace.instagram_business_id ? (
                          <p className="muted">No Instagram posts yet.</p>
                        ) : (
                          <>
                            <p className="muted">
                              Link an Instagram business account to analyze the comments on its
                              posts.
                            </p>
                            <button
                              type="button"
                              className="btn btn-ghost btn-small"
                              onClick={() => setIgNote(onLinkInstagram(id))}
                            >
                              Link Instagram
                            </button>
                            {igNote ? (
                              <p className="ws-card-note small" role="status">
                                {igNote}
                              </p>
                            ) : null}
                          </>
                        )}
                      </div>
                    ) : (
                      <ul className="media-grid media-grid-square" aria-label="Instagram posts">
                        {instagramPosts.map((p: InstagramPost) => {
                          const text = instagramText(p);
                          return (
                            <MediaCard
                              key={p.id}
                              id={p.media_id}
                              mode="select"
                              aspect="square"
                              title={text.title}
                              meta={text.meta}
                              media={<InstagramMedia post={p} />}
                              interactiveMedia={isPlayable(p)}
                              selected={selection.instagram.has(p.media_id)}
                              busyLabel={busyLabel(instagramVideoKey(p.media_id), p.media_id)}
                              onClick={() => toggle('instagram', p.media_id)}
                            />
                          );
                        })}
                      </ul>
                    )}
                  </>
                ))
              : tab === 'analyzed' &&
                (listState(analyzed, 'analyzed posts') ??
                  (analyzedItems.length === 0 ? (
                    <p className="muted ws-empty">
                      Nothing analyzed yet. Select videos or posts in the other tabs and click
                      Analyze selected.
                    </p>
                  ) : (
                    <ul className="media-grid" aria-label="Analyzed posts">
                      {analyzedItems.map((item) => (
                        <MediaCard
                          key={item.job_id}
                          id={item.report_video_id}
                          mode="open"
                          current={item.report_video_id === reportVideoId}
                          title={analyzedTitle(item)}
                          meta={`${item.kind === 'youtube' ? 'YouTube' : 'Instagram'} · ${formatDate(item.analysed_at)}`}
                          media={
                            item.kind === 'youtube' ? (
                              <YouTubeThumb videoId={item.video_id} src={item.thumbnail_url} />
                            ) : (
                              <InstagramMedia post={item} still />
                            )
                          }
                          status={
                            <span
                              className={`status ${item.status === 'complete' ? 'status-complete' : item.status === 'failed' ? 'status-failed' : 'status-processing'}`}
                            >
                              {statusText(item.status)}
                            </span>
                          }
                          onClick={() => openReport(item.report_video_id)}
                        />
                      ))}
                    </ul>
                  )))}
        </div>
        <JobsCard workspaceId={id} onOpenReport={openReport} />
        <AlertRules workspaceId={id} />
        <AutoAnalysisPanel workspaceId={id} />
      </section>
      <div ref={analysisRef} className="ws-analysis" data-testid="workspace-analysis">
        {reportVideoId === null ? null : report.isPending ? (
          <ReportSkeleton />
        ) : report.isError ? (
          <RetryAlert className="card" testId="report-error" onRetry={() => void report.refetch()}>
            Could not load the report: {errorMessage(report.error)}
          </RetryAlert>
        ) : clusters.length === 0 ? (
          <p className="card muted" role="status">
            This analysis found no topics to show (too few comments). Try again when the post has
            more comments.
          </p>
        ) : (
          <>
            <div className="ws-analysis-bar">
              <button
                type="button"
                className="link-button small"
                onClick={() => onOpenInMainView(report.data.video_id)}
              >
                Open with the executive summary
              </button>
            </div>
            <Suspense fallback={<ReportSkeleton />}>
              <ReportView
                key={`${reportVideoId}:${reportNonce}`}
                report={report.data}
                resetKey={`${reportVideoId}:${reportNonce}`}
                showExecutiveSummary={false}
                onRetagged={() => void report.refetch()}
              />
            </Suspense>
          </>
        )}
      </div>
      {pricing.dialog}
    </>
  );
}
