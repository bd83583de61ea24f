import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is single-process: one lock file per data directory keeps a second server, or the CLI
 * opening the database directly, from corrupting it. A lock left by a dead process is taken over.
 */
export function lockDataDir(
  dataDir: string,
  owner: string,
  /** What the caller should do when another process holds the directory. */
  whenBusy = 'stop it first, or use the CLI, which talks to a running server',
): { release(): void } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, owner }));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(path, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(path);
      if (holder && isAlive(holder.pid))
        throw new Error(
          `The data directory ${dataDir} is in use by ${holder.owner} (pid ${holder.pid}); ${whenBusy}`,
        );
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function readHolder(path: string): { pid: number; owner: string } | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
