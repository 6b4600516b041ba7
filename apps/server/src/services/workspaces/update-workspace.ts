import type { UpdateWorkspaceRequest, Workspace } from '@app/contracts';
import { NotFoundError } from '../../errors';
import { toWorkspaceReply, WORKSPACE_NOT_FOUND, type WorkspaceDeps } from './workspace-deps';

/**
 * PATCH /workspaces/{id}: renames the user's workspace and/or sets its auto-analysis (turning it
 * on makes videos published from now on "new"; the cap is credits per calendar month, null for
 * none). 404 for an id that is not theirs.
 */
export async function updateWorkspace(
  deps: Pick<WorkspaceDeps, 'transaction' | 'clock'>,
  input: { userId: string; workspaceId: number; changes: UpdateWorkspaceRequest },
): Promise<Workspace> {
  const { name, auto_analyze, monthly_credit_cap } = input.changes;
  const at = deps.clock.now();
  const row = await deps.transaction(async (repos) => {
    let w = await repos.workspaces.lockForUser(input.userId, input.workspaceId);
    if (!w) throw new NotFoundError(WORKSPACE_NOT_FOUND, 'workspace_not_found');
    if (name !== undefined) w = (await repos.workspaces.rename(input.userId, w.id, name)) ?? w;
    if (auto_analyze !== undefined || monthly_credit_cap !== undefined)
      w = await repos.autoAnalyses.setSettings(
        w.id,
        { autoAnalyze: auto_analyze, monthlyCreditCap: monthly_credit_cap },
        at,
      );
    return w;
  });
  return toWorkspaceReply(row);
}
