import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { analyseComments, type LanguageModel, type TextEmbedder } from '@app/analysis';
import { systemClock, type Clock } from './clock';
import { StartupState } from './startup-state';
import type { Config } from './config/config';
import type { Database } from './db/database';
import type { DB } from './db/schema';
import { createJobQueue } from './jobs/create-job-queue';
import type { JobQueue } from './jobs/job-queue.port';
import type { Logger } from './logger';
import {
  createRepositories,
  createTransactionRunner,
  type Repositories,
  type TransactionRunner,
} from './repositories';
import { createArgon2PasswordHasher, type PasswordHasher } from './services/auth/password-hasher';
import { createTextEmbedder } from './providers/embeddings/create-text-embedder';
import type { FacebookTokenVerifier } from './providers/facebook/facebook-token-verifier.port';
import { GraphApiFacebookTokenVerifier } from './providers/facebook/graph-api-facebook-token-verifier';
import { HmacSignedRequestVerifier } from './providers/facebook/signed-request';
import type { SignedRequestVerifier } from './providers/facebook/signed-request.port';
import { GoogleAuthLibraryIdTokenVerifier } from './providers/google/google-auth-library-id-token-verifier';
import type { GoogleIdTokenVerifier } from './providers/google/google-id-token-verifier.port';
import { FileOutboxMailer } from './providers/mail/file-outbox-mailer';
import type { Mailer } from './providers/mail/mailer.port';
import { meteredLanguageModel } from './providers/metrics/metered-language-model';
import {
  noopMetrics,
  type Metrics,
  type MetricsExposition,
} from './providers/metrics/metrics.port';
import { createPromMetrics } from './providers/metrics/prom-metrics';
import { SmtpMailer } from './providers/mail/smtp-mailer';
import { createPayments, type Payments } from './providers/stripe/create-payment-gateway';
import { createLanguageModel } from './providers/llm/create-language-model';
import type { ChannelDirectory } from './providers/comment-sources/channel-directory.port';
import type { CommentSource } from './providers/comment-sources/comment-source.port';
import type { CommentSourceRegistry } from './providers/comment-sources/comment-source-registry.port';
import { createCommentSourceRegistry } from './providers/comment-sources/registry';
import { createChannelDirectory } from './providers/youtube/create-channel-directory';
import { createCommentSource } from './providers/youtube/create-comment-source';
import { InnertubeCommentSource } from './providers/youtube/innertube-comment-source';
import { ChainedCommentSource } from './providers/comment-sources/chained-comment-source';
import {
  SampleCommentSource,
  SampleFirstChannelDirectory,
  sampleChannelLoader,
} from './providers/youtube/sample-channel';
import { SAMPLE_CHANNEL_DIR } from './config/paths';
import type { AnalyseFn } from './services/analysis/analysis-deps';
import { HttpInstagramGraph } from './providers/instagram/http-instagram-graph';
import type { InstagramGraph } from './providers/instagram/instagram-graph.port';
import { InstagramCommentSource } from './services/instagram/instagram-comment-source';
import type { InstagramLink } from './services/instagram/instagram-deps';
import { createTokenCipher } from './services/instagram/token-cipher';

/**
 * Everything the process runs on, built once at boot. This is the one place that picks concrete
 * adapters; routes, jobs and tests take what they need from here.
 */
