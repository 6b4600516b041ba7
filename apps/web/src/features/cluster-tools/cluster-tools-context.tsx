import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Cluster, CommentRef } from '@app/contracts';
import { api } from '../../lib/api';
import { CHAT_TOP_K, MESSAGES, type AnalysisResult } from './cluster-tools-api';

export type DrawerKind = 'comments' | 'analysis' | 'chat';

export interface OpenDrawer {
  kind: DrawerKind;
  clusterId: number;
  /** The cluster heading (or 'Cluster {id}'): the chat drawer's title. */
  heading: string;
}

export interface AnalysisState {
  loading: boolean;
  result: AnalysisResult | null;
}

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  quotes?: CommentRef[];
  /** The offline answer repeats its quotes inline; the drawer then shows only its first line. */
  offline?: boolean;
}

interface ClusterTools {
  videoId: string;
  drawer: OpenDrawer | null;
  analyses: Readonly<Record<number, AnalysisState>>;
  chatMessages: readonly ChatMessage[];
  chatLoading: boolean;
  /** Changes each time chat opens, so the drawer starts with an empty input. */
  chatSession: number;
  alert: string | null;
  openAnalysis: (cluster: Cluster) => void;
  openComments: (cluster: Cluster) => void;
  openChat: (cluster: Cluster) => void;
  close: () => void;
  sendChat: (text: string) => boolean;
  dismissAlert: () => void;
}

const ClusterToolsContext = createContext<ClusterTools | null>(null);

/** The per-cluster tools of the current report; throws outside the scope (a wiring bug). */
export function useClusterTools(): ClusterTools {
  const value = useContext(ClusterToolsContext);
  if (value === null) throw new Error('useClusterTools needs <ClusterToolsProvider>');
  return value;
}

export function clusterHeading(cluster: Pick<Cluster, 'cluster_id' | 'heading'>): string {
  return cluster.heading?.trim() ? cluster.heading : `Cluster ${cluster.cluster_id}`;
}

/**
 * State shared by the row buttons and the drawers: one drawer at a time, the analysis of each
 * cluster, the chat. Keyed by the report's reset key, so a new analysis starts from nothing.
 */
export function ClusterToolsProvider({
  videoId,
  children,
}: {
  videoId: string;
  children: ReactNode;
}): ReactNode {
  const [drawer, setDrawer] = useState<OpenDrawer | null>(null);
  const [analyses, setAnalyses] = useState<Record<number, AnalysisState>>({});
  const [chatMessages, setChatMessages] = useState<ChatMessage[]>([]);
  const [chatLoading, setChatLoading] = useState(false);
  const [chatSession, setChatSession] = useState(0);
  const [alert, setAlert] = useState<string | null>(null);
  const chatFor = useRef<number | null>(null);
  const chatBusy = useRef(false);

  const openAnalysis = useCallback(
    (cluster: Cluster) => {
      const id = cluster.cluster_id;
      // Opening analysis closes comments and chat and marks the cluster loading.
      setDrawer({ kind: 'analysis', clusterId: id, heading: clusterHeading(cluster) });
      setAnalyses((a) => ({ ...a, [id]: { loading: true, result: a[id]?.result ?? null } }));
      api
        .clusterAnalyze({ body: { video_id: videoId, cluster_id: id } })
        .then((reply) => {
          // The view shows whatever came back: a reply without `analysis` is shown as it is.
          const loose = reply as { analysis?: AnalysisResult } & AnalysisResult;
          const result = loose.analysis ?? loose;
          setAnalyses((a) => ({ ...a, [id]: { loading: false, result } }));
        })
        .catch((err: unknown) => {
          console.error('Cluster analysis failed:', err);
          setAnalyses((a) => ({ ...a, [id]: { loading: false, result: a[id]?.result ?? null } }));
          setAlert(MESSAGES.analyzeAlert);
        });
    },
    [videoId],
  );

  const openComments = useCallback((cluster: Cluster) => {
    setDrawer({
      kind: 'comments',
      clusterId: cluster.cluster_id,
      heading: clusterHeading(cluster),
    });
  }, []);

  const openChat = useCallback((cluster: Cluster) => {
    // Opening chat clears messages and input (the drawer remounts its input).
    chatFor.current = cluster.cluster_id;
    setChatMessages([]);
    setChatLoading(false);
    chatBusy.current = false;
    setChatSession((n) => n + 1);
    setDrawer({ kind: 'chat', clusterId: cluster.cluster_id, heading: clusterHeading(cluster) });
  }, []);

  const close = useCallback(() => setDrawer(null), []);

  const sendChat = useCallback(
    (text: string): boolean => {
      const message = text.trim();
      const clusterId = chatFor.current;
      // Only with a video, a chat cluster, non-empty input and nothing in flight.
      if (!videoId || clusterId === null || message === '' || chatBusy.current) return false;
      chatBusy.current = true;
      setChatLoading(true);
      setChatMessages((m) => [...m, { role: 'user', content: message }]);
      api
        .clusterChat({
          body: { video_id: videoId, cluster_id: clusterId, message, top_k: CHAT_TOP_K },
        })
        .then((reply) => {
          if (chatFor.current !== clusterId) return;
          const answer =
            typeof reply?.answer === 'string' && reply.answer.trim() !== ''
              ? reply.answer
              : MESSAGES.noAnswer;
          setChatMessages((m) => [
            ...m,
            {
              role: 'assistant',
              content: answer,
              quotes: reply?.quotes ?? [],
              offline: reply?.source === 'offline',
            },
          ]);
        })
        .catch((err: unknown) => {
          console.error('Cluster chat failed:', err);
          if (chatFor.current !== clusterId) return;
          setChatMessages((m) => [...m, { role: 'assistant', content: MESSAGES.chatFailed }]);
        })
        .finally(() => {
          if (chatFor.current !== clusterId) return;
          chatBusy.current = false;
          setChatLoading(false);
        });
      return true;
    },
    [videoId],
  );

  const dismissAlert = useCallback(() => setAlert(null), []);

  const value = useMemo(
    () => ({
      videoId,
      drawer,
      analyses,
      chatMessages,
      chatLoading,
      chatSession,
      alert,
      openAnalysis,
      openComments,
      openChat,
      close,
      sendChat,
      dismissAlert,
    }),
    [
      videoId,
      drawer,
      analyses,
      chatMessages,
      chatLoading,
      chatSession,
      alert,
      openAnalysis,
      openComments,
      openChat,
      close,
      sendChat,
      dismissAlert,
    ],
  );
  return <ClusterToolsContext.Provider value={value}>{children}</ClusterToolsContext.Provider>;
}
