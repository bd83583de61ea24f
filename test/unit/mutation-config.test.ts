// `npm run test:mutation` must fail loudly when a module it mutates or a test it runs has moved:
// Stryker mutates no file for a `mutate` entry that matches nothing and says so only in a count,
// and a run without its tests would report "no coverage" for a whole module. This test (fast tier,
// in `npm test` and CI) reads both Stryker configs and the list of mutation tests
// (scripts/mutation/test-files.mjs) and checks every path they name.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { MUTATION_TESTS } from '../../scripts/mutation/test-files.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const CONFIGS = ['stryker.config.mjs', 'stryker.ledger.config.mjs'];

type Config = {
  mutate: string[];
  buildCommand: string;
  plugins: string[];
  inProcess: { testFiles: string[] };
};

async function config(name: string): Promise<Config> {
  const path = join(ROOT, name);
  return ((await import(path)) as { default: Config }).default;
}

const isFile = (path: string) => existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isFile();

/** `src/app/idempotency.ts:11-25` -> `src/app/idempotency.ts` (Stryker's line range). */
const fileOf = (entry: string) => entry.replace(/:\d+(-\d+)?$/, '');

describe('mutation testing configs name files that exist', () => {
  for (const name of CONFIGS) {
    test(`${name}: every mutated module exists`, async () => {
      const { mutate } = await config(name);
      assert.ok(mutate.length > 0, `${name} mutates nothing`);
      const missing = mutate.filter((entry) => !isFile(fileOf(entry)));
      assert.deepEqual(missing, [], `${name} lists modules that do not exist (moved or renamed?)`);
    });

    test(`${name}: its runner plugin exists and it runs the bundles its build part makes`, async () => {
      const { buildCommand, plugins, inProcess } = await config(name);
      for (const plugin of plugins.filter((p) => p.startsWith('.')))
        assert.ok(isFile(plugin), `${plugin} is missing`);
      const part = /mutation-build\.mjs (\w+)$/.exec(buildCommand)?.[1] as
        | keyof typeof MUTATION_TESTS
        | undefined;
      assert.ok(part && part in MUTATION_TESTS, `${name}: its buildCommand names no part of test-files.mjs`);
      const spec = MUTATION_TESTS[part];
      const bundles = [
        ...spec.dirs.map((dir) => `.mutation-build/${dir}`),
        ...spec.files.map((file) => `.mutation-build/${file.replace(/\.ts$/, '.mjs')}`),
      ];
      assert.deepEqual([...inProcess.testFiles].sort(), bundles.sort());
    });
  }

  for (const [part, spec] of Object.entries(MUTATION_TESTS)) {
    test(`the ${part} part's test files exist`, () => {
      for (const file of [...spec.files, ...spec.skip]) assert.ok(isFile(file), `${file} is missing`);
      for (const dir of spec.dirs) {
        assert.ok(existsSync(join(ROOT, dir)), `${dir} is missing`);
        const tests = readdirSync(join(ROOT, dir)).filter(
          (f) => f.endsWith('.test.ts') && !spec.skip.includes(join(dir, f)),
        );
        assert.ok(tests.length > 0, `${dir} holds no test file to run`);
      }
    });
  }

  test('the file check would see a moved module', () => {
    assert.equal(isFile(fileOf('src/app/idempotency.ts:11-25')), true);
    assert.equal(isFile(fileOf('src/app/no-such-module.ts')), false);
  });
});
