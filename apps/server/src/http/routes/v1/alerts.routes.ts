import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import {
  createAlertRule,
  deleteAlertRule,
  listAlertRules,
  updateAlertRule,
} from '../../../services/alerts/alert-rules';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../../services/alerts/notifications';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';

/**
 * Alert rules of a workspace (GET/POST /workspaces/{id}/alerts, PATCH/DELETE
 * /workspaces/{id}/alerts/{rule_id}) and the account's notifications (GET /notifications, POST
 * /notifications/{id}/read, POST /notifications/read-all). Another account's ids answer 404.
 */
export function alertsRoutes(app: FastifyInstance): void {
  const { repos, transaction, clock } = app.container;
  const deps = { repos, transaction, clock };

  handle(app, apiRoutes.alertRules, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return listAlertRules(deps, {
      userId: currentUser(request).id,
      workspaceId: request.params.id,
    });
  });

  handle(app, apiRoutes.createAlertRule, (request) =>
    createAlertRule(deps, {
      userId: currentUser(request).id,
      workspaceId: request.params.id,
      rule: request.body,
    }),
  );

  handle(app, apiRoutes.updateAlertRule, (request) =>
    updateAlertRule(deps, {
      userId: currentUser(request).id,
      workspaceId: request.params.id,
      ruleId: request.params.rule_id,
      update: request.body,
    }),
  );

  handle(app, apiRoutes.deleteAlertRule, async (request) => {
    await deleteAlertRule(deps, {
      userId: currentUser(request).id,
      workspaceId: request.params.id,
      ruleId: request.params.rule_id,
    });
    return { success: true as const };
  });

  handle(app, apiRoutes.notifications, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return listNotifications(deps, { userId: currentUser(request).id });
  });

  handle(app, apiRoutes.markNotificationRead, (request) =>
    markNotificationRead(deps, { userId: currentUser(request).id, id: request.params.id }),
  );

  handle(app, apiRoutes.markAllNotificationsRead, (request) =>
    markAllNotificationsRead(deps, { userId: currentUser(request).id }),
  );
}
