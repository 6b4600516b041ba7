import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { RunningServer } from './server';

/**
 * The newest e-mailed link to `{origin}/{page}?token=` for `to` in the server's outbox
 * (DATA_DIR/outbox, one .eml file per message); waits up to 15 s for it. E-mails of another kind
 * (a sign-up's confirmation beside a reset) are passed over.
 */
export async function linkFromOutbox(
  server: RunningServer,
  to: string,
  page: 'reset-password' | 'verify-email',
): Promise<{ link: string; file: string }> {
  const outbox = path.join(server.dataDir, 'outbox');
  const pattern = new RegExp(`^(https?:\\/\\/\\S+\\/${page}\\?token=[A-Za-z0-9_-]{43})\\r$`, 'm');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = fs.existsSync(outbox)
      ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'))
      : [];
    for (const name of files.sort().reverse()) {
      const file = path.join(outbox, name);
      const raw = fs.readFileSync(file, 'utf8');
      if (!raw.includes(`To: ${to}\r\n`)) continue;
      const link = pattern.exec(raw)?.[1];
      if (!link) continue;
      expect(link).toMatch(new RegExp(`/${page}\\?token=`));
      return { link, file };
    }
    if (Date.now() > deadline) throw new Error(`no ${page} e-mail to ${to} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
