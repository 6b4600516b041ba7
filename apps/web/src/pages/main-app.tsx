import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useMatch, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SAMPLE_REPORT_VIDEO_ID, VideoIdSchema, type AnalysisEstimateReply } from '@app/contracts';
import { AuthCard, type SignInReason } from '../components/auth-card';
import { Header } from '../components/header';
import { Hero } from '../components/hero';
import { SessionBanner } from '../components/session-banner';
import { SiteFooter } from '../components/site-footer';
import { ProgressIndicator } from '../features/analyze/progress-indicator';
import { UrlSection } from '../features/analyze/url-section';
import { ConfirmAnalysisDialog } from '../features/analyze/confirm-analysis-dialog';
import { CheckoutNotice, useCheckoutWatch } from '../features/billing/checkout-watch';
import { EmailVerificationNotice } from '../features/email-verification/email-verification-notice';
import { DEFAULT_FAILURE_MESSAGE, useAnalysisJob } from '../features/analyze/use-analysis-job';
import { RecentAnalyses, UpgradeCard } from '../features/history/recent-analyses';
import NotesCard from '../features/notes/notes-card';
import { ReportSkeleton } from '../features/report/report-skeleton';
import { ReportUnavailable, SignInToSee } from '../features/report/report-unavailable';
import { api, queryKeys } from '../lib/api';
import { ApiError, errorMessage } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { paths } from '../lib/paths';
import { readCurrentJob } from '../lib/storage';
import type { Theme } from '../lib/theme';
import { WorkspaceSideCard } from '../features/workspaces/side-card';
import { useActiveWorkspace, useWorkspacesList } from '../features/workspaces/use-workspaces';
import { useInstagramCallback } from '../features/workspaces/use-instagram-callback';
import { WorkspaceJobsProvider } from '../features/workspaces/workspace-jobs';
import type { WorkspaceScreenProps } from '../features/workspaces/workspace-view';
import { scrollMotion } from '../lib/motion';
import { mainPageTitle, useDocumentTitle } from '../lib/document-title';
import { RetryAlert } from '../components/retry-alert';

const ReportView = lazy(() => import('../features/report/report-view'));
// The workspace screens and the history page load when the creator first opens them.
const WorkspaceScreens = lazy(() => import('../features/workspaces/workspace-view'));
const HistoryPage = lazy(() => import('../features/history/history-page'));
const QuestionsInboxPage = lazy(() => import('../features/questions-inbox/questions-inbox-page'));

const TERMINAL = new Set(['complete', 'failed']);

function ScreenLoading({ label }: { label: string }) {
  return (
    <section className="card" aria-label={label} role="status">
      <p className="muted">Loading {label.toLowerCase()}…</p>
    </section>
  );
}

/**
 * The main app. The address says what it shows: / the dashboard (or the landing page), /report/{id}
 * the creator's latest report of a video (?job= one run of it, also while it runs), /history every
 * analysis, /workspaces and /workspaces/{id} the workspace screens; any other path the dashboard.
 */
