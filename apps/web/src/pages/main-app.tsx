import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SAMPLE_REPORT_VIDEO_ID } from '@app/contracts';
import { AuthCard, type SignInReason } from '../components/auth-card';
import { Header } from '../components/header';
import { Hero } from '../components/hero';
import { SessionBanner } from '../components/session-banner';
import { SiteFooter } from '../components/site-footer';
import { ProgressIndicator } from '../features/analyze/progress-indicator';
import { UrlSection } from '../features/analyze/url-section';
import { CheckoutNotice, useCheckoutWatch } from '../features/billing/checkout-watch';
import { EmailVerificationNotice } from '../features/email-verification/email-verification-notice';
import { DEFAULT_FAILURE_MESSAGE, useAnalysisJob } from '../features/analyze/use-analysis-job';
import { RecentAnalyses, UpgradeCard } from '../features/history/recent-analyses';
import { ReportSkeleton } from '../features/report/report-skeleton';
import { api, queryKeys } from '../lib/api';
import { ApiError, errorMessage } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { readCurrentJob, readOpenReport, writeOpenReport } from '../lib/storage';
import type { Theme } from '../lib/theme';
import { NotesCard, WorkspaceView } from '../slots';
import { WorkspaceSideCard } from '../features/workspaces/side-card';
import { useActiveWorkspace, useWorkspacesList } from '../features/workspaces/use-workspaces';
import { useInstagramCallback } from '../features/workspaces/use-instagram-callback';
import { WorkspaceJobsProvider } from '../features/workspaces/workspace-jobs';
import type { WorkspaceScreenProps } from '../features/workspaces/workspace-view';
import { scrollMotion } from '../lib/motion';
import { mainPageTitle, useDocumentTitle } from '../lib/document-title';

const ReportView = lazy(() => import('../features/report/report-view'));

type View = 'home' | 'workspace';

