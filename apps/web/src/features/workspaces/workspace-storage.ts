/**
 * What the browser remembers about workspaces:
 * - local storage, per user: the ids of the workspaces this user added (created, linked or chose)
 *   in this browser, most recent first; the side card's shortcuts follow this order;
 * - session storage: the detail screen's tab preference and the active workspace, for this tab
 *   only ("the preference lasts one session").
 * Storage that is blocked or full degrades to "not stored", never to an error.
 */
import { parseWorkspaceTab, type WorkspaceTab } from './workspace-logic';

const ADDED_PREFIX = 'workspace_ids:';
const TAB_KEY = 'workspace_tab';
const ACTIVE_KEY = 'active_workspace';
/** More than enough for the shortcuts; keeps the stored list short. */
const ADDED_KEPT = 50;

/** The per-user local-storage key of added workspace ids (e-mail addresses are case-insensitive). */
export function addedWorkspaceIdsKey(email: string): string {
  return `${ADDED_PREFIX}${email.trim().toLowerCase()}`;
}

function read(store: () => Storage, key: string): string | null {
  try {
    return store().getItem(key);
  } catch {
    return null;
  }
}

function write(store: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) store().removeItem(key);
    else store().setItem(key, value);
  } catch {
    // Storage disabled: the app still works for this page view.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

/** The user's added workspace ids, most recent first; malformed entries are dropped. */
export function readAddedWorkspaceIds(email: string): number[] {
  const raw = read(local, addedWorkspaceIdsKey(email));
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return [
      ...new Set(parsed.filter((v): v is number => Number.isInteger(v) && (v as number) > 0)),
    ];
  } catch {
    return [];
  }
}

/** Puts a workspace id first in the user's list (adding it when new). */
export function rememberWorkspaceId(email: string, id: number): void {
  const ids = [id, ...readAddedWorkspaceIds(email).filter((x) => x !== id)].slice(0, ADDED_KEPT);
  write(local, addedWorkspaceIdsKey(email), JSON.stringify(ids));
}

/** The detail screen's tab for this session, or null when none was chosen. */
export function readTabPreference(): WorkspaceTab | null {
  return parseWorkspaceTab(read(session, TAB_KEY));
}

export function writeTabPreference(tab: WorkspaceTab): void {
  write(session, TAB_KEY, tab);
}

/** The active workspace of this browser tab (survives a reload, not the tab). */
export function readActiveWorkspace(): number | null {
  const raw = read(session, ACTIVE_KEY);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function writeActiveWorkspace(id: number | null): void {
  write(session, ACTIVE_KEY, id === null ? null : String(id));
}