export default function MainApp({
  theme,
  onToggleTheme,
}: {
  theme: Theme;
  onToggleTheme: () => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token, refreshProfile, signOut } = useAuth();
  const signedIn = token !== null;

  const reportMatch = useMatch('/report/:videoId');
  const historyMatch = useMatch('/history');
  const workspacesMatch = useMatch('/workspaces');
  const workspaceMatch = useMatch('/workspaces/:workspaceId');
  const questionsMatch = useMatch('/questions');
  const [searchParams] = useSearchParams();
  const view: 'home' | 'workspace' | 'history' | 'questions' =
    workspacesMatch || workspaceMatch
      ? 'workspace'
      : historyMatch
        ? 'history'
        : questionsMatch
          ? 'questions'
          : 'home';
  const routeVideoParam = reportMatch?.params.videoId ?? null;
  const routeVideoId =
    routeVideoParam !== null && VideoIdSchema.safeParse(routeVideoParam).success
      ? routeVideoParam
      : null;
  const routeJobId = reportMatch ? searchParams.get('job') : null;
  const onReportAddress = reportMatch !== null;

  const [initialJob] = useState(() => (token !== null ? readCurrentJob() : null));
  // Signed out, what brought the person to the sign-in card (the card says why).
  const [authReason, setAuthReason] = useState<SignInReason | null>(null);
  // The video in the link field and the notes card: the report's, else the one typed.
  const [typedVideoId, setTypedVideoId] = useState<string | null>(initialJob?.videoId ?? null);
  const [resetCount, setResetCount] = useState(0);
  const [jobError, setJobError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  // Analyze asks for the price first and shows it in a confirmation before anything is spent.
  const [estimating, setEstimating] = useState(false);
  const [confirming, setConfirming] = useState<{
    url: string;
    id: string;
    estimate: AnalysisEstimateReply;
  } | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);

  // Workspaces: the active one (kept for this tab) and the list for the side card's shortcuts.
  const workspace = useActiveWorkspace();
  const workspaces = useWorkspacesList();
  const [workspaceNotice, setWorkspaceNotice] = useState<WorkspaceScreenProps['notice']>(null);
  const { activate: activateWorkspace } = workspace;
  useInstagramCallback({
    signedIn,
    onResult: useCallback(
      ({ workspaceId, ok, message }: { workspaceId: number; ok: boolean; message: string }) => {
        activateWorkspace(workspaceId);
        setWorkspaceNotice({ ok, text: message });
        void navigate(ok ? paths.workspace(workspaceId, 'instagram') : paths.workspaces, {
          replace: true,
        });
      },
      [activateWorkspace, navigate],
    ),
  });

  const onComplete = useCallback(
    (doneVideoId: string) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.report(doneVideoId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.analyses });
      refreshProfile();
    },
    [queryClient, refreshProfile],
  );
  // A failed analysis got its credits back (refunded with the failure, in one transaction): the
  // header's balance is fetched again at once, and Recent Analyses shows the entry as Failed.
  const onFailed = useCallback(
    (message: string) => {
      setJobError(message);
      refreshProfile();
      void queryClient.invalidateQueries({ queryKey: queryKeys.analyses });
    },
    [refreshProfile, queryClient],
  );
  const job = useAnalysisJob({ onComplete, onFailed });
  // An error belongs to the page it was shown on: another address starts without it.
  const [errorPath, setErrorPath] = useState(location.pathname);
  if (errorPath !== location.pathname) {
    setErrorPath(location.pathname);
    setJobError(null);
  }
  const running = job.progress !== null;
  // The run this address names is the one followed here (until it fails: then its error shows).
  const runningHere =
    running &&
    job.progress?.videoId === routeVideoId &&
    routeJobId === job.progress.jobId &&
    job.progress.status !== 'failed';

  // Resume a stored job after a reload. MainApp is keyed by the token, so signing out or in remounts
  // it with fresh state. The cleanup stops following (a StrictMode re-run starts cleanly); the
  // stored job itself stays put.
  const { resume, stop } = job;
  useEffect(() => {
    if (initialJob) resume(initialJob.jobId, initialJob.videoId);
    return () => stop();
  }, [initialJob, resume, stop]);

  // Back from checkout (?checkout=success|cancel, or portal from the billing portal): refresh the
  // balance until the payment's webhook shows, confirm, and tidy the address.
  const { returned } = useCheckoutWatch();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const checkout = params.get('checkout');
    if (checkout !== 'success' && checkout !== 'cancel' && checkout !== 'portal') return;
    if (token !== null) returned(checkout);
    params.delete('checkout');
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      { replace: true, state: location.state as unknown },
    );
  }, [location.search, location.pathname, location.state, navigate, returned, token]);

  const report = useQuery({
    queryKey: [...queryKeys.report(routeVideoId ?? ''), routeJobId ?? 'latest'],
    queryFn: ({ signal }) =>
      api.report({
        params: { video_id: routeVideoId! },
        ...(routeJobId ? { query: { job: routeJobId } } : {}),
        signal,
      }),
    enabled: signedIn && routeVideoId !== null && !runningHere,
    retry: false,
    staleTime: 30_000,
  });
  const reportMissing =
    (onReportAddress && routeVideoId === null) ||
    (report.error instanceof ApiError && report.error.status === 404);

  // The address of a run that is not complete: it may still be running (a reload in another tab, a
  // link opened elsewhere), and then its progress shows again.
  const pendingRun = useQuery({
    queryKey: ['status', routeJobId ?? ''],
    queryFn: ({ signal }) => api.jobStatus({ params: { job_id: routeJobId! }, signal }),
    enabled: signedIn && routeJobId !== null && routeVideoId !== null && reportMissing && !running,
    retry: false,
  });
  useEffect(() => {
    const s = pendingRun.data;
    if (!s || running || routeVideoId === null || routeJobId === null) return;
    if (!TERMINAL.has(s.status) && s.video_id === routeVideoId) resume(routeJobId, routeVideoId);
  }, [pendingRun.data, running, routeVideoId, routeJobId, resume]);
  const awaitingRun =
    pendingRun.isFetching || (pendingRun.data && !TERMINAL.has(pendingRun.data.status));

  const shownVideoId = routeVideoId ?? typedVideoId;

  // Signed out, every address shows the sign-in card: the address stays, so signing in opens it.
  const scrollToAuth = (reason: SignInReason | null = null) => {
    setAuthReason(reason);
    requestAnimationFrame(() => {
      document
        .getElementById('auth-card')
        ?.scrollIntoView({ behavior: scrollMotion(), block: 'center' });
      emailRef.current?.focus({ preventScroll: true });
    });
  };
  const focusUrl = () => {
    if (view !== 'home') void navigate(paths.home);
    requestAnimationFrame(() => {
      document
        .getElementById('url-section')
        ?.scrollIntoView({ behavior: scrollMotion(), block: 'center' });
      urlRef.current?.focus({ preventScroll: true });
    });
  };

  const analyze = async (videoUrl: string, id: string) => {
    // Starting clears the report and resets all cluster state; the run gets its own address.
    setResetCount((n) => n + 1);
    setJobError(null);
    setStarting(true);
    setTypedVideoId(id);
    try {
      const reply = await api.analyze({ query: { video_url: videoUrl } });
      if (!reply?.job_id) {
        setJobError('Failed to start the analysis job.');
        return;
      }
      job.start(reply.job_id, id);
      void navigate(paths.report(id, reply.job_id));
      void queryClient.invalidateQueries({ queryKey: queryKeys.analyses });
      refreshProfile();
    } catch (err) {
      console.error('Analysis start failed', err);
      setJobError(`Error: ${errorMessage(err, DEFAULT_FAILURE_MESSAGE)}`);
    } finally {
      setStarting(false);
    }
  };

  /** The link's price, then the confirmation (a free sample video starts at once). */
  const askToAnalyze = async (videoUrl: string, id: string) => {
    setJobError(null);
    setEstimating(true);
    try {
      const estimate = await api.estimateAnalysis({ query: { video_url: videoUrl } });
      if (estimate.free) void analyze(videoUrl, id);
      else if (estimate.balance < 1)
        setJobError(
          `Error: Your balance is ${estimate.balance} credits and an analysis needs at least 1 credit (1 credit covers 100 comments). Use Buy Credits at the top of the page to add more.`,
        );
      else setConfirming({ url: videoUrl, id, estimate });
    } catch (err) {
      setJobError(`Error: ${errorMessage(err, DEFAULT_FAILURE_MESSAGE)}`);
    } finally {
      setEstimating(false);
    }
  };

  // The free sample report: the real analysis of a sample video shipped with Chorus.
  const trySample = () => void analyze(SAMPLE_REPORT_VIDEO_ID, SAMPLE_REPORT_VIDEO_ID);

  const openReport = (id: string, jobId?: string) => {
    setJobError(null);
    setResetCount((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: queryKeys.report(id) });
    if (id === routeVideoId && (jobId ?? null) === routeJobId) return;
    void navigate(paths.report(id, jobId));
  };

  const showHero = view === 'home' && !onReportAddress && !running && !starting;
  useDocumentTitle(
    mainPageTitle({
      signedIn,
      view,
      runningPercent: job.progress?.percent ?? null,
      report:
        routeVideoId !== null && report.data
          ? { title: report.data.title, videoId: report.data.video_id }
          : null,
    }),
  );
  const resetKey = `${routeVideoId ?? 'none'}:${routeJobId ?? ''}:${resetCount}`;

  let reportArea: React.ReactNode = null;
  if (runningHere || starting || (onReportAddress && awaitingRun)) {
    reportArea = <ReportSkeleton />;
  } else if (onReportAddress && reportMissing && jobError !== null) {
    // The run failed here: the link field says why.
    reportArea = null;
  } else if (onReportAddress && reportMissing && pendingRun.data?.status === 'failed') {
    reportArea = (
      <div className="card" role="alert" data-testid="report-failed">
        <p>
          This analysis did not finish
          {pendingRun.data.error ? `: ${pendingRun.data.error}` : '.'} Its credits were refunded.
        </p>
      </div>
    );
  } else if (onReportAddress && reportMissing) {
    reportArea = <ReportUnavailable onSignInAgain={signOut} />;
  } else if (onReportAddress && report.isPending) {
    reportArea = <ReportSkeleton />;
  } else if (onReportAddress && report.isError) {
    reportArea = (
      <RetryAlert className="card" testId="report-error" onRetry={() => void report.refetch()}>
        Could not load the report: {errorMessage(report.error)}
      </RetryAlert>
    );
  } else if (onReportAddress && report.data) {
    reportArea = (
      <Suspense fallback={<ReportSkeleton />}>
        <ReportView
          key={resetKey}
          report={report.data}
          resetKey={resetKey}
          onRetagged={() => void report.refetch()}
        />
      </Suspense>
    );
  }

  const signedOutReason: SignInReason | null =
    authReason ?? (view === 'workspace' || view === 'questions' ? 'workspaces' : null);

  return (
    <WorkspaceJobsProvider>
      <div className="app">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header
          theme={theme}
          onToggleTheme={onToggleTheme}
          onHome={() => void navigate(paths.home)}
          onWorkspace={() =>
            signedIn ? void navigate(paths.workspaces) : scrollToAuth('workspaces')
          }
          onGetStarted={() => scrollToAuth()}
          onOpenReport={(id) => openReport(id)}
        />
        <SessionBanner onSignIn={() => scrollToAuth()} />
        <CheckoutNotice />
        <EmailVerificationNotice />
        <main id="main" tabIndex={-1}>
          {!signedIn ? (
            <div className="signed-out">
              {onReportAddress || view === 'history' ? (
                <SignInToSee what={onReportAddress ? 'report' : 'history'} />
              ) : view === 'home' ? (
                <Hero
                  onAnalyze={() => scrollToAuth('analyze')}
                  onCreateWorkspace={() => scrollToAuth('workspace')}
                />
              ) : null}
              <AuthCard ref={emailRef} reason={signedOutReason} />
            </div>
          ) : view === 'workspace' ? (
            <Suspense fallback={<ScreenLoading label="Workspaces" />}>
              <WorkspaceScreens
                activeWorkspaceId={workspace.activeWorkspaceId}
                onActivate={workspace.activate}
                onOpenReport={(id) => openReport(id)}
                notice={workspaceNotice}
                onDismissNotice={() => setWorkspaceNotice(null)}
              />
            </Suspense>
          ) : view === 'questions' ? (
            <Suspense fallback={<ScreenLoading label="Questions" />}>
              <QuestionsInboxPage />
            </Suspense>
          ) : view === 'history' ? (
            <Suspense fallback={<ScreenLoading label="History" />}>
              <HistoryPage
                busy={starting || running}
                onRerun={(videoId) => void analyze(videoId, videoId)}
              />
            </Suspense>
          ) : (
            <>
              {showHero ? (
                <Hero
                  onAnalyze={focusUrl}
                  onCreateWorkspace={() => void navigate(paths.workspaces)}
                  onTrySample={trySample}
                />
              ) : null}
              <div className="app-grid">
                <div className="app-main">
                  <UrlSection
                    ref={urlRef}
                    signedIn={signedIn}
                    busy={starting || running || estimating}
                    videoId={shownVideoId}
                    onVideoId={setTypedVideoId}
                    onAnalyze={(url, id) => void askToAnalyze(url, id)}
                    error={jobError}
                    onClearError={() => setJobError(null)}
                    pageHeading={!showHero}
                    onTrySample={showHero ? undefined : trySample}
                  />
                  {job.progress ? <ProgressIndicator progress={job.progress} /> : null}
                  {reportArea}
                </div>
                <aside className="app-aside" aria-label="Sidebar">
                  <WorkspaceSideCard
                    workspaces={workspaces.data}
                    loading={workspaces.isPending}
                    addedIds={workspace.addedIds}
                    activeWorkspaceId={workspace.activeWorkspaceId}
                    onDashboard={() => void navigate(paths.workspaces)}
                    onChoose={(id) => {
                      workspace.activate(id);
                      void navigate(paths.workspaces);
                    }}
                  />
                  <RecentAnalyses activeVideoId={onReportAddress ? routeVideoId : null} />
                  <NotesCard videoId={onReportAddress && reportMissing ? null : shownVideoId} />
                  <UpgradeCard />
                </aside>
              </div>
            </>
          )}
        </main>
        {confirming ? (
          <ConfirmAnalysisDialog
            title={
              confirming.estimate.last_analysis
                ? 'Analyze this video again?'
                : 'Analyze this video?'
            }
            subject={confirming.estimate.title ?? `Video ${confirming.id}`}
            price={{
              commentCount: confirming.estimate.comment_count,
              credits: confirming.estimate.credits,
              balance: confirming.estimate.balance,
              willAnalyse: confirming.estimate.will_analyse,
              maxComments: confirming.estimate.max_comments,
            }}
            lastAnalysis={
              confirming.estimate.last_analysis
                ? { createdAt: confirming.estimate.last_analysis.created_at }
                : null
            }
            onConfirm={() => {
              setConfirming(null);
              void analyze(confirming.url, confirming.id);
            }}
            onOpenReport={() => {
              setConfirming(null);
              openReport(confirming.id);
            }}
            onClose={() => setConfirming(null)}
          />
        ) : null}
        <SiteFooter />
      </div>
    </WorkspaceJobsProvider>
  );
}
