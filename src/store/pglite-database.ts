import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describeError } from '../support/describe-error.ts';
import { childEntry } from '../support/project-paths.ts';
import { appliedV8Flags } from '../support/v8-flags.ts';
import type { Database } from './database.ts';
import { pgliteDatabase } from './pglite/pglite-queries.ts';

/** Embedded PostgreSQL (PGlite). One process per data directory; `null` dataDir keeps it in memory. */
export async function openPgliteDatabase(
  dataDir: string | null,
  options: { loadDataDir?: Blob | File } = {},
): Promise<Database & { pglite: PGlite }> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (!options.loadDataDir && !existsSync(join(dataDir, 'PG_VERSION'))) await initdbInChild(dataDir);
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      startParams: PGLITE_START_PARAMS,
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (err) {
    // PGlite reports a damaged directory as a WebAssembly abort ("Aborted(). Build with
    // -sASSERTIONS…"), which tells an operator nothing.
    if (!dataDir) throw err;
    const problem = fileSystemProblem(dataDir, describeError(err), 'opening the embedded database');
    if (problem) throw new Error(problem, { cause: err });
    throw new Error(
      `the embedded database in ${dataDir} cannot be opened (${describeError(err)}): it is damaged or was written by another version. Restore a backup, or move the folder away to start with an empty database`,
      { cause: err },
    );
  }
  if (dataDir) ownerOnly(dataDir);
  return pgliteDatabase(pglite);
}

/**
 * PostgreSQL's settings inside PGlite. Its default buffer pool (shared_buffers 128 MB) is touched
 * as pages are read and never given back; the service's tables are small, and 16 MB holds them
 * several times over. Measured: a warm open takes 105 MB of resident memory instead of 224 MB.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

const INITDB_TIMEOUT_MS = 120_000;

/**
 * PGlite's file system reports errors as Emscripten's `ErrnoError { errno: 51 }`, whose numbers are
 * not the system's: the ones an operator can act on, in words.
 */
const EMSCRIPTEN_ERRNO: Record<number, { code: string; fix: string; what: string }> = {
  51: {
    code: 'ENOSPC',
    what: 'is on a full disk',
    fix: 'free some space there, or set DATA_DIR to a place with room',
  },
  19: {
    code: 'EDQUOT',
    what: 'is over its disk quota',
    fix: 'free some space there, or set DATA_DIR to a place with room',
  },
  69: { code: 'EROFS', what: 'is on a read-only file system', fix: 'set DATA_DIR to a writable place' },
  2: { code: 'EACCES', what: 'cannot be written', fix: 'check its owner and permissions, or set DATA_DIR' },
  63: { code: 'EPERM', what: 'cannot be written', fix: 'check its owner and permissions, or set DATA_DIR' },
};

/** One line naming DATA_DIR and the cause, when `text` carries an Emscripten errno we know. */
export function fileSystemProblem(dataDir: string, text: string, during: string): string | undefined {
  const errno = /ErrnoError[^}]*errno:\s*(\d+)/.exec(text)?.[1];
  const known = errno === undefined ? undefined : EMSCRIPTEN_ERRNO[Number(errno)];
  if (!known) return undefined;
  return `DATA_DIR ${dataDir.replace(/\/pglite$/, '')} ${known.what} (${known.code}, while ${during}): ${known.fix}`;
}

/**
 * Creates a new embedded database in a short-lived child process. PGlite's initdb runs two more
 * PostgreSQL instances in WebAssembly beside the one it opens, and WebAssembly memory is never
 * returned to the system: in the service's own process the first start peaked at about 1 GB and
 * stayed at 900 MB. The child returns all of it when it exits. It writes into a new folder whose
 * entries are then moved into place, PG_VERSION last, so an interrupted first start leaves no
 * half-made database (the next start makes it again).
 */
async function initdbInChild(dataDir: string): Promise<void> {
  const fresh = `${dataDir}.new-${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  const { entry, execArgv } = childEntry('store/pglite-initdb');
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(
        process.execPath,
        // The V8 flags of this process's entry point (src/boot/v8-tuning.ts) hold for its child.
        [...appliedV8Flags(), ...execArgv, entry, fresh],
        { timeout: INITDB_TIMEOUT_MS, maxBuffer: 1024 * 1024 },
        (err, _stdout, stderr) =>
          err
            ? reject(
                new Error(
                  fileSystemProblem(dataDir, stderr, 'creating the embedded database, about 40 MB') ??
                    `could not create the embedded database in ${dataDir}: ${stderr.trim().split('\n').slice(-3).join(' ') || describeError(err)}`,
                  { cause: err },
                ),
              )
            : resolve(),
      );
    });
    const entries = readdirSync(fresh).sort(
      (a, b) => Number(a === 'PG_VERSION') - Number(b === 'PG_VERSION'),
    );
    for (const name of entries) {
      rmSync(join(dataDir, name), { recursive: true, force: true });
      renameSync(join(fresh, name), join(dataDir, name));
    }
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}

/**
 * The database holds encrypted wallet keys and hashed API keys: its files are the owner's alone
 * (0700 folders, 0600 files), also in a data directory that existed before with looser modes.
 */
function ownerOnly(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) ownerOnly(path);
    else if (entry.isFile()) chmodSync(path, 0o600);
  }
}
