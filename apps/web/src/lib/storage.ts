/**
 * The local-storage keys. Every read and write goes through here so a browser
 * that blocks storage (private mode, quota) degrades to "not stored" instead of throwing.
 */
export const STORAGE_KEYS = {
  token: 'auth_token',
  credits: 'credits_balance',
  plan: 'subscription_plan',
  explicitSignout: 'explicit_signout',
  theme: 'theme',
  currentJob: 'current_job',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Reads a key; null when absent or when storage is unavailable. */
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes a key, or removes it when the value is null. */
export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the app still works for this page view.
  }
}

export interface StoredJob {
  jobId: string;
  videoId: string;
}

/** The running job to resume after a reload (`current_job`), or null when absent or malformed. */
export function readCurrentJob(): StoredJob | null {
  const raw = readStorage(STORAGE_KEYS.currentJob);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as StoredJob).jobId === 'string' &&
      typeof (parsed as StoredJob).videoId === 'string'
    ) {
      return { jobId: (parsed as StoredJob).jobId, videoId: (parsed as StoredJob).videoId };
    }
  } catch {
    // Fall through: a malformed value is dropped.
  }
  writeStorage(STORAGE_KEYS.currentJob, null);
  return null;
}

/** Stores or clears the running job. */
export function writeCurrentJob(job: StoredJob | null): void {
  writeStorage(STORAGE_KEYS.currentJob, job === null ? null : JSON.stringify(job));
}

/**
 * Clears `current_job` only when it is this job: a job followed without being stored (a workspace
 * analysis) must not drop the main view's job, which a reload resumes.
 */
export function clearCurrentJob(jobId: string): void {
  if (readCurrentJob()?.jobId === jobId) writeCurrentJob(null);
}
