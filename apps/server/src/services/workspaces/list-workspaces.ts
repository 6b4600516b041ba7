import type { Workspace } from '@app/contracts';
import { toWorkspaceReply, type WorkspaceDeps } from './workspace-deps';

/** The user's workspaces, newest first. */
export async function listWorkspaces(
  deps: Pick<WorkspaceDeps, 'repos'>,
  input: { userId: string },
): Promise<Workspace[]> {
  const rows = await deps.repos.workspaces.listForUser(input.userId);
  return rows.map(toWorkspaceReply);
}
