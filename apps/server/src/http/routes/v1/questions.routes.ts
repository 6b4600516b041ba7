import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { ClusterVectorCache } from '../../../services/cluster/vector-cache';
import {
  listQuestionsInbox,
  setQuestionState,
  type QuestionsInboxDeps,
} from '../../../services/questions/questions-inbox';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';

/** GET /questions and PATCH /questions/{id}: a workspace's questions inbox and its states. */
export function questionsRoutes(app: FastifyInstance): void {
  const { repos, embedder, clock, logger } = app.container;
  const deps: QuestionsInboxDeps = {
    repos,
    embedder,
    clock,
    logger,
    vectorCache: new ClusterVectorCache(20_000),
  };

  handle(app, apiRoutes.questions, async (request) =>
    listQuestionsInbox(deps, {
      userId: currentUser(request).id,
      workspaceId: request.query.workspace_id,
      status: request.query.status,
    }),
  );

  handle(app, apiRoutes.setQuestionState, async (request) =>
    setQuestionState(deps, {
      userId: currentUser(request).id,
      workspaceId: request.body.workspace_id,
      questionId: request.params.id,
      state: request.body.state,
    }),
  );
}