export interface Container {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  repos: Repositories;
  /** Runs a callback in one database transaction with repositories bound to it. */
  transaction: TransactionRunner;
  hasher: PasswordHasher;
  clock: Clock;
  logger: Logger;
  /**
   * Signs the cookies this server sets: derived from COOKIE_SECRET, else random per process (known
   * devices are then forgotten at a restart, and each API process knows only its own).
   */
  cookieKey: Buffer;
  /** The configured embedder (EMBEDDINGS_PROVIDER). */
  embedder: TextEmbedder;
  /** The configured OpenAI-compatible chat model, or null: everything then runs offline. */
  languageModel: LanguageModel | null;
  /**
   * Each platform's comment source and channel directory. YouTube: the sample videos, then
   * COMMENTS_DIR files, then the YouTube Data API (with a key), then InnerTube. Instagram: the
   * Graph API with the workspace's token.
   */
  commentSources: CommentSourceRegistry;
  /** YouTube channels for workspaces: the sample channel, COMMENTS_DIR files, the Data API, InnerTube. */
  channelDirectory: ChannelDirectory;
  /** The job queue (QUEUE_DRIVER: the database, or BullMQ on Redis). */
  jobQueue: JobQueue;
  /** The analysis core's pipeline (tests may wrap it). */
  analyse: AnalyseFn;
  /** Google sign-in (google-auth-library), or null without GOOGLE_CLIENT_ID. */
  googleVerifier: GoogleIdTokenVerifier | null;
  /** Facebook sign-in (Graph API debug_token), or null without FACEBOOK_APP_ID and _SECRET. */
  facebookVerifier: FacebookTokenVerifier | null;
  /** Meta's signed requests (data deletion) checked with FACEBOOK_APP_SECRET, or null without Facebook. */
  facebookSignedRequests: SignedRequestVerifier | null;
  /** The payment provider (PAYMENTS_PROVIDER: Stripe, the demo checkout, or none). */
  payments: Payments;
  /**
   * Instagram for workspaces (Instagram Login with INSTAGRAM_APP_ID/_SECRET, the Facebook Page
   * route with FACEBOOK_APP_ID/_SECRET), or null: every Instagram call answers 503.
   */
  instagram: InstagramLink | null;
  /** E-mail (password reset links): SMTP with SMTP_URL, else .eml files in DATA_DIR/outbox. */
  mailer: Mailer;
  /** Start-up work still under way (migrations, the embedding model), for the readiness check. */
  startup: StartupState;
  /** What the process measures: Prometheus figures with METRICS_PORT, else a no-op. */
  metrics: Metrics;
  /** The Prometheus text the metrics server (METRICS_PORT) serves, or null when metrics are off. */
  metricsExposition: MetricsExposition | null;
}

/** Replaceable parts, for tests (a movable clock, cheap password hashing) and demos. */
export interface ContainerOverrides {
  clock?: Clock;
  hasher?: PasswordHasher;
  embedder?: TextEmbedder;
  /** null forces offline even when an LLM is configured. */
  languageModel?: LanguageModel | null;
  /** YouTube's configured comment source (asked after the sample videos). */
  commentSource?: CommentSource;
  /** YouTube's configured channel directory (asked after the sample channel). */
  channelDirectory?: ChannelDirectory;
  jobQueue?: JobQueue;
  analyse?: AnalyseFn;
  /** null turns the provider off even when it is configured. */
  googleVerifier?: GoogleIdTokenVerifier | null;
  facebookVerifier?: FacebookTokenVerifier | null;
  payments?: Payments;
  /** An Instagram Graph adapter (the fake, or the real one on a stub); null turns Instagram off. */
  instagramGraph?: InstagramGraph | null;
  /** A mailer that keeps messages for the test to read. */
  mailer?: Mailer;
  /** Another sample channel folder (the shipped one by default). */
  sampleChannelDir?: string;
  /** A start-up state the test drives (nothing pending by default). */
  startup?: StartupState;
}

/**
 * Builds the container on an open database (main.ts migrates it afterwards, with
 * `startup` saying so; nothing here queries it).
 */
