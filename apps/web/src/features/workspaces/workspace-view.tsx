import { useEffect, useRef, useState } from 'react';
import { useMatch, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { VideoIdSchema, type Workspace } from '@app/contracts';
import { api, queryKeys } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useWorkspacesList } from './use-workspaces';
import { WorkspaceDetail } from './workspace-detail';
import { WorkspaceList } from './workspace-list';
import { SelectionPanel } from './selection-panel';
import {
  failureSentence,
  instagramAuthorizeUrl,
  parseWorkspaceTab,
  type WorkspaceTab,
} from './workspace-logic';
import { redirectTo } from './redirect';
import { useFacebookInstagramConnect } from './use-facebook-instagram-connect';
import { readTabPreference, writeTabPreference } from './workspace-storage';
import { workspaceKeys } from './workspaces-api';
import './workspaces.css';
import { scrollMotion } from '../../lib/motion';
import { paths } from '../../lib/paths';

export const INSTAGRAM_NOT_CONFIGURED =
  'Instagram linking is not available on this server yet: no Instagram app is configured.';
const INSTAGRAM_CONFIG_PENDING =
  'Checking whether Instagram linking is available… try again in a moment.';

export interface WorkspaceNotice {
  ok: boolean;
  text: string;
}

export interface WorkspaceScreenProps {
  activeWorkspaceId: number | null;
  onActivate: (id: number | null) => void;
  /** Opens a report in the main view (with the executive summary). */
  onOpenReport: (videoId: string) => void;
  /** A message from outside (the Instagram callback), shown above the screen. */
  notice: WorkspaceNotice | null;
  onDismissNotice: () => void;
}

type Screen =
  | { name: 'list' }
  | { name: 'detail'; id: number; tab: WorkspaceTab; reportVideoId: string | null };

/**
 * The screen the address names: /workspaces is the list; /workspaces/{id}?tab=&report= a
 * workspace's detail on a tab, with a report below the tabs.
 */
function useWorkspaceScreen(): Screen {
  const workspaceId = useMatch('/workspaces/:workspaceId')?.params.workspaceId;
  const [search] = useSearchParams();
  const id = Number(workspaceId);
  if (workspaceId === undefined || !Number.isSafeInteger(id) || id <= 0) return { name: 'list' };
  const report = search.get('report');
  return {
    name: 'detail',
    id,
    tab: parseWorkspaceTab(search.get('tab')) ?? preferredTab(),
    reportVideoId: VideoIdSchema.safeParse(report).success ? report : null,
  };
}

