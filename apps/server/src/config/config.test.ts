import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, outboxNotice, parseArgs } from './config';
import { repoRoot } from './paths';

describe('loadConfig', () => {
  it('runs on defaults alone: PGlite under ./data, port 3000, offline AI', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      role: 'all',
      logLevel: 'info',
      databaseUrl: undefined,
      dataDir: path.join(repoRoot, 'data'),
      webDistDir: path.join(repoRoot, 'apps/web/dist'),
      auth: { sessionTtlDays: 30, signupCredits: 3, loginMaxFailures: 5, loginWindowMinutes: 15 },
      queue: { driver: 'postgres', redisUrl: 'redis://127.0.0.1:6379', workerConcurrency: 1 },
      analysis: {
        maxCommentsPerAnalysis: 10_000,
        commentRetentionDays: 30,
        metricsBaseline: 900_000,
        commentsDir: undefined,
        threads: undefined,
      },
      embeddings: { provider: 'embedded', dtype: 'q8' },
      llm: { timeoutMs: 30_000, maxRetries: 2, apiUrl: undefined },
      public: { llmEnabled: false, metricsBaseline: 900_000 },
    });
    expect(fs.existsSync(path.join(repoRoot, 'apps/server/package.json'))).toBe(true);
  });

  it('reads values, treats blank ones as unset and resolves relative paths from the repo root', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: 'tmp/state',
      DATABASE_URL: 'postgres://chorus:secret@db.internal:5432/chorus',
      SIGNUP_CREDITS: '',
      LLM_API_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'llama3',
      COMMENTS_DIR: '/abs/comments',
    });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.join(repoRoot, 'tmp/state'));
    expect(config.databaseUrl).toBe('postgres://chorus:secret@db.internal:5432/chorus');
    expect(config.auth.signupCredits).toBe(3);
    expect(config.analysis.commentsDir).toBe('/abs/comments');
    expect(config.public).toEqual({ llmEnabled: true, metricsBaseline: 900_000 });
    expect(JSON.stringify(config.public)).not.toContain('secret');
  });

  it('lists every invalid variable at once, one per line, without echoing values', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        ROLE: 'admin',
        DATABASE_URL: 'mysql://x',
        SESSION_TTL_DAYS: '0',
        EMBEDDINGS_DTYPE: 'fp16',
        LLM_API_KEY: 'sk-should-not-appear',
        REDIS_URL: 'http://nope',
        EMBEDDINGS_PROVIDER: 'openai',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'EMBEDDINGS_API_URL',
      'EMBEDDINGS_DTYPE',
      'PORT',
      'REDIS_URL',
      'ROLE',
      'SESSION_TTL_DAYS',
    ]);
    expect(problems).toContain('ROLE: must be one of: all, api, worker');
    expect(problems).toContain('SESSION_TTL_DAYS: must be at least 1');
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(problems.length + 1);
    expect(message).not.toContain('sk-should-not-appear');
  });

  it('names the BullMQ queue with QUEUE_NAME (chorus-jobs by default) and refuses a name Redis keys would mangle', () => {
    expect(loadConfig({}).queue.queueName).toBe('chorus-jobs');
    expect(loadConfig({ QUEUE_NAME: 'chorus-staging' }).queue.queueName).toBe('chorus-staging');
    expect(loadConfig({ QUEUE_NAME: ' ' }).queue.queueName).toBe('chorus-jobs');
    expect(() => loadConfig({ QUEUE_NAME: 'chorus:jobs' })).toThrow(/QUEUE_NAME: must be 1 to 64/);
  });

  it("reads TRUST_PROXY as off, true, or the proxies' addresses, and refuses anything else", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toBe(
      '127.0.0.1, 10.0.0.0/8',
    );
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY: must be true/);
  });

  it('requires the settings a chosen provider needs', () => {
    expect(() => loadConfig({ EMBEDDINGS_PROVIDER: 'openai' })).toThrow(
      /EMBEDDINGS_API_URL: is required when EMBEDDINGS_PROVIDER=openai/,
    );
    expect(() => loadConfig({ LLM_API_URL: 'http://127.0.0.1:1/v1' })).toThrow(/LLM_MODEL/);
  });

  // Before, ROLE=api on PGlite only logged a warning: the API queued analyses (credits reserved)
  // that no worker could ever run, since no other process can open the PGlite folder.
  it('reads SMTP_URL and MAIL_FROM, and refuses a malformed SMTP_URL without echoing it', () => {
    const outbox = loadConfig({});
    expect(outbox.mail).toEqual({
      smtpUrl: undefined,
      from: 'Chorus <no-reply@chorus.invalid>',
      outboxDir: path.join(repoRoot, 'data', 'outbox'),
    });
    expect(outbox.auth).toMatchObject({
      passwordResetMaxPerEmail: 3,
      passwordResetMaxPerAddress: 10,
      passwordResetWindowMinutes: 60,
    });
    const smtp = loadConfig({
      SMTP_URL: 'smtps://mailer:s%40cret@smtp.example.com:465',
      MAIL_FROM: 'Chorus <no-reply@example.com>',
      PUBLIC_URL: 'https://chorus.example.com',
      DATA_DIR: '/var/lib/chorus',
    });
    expect(smtp.mail).toEqual({
      smtpUrl: 'smtps://mailer:s%40cret@smtp.example.com:465',
      from: 'Chorus <no-reply@example.com>',
      outboxDir: '/var/lib/chorus/outbox',
    });
    // whoever runs the server learns at start-up where its e-mails go (creators are not told)
    expect(outboxNotice(outbox)).toBe(
      `No SMTP_URL: e-mails (sign-up confirmations, password resets) are not sent but written as .eml files to ${path.join(repoRoot, 'data', 'outbox')} (DATA_DIR/outbox). Set SMTP_URL to send them.`,
    );
    expect(outboxNotice(smtp)).toBeNull();

    for (const bad of [
      'mx.acme.test:587',
      'http://mailer:hunter2@mx.acme.test',
      'smtp://mailer:hun%ZZter2@mx.acme.test:587',
      'smtp://',
      'smtp://mailer:hunter2@mx.acme.test:99999',
    ]) {
      let error: unknown;
      try {
        loadConfig({ SMTP_URL: bad, MAIL_FROM: 'a@example.com', PUBLIC_URL: 'https://x.example' });
      } catch (e) {
        error = e;
      }
      expect(error, bad).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toMatch(
        /SMTP_URL: must be a URL like smtp:\/\/user:password@smtp\.example\.com:587/,
      );
      if (bad.includes('acme')) expect(message).not.toContain(bad);
      expect(message).not.toContain('hunter2');
      expect(message).not.toContain('acme');
    }
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(
      /MAIL_FROM: must be an address/,
    );
  });

  it('needs MAIL_FROM and PUBLIC_URL with SMTP_URL', () => {
    let error: unknown;
    try {
      loadConfig({ SMTP_URL: 'smtp://user:secret@smtp.example.com:587' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0])).toEqual(['MAIL_FROM', 'PUBLIC_URL']);
    expect(problems.join('\n')).not.toContain('secret');
  });

  it('refuses ROLE=api or worker without DATABASE_URL, listing it with the other problems', () => {
    let error: unknown;
    try {
      loadConfig({ ROLE: 'api', PORT: 'x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      expect.stringMatching(/^PORT: /),
      'ROLE: api alone needs DATABASE_URL (a PostgreSQL server): the embedded PGlite database belongs to one process, so an API process on it would queue analyses that no worker can run; use ROLE=all or set DATABASE_URL',
    ]);
    expect(() => loadConfig({}, { role: 'worker' })).toThrow(
      /ROLE \(from --role\): worker alone needs DATABASE_URL/,
    );
    // Set, or only migrating: fine.
    expect(loadConfig({ ROLE: 'api', DATABASE_URL: 'postgres://h/db' }).role).toBe('api');
    expect(loadConfig({ ROLE: 'worker' }, { migrateOnly: true }).role).toBe('worker');
    expect(loadConfig({ ROLE: 'all' }).role).toBe('all');
  });

  it('lets --role override ROLE', () => {
    const DATABASE_URL = 'postgres://chorus@127.0.0.1:5432/chorus';
    expect(loadConfig({ ROLE: 'api', DATABASE_URL }, { role: 'worker' }).role).toBe('worker');
    expect(() => loadConfig({}, { role: 'boss' })).toThrow(/ROLE \(from --role\)/);
  });
});

describe('parseArgs', () => {
  it('reads --role in both spellings, --migrate-only and --prepare-model', () => {
    expect(parseArgs(['--role', 'api'])).toEqual({
      role: 'api',
      migrateOnly: false,
      prepareModel: false,
    });
    expect(parseArgs(['--role=worker', '--migrate-only'])).toEqual({
      role: 'worker',
      migrateOnly: true,
      prepareModel: false,
    });
    expect(parseArgs(['--prepare-model'])).toEqual({ migrateOnly: false, prepareModel: true });
    expect(parseArgs([])).toEqual({ migrateOnly: false, prepareModel: false });
  });
});
