import {
  ALERT_RULES_PER_WORKSPACE,
  alertThresholdProblem,
  type AlertRule as AlertRuleReply,
  type CreateAlertRuleRequest,
  type UpdateAlertRuleRequest,
} from '@app/contracts';
import type { Clock } from '../../clock';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import type { Repositories, TransactionRunner } from '../../repositories';
import type { AlertRule } from '../../repositories/alert.repository';
import { requireWorkspace } from '../workspaces/workspace-deps';

/** What the alert-rule use-cases need. */
export interface AlertRuleDeps {
  repos: Repositories;
  transaction: TransactionRunner;
  clock: Clock;
}

/** Another workspace's (or account's) rule answers the same. */
export const ALERT_RULE_NOT_FOUND = 'Alert rule not found.';

export function toAlertRuleReply(r: AlertRule): AlertRuleReply {
  return {
    id: r.id,
    workspace_id: r.workspaceId,
    metric: r.metric,
    threshold: r.threshold,
    enabled: r.enabled,
    last_fired_at: r.lastFiredAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

/** GET /workspaces/{id}/alerts: the workspace's rules, oldest first (404 for another's workspace). */
export async function listAlertRules(
  deps: Pick<AlertRuleDeps, 'repos'>,
  input: { userId: string; workspaceId: number },
): Promise<AlertRuleReply[]> {
  const workspace = await requireWorkspace(deps, input.userId, input.workspaceId);
  return (await deps.repos.alerts.listRules(workspace.id)).map(toAlertRuleReply);
}

/**
 * POST /workspaces/{id}/alerts: a new rule, on unless `enabled` is false. A workspace holds at most
 * ALERT_RULES_PER_WORKSPACE; the count and the insert run under the workspace's row lock, so two
 * requests at once cannot both take the last place.
 */
export async function createAlertRule(
  deps: Pick<AlertRuleDeps, 'repos' | 'transaction' | 'clock'>,
  input: { userId: string; workspaceId: number; rule: CreateAlertRuleRequest },
): Promise<AlertRuleReply> {
  await requireWorkspace(deps, input.userId, input.workspaceId);
  const created = await deps.transaction(async (repos) => {
    const workspace = await repos.workspaces.lockForUser(input.userId, input.workspaceId);
    if (!workspace) throw new NotFoundError('Workspace not found.', 'workspace_not_found');
    if ((await repos.alerts.countRules(workspace.id)) >= ALERT_RULES_PER_WORKSPACE)
      throw new ConflictError(
        `This workspace already has ${ALERT_RULES_PER_WORKSPACE} alert rules, the most it can hold. Delete one to add another.`,
        'alert_rule_limit',
      );
    return repos.alerts.createRule({
      workspaceId: workspace.id,
      metric: input.rule.metric,
      threshold: input.rule.threshold,
      enabled: input.rule.enabled ?? true,
      createdAt: deps.clock.now(),
    });
  });
  return toAlertRuleReply(created);
}

/** PATCH /workspaces/{id}/alerts/{rule_id}: on or off, or a new threshold valid for its metric. */
export async function updateAlertRule(
  deps: Pick<AlertRuleDeps, 'repos'>,
  input: { userId: string; workspaceId: number; ruleId: string; update: UpdateAlertRuleRequest },
): Promise<AlertRuleReply> {
  const workspace = await requireWorkspace(deps, input.userId, input.workspaceId);
  const rule = await deps.repos.alerts.findRule(workspace.id, input.ruleId);
  if (!rule) throw new NotFoundError(ALERT_RULE_NOT_FOUND, 'alert_rule_not_found');
  const { threshold, enabled } = input.update;
  if (threshold !== undefined) {
    const problem = alertThresholdProblem(rule.metric, threshold);
    if (problem)
      throw new BadRequestError(
        problem,
        [{ path: 'threshold', message: problem }],
        'invalid_request',
      );
  }
  const updated = await deps.repos.alerts.updateRule(workspace.id, rule.id, {
    ...(enabled !== undefined ? { enabled } : {}),
    ...(threshold !== undefined ? { threshold } : {}),
  });
  if (!updated) throw new NotFoundError(ALERT_RULE_NOT_FOUND, 'alert_rule_not_found');
  return toAlertRuleReply(updated);
}

/** DELETE /workspaces/{id}/alerts/{rule_id}; its notifications stay. */
export async function deleteAlertRule(
  deps: Pick<AlertRuleDeps, 'repos'>,
  input: { userId: string; workspaceId: number; ruleId: string },
): Promise<void> {
  const workspace = await requireWorkspace(deps, input.userId, input.workspaceId);
  if (!(await deps.repos.alerts.deleteRule(workspace.id, input.ruleId)))
    throw new NotFoundError(ALERT_RULE_NOT_FOUND, 'alert_rule_not_found');
}
