/**
 * The analyses started from a workspace, followed like the main view's (use-analysis-job: the
 * event stream, else polling every 1.5 s). The provider sits in the main app, so a batch keeps
 * being followed while the creator looks at the home view, and each job's progress is shared by
 * the video cards (spinner), the jobs card and the detail screen. Jobs are followed without
 * `current_job` (that key belongs to the main view's single analysis); after a reload the workspace
 * screens pick unfinished ones up again from the Analyzed list.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAnalysisJob, type JobProgress } from '../analyze/use-analysis-job';
import { queryKeys } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { notificationKeys } from '../alerts/notification-keys';
import { api } from '../../lib/api';
import { workspaceKeys } from './workspaces-api';

export interface WorkspaceJobStart {
  jobId: string;
  /** The report key: a YouTube video id or `ig_<media id>`. */
  videoId: string;
  workspaceId: number;
  title: string;
  kind: 'youtube' | 'instagram';
  /** The first selected video of a batch gets a retag call (sent once it completed). */
  retagOnComplete?: boolean;
}

export interface WorkspaceJob extends WorkspaceJobStart {
  state: 'running' | 'complete' | 'failed';
  progress: JobProgress | null;
  error: string | null;
}

interface JobsContextValue {
  jobs: WorkspaceJob[];
  /** Starts following a job (ignored when it is already followed). */
  follow: (job: WorkspaceJobStart) => void;
  /** Removes finished jobs of a workspace from the list. */
  dismissFinished: (workspaceId: number) => void;
}

const JobsContext = createContext<JobsContextValue | null>(null);

function JobFollower({
  jobId,
  videoId,
  onProgress,
  onDone,
}: {
  jobId: string;
  videoId: string;
  onProgress: (jobId: string, progress: JobProgress) => void;
  onDone: (jobId: string, error: string | null) => void;
}): null {
  const onComplete = useCallback(() => onDone(jobId, null), [jobId, onDone]);
  const onFailed = useCallback((message: string) => onDone(jobId, message), [jobId, onDone]);
  const { progress, resume, stop } = useAnalysisJob({ onComplete, onFailed });
  useEffect(() => {
    resume(jobId, videoId);
    return () => stop();
  }, [jobId, videoId, resume, stop]);
  useEffect(() => {
    if (progress) onProgress(jobId, progress);
  }, [jobId, progress, onProgress]);
  return null;
}

/** Follows workspace analyses; wrap the signed-in main app in it. */
export function WorkspaceJobsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { refreshProfile } = useAuth();
  const [jobs, setJobs] = useState<WorkspaceJob[]>([]);
  const jobsRef = useRef(jobs);
  useEffect(() => {
    jobsRef.current = jobs;
  }, [jobs]);

  const follow = useCallback((start: WorkspaceJobStart) => {
    setJobs((prev) =>
      prev.some((j) => j.jobId === start.jobId)
        ? prev
        : [...prev, { ...start, state: 'running', progress: null, error: null }],
    );
  }, []);

  const onProgress = useCallback((jobId: string, progress: JobProgress) => {
    setJobs((prev) =>
      prev.map((j) => (j.jobId === jobId && j.state === 'running' ? { ...j, progress } : j)),
    );
  }, []);

  const onDone = useCallback(
    (jobId: string, error: string | null) => {
      const job = jobsRef.current.find((j) => j.jobId === jobId);
      setJobs((prev) =>
        prev.map((j) =>
          j.jobId === jobId ? { ...j, state: error === null ? 'complete' : 'failed', error } : j,
        ),
      );
      refreshProfile();
      void queryClient.invalidateQueries({ queryKey: queryKeys.analyses });
      if (!job) return;
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.analyzed(job.workspaceId) });
      if (error !== null) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.report(job.videoId) });
      // the finished analysis may have fired an alert rule
      void queryClient.invalidateQueries({ queryKey: notificationKeys.root });
      if (job.retagOnComplete) {
        api
          .retag({ params: { video_id: job.videoId }, body: { context: '' } })
          .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.report(job.videoId) }))
          .catch((err: unknown) => console.error('Workspace retag failed', err));
      }
    },
    [queryClient, refreshProfile],
  );

  const dismissFinished = useCallback((workspaceId: number) => {
    setJobs((prev) => prev.filter((j) => j.workspaceId !== workspaceId || j.state === 'running'));
  }, []);

  const value = useMemo(() => ({ jobs, follow, dismissFinished }), [jobs, follow, dismissFinished]);
  return (
    <JobsContext.Provider value={value}>
      {jobs
        .filter((j) => j.state === 'running')
        .map((j) => (
          <JobFollower
            key={j.jobId}
            jobId={j.jobId}
            videoId={j.videoId}
            onProgress={onProgress}
            onDone={onDone}
          />
        ))}
      {children}
    </JobsContext.Provider>
  );
}

/** The followed workspace jobs; must be used under WorkspaceJobsProvider. */
export function useWorkspaceJobs(): JobsContextValue {
  const ctx = useContext(JobsContext);
  if (ctx === null) throw new Error('useWorkspaceJobs must be used inside <WorkspaceJobsProvider>');
  return ctx;
}

/** The running job of each report key in one workspace (for the cards' spinners). */
export function runningByVideo(
  jobs: readonly WorkspaceJob[],
  workspaceId: number,
): Map<string, WorkspaceJob> {
  const map = new Map<string, WorkspaceJob>();
  for (const j of jobs)
    if (j.workspaceId === workspaceId && j.state === 'running') map.set(j.videoId, j);
  return map;
}
