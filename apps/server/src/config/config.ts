import path from 'node:path';
import { z } from 'zod';
import { resolveFromRepoRoot } from './paths';

/** An unset variable and an empty one (`FOO=` in a .env file) both mean "use the default". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const str = () => z.preprocess(blankToUndefined, z.string().trim().optional());
const strDefault = (d: string) => z.preprocess(blankToUndefined, z.string().trim().default(d));
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
const int = (d: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(blankToUndefined, wholeNumber(min, max).default(d));
/** A port from 1 to 65535, or unset. */
const optionalPort = () => z.preprocess(blankToUndefined, wholeNumber(1, 65535).optional());
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, d: T[number]) =>
  z.preprocess(
    blankToUndefined,
    z.enum(values, { error: `must be one of: ${values.join(', ')}` }).default(d),
  );
const url = (protocols: RegExp, hint: string) =>
  z.preprocess(
    blankToUndefined,
    z.url({ protocol: protocols, error: `must be a URL like ${hint}` }).optional(),
  );

export const ROLES = ['all', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Every environment variable the server reads, in one place. `.env.example` documents each one.
 * Add a variable here (and to `toConfig` below) rather than reading `process.env` anywhere else.
 */
export const EnvSchema = z.object({
  // --- server ---------------------------------------------------------------------------------
  PORT: int(3000, 0, 65535),
  HOST: strDefault('0.0.0.0'),
  TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(
        /^(true|false|((loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)\s*(,\s*|$))+)$/,
        "must be true (believe any proxy) or a comma-separated list of the proxies' addresses (CIDR, or loopback)",
      )
      .default('false'),
  ),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  ROLE: oneOf(ROLES, 'all'),
  WEB_DIST_DIR: strDefault('apps/web/dist'),
  // --- storage --------------------------------------------------------------------------------
  DATA_DIR: strDefault('./data'),
  DATABASE_URL: url(/^postgres(ql)?$/, 'postgres://user:password@host:5432/dbname'),
  // --- accounts -------------------------------------------------------------------------------
  SESSION_TTL_DAYS: int(30, 1, 3650),
  SIGNUP_CREDITS: int(3, 0, 1_000_000),
  LOGIN_MAX_FAILURES: int(5, 1, 1000),
  LOGIN_WINDOW_MINUTES: int(15, 1, 24 * 60),
  COOKIE_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  ),
  SIGNUP_MAX_PER_ADDRESS: int(10, 0, 1_000_000),
  SIGNUP_WINDOW_MINUTES: int(60, 1, 7 * 24 * 60),
  PASSWORD_RESET_MAX_PER_EMAIL: int(3, 1, 1000),
  PASSWORD_RESET_MAX_PER_ADDRESS: int(10, 1, 100_000),
  PASSWORD_RESET_WINDOW_MINUTES: int(60, 1, 7 * 24 * 60),
  // --- e-mail ---------------------------------------------------------------------------------
  SMTP_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(validSmtpUrl, {
        error:
          'must be a URL like smtp://user:password@smtp.example.com:587 or smtps://user:password@smtp.example.com:465 (percent-encode special characters in the user name and password)',
      })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(
        /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
        'must be an address like no-reply@example.com or Chorus <no-reply@example.com>',
      )
      .optional(),
  ),
  // --- jobs -----------------------------------------------------------------------------------
  QUEUE_DRIVER: oneOf(['postgres', 'bullmq'], 'postgres'),
  REDIS_URL: z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^rediss?$/, error: 'must be a URL like redis://127.0.0.1:6379' })
      .default('redis://127.0.0.1:6379'),
  ),
  QUEUE_NAME: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _')
      .default('chorus-jobs'),
  ),
  WORKER_CONCURRENCY: int(1, 1, 64),
  QUEUE_LEASE_MS: int(30_000, 500, 3_600_000),
  WORKER_HEALTH_PORT: optionalPort(),
  // --- metrics --------------------------------------------------------------------------------
  METRICS_PORT: optionalPort(),
  METRICS_HOST: strDefault('127.0.0.1'),
  // --- analysis -------------------------------------------------------------------------------
  MAX_COMMENTS_PER_ANALYSIS: int(10_000, 1, 1_000_000),
  COMMENT_RETENTION_DAYS: int(30, 1, 3650),
  METRICS_BASELINE: int(900_000, 0),
  COMMENTS_DIR: str(),
  ANALYSIS_THREADS: int(0, 0, 64),
  // --- YouTube --------------------------------------------------------------------------------
  YOUTUBE_API_KEY: str(),
  YOUTUBE_API_BASE_URL: url(/^https?$/, 'https://www.googleapis.com/youtube/v3'),
  YOUTUBE_FALLBACK: oneOf(['innertube', 'none'], 'innertube'),
  // --- embeddings -----------------------------------------------------------------------------
  EMBEDDINGS_PROVIDER: oneOf(['embedded', 'onnx', 'openai', 'fake'], 'embedded'),
  EMBEDDINGS_MODEL: str(),
  EMBEDDINGS_DTYPE: oneOf(['q8', 'fp32'], 'q8'),
  EMBEDDED_MODEL_DIR: str(),
  EMBEDDINGS_SESSIONS: int(1, 1, 64),
  EMBEDDINGS_THREADS: int(1, 0, 64),
  EMBEDDINGS_API_URL: url(/^https?$/, 'https://api.openai.com/v1'),
  EMBEDDINGS_API_KEY: str(),
  EMBEDDINGS_API_MODEL: str(),
  // --- language model (any OpenAI-compatible chat endpoint) -----------------------------------
  LLM_API_URL: url(/^https?$/, 'https://api.openai.com/v1'),
  LLM_API_KEY: str(),
  LLM_MODEL: str(),
  LLM_TIMEOUT_MS: int(30_000, 100, 600_000),
  LLM_MAX_RETRIES: int(2, 0, 10),
  LLM_CALLS_PER_USER_PER_HOUR: int(120, 0, 100_000),
  // --- public address -------------------------------------------------------------------------
  PUBLIC_URL: url(/^https?$/, 'https://chorus.example.com'),
  // --- Google sign-in -------------------------------------------------------------------------
  GOOGLE_CLIENT_ID: str(),
  GOOGLE_CERTS_URL: url(/^https?$/, 'https://www.googleapis.com/oauth2/v1/certs'),
  // --- Facebook login and Graph API -----------------------------------------------------------
  FACEBOOK_APP_ID: str(),
  FACEBOOK_APP_SECRET: str(),
  FACEBOOK_API_VERSION: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^v\d+\.\d+$/, 'must look like v23.0')
      .default('v23.0'),
  ),
  FACEBOOK_GRAPH_URL: url(/^https?$/, 'https://graph.facebook.com'),
  // --- Instagram ------------------------------------------------------------------------------
  INSTAGRAM_APP_ID: str(),
  INSTAGRAM_APP_SECRET: str(),
  INSTAGRAM_REDIRECT_URI: url(/^https?$/, 'https://chorus.example.com/'),
  INSTAGRAM_AUTHORIZE_URL: url(/^https?$/, 'https://www.instagram.com/oauth/authorize'),
  INSTAGRAM_API_URL: url(/^https?$/, 'https://api.instagram.com'),
  INSTAGRAM_GRAPH_URL: url(/^https?$/, 'https://graph.instagram.com'),
  INSTAGRAM_TOKEN_KEY: z.preprocess(
    blankToUndefined,
    z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  ),
  // --- payments -------------------------------------------------------------------------------
  PAYMENTS_PROVIDER: z.preprocess(
    blankToUndefined,
    z.enum(['stripe', 'demo', 'off'], { error: 'must be one of: stripe, demo, off' }).optional(),
  ),
  STRIPE_SECRET_KEY: str(),
  STRIPE_WEBHOOK_SECRET: str(),
  STRIPE_API_URL: url(/^https?$/, 'https://api.stripe.com'),
  STRIPE_PRICE_BASIC: str(),
  STRIPE_PRICE_PRO: str(),
  STRIPE_PRICE_ADVANCED: str(),
  CREDIT_PACK_CREDITS: int(100, 1, 1_000_000),
  CREDIT_PACK_PRICE_CENTS: int(900, 50, 100_000_000),
  PAYMENTS_CURRENCY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{3}$/, 'must be a three-letter currency code like usd')
      .default('usd'),
  ),
});
export type Env = z.infer<typeof EnvSchema>;

