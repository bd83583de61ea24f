// A Stryker test runner (`testRunner: 'in-process'`) for the mutation bundles of
// scripts/mutation-build.mjs: each test file is imported once per runner process and its tests are
// run again for every mutant, with the mutant switched on at run time (Stryker's instrumented code
// reads `__stryker__.activeMutant` on every call). The tap runner it replaces started one `node`
// process per test file per mutant (a quarter to half a second each, and a file's whole test list),
// which made a full run take about an hour on this 2-core machine.
//
// Coverage is per test. What a file runs while it loads (module top-levels: tables, ABIs) and in its
// `before` hooks is its setup; a mutant there is counted as covered by each of the file's tests, and
// for such a mutant the file is loaded afresh with the mutant on, so it sees the mutated setup as a
// separate process would. A mutant that makes such a load or a `before` hook throw fails the file's
// tests in any run, so it is reported killed by the file's first test (the tap runner reported it as
// a runtime error, left out of the score, when that file happened to run first).
// Fresh copies stay in Node's module map for the life of the runner process: about 1 GB per runner
// at the end of the whole scope. A mutant that hangs is ended by Stryker's timeout, which restarts
// the runner process.
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { INSTRUMENTER_CONSTANTS as ID } from '@stryker-mutator/api/core';
import { commonTokens, declareClassPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import {
  DryRunStatus,
  determineHitLimitReached,
  MutantRunStatus,
  TestStatus,
  toMutantRunResult,
} from '@stryker-mutator/api/test-runner';

/** The bundles to run: `.mjs` files, or folders whose `*.test.mjs` files are taken. */
function listBundles(entries) {
  return entries.flatMap((entry) =>
    entry.endsWith('.mjs')
      ? [entry]
      : readdirSync(entry)
          .filter((name) => name.endsWith('.test.mjs'))
          .sort()
          .map((name) => join(entry, name)),
  );
}

/** `.mutation-build/test/unit/x.test.mjs` -> `test/unit/x.test.ts`, the name reports show. */
const sourceName = (bundle) => relative('.mutation-build', bundle).replace(/\.mjs$/, '.ts');

const message = (err) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 2000);

class LoadError extends Error {}

export class InProcessTestRunner {
  static inject = tokens(commonTokens.options, commonTokens.logger);
  loads = 0;
  /** @type {Map<string, Awaited<ReturnType<InProcessTestRunner['load']>>>} */
  files = new Map();
  stray = undefined;

  constructor(options, log) {
    this.log = log;
    this.bundles = listBundles(options.inProcess?.testFiles ?? []);
    if (this.bundles.length === 0) throw new Error('in-process runner: inProcess.testFiles lists no bundle');
  }

  capabilities() {
    return { reloadEnvironment: true };
  }

  async init() {
    globalThis[ID.NAMESPACE] ??= {};
    this.ns = globalThis[ID.NAMESPACE];
    // The instrumented code keeps a reference to this object: only its fields are replaced.
    this.ns[ID.MUTATION_COVERAGE_OBJECT] ??= {};
    this.cov = this.ns[ID.MUTATION_COVERAGE_OBJECT];
    this.resetCoverage();
    // A rejection or throw outside a test's own promise (a timer a mutant broke) fails the running test.
    process.on('unhandledRejection', (err) => {
      this.stray ??= err;
    });
    process.on('uncaughtException', (err) => {
      this.stray ??= err;
    });
  }

  async dispose() {
    for (const file of this.files.values()) await this.unload(file);
    this.files.clear();
  }

  resetCoverage() {
    this.cov.static = {};
    this.cov.perTest = {};
  }

  /**
   * Imports a bundle afresh (a new URL each time, so every module in it is new) and runs its `before`
   * hooks. Returns its tests and its setup coverage (what loading and the hooks ran).
   */
  async load(bundle) {
    this.resetCoverage();
    globalThis.__mutationTestRoot = undefined;
    const url = `${pathToFileURL(resolve(bundle)).href}?load=${this.loads++}`;
    const tests = [];
    const suites = [];
    try {
      await import(url);
      const root = globalThis.__mutationTestRoot;
      if (!root) throw new Error(`${bundle} did not register through the node:test stand-in`);
      const seen = new Map();
      const walk = (suite, path) => {
        suites.push(suite);
        for (const child of suite.children) {
          if ('suite' in child) walk(child.suite, [...path, child.suite.name]);
          else {
            const base = [sourceName(bundle), ...path, child.test.name].join(' > ');
            const n = (seen.get(base) ?? 0) + 1;
            seen.set(base, n);
            tests.push({
              ...child.test,
              id: n === 1 ? base : `${base} #${n}`,
              name: [...path, child.test.name].join(' > '),
            });
          }
        }
      };
      walk(root, []);
      for (const suite of suites) for (const hook of suite.before) await hook();
    } catch (err) {
      throw new LoadError(`${sourceName(bundle)} failed to load: ${message(err)}`);
    }
    const setup = this.cov.static;
    this.resetCoverage();
    return { bundle, tests, suites, setup };
  }

  async unload(file) {
    for (const suite of [...file.suites].reverse()) {
      for (const hook of suite.after) {
        try {
          await hook();
        } catch (err) {
          this.log.warn(`after hook of ${file.bundle}: ${message(err)}`);
        }
      }
    }
  }

  async loaded(bundle) {
    let file = this.files.get(bundle);
    if (!file) {
      file = await this.load(bundle);
      this.files.set(bundle, file);
    }
    return file;
  }