/** The main app at / and any unknown path: views are chosen by state, not by path. */
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
  const { token, refreshProfile } = useAuth();
  const signedIn = token !== null;
  const initialView =
    (location.state as { view?: View } | null)?.view === 'workspace' ? 'workspace' : 'home';

  const [initialJob] = useState(() => (token !== null ? readCurrentJob() : null));
  // A reload shows the report that was open in this tab (a running job takes precedence).
  const [initialReport] = useState(() =>
    token !== null && initialJob === null ? readOpenReport() : null,
  );
  const [view, setView] = useState<View>(initialView);
  // Signed out, what brought the person to the sign-in card (the card says why); the Workspace
  // link of a legal page arrives here with the workspace view asked for.
  const [authReason, setAuthReason] = useState<SignInReason | null>(
    !signedIn && initialView === 'workspace' ? 'workspaces' : null,
  );
  const [heroVisible, setHeroVisible] = useState(initialJob === null && initialReport === null);
  const [videoId, setVideoId] = useState<string | null>(
    initialJob?.videoId ?? initialReport ?? null,
  );
  const [chosenReportId, setReportVideoId] = useState<string | null>(initialReport);
  const [resetCount, setResetCount] = useState(0);
  const [jobError, setJobError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);

  // Workspaces: the active one (kept for this tab), the list for the side card's shortcuts, and a
  // counter that reopens the workspace screens on their list whenever the creator navigates there.
  const workspace = useActiveWorkspace();
  const workspaces = useWorkspacesList();
  const [workspaceNav, setWorkspaceNav] = useState(0);
  const [workspaceStart, setWorkspaceStart] =
    useState<WorkspaceScreenProps['initialScreen']>(undefined);
  const [workspaceNotice, setWorkspaceNotice] = useState<WorkspaceScreenProps['notice']>(null);
  const openWorkspaces = useCallback((start?: WorkspaceScreenProps['initialScreen']) => {
    setWorkspaceStart(start);
    setWorkspaceNav((n) => n + 1);
    setView('workspace');
  }, []);
  const { activate: activateWorkspace } = workspace;
  useInstagramCallback({
    signedIn,
    onResult: useCallback(
      ({ workspaceId, ok, message }: { workspaceId: number; ok: boolean; message: string }) => {
        activateWorkspace(workspaceId);
        setWorkspaceNotice({ ok, text: message });
        openWorkspaces(ok ? { name: 'detail', tab: 'instagram' } : { name: 'list' });
      },
      [activateWorkspace, openWorkspaces],
    ),
  });

  // Back and Forward move between the reports opened in this tab and the page before them: showing a
  // report adds a history entry holding its id (the same address: views stay state),
  // where Back had left the app.
  const pushReportEntry = useCallback(
    (id: string) => {
      const state = (window.history.state as { usr?: unknown } | null)?.usr;
      void navigate(
        { pathname: window.location.pathname, search: window.location.search },
        { state: { ...(typeof state === 'object' && state !== null ? state : {}), report: id } },
      );
    },
    [navigate],
  );
  const onComplete = useCallback(
    (doneVideoId: string) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.report(doneVideoId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.analyses });
      refreshProfile();
      setReportVideoId(doneVideoId);
      pushReportEntry(doneVideoId);
    },
    [queryClient, refreshProfile, pushReportEntry],
  );
  // A failed analysis got its credits back: the header's balance shows them again, and Recent
  // Analyses (which leaves failed ones out) drops its Processing entry.
  const onFailed = useCallback(
    (message: string) => {
      setJobError(message);
      refreshProfile();
      void queryClient.invalidateQueries({ queryKey: queryKeys.analyses });
    },
    [refreshProfile, queryClient],
  );
  const job = useAnalysisJob({ onComplete, onFailed });

  // Resume a stored job after a reload. MainApp is keyed by the token, so signing
  // out or in remounts it with fresh state. The cleanup stops following (a StrictMode re-run starts
  // cleanly); the stored job itself stays put.
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
    queryKey: queryKeys.report(chosenReportId ?? ''),
    queryFn: ({ signal }) => api.report({ params: { video_id: chosenReportId! }, signal }),
    enabled: signedIn && chosenReportId !== null,
    retry: false,
    staleTime: 30_000,
  });

  // The report a reload restored may be gone (history cleared in another tab): the landing page
  // shows, not an error about a report the creator did not just ask for.
  const restoredGone =
    initialReport !== null &&
    chosenReportId === initialReport &&
    report.error instanceof ApiError &&
    report.error.status === 404;
  const reportVideoId = restoredGone ? null : chosenReportId;
  const shownVideoId = restoredGone ? null : videoId;
  useEffect(() => writeOpenReport(reportVideoId), [reportVideoId]);

  const running = job.progress !== null;
  const scrollToAuth = (reason: SignInReason | null = null) => {
    setView('home');
    setHeroVisible(true);
    setAuthReason(reason);
    requestAnimationFrame(() => {
      document
        .getElementById('auth-card')
        ?.scrollIntoView({ behavior: scrollMotion(), block: 'center' });
      emailRef.current?.focus({ preventScroll: true });
    });
  };
  const focusUrl = () => {
    setView('home');
    requestAnimationFrame(() => {
      document
        .getElementById('url-section')
        ?.scrollIntoView({ behavior: scrollMotion(), block: 'center' });
      urlRef.current?.focus({ preventScroll: true });
    });
  };

  const analyze = async (videoUrl: string, id: string) => {
    // Starting hides the hero, clears the report and resets all cluster state.
    setHeroVisible(false);
    setReportVideoId(null);
    setResetCount((n) => n + 1);
    setJobError(null);
    setStarting(true);
    try {
      const reply = await api.analyze({ query: { video_url: videoUrl } });
      if (!reply?.job_id) {
        setJobError('Failed to start the analysis job.');
        return;
      }
      job.start(reply.job_id, id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.analyses });
      refreshProfile();
    } catch (err) {
      console.error('Analysis start failed', err);
      setJobError(`Error: ${errorMessage(err, DEFAULT_FAILURE_MESSAGE)}`);
    } finally {
      setStarting(false);
    }
  };

  // The free sample report: the real analysis of a sample video shipped with Chorus.
  const trySample = () => {
    setVideoId(SAMPLE_REPORT_VIDEO_ID);
    void analyze(SAMPLE_REPORT_VIDEO_ID, SAMPLE_REPORT_VIDEO_ID);
  };

  const showReport = (id: string) => {
    setView('home');
    setHeroVisible(false);
    setJobError(null);
    setVideoId(id);
    setResetCount((n) => n + 1);
    setReportVideoId(id);
    void queryClient.invalidateQueries({ queryKey: queryKeys.report(id) });
  };
  const openReport = (id: string) => {
    if (running) return;
    showReport(id);
    if (id !== reportVideoId) pushReportEntry(id);
  };
  // Back or Forward to an entry: the report it holds, or none (the page before the first report)
  const goTo = (report: string | null) => {
    if (running || report === reportVideoId) return;
    if (report !== null) showReport(report);
    else {
      setReportVideoId(null);
      setVideoId(null);
      setHeroVisible(true);
    }
  };
  const onHistory = useRef(goTo);
  useEffect(() => {
    onHistory.current = goTo;
  });
  useEffect(() => {
    const onPop = () => {
      const state = (window.history.state as { usr?: { report?: unknown } } | null)?.usr;
      onHistory.current(typeof state?.report === 'string' ? state.report : null);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const showHero = (heroVisible || restoredGone) && !running && reportVideoId === null;
  useDocumentTitle(
    mainPageTitle({
      signedIn,
      view,
      runningPercent: job.progress?.percent ?? null,
      report:
        reportVideoId !== null && report.data
          ? { title: report.data.title, videoId: report.data.video_id }
          : null,
    }),
  );
  const resetKey = `${reportVideoId ?? 'none'}:${resetCount}`;

  return (
    <WorkspaceJobsProvider>
      <div className="app">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header
          theme={theme}
          onToggleTheme={onToggleTheme}
          onHome={() => {
            setView('home');
            if (reportVideoId === null && !running) setHeroVisible(true);
          }}
          onWorkspace={() => (signedIn ? openWorkspaces() : scrollToAuth('workspaces'))}
          onGetStarted={() => scrollToAuth()}
          onOpenReport={openReport}
        />
        <SessionBanner onSignIn={() => scrollToAuth()} />
        <CheckoutNotice />
        <EmailVerificationNotice />
        <main id="main" tabIndex={-1}>
          {!signedIn ? (
            <div className="signed-out">
              {showHero ? (
                <Hero
                  onAnalyze={() => scrollToAuth('analyze')}
                  onCreateWorkspace={() => scrollToAuth('workspace')}
                />
              ) : null}
              <AuthCard ref={emailRef} reason={authReason} />
            </div>
          ) : view === 'workspace' ? (
            <WorkspaceView
              key={workspaceNav}
              activeWorkspaceId={workspace.activeWorkspaceId}
              onActivate={workspace.activate}
              onOpenReport={openReport}
              notice={workspaceNotice}
              onDismissNotice={() => setWorkspaceNotice(null)}
              initialScreen={workspaceStart}
            />
          ) : (
            <>
              {showHero ? (
                <Hero
                  onAnalyze={focusUrl}
                  onCreateWorkspace={() => openWorkspaces()}
                  onTrySample={trySample}
                />
              ) : null}
              <div className="app-grid">
                <div className="app-main">
                  <UrlSection
                    ref={urlRef}
                    signedIn={signedIn}
                    busy={starting || running}
                    videoId={shownVideoId}
                    onVideoId={setVideoId}
                    onAnalyze={(url, id) => void analyze(url, id)}
                    error={jobError}
                    onClearError={() => setJobError(null)}
                    pageHeading={!showHero}
                    onTrySample={showHero ? undefined : trySample}
                  />
                  {job.progress ? <ProgressIndicator progress={job.progress} /> : null}
                  {running || starting || (reportVideoId !== null && report.isPending) ? (
                    <ReportSkeleton />
                  ) : report.isError ? (
                    <div className="card" role="alert" data-testid="report-error">
                      <p>Could not load the report: {errorMessage(report.error)}</p>
                      <button
                        type="button"
                        className="btn btn-ghost btn-small"
                        onClick={() => void report.refetch()}
                      >
                        Try again
                      </button>
                    </div>
                  ) : report.data && reportVideoId !== null ? (
                    <Suspense fallback={<ReportSkeleton />}>
                      <ReportView
                        key={resetKey}
                        report={report.data}
                        resetKey={resetKey}
                        onRetagged={() => void report.refetch()}
                      />
                    </Suspense>
                  ) : null}
                </div>
                <aside className="app-aside" aria-label="Sidebar">
                  <WorkspaceSideCard
                    workspaces={workspaces.data}
                    loading={workspaces.isPending}
                    addedIds={workspace.addedIds}
                    activeWorkspaceId={workspace.activeWorkspaceId}
                    onDashboard={() => openWorkspaces()}
                    onChoose={(id) => {
                      workspace.activate(id);
                      openWorkspaces();
                    }}
                  />
                  <RecentAnalyses onOpen={openReport} activeVideoId={reportVideoId} />
                  <NotesCard videoId={shownVideoId} />
                  <UpgradeCard />
                </aside>
              </div>
            </>
          )}
        </main>
        <SiteFooter />
      </div>
    </WorkspaceJobsProvider>
  );
}
