import { pino, type Logger } from 'pino';
import { EnvSchema } from './config/config';

export type { Logger };

/** Environment variables holding secrets: every name ending in _KEY (API keys) or _SECRET. */
const SECRET_ENV_NAMES = Object.keys(EnvSchema.shape).filter(
  (name) => name.endsWith('_KEY') || name.endsWith('_SECRET'),
);

/**
 * Paths pino blanks out wherever they appear in a log line: credentials in request headers, any
 * secret-looking field (API keys, passwords, tokens) one or two levels deep, and the secret
 * environment variables by name.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  'password',
  'token',
  'apiKey',
  'appSecret',
  'id_token',
  'access_token',
  '*.password',
  '*.token',
  '*.apiKey',
  '*.appSecret',
  '*.id_token',
  '*.access_token',
  '*.*.apiKey',
  '*.*.appSecret',
  'accessToken',
  '*.accessToken',
  '*.tokenKey',
  '*.*.tokenKey',
  // SMTP_URL carries the SMTP password
  'smtpUrl',
  '*.smtpUrl',
  '*.*.smtpUrl',
  'SMTP_URL',
  '*.SMTP_URL',
  ...SECRET_ENV_NAMES.flatMap((name) => [name, `*.${name}`]),
];

/**
 * The demo checkout and portal pages are reached by a signed session id in the path, their only
 * credential: whoever reads it from a log could pay or cancel the plan for an hour.
 */
const DEMO_PAYMENT_PAGE = /(\/stripe\/demo\/(?:checkout|portal)\/)[^/?#]+/gi;

/**
 * Blanks secrets carried in a URL's query (the SSE stream takes `?token=`, EventSource has no
 * headers; Graph API calls carry `access_token`, `input_token` and `appsecret_proof`; the Instagram
 * callback carries the authorisation `code`).
 */
export function redactUrl(url: string): string {
  return url
    .replace(
      /([?&](?:token|access_token|input_token|id_token|appsecret_proof|key|api_key|code|client_secret|fb_exchange_token)=)[^&#]*/gi,
      '$1[redacted]',
    )
    .replace(DEMO_PAYMENT_PAGE, '$1[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request shape in logs, with query secrets removed from the URL. */
function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The process logger (JSON lines on stdout). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
  };
  return destination ? pino(options, destination) : pino(options);
}