/**
 * An smtp:// or smtps:// URL with a host; any port given is a number from 1 to 65535, and user
 * name and password, if any, decode (percent-encoding).
 */
function validSmtpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return false;
  if (!url.hostname) return false;
  if (url.port !== '' && !(Number(url.port) >= 1 && Number(url.port) <= 65535)) return false;
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    return false;
  }
  return true;
}

/** The From of e-mails when MAIL_FROM is not set (only allowed without SMTP_URL: the file outbox). */
export const DEFAULT_MAIL_FROM = 'Chorus <no-reply@chorus.invalid>';

/** The parsed configuration, grouped by concern. Paths are absolute. Secrets live only here. */
export interface Config {
  port: number;
  host: string;
  /**
   * Fastify's `trustProxy`: whom to believe about the client's address in X-Forwarded-For. The
   * sign-in and sign-up limits count per address, so behind a reverse proxy they need it.
   */
  trustProxy: boolean | string;
  logLevel: Env['LOG_LEVEL'];
  role: Role;
  webDistDir: string;
  dataDir: string;
  /** A PostgreSQL server; undefined means PGlite under `dataDir/pglite`. */
  databaseUrl: string | undefined;
  auth: {
    sessionTtlDays: number;
    signupCredits: number;
    loginMaxFailures: number;
    loginWindowMinutes: number;
    /**
     * COOKIE_SECRET: signs the cookies this server sets (the known-device cookie of sign-in, the
     * demo checkout's session binding). undefined: a random key per process (see the container).
     */
    cookieSecret: string | undefined;
    /** E-mail sign-ups one address may make per window (0: no limit). */
    signupMaxPerAddress: number;
    signupWindowMinutes: number;
    /** Password reset e-mails one address may ask for per window (whether or not it has an account). */
    passwordResetMaxPerEmail: number;
    /** Password reset requests one network address may make per window. */
    passwordResetMaxPerAddress: number;
    passwordResetWindowMinutes: number;
  };
  mail: {
    /** SMTP_URL (holds a password: never log it); undefined: e-mails go to the file outbox. */
    smtpUrl: string | undefined;
    from: string;
    /** Where the file outbox writes .eml files (DATA_DIR/outbox). */
    outboxDir: string;
  };
  queue: {
    driver: Env['QUEUE_DRIVER'];
    redisUrl: string;
    /** QUEUE_NAME: the BullMQ queue's name in Redis, so several deployments can share one Redis. */
    queueName: string;
    workerConcurrency: number;
    /** How long a worker owns a job without a heartbeat; a dead worker's job is retried after it. */
    leaseMs: number;
    /**
     * WORKER_HEALTH_PORT: a worker-only process serves the health routes on this port (for an
     * orchestrator's probes); undefined: it serves no HTTP.
     */
    workerHealthPort: number | undefined;
  };
  /**
   * METRICS_PORT / METRICS_HOST: the Prometheus endpoint (/metrics) on its own port, never the
   * public one; port undefined: no metrics are collected or served.
   */
  metrics: { port: number | undefined; host: string };
  analysis: {
    maxCommentsPerAnalysis: number;
    commentRetentionDays: number;
    metricsBaseline: number;
    /** A folder of recorded comment files for the offline comment source; undefined when not used. */
    commentsDir: string | undefined;
    /** Threads for clustering and classification (undefined: the cores available, at most 4). */
    threads: number | undefined;
  };
  youtube: {
    apiKey: string | undefined;
    apiBaseUrl: string | undefined;
    /** `innertube`: read comments without a key through YouTube's web client API; `none`: never. */
    fallback: Env['YOUTUBE_FALLBACK'];
  };
  embeddings: {
    provider: Env['EMBEDDINGS_PROVIDER'];
    model: string | undefined;
    dtype: Env['EMBEDDINGS_DTYPE'];
    /**
     * EMBEDDED_MODEL_DIR: where the embedded model is converted to and read from (absolute);
     * DATA_DIR/models/use-lite-embedded by default. The container image converts it at build time.
     */
    embeddedModelDir: string | undefined;
    /** ONNX inference sessions: more than 1 run single-threaded side by side. */
    sessions: number;
    /** Threads of a single ONNX session (0: ONNX Runtime's choice, every core). */
    threads: number;
    apiUrl: string | undefined;
    apiKey: string | undefined;
    apiModel: string | undefined;
  };
  llm: {
    apiUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    timeoutMs: number;
    maxRetries: number;
    /** Language-model calls one account's chats, deep analyses and retags may make per hour; 0: no limit. */
    callsPerUserPerHour: number;
  };
  /** This server's address as browsers reach it (redirects back from checkout and OAuth); undefined: taken from each request. */
  publicUrl: string | undefined;
  google: {
    /** OAuth client id for Google Identity Services; undefined: Google sign-in is off. */
    clientId: string | undefined;
    /** Where Google's ID-token signing certificates are fetched (tests point it at a local server). */
    certsUrl: string | undefined;
  };
  facebook: {
    /** undefined (either part): Facebook login and the Facebook route to Instagram are off. */
    appId: string | undefined;
    appSecret: string | undefined;
    apiVersion: string;
    graphUrl: string;
  };
  instagram: {
    /** undefined (either part): the Instagram Login link is off. */
    appId: string | undefined;
    appSecret: string | undefined;
    /** undefined: PUBLIC_URL + '/' (the main app reads ?code&state on load). */
    redirectUri: string | undefined;
    authorizeUrl: string;
    apiUrl: string;
    graphUrl: string;
    /**
     * The secret linked Instagram tokens are encrypted with (INSTAGRAM_TOKEN_KEY); undefined: one
     * derived from the Instagram (else Facebook) app secret.
     */
    tokenKey: string | undefined;
  };
  payments: {
    /**
     * stripe (STRIPE_SECRET_KEY set), demo (a built-in test checkout that grants credits without
     * payment: PAYMENTS_PROVIDER=demo, or the default without a key on a server that is clearly
     * local), or off (PAYMENTS_PROVIDER=off, or the default without a key on a public server).
     */
    provider: 'stripe' | 'demo' | 'off';
    /** True when buying is off only because nothing was configured on a public server. */
    offByDefault: boolean;
    stripeSecretKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    /** Stripe's API address (tests point it at a local server); undefined: Stripe's own. */
    stripeApiUrl: string | undefined;
    /** Stripe price ids of the monthly plans; undefined: the price is described inline at checkout. */
    planPriceIds: {
      basic: string | undefined;
      pro: string | undefined;
      advanced: string | undefined;
    };
    creditPackCredits: number;
    creditPackPriceCents: number;
    currency: string;
  };
  /** What the browser may see. Never put a secret here. */
  public: {
    /** True when a language model is configured; otherwise the offline analyser answers. */
    llmEnabled: boolean;
    metricsBaseline: number;
  };
}

