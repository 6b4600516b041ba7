import type { Workspace } from '@app/contracts';
import { NotFoundError } from '../../errors';
import { toWorkspaceReply, WORKSPACE_NOT_FOUND, type WorkspaceDeps } from './workspace-deps';

/** Renames the user's workspace; 404 for an id that is not theirs. */
export async function renameWorkspace(
  deps: Pick<WorkspaceDeps, 'repos'>,
  input: { userId: string; workspaceId: number; name: string },
): Promise<Workspace> {
  const row = await deps.repos.workspaces.rename(input.userId, input.workspaceId, input.name);
  if (!row) throw new NotFoundError(WORKSPACE_NOT_FOUND, 'workspace_not_found');
  return toWorkspaceReply(row);
}