export function createContainer(input: {
  config: Config;
  database: Database;
  logger: Logger;
  overrides?: ContainerOverrides;
}): Container {
  const { config, database, logger, overrides = {} } = input;
  const db = database.db;
  const repos = createRepositories(db);
  const clock = overrides.clock ?? systemClock;
  const { google, facebook } = config;
  const instagram = createInstagramLink(config, overrides);
  // The sample channel answers in front of whatever is configured (or injected by a test), so a
  // first report works with no network.
  const sample = sampleChannelLoader(overrides.sampleChannelDir ?? SAMPLE_CHANNEL_DIR);
  const configuredComments =
    overrides.commentSource ??
    createCommentSource({
      commentsDir: config.analysis.commentsDir,
      apiKey: config.youtube.apiKey,
      apiBaseUrl: config.youtube.apiBaseUrl,
      fallback: config.youtube.fallback === 'innertube' ? new InnertubeCommentSource() : null,
    });
  const prom =
    config.metrics.port === undefined
      ? null
      : createPromMetrics({
          jobStates: () => repos.analysisJobs.unfinishedByStatus(),
          onCollectError: (err) => logger.warn({ err }, 'metrics: reading job states failed'),
        });
  const metrics: Metrics = prom ?? noopMetrics;
  const languageModel =
    overrides.languageModel !== undefined
      ? overrides.languageModel
      : createLanguageModel(config.llm);
  const youtubeComments = new ChainedCommentSource([
    new SampleCommentSource(sample),
    configuredComments,
  ]);
  const youtubeChannels = new SampleFirstChannelDirectory(
    sample,
    overrides.channelDirectory ??
      createChannelDirectory({
        commentsDir: config.analysis.commentsDir,
        apiKey: config.youtube.apiKey,
        apiBaseUrl: config.youtube.apiBaseUrl,
        fallback: config.youtube.fallback,
      }),
  );
  return {
    config,
    database,
    db,
    repos,
    transaction: createTransactionRunner(db),
    hasher: overrides.hasher ?? createArgon2PasswordHasher(),
    cookieKey: config.auth.cookieSecret
      ? createHash('sha256').update(`chorus-cookies|${config.auth.cookieSecret}`).digest()
      : randomBytes(32),
    clock,
    logger,
    embedder:
      overrides.embedder ?? createTextEmbedder({ ...config.embeddings, dataDir: config.dataDir }),
    languageModel:
      languageModel && metrics.enabled
        ? meteredLanguageModel(languageModel, metrics)
        : languageModel,
    commentSources: createCommentSourceRegistry({
      youtube: { comments: youtubeComments, directory: youtubeChannels },
      instagram: { comments: new InstagramCommentSource({ repos, instagram }), directory: null },
    }),
    channelDirectory: youtubeChannels,
    jobQueue:
      overrides.jobQueue ??
      createJobQueue(config.queue, repos.queueJobs, (err, context) =>
        logger.error({ err, ...context }, 'job queue error'),
      ),
    analyse: overrides.analyse ?? analyseComments,
    googleVerifier:
      overrides.googleVerifier !== undefined
        ? overrides.googleVerifier
        : google.clientId
          ? new GoogleAuthLibraryIdTokenVerifier({
              clientId: google.clientId,
              certsUrl: google.certsUrl,
            })
          : null,
    facebookVerifier:
      overrides.facebookVerifier !== undefined
        ? overrides.facebookVerifier
        : facebook.appId && facebook.appSecret
          ? new GraphApiFacebookTokenVerifier({
              appId: facebook.appId,
              appSecret: facebook.appSecret,
              apiVersion: facebook.apiVersion,
              graphUrl: facebook.graphUrl,
              clock,
            })
          : null,
    facebookSignedRequests:
      facebook.appId && facebook.appSecret
        ? new HmacSignedRequestVerifier([facebook.appSecret])
        : null,
    payments: overrides.payments ?? createPayments(config.payments, () => clock.now()),
    instagram,
    mailer: overrides.mailer ?? createMailer(config, logger, clock),
    startup: overrides.startup ?? new StartupState(),
    metrics,
    metricsExposition: prom,
  };
}

/**
 * SMTP (nodemailer) when SMTP_URL is set; otherwise the file outbox: each message an .eml file in
 * DATA_DIR/outbox and one log line with its path (never the link inside), so the offline demo can
 * reset a password without an e-mail service and no link is ever served over HTTP.
 */
function createMailer(config: Config, logger: Logger, clock: Clock): Mailer {
  const { smtpUrl, from, outboxDir } = config.mail;
  if (smtpUrl) return new SmtpMailer({ url: smtpUrl, from });
  return new FileOutboxMailer({
    dir: outboxDir,
    from,
    now: () => clock.now(),
    onWritten: (file, { subject }) =>
      logger.info({ file, subject }, 'e-mail written to the outbox (no SMTP_URL)'),
  });
}

/**
 * The Instagram link: the real Graph adapter when an Instagram or Facebook app is configured (or
 * the adapter a test or demo passes), else null. Tokens are encrypted with INSTAGRAM_TOKEN_KEY, or
 * a key derived from the app secret.
 */
function createInstagramLink(config: Config, overrides: ContainerOverrides): InstagramLink | null {
  const { instagram: ig, facebook: fb } = config;
  const igApp = ig.appId && ig.appSecret ? { appId: ig.appId, appSecret: ig.appSecret } : null;
  const fbApp = fb.appId && fb.appSecret ? { appId: fb.appId, appSecret: fb.appSecret } : null;
  const graph =
    overrides.instagramGraph !== undefined
      ? overrides.instagramGraph
      : igApp || fbApp
        ? new HttpInstagramGraph({
            instagram: igApp ? { ...igApp, apiUrl: ig.apiUrl, graphUrl: ig.graphUrl } : undefined,
            facebook: fbApp
              ? { ...fbApp, apiVersion: fb.apiVersion, graphUrl: fb.graphUrl }
              : undefined,
          })
        : null;
  if (!graph) return null;
  const secret =
    ig.tokenKey ?? igApp?.appSecret ?? fbApp?.appSecret ?? 'chorus-instagram-fake-adapter-key';
  return { graph, cipher: createTokenCipher(secret) };
}