/** A dismissible message above the workspace screens: a status when it went well, else an alert. */
function NoticeBanner({
  notice,
  testId,
  onDismiss,
}: {
  notice: WorkspaceNotice;
  testId?: string;
  onDismiss: () => void;
}) {
  return (
    <div
      className={`banner ${notice.ok ? 'banner-ok' : 'banner-warning'} ws-banner`}
      role={notice.ok ? 'status' : 'alert'}
      data-testid={testId}
    >
      <p>{notice.text}</p>
      <button type="button" className="btn btn-ghost btn-small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/** The detail tab: YouTube by default, or this session's stored preference. */
function preferredTab(): WorkspaceTab {
  return readTabPreference() ?? 'youtube';
}

/**
 * The workspace screens (loaded on first use): the list with, under it, the active workspace's
 * selection panel; or the detail screen with its tabs and the analysis view. The address chooses
 * the screen, so a reload, Back and Forward keep the creator where they were.
 */
export default function WorkspaceScreens({
  activeWorkspaceId,
  onActivate,
  onOpenReport,
  notice,
  onDismissNotice,
}: WorkspaceScreenProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token } = useAuth();
  const list = useWorkspacesList();
  const config = useQuery({
    queryKey: queryKeys.publicConfig,
    queryFn: ({ signal }) => api.publicConfig({ signal }),
    staleTime: Infinity,
    retry: 1,
  });
  const screen = useWorkspaceScreen();
  const searchRef = useRef<HTMLInputElement>(null);
  // The report last shown in a workspace's detail, shown again when the creator comes back to it.
  const [lastReport, setLastReport] = useState<{ workspaceId: number; videoId: string } | null>(
    null,
  );
  const [listNotice, setListNotice] = useState<string | null>(null);
  const [focusSearch, setFocusSearch] = useState(0);

  // The detail screen's workspace is the one in the address; it becomes the active one.
  const shownId = screen.name === 'detail' ? screen.id : activeWorkspaceId;
  const active: Workspace | null = list.data?.find((w) => w.id === shownId) ?? null;
  useEffect(() => {
    if (active && active.id !== activeWorkspaceId) onActivate(active.id);
  }, [active, activeWorkspaceId, onActivate]);

  // After Create or Link Channel, put the cursor in the channel search of the panel below.
  useEffect(() => {
    if (focusSearch === 0) return;
    const input = searchRef.current;
    if (!input) return;
    input.scrollIntoView({ block: 'center', behavior: scrollMotion() });
    input.focus({ preventScroll: true });
  }, [focusSearch, active?.id]);

  const listHeading = useRef(false);
  useEffect(() => {
    if (screen.name !== 'list') {
      listHeading.current = true;
      return;
    }
    // Back from the detail screen: focus the list heading, where the creator came from.
    if (listHeading.current) document.getElementById('ws-list-title')?.focus();
  }, [screen.name]);

  const create = async (name: string) => {
    try {
      const created = await api.createWorkspace({ body: { name: name.trim() } });
      queryClient.setQueryData<Workspace[]>(workspaceKeys.list, (prev) =>
        prev ? [...prev.filter((w) => w.id !== created.id), created] : [created],
      );
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.list });
      onActivate(created.id);
      setFocusSearch((n) => n + 1);
    } catch (err) {
      console.error('Workspace creation failed', err);
      throw new Error(failureSentence('Failed to create workspace', errorMessage(err, '')));
    }
  };

  // The Facebook route to Instagram (social login instead of Instagram Login): offered when the
  // server has a Facebook app but no Instagram Login app.
  const [connectNotice, setConnectNotice] = useState<WorkspaceNotice | null>(null);
  const connectThroughFacebook = useFacebookInstagramConnect({
    appId: config.data && !config.data.instagram ? config.data.facebook_app_id : null,
    version: config.data?.facebook_api_version ?? 'v23.0',
    onResult: ({ ok, message }) => setConnectNotice({ ok, text: message }),
  });

  const linkInstagram = (id: number): string | null => {
    const instagram = config.data?.instagram;
    if (instagram) {
      onActivate(id);
      redirectTo(instagramAuthorizeUrl(instagram, id));
      return null;
    }
    if (connectThroughFacebook) {
      onActivate(id);
      setConnectNotice(null);
      connectThroughFacebook(id);
      return null;
    }
    return config.isPending ? INSTAGRAM_CONFIG_PENDING : INSTAGRAM_NOT_CONFIGURED;
  };

  const openDetail = (id: number, tab: WorkspaceTab, reportVideoId: string | null = null) => {
    onActivate(id);
    const shown = reportVideoId ?? (lastReport?.workspaceId === id ? lastReport.videoId : null);
    void navigate(paths.workspace(id, tab, shown));
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="ws-view" data-testid="workspace-view">
      {notice ? (
        <NoticeBanner notice={notice} testId="workspace-banner" onDismiss={onDismissNotice} />
      ) : null}
      {connectNotice ? (
        <NoticeBanner
          notice={connectNotice}
          testId="instagram-connect-banner"
          onDismiss={() => setConnectNotice(null)}
        />
      ) : null}
      {listNotice && screen.name === 'list' ? (
        <NoticeBanner
          notice={{ ok: true, text: listNotice }}
          onDismiss={() => setListNotice(null)}
        />
      ) : null}
      {screen.name === 'detail' ? (
        <WorkspaceDetail
          workspace={list.isPending ? null : active}
          loading={list.isPending}
          tab={screen.tab}
          reportVideoId={screen.reportVideoId}
          onTabChange={(tab) =>
            void navigate(paths.workspace(screen.id, tab, screen.reportVideoId), {
              replace: true,
            })
          }
          onBack={() => void navigate(paths.workspaces)}
          onReportShown={(videoId) => {
            setLastReport({ workspaceId: screen.id, videoId });
            if (videoId !== screen.reportVideoId)
              void navigate(paths.workspace(screen.id, screen.tab, videoId));
          }}
          onOpenInMainView={onOpenReport}
          onLinkInstagram={linkInstagram}
        />
      ) : (
        <>
          <WorkspaceList
            workspaces={list.data}
            loading={list.isPending && token !== null}
            loadError={list.isError ? errorMessage(list.error) : null}
            onRetry={() => void list.refetch()}
            activeWorkspaceId={active?.id ?? null}
            signedIn={token !== null}
            onCreate={create}
            onActivate={(id) => onActivate(id)}
            onOpenDetail={(id, tab) => {
              // Clicking an avatar preselects its tab for this session.
              writeTabPreference(tab);
              openDetail(id, tab);
            }}
            onLinkChannel={(id) => {
              onActivate(id);
              setFocusSearch((n) => n + 1);
            }}
            onLinkInstagram={linkInstagram}
          />
          {active ? (
            <SelectionPanel
              key={active.id}
              workspace={active}
              searchRef={searchRef}
              onOpenDetail={(tab, reportVideoId) =>
                openDetail(active.id, tab ?? preferredTab(), reportVideoId ?? null)
              }
              onDeleted={(name) => {
                onActivate(null);
                setListNotice(`Deleted “${name}”. Its analyses stay in your history.`);
              }}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
