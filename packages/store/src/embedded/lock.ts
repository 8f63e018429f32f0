import { link, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A held data-folder lock. */
export interface DataDirLock {
  release(): Promise<void>;
}

const LOCK_FILE = 'dynalite.lock';

async function ownerOf(lockPath: string): Promise<number | null> {
  const text = await readFile(lockPath, 'utf8').catch(() => '');
  const pid = Number.parseInt(text, 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `dataDir`'s lock for this process, because LevelDB crashes the process (rather than failing)
 * when a second server opens a folder already open. A lock left by a process that no longer runs
 * is taken over. The pid is written to a temporary file first and hard-linked into place, which
 * fails if the lock exists and is atomic, so nobody ever reads a half-written lock.
 * @example
 * const lock = await lockDataDir('.data'); // throws ".data is already in use by process 4242; ..."
 * await lock.release();
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const lockPath = join(dataDir, LOCK_FILE);
  const tempPath = join(dataDir, `${LOCK_FILE}.${process.pid}.${Date.now()}`);
  await writeFile(tempPath, String(process.pid));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await link(tempPath, lockPath);
        return { release: () => release(lockPath) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = await ownerOf(lockPath);
      if (owner !== null && isAlive(owner)) {
        throw new Error(`${dataDir} is already in use by process ${owner}; stop it or use another data folder`);
      }
      await rm(lockPath, { force: true });
    }
    throw new Error(`could not lock ${dataDir}: ${lockPath} keeps reappearing`);
  } finally {
    await rm(tempPath, { force: true });
  }
}

async function release(lockPath: string): Promise<void> {
  // Only our own lock: after a takeover the file may belong to another process.
  if ((await ownerOf(lockPath)) === process.pid) await rm(lockPath, { force: true });
}
