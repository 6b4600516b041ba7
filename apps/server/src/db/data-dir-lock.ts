import fs from 'node:fs';

/** Thrown when another live process has the PGlite folder open. */
export class DataDirInUseError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `Another Chorus process (pid ${pid}) has the database in ${lockFile.replace(/\.lock$/, '')} open. ` +
        'Stop it first: two processes writing one PGlite folder corrupt it. ' +
        `If no such process is running, delete ${lockFile}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** The lock files this process holds (its own pid in a lock file not here is a past life's). */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dataDir>.lock` for this process, or throws DataDirInUseError when a live process holds
 * it. PGlite is PostgreSQL in one process with no lock of its own: a second server started on the
 * same DATA_DIR (say while the first still finished a job after SIGTERM) left a folder no process
 * could open again ("RuntimeError: Aborted()"). A lock left by a process that died (kill -9, a
 * crash) is taken over; so is one with this process's own pid (a container restarted with the
 * same pid). Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir.replace(/[\\/]+$/, '')}.lock`;
  if (held.has(lockFile)) throw new DataDirInUseError(lockFile, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx' });
      held.add(lockFile);
      return () => {
        if (!held.delete(lockFile)) return;
        try {
          if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid))
            fs.unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
    } catch {
      // removed between the two calls: try again
    }
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder))
      throw new DataDirInUseError(lockFile, holder);
    fs.rmSync(lockFile, { force: true });
  }
  throw new Error(`Could not take the lock ${lockFile}; another process keeps taking it.`);
}