  async runTest(test) {
    const hooks = [];
    for (let s = test.suite; s; s = s.parent) hooks.unshift(s);
    this.stray = undefined;
    this.ns[ID.CURRENT_TEST_ID] = test.id;
    const started = performance.now();
    let failure;
    try {
      for (const s of hooks) for (const hook of s.beforeEach) await hook();
      await test.fn();
      for (const s of [...hooks].reverse()) for (const hook of s.afterEach) await hook();
      // Let a rejection the test left behind surface before the verdict.
      await new Promise((done) => setImmediate(done));
      if (this.stray !== undefined) failure = `after the test: ${message(this.stray)}`;
    } catch (err) {
      failure = message(err);
    } finally {
      this.ns[ID.CURRENT_TEST_ID] = undefined;
    }
    const generic = {
      id: test.id,
      name: test.name,
      timeSpentMs: performance.now() - started,
      fileName: test.fileName,
    };
    return failure === undefined
      ? { ...generic, status: TestStatus.Success }
      : { ...generic, status: TestStatus.Failed, failureMessage: failure };
  }

  async dryRun(options) {
    this.ns[ID.ACTIVE_MUTANT] = undefined;
    delete this.ns[ID.HIT_LIMIT];
    delete this.ns[ID.HIT_COUNT];
    const results = [];
    const perTest = {};
    const all = {};
    try {
      for (const bundle of this.bundles) {
        const file = await this.loaded(bundle);
        for (const test of file.tests) {
          test.fileName = sourceName(bundle);
          const result = await this.runTest(test);
          test.ms = result.timeSpentMs;
          results.push(result);
          const covered = { ...this.cov.perTest[test.id], ...file.setup };
          perTest[test.id] = covered;
          Object.assign(all, covered);
          if (result.status === TestStatus.Failed && !options.disableBail) break;
        }
        this.resetCoverage();
      }
    } catch (err) {
      return { status: DryRunStatus.Error, errorMessage: message(err) };
    }
    const mutantCoverage =
      options.coverageAnalysis === 'perTest' ? { static: {}, perTest } : { static: all, perTest: {} };
    return { status: DryRunStatus.Complete, tests: results, mutantCoverage };
  }

  async mutantRun(options) {
    const mutant = options.activeMutant.id;
    const filter = options.testFilter ? new Set(options.testFilter) : undefined;
    const shared = [];
    const fresh = [];
    try {
      for (const bundle of this.bundles) {
        const file = await this.loaded(bundle);
        const tests = file.tests.filter((test) => !filter || filter.has(test.id));
        if (tests.length === 0) continue;
        if (file.setup[mutant] === undefined) shared.push(...tests.map((test) => ({ file, tests: [test] })));
        else fresh.push({ file, tests, fresh: true });
      }
    } catch (err) {
      return { status: MutantRunStatus.Error, errorMessage: message(err) };
    }
    // Quickest first (as last seen in this process): a killed mutant stops at its first failing test.
    // Files to load afresh come last.
    const cost = (step) => step.tests.reduce((sum, test) => sum + (test.ms ?? 0), 0);
    shared.sort((a, b) => cost(a) - cost(b));
    fresh.sort((a, b) => cost(a) - cost(b));
    const plan = [...shared, ...fresh];

    const results = [];
    const ns = this.ns;
    if (options.hitLimit !== undefined) {
      ns[ID.HIT_LIMIT] = options.hitLimit;
      ns[ID.HIT_COUNT] = 0;
    } else {
      delete ns[ID.HIT_LIMIT];
      delete ns[ID.HIT_COUNT];
    }
    ns[ID.ACTIVE_MUTANT] = mutant;
    try {
      run: for (const step of plan) {
        let file = step.file;
        let tests = step.tests;
        if (step.fresh) {
          try {
            file = await this.load(file.bundle);
          } catch (err) {
            if (!(err instanceof LoadError)) throw err;
            // The file's tests would fail in any run: its first test is reported as the one failing.
            const [first] = step.tests;
            results.push({
              id: first.id,
              name: first.name,
              fileName: sourceName(step.file.bundle),
              timeSpentMs: 0,
              status: TestStatus.Failed,
              failureMessage: err.message,
            });
            if (options.disableBail) continue;
            break;
          }
          const ids = new Set(tests.map((test) => test.id));
          tests = file.tests.filter((test) => ids.has(test.id));
        }
        try {
          for (const test of tests) {
            test.fileName = sourceName(file.bundle);
            const result = await this.runTest(test);
            results.push(result);
            if (!step.fresh) test.ms = result.timeSpentMs;
            if (result.status === TestStatus.Failed && !options.disableBail) break run;
          }
        } finally {
          if (step.fresh) await this.unload(file);
        }
      }
    } finally {
      ns[ID.ACTIVE_MUTANT] = undefined;
      this.resetCoverage();
    }
    const hitLimit = determineHitLimitReached(ns[ID.HIT_COUNT], options.hitLimit);
    if (hitLimit) return hitLimit;
    return toMutantRunResult({ status: DryRunStatus.Complete, tests: results });
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.TestRunner, 'in-process', InProcessTestRunner)];

export const strykerValidationSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    inProcess: {
      type: 'object',
      description: 'Options of the in-process runner (scripts/mutation/in-process-runner.mjs).',
      properties: {
        testFiles: {
          type: 'array',
          items: { type: 'string' },
          description: 'Test bundles (.mjs) or folders of *.test.mjs bundles, relative to the sandbox.',
        },
      },
      additionalProperties: false,
    },
  },
};
