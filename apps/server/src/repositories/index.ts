import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createAlertRepository } from './alert.repository';
import { createAnalysisJobRepository } from './analysis-job.repository';
import { createCommentRepository } from './comment.repository';
import { createClusterAnalysisRepository } from './cluster-analysis.repository';
import { createCreditLedgerRepository } from './credit-ledger.repository';
import { createDataDeletionRequestRepository } from './data-deletion-request.repository';
import { createInstagramPostRepository } from './instagram-post.repository';
import { createIdentityRepository } from './identity.repository';
import { createLoginAttemptRepository } from './login-attempt.repository';
import { createNotesRepository } from './notes.repository';
import { createOneTimeLinkRepository } from './one-time-link.repository';
import { createPaymentCustomerRepository } from './payment-customer.repository';
import { createPaymentEventRepository } from './payment-event.repository';
import { createPaymentGrantRepository } from './payment-grant.repository';
import { createQuestionInboxRepository } from './question-inbox.repository';
import { createQueueJobRepository } from './queue-job.repository';
import { createRateLimitEventRepository } from './rate-limit-event.repository';
import { createReportRepository } from './report.repository';
import { createReportShareRepository } from './report-share.repository';
import { createSessionRepository } from './session.repository';
import { createSubscriptionRepository } from './subscription.repository';
import { createUserRepository } from './user.repository';
import { createWorkspaceInsightsRepository } from './workspace-insights.repository';
import { createWorkspaceAutoAnalysisRepository } from './workspace-auto-analysis.repository';
import { createWorkspaceVideoRepository } from './workspace-video.repository';
import { createWorkspaceRepository } from './workspace.repository';

/** Every repository, built on one executor (the database, or a transaction). */
export function createRepositories(db: Kysely<DB>) {
  return {
    users: createUserRepository(db),
    sessions: createSessionRepository(db),
    identities: createIdentityRepository(db),
    dataDeletionRequests: createDataDeletionRequestRepository(db),
    ledger: createCreditLedgerRepository(db),
    loginAttempts: createLoginAttemptRepository(db),
    rateLimitEvents: createRateLimitEventRepository(db),
    passwordResetTokens: createOneTimeLinkRepository(db, 'passwordResetTokens'),
    emailVerificationTokens: createOneTimeLinkRepository(db, 'emailVerificationTokens'),
    subscriptions: createSubscriptionRepository(db),
    paymentCustomers: createPaymentCustomerRepository(db),
    paymentEvents: createPaymentEventRepository(db),
    paymentGrants: createPaymentGrantRepository(db),
    notes: createNotesRepository(db),
    clusterAnalysis: createClusterAnalysisRepository(db),
    analysisJobs: createAnalysisJobRepository(db),
    reports: createReportRepository(db),
    reportShares: createReportShareRepository(db),
    comments: createCommentRepository(db),
    queueJobs: createQueueJobRepository(db),
    workspaces: createWorkspaceRepository(db),
    workspaceVideos: createWorkspaceVideoRepository(db),
    instagramPosts: createInstagramPostRepository(db),
    workspaceInsights: createWorkspaceInsightsRepository(db),
    questionInbox: createQuestionInboxRepository(db),
    alerts: createAlertRepository(db),
    autoAnalyses: createWorkspaceAutoAnalysisRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/**
 * Runs `fn` in one database transaction with repositories bound to it: services get atomicity
 * without seeing SQL. Inside, use only the repositories passed in (on PGlite the outer ones would
 * wait for the connection the transaction holds).
 */
export type TransactionRunner = <T>(fn: (repos: Repositories) => Promise<T>) => Promise<T>;

export function createTransactionRunner(db: Kysely<DB>): TransactionRunner {
  return (fn) => db.transaction().execute((trx) => fn(createRepositories(trx)));
}