/** Thrown by `loadConfig` with one line per problem, so a person can fix them all at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface ConfigOverrides {
  /** From the `--role` command-line flag; wins over ROLE. */
  role?: string;
  /** `--migrate-only` (or `--prepare-model`): no role runs, so ROLE needs nothing else. */
  migrateOnly?: boolean;
}

/**
 * Parses the environment once. Throws a ConfigError listing every invalid variable (never their
 * values, which may be secrets).
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  overrides: ConfigOverrides = {},
): Config {
  const input: Record<string, string | undefined> = {
    ...env,
    ...(overrides.role !== undefined ? { ROLE: overrides.role } : {}),
  };
  const parsed = EnvSchema.safeParse(input);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const from = name === 'ROLE' && overrides.role !== undefined ? ' (from --role)' : '';
        return `${name}${from}: ${issue.message}`;
      });
  // Checked on the raw values so they are listed together with the per-variable problems.
  problems.push(...crossFieldProblems(input));
  const role = (input.ROLE ?? '').trim();
  if (
    (role === 'api' || role === 'worker') &&
    !overrides.migrateOnly &&
    !(input.DATABASE_URL ?? '').trim()
  ) {
    const from = overrides.role !== undefined ? ' (from --role)' : '';
    problems.push(
      `ROLE${from}: ${role} alone needs DATABASE_URL (a PostgreSQL server): the embedded PGlite database belongs to one process, so ${role === 'api' ? 'an API process on it would queue analyses that no worker can run' : 'a worker process on it would run only analyses that nobody can start'}; use ROLE=all or set DATABASE_URL`,
    );
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return toConfig(parsed.data);
}

/** Settings that are only required because of another setting's value. */
function crossFieldProblems(env: Record<string, string | undefined>): string[] {
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  const value = (name: string) => (env[name] ?? '').trim();
  const problems: string[] = [];
  if (value('EMBEDDINGS_PROVIDER') === 'openai' && !set('EMBEDDINGS_API_URL')) {
    problems.push('EMBEDDINGS_API_URL: is required when EMBEDDINGS_PROVIDER=openai');
  }
  if (value('EMBEDDINGS_PROVIDER') === 'onnx' && !set('EMBEDDINGS_MODEL')) {
    problems.push('EMBEDDINGS_MODEL: is required when EMBEDDINGS_PROVIDER=onnx');
  }
  if (set('LLM_API_URL') && !set('LLM_MODEL')) {
    problems.push('LLM_MODEL: is required when LLM_API_URL is set');
  }
  if (value('PAYMENTS_PROVIDER') === 'stripe' && !set('STRIPE_SECRET_KEY')) {
    problems.push('STRIPE_SECRET_KEY: is required when PAYMENTS_PROVIDER=stripe');
  }
  if (set('STRIPE_SECRET_KEY') && !set('STRIPE_WEBHOOK_SECRET')) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY (credits are granted only from verified webhooks)',
    );
  }
  if (set('SMTP_URL') && !set('MAIL_FROM')) {
    problems.push(
      'MAIL_FROM: is required with SMTP_URL (the sender address your SMTP server lets you send from, like Chorus <no-reply@example.com>)',
    );
  }
  if (set('SMTP_URL') && !set('PUBLIC_URL')) {
    problems.push(
      'PUBLIC_URL: is required with SMTP_URL (links in e-mails are built from it; taken from the Host header instead, a request could make a reset e-mail point at any site)',
    );
  }
  if (set('FACEBOOK_APP_ID') !== set('FACEBOOK_APP_SECRET')) {
    problems.push('FACEBOOK_APP_ID and FACEBOOK_APP_SECRET: set both or neither');
  }
  if (set('INSTAGRAM_APP_ID') !== set('INSTAGRAM_APP_SECRET')) {
    problems.push('INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET: set both or neither');
  }
  return problems;
}

