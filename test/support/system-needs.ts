// What a test needs from the machine beyond npm (README: the Debian packages postgresql,
// redis-server, nginx and chromium; .ci/run installs them). A test that lacks one fails at once
// with one line naming what to install: it never skips, so `npm test` never counts as passed a test
// that did not run.
import { spawnSync } from 'node:child_process';

/** Throws "`command` not found: install the `pkg` package (...)" unless `command` is on the PATH. */
export function requireCommand(command: string, pkg: string): void {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  if (found.status !== 0)
    throw new Error(`${command} not found: install the ${pkg} package (apt-get install ${pkg})`);
}

/** Throws unless this process runs as root (mounting a filesystem, for example). */
export function requireRoot(why: string): void {
  if (process.getuid?.() !== 0) throw new Error(`this test needs root (${why}): run it as root, as CI does`);
}
