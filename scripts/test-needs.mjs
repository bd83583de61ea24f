// What a test file needs from the test run, as it declares it in the `//` comment lines at its top:
//
//   // @needs devnet
//   // @needs devnet postgres
//
// scripts/run-tests.mjs reads the declarations to start only what the selected files need, and the
// test support that hands a file one of these (test/support/devnet.ts, test/support/database.ts)
// refuses a file that did not declare it, so a missing line fails loudly instead of passing only
// when another selected file happened to declare the same need.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** Every need a test file may declare, and what the runner gives it. */
export const NEEDS = Object.freeze({
  devnet: 'the shared development network (TEST_DEVNET_INFO, TEST_DEVNET_DATA_DIR)',
  postgres: 'a PostgreSQL server (TEST_DATABASE_URL, started by scripts/local-postgres.mjs)',
});

const PRAGMA = /^\/\/\s*@needs\b(.*)$/;

/**
 * The needs a test file declares. Only the comment block at the top is read (blank lines and `//`
 * lines; the first other line ends it), like vitest's environment comments. A name that is not in
 * NEEDS, or an `@needs` naming nothing, throws with the file and line.
 * @param {string} file
 * @param {string} [source] the file's text (read from `file` when not given)
 * @returns {Set<string>}
 */
export function readNeeds(file, source = readFileSync(file, 'utf8')) {
  const needs = new Set();
  const lines = source.split('\n');
  for (const [i, line] of lines.entries()) {
    const text = line.trim();
    if (text === '') continue;
    if (!text.startsWith('//')) break;
    const match = PRAGMA.exec(text);
    if (!match) continue;
    const where = `${relative(process.cwd(), file)}:${i + 1}`;
    const known = Object.keys(NEEDS).join(', ');
    const names = (match[1] ?? '').split(/[\s,]+/).filter(Boolean);
    if (names.length === 0) throw new Error(`${where}: "@needs" names nothing (known needs: ${known})`);
    for (const name of names) {
      if (!Object.hasOwn(NEEDS, name))
        throw new Error(`${where}: unknown need "${name}" in "${text}" (known needs: ${known})`);
      needs.add(name);
    }
  }
  return needs;
}

/**
 * Throws unless the test file this process runs declares `need`. A test file runs as its own
 * process (node --test), so it is process.argv[1]; outside a test file (a script) nothing is checked.
 * The unit tier (all of test/unit in one process, TEST_RUN_TIER=unit) may need nothing.
 * @param {keyof typeof NEEDS} need
 */
export function requireNeed(need) {
  if (process.env.TEST_RUN_TIER === 'unit')
    throw new Error(`a unit test reached for ${NEEDS[need]}: test/unit is the tier that needs nothing`);
  const file = process.argv[1];
  if (!file || !/\.test\.[cm]?[jt]s$/.test(file)) return;
  if (readNeeds(file).has(need)) return;
  throw new Error(
    `${relative(process.cwd(), file)} uses ${NEEDS[need]} but does not declare it: add the line ` +
      `"// @needs ${need}" to the comments at the top of the file (scripts/run-tests.mjs starts ` +
      'only what the selected files declare)',
  );
}