function toConfig(e: Env): Config {
  const llmEnabled = Boolean(e.LLM_API_URL && e.LLM_MODEL);
  return {
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    role: e.ROLE,
    webDistDir: resolveFromRepoRoot(e.WEB_DIST_DIR),
    dataDir: resolveFromRepoRoot(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    auth: {
      sessionTtlDays: e.SESSION_TTL_DAYS,
      signupCredits: e.SIGNUP_CREDITS,
      loginMaxFailures: e.LOGIN_MAX_FAILURES,
      loginWindowMinutes: e.LOGIN_WINDOW_MINUTES,
      cookieSecret: e.COOKIE_SECRET,
      signupMaxPerAddress: e.SIGNUP_MAX_PER_ADDRESS,
      signupWindowMinutes: e.SIGNUP_WINDOW_MINUTES,
      passwordResetMaxPerEmail: e.PASSWORD_RESET_MAX_PER_EMAIL,
      passwordResetMaxPerAddress: e.PASSWORD_RESET_MAX_PER_ADDRESS,
      passwordResetWindowMinutes: e.PASSWORD_RESET_WINDOW_MINUTES,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM,
      outboxDir: path.join(resolveFromRepoRoot(e.DATA_DIR), 'outbox'),
    },
    queue: {
      driver: e.QUEUE_DRIVER,
      redisUrl: e.REDIS_URL,
      queueName: e.QUEUE_NAME,
      workerConcurrency: e.WORKER_CONCURRENCY,
      leaseMs: e.QUEUE_LEASE_MS,
      workerHealthPort: e.WORKER_HEALTH_PORT,
    },
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    analysis: {
      maxCommentsPerAnalysis: e.MAX_COMMENTS_PER_ANALYSIS,
      commentRetentionDays: e.COMMENT_RETENTION_DAYS,
      metricsBaseline: e.METRICS_BASELINE,
      commentsDir: e.COMMENTS_DIR ? resolveFromRepoRoot(e.COMMENTS_DIR) : undefined,
      threads: e.ANALYSIS_THREADS || undefined,
    },
    youtube: {
      apiKey: e.YOUTUBE_API_KEY,
      apiBaseUrl: e.YOUTUBE_API_BASE_URL,
      fallback: e.YOUTUBE_FALLBACK,
    },
    embeddings: {
      provider: e.EMBEDDINGS_PROVIDER,
      model: e.EMBEDDINGS_MODEL,
      dtype: e.EMBEDDINGS_DTYPE,
      embeddedModelDir: e.EMBEDDED_MODEL_DIR
        ? resolveFromRepoRoot(e.EMBEDDED_MODEL_DIR)
        : undefined,
      sessions: e.EMBEDDINGS_SESSIONS,
      threads: e.EMBEDDINGS_THREADS,
      apiUrl: e.EMBEDDINGS_API_URL,
      apiKey: e.EMBEDDINGS_API_KEY,
      apiModel: e.EMBEDDINGS_API_MODEL,
    },
    llm: {
      apiUrl: e.LLM_API_URL,
      apiKey: e.LLM_API_KEY,
      model: e.LLM_MODEL,
      timeoutMs: e.LLM_TIMEOUT_MS,
      maxRetries: e.LLM_MAX_RETRIES,
      callsPerUserPerHour: e.LLM_CALLS_PER_USER_PER_HOUR,
    },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    google: { clientId: e.GOOGLE_CLIENT_ID, certsUrl: e.GOOGLE_CERTS_URL },
    facebook: {
      appId: e.FACEBOOK_APP_ID,
      appSecret: e.FACEBOOK_APP_SECRET,
      apiVersion: e.FACEBOOK_API_VERSION,
      graphUrl: (e.FACEBOOK_GRAPH_URL ?? 'https://graph.facebook.com').replace(/\/+$/, ''),
    },
    instagram: {
      appId: e.INSTAGRAM_APP_ID,
      appSecret: e.INSTAGRAM_APP_SECRET,
      redirectUri: e.INSTAGRAM_REDIRECT_URI,
      authorizeUrl: e.INSTAGRAM_AUTHORIZE_URL ?? 'https://www.instagram.com/oauth/authorize',
      apiUrl: (e.INSTAGRAM_API_URL ?? 'https://api.instagram.com').replace(/\/+$/, ''),
      graphUrl: (e.INSTAGRAM_GRAPH_URL ?? 'https://graph.instagram.com').replace(/\/+$/, ''),
      tokenKey: e.INSTAGRAM_TOKEN_KEY,
    },
    payments: {
      provider:
        e.PAYMENTS_PROVIDER ??
        (e.STRIPE_SECRET_KEY ? 'stripe' : isLocalServer(e.PUBLIC_URL) ? 'demo' : 'off'),
      offByDefault: !e.PAYMENTS_PROVIDER && !e.STRIPE_SECRET_KEY && !isLocalServer(e.PUBLIC_URL),
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: e.STRIPE_API_URL,
      planPriceIds: {
        basic: e.STRIPE_PRICE_BASIC,
        pro: e.STRIPE_PRICE_PRO,
        advanced: e.STRIPE_PRICE_ADVANCED,
      },
      creditPackCredits: e.CREDIT_PACK_CREDITS,
      creditPackPriceCents: e.CREDIT_PACK_PRICE_CENTS,
      currency: e.PAYMENTS_CURRENCY,
    },
    public: { llmEnabled, metricsBaseline: e.METRICS_BASELINE },
  };
}

/**
 * Whether the server is clearly one person's own: no PUBLIC_URL, or one on this machine
 * (localhost, *.localhost, 127.0.0.0/8, ::1). Only there is the demo checkout, which grants credits
 * without payment, the default.
 */
export function isLocalServer(publicUrl: string | undefined): boolean {
  if (!publicUrl) return true;
  let host: string;
  try {
    host = new URL(publicUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]'
  );
}

/** The start-up line when buying is off only because a public server configured no provider. */
export const PAYMENTS_OFF_NOTICE =
  'Buying credits is off: PUBLIC_URL is public and no payment provider is set. To sell with Stripe, set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (PAYMENTS_PROVIDER=stripe); PAYMENTS_PROVIDER=demo turns on the test checkout, which grants credits without payment.';

/**
 * The start-up line of a server with no SMTP_URL: the e-mails (sign-up confirmations, password
 * resets) are files in its outbox folder, which only whoever runs the server can open. The creators
 * are never told this: their screens say the link was sent.
 */
export function outboxNotice(config: Pick<Config, 'mail'>): string | null {
  if (config.mail.smtpUrl) return null;
  return `No SMTP_URL: e-mails (sign-up confirmations, password resets) are not sent but written as .eml files to ${config.mail.outboxDir} (DATA_DIR/outbox). Set SMTP_URL to send them.`;
}

/** Reads `--role <r>` / `--role=<r>`, `--migrate-only` and `--prepare-model` from the command line. */
export function parseArgs(argv: readonly string[]): {
  role?: string;
  migrateOnly: boolean;
  prepareModel: boolean;
} {
  let role: string | undefined;
  let migrateOnly = false;
  let prepareModel = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--migrate-only') migrateOnly = true;
    else if (arg === '--prepare-model') prepareModel = true;
    else if (arg === '--role') role = argv[++i] ?? '';
    else if (arg.startsWith('--role=')) role = arg.slice('--role='.length);
  }
  return role === undefined ? { migrateOnly, prepareModel } : { role, migrateOnly, prepareModel };
}
