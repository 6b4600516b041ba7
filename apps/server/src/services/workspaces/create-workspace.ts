import { MAX_WORKSPACES_PER_ACCOUNT, type Workspace } from '@app/contracts';
import { ConflictError, NotFoundError } from '../../errors';
import { toWorkspaceReply, type WorkspaceDeps } from './workspace-deps';

/**
 * Creates a workspace (the contract turns an empty name into "New Workspace"). An account holds at
 * most MAX_WORKSPACES_PER_ACCOUNT; the count and the insert run under a lock on the account, so
 * two concurrent requests cannot both take the last place.
 */
export async function createWorkspace(
  deps: Pick<WorkspaceDeps, 'transaction'> & { maxWorkspaces?: number },
  input: { userId: string; name: string },
): Promise<Workspace> {
  const max = deps.maxWorkspaces ?? MAX_WORKSPACES_PER_ACCOUNT;
  const created = await deps.transaction(async (repos) => {
    if (!(await repos.workspaces.lockOwner(input.userId)))
      throw new NotFoundError('That account does not exist.');
    if ((await repos.workspaces.countForUser(input.userId)) >= max) {
      throw new ConflictError(
        `You already have ${max} workspaces, the most an account can hold. Delete one you no longer use to create another.`,
        'workspace_limit',
      );
    }
    return repos.workspaces.create({ userId: input.userId, name: input.name });
  });
  return toWorkspaceReply(created);
}
