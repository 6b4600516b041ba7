import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has exited (a lock it left is stale). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {
    encoding: 'utf8',
  });
  return Number(child.stdout.trim());
}

describe('the PGlite folder lock', () => {
  it('refuses a second opening while the first is open, and allows it after close', async () => {
    const dataDir = path.join(root, 'one', 'pglite');
    const first = await createDatabase({ kind: 'pglite', dataDir });
    expect(fs.readFileSync(`${dataDir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    await expect(createDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(
      DataDirInUseError,
    );
    await first.close();
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    const again = await createDatabase({ kind: 'pglite', dataDir });
    await again.ping();
    await again.close();
  });

  it('refuses while another live process holds it, naming its pid and what to do', () => {
    const dataDir = path.join(root, 'two');
    fs.writeFileSync(`${dataDir}.lock`, `${process.ppid}\n`);
    expect(() => lockDataDir(dataDir)).toThrow(
      new RegExp(`pid ${process.ppid}\\).*Stop it first.*delete ${dataDir}\\.lock`),
    );
  });

  it('takes over a lock left by a process that died, or by this pid in a past life', () => {
    const dataDir = path.join(root, 'three');
    for (const stale of [deadPid(), process.pid]) {
      fs.writeFileSync(`${dataDir}.lock`, `${stale}\n`);
      const release = lockDataDir(dataDir);
      expect(fs.readFileSync(`${dataDir}.lock`, 'utf8').trim()).toBe(String(process.pid));
      release();
      expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    }
  });
});
