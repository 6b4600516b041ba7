/**
 * Workspace state shared by the main view's side card and the workspace screens: the list, the
 * signed-in user's e-mail (for the per-user storage key), the active workspace and the order of
 * the shortcuts. Small on purpose: it is part of the initial bundle.
 */
import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Workspace } from '@app/contracts';
import { api, queryKeys } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { WORKSPACE_SHORTCUTS } from './workspace-logic';
import {
  readActiveWorkspace,
  readAddedWorkspaceIds,
  rememberWorkspaceId,
  writeActiveWorkspace,
} from './workspace-storage';
import { workspaceKeys } from './workspaces-api';

/** The signed-in user's workspaces (GET /api/v1/workspaces). */
export function useWorkspacesList() {
  const { token } = useAuth();
  return useQuery({
    queryKey: workspaceKeys.list,
    queryFn: ({ signal }) => api.workspaces({ signal }),
    enabled: token !== null,
    staleTime: 30_000,
  });
}

/** The signed-in user's e-mail (GET /auth/me, shared cache), or null until it is known. */
export function useUserEmail(): string | null {
  const { token } = useAuth();
  const me = useQuery({
    queryKey: queryKeys.me(token),
    queryFn: ({ signal }) => api.me({ signal }),
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
  });
  return me.data?.email ?? null;
}

/**
 * Up to 6 shortcuts: the user's added ids first, most recent first, then the
 * other workspaces in the server's order.
 */
export function orderShortcuts(
  workspaces: readonly Workspace[],
  addedIds: readonly number[],
  max = WORKSPACE_SHORTCUTS,
): Workspace[] {
  const byId = new Map(workspaces.map((w) => [w.id, w]));
  const first = addedIds.map((id) => byId.get(id)).filter((w): w is Workspace => w !== undefined);
  const seen = new Set(first.map((w) => w.id));
  return [...first, ...workspaces.filter((w) => !seen.has(w.id))].slice(0, max);
}

export interface ActiveWorkspaceState {
  /** The active workspace's id as chosen (it may not exist any more: check it against the list). */
  activeWorkspaceId: number | null;
  /** Makes a workspace active (null: none) and puts it first in the user's added ids. */
  activate: (id: number | null) => void;
  /** The user's added workspace ids, most recent first (ids of deleted workspaces are skipped by orderShortcuts). */
  addedIds: number[];
}

/** The active workspace (kept for this browser tab) and the per-user added ids. */
export function useActiveWorkspace(): ActiveWorkspaceState {
  const email = useUserEmail();
  const [activeWorkspaceId, setActiveWorkspaceId] = useState<number | null>(readActiveWorkspace);
  // Bumped after every write so the ids are read again from storage.
  const [version, setVersion] = useState(0);
  const addedIds = useMemo(
    () => (email === null ? [] : readAddedWorkspaceIds(email)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version: storage changed
    [email, version],
  );
  const activate = useCallback(
    (id: number | null) => {
      setActiveWorkspaceId(id);
      writeActiveWorkspace(id);
      if (id !== null && email !== null) {
        rememberWorkspaceId(email, id);
        setVersion((v) => v + 1);
      }
    },
    [email],
  );
  return { activeWorkspaceId, activate, addedIds };
}
