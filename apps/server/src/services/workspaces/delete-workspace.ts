import { NotFoundError } from '../../errors';
import { WORKSPACE_NOT_FOUND, type WorkspaceDeps } from './workspace-deps';

/**
 * Deletes the user's workspace with its video catalogue. Analyses started from it stay in the
 * user's history (their workspace reference is cleared by the database).
 */
export async function deleteWorkspace(
  deps: Pick<WorkspaceDeps, 'repos'>,
  input: { userId: string; workspaceId: number },
): Promise<void> {
  if (!(await deps.repos.workspaces.delete(input.userId, input.workspaceId)))
    throw new NotFoundError(WORKSPACE_NOT_FOUND, 'workspace_not_found');
}
