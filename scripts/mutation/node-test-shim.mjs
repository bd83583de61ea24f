// Stands in for `node:test` inside the mutation bundles (scripts/mutation-build.mjs aliases it):
// `describe`, `test` and the hooks record the file's tests as a tree instead of running them, so
// the in-process runner (scripts/mutation/in-process-runner.mjs) can run them again for every
// mutant without starting a process. Only what the mutated tiers use is here; anything else
// (skip, only, todo, a test context) fails the build or the dry run loudly instead of being skipped.

/** @typedef {{ name: string, parent: Suite | null, children: Array<{ suite: Suite } | { test: Test }>, before: Function[], after: Function[], beforeEach: Function[], afterEach: Function[] }} Suite */
/** @typedef {{ name: string, fn: Function, suite: Suite }} Test */

/** @returns {Suite} */
function newSuite(name, parent) {
  return { name, parent, children: [], before: [], after: [], beforeEach: [], afterEach: [] };
}

const root = newSuite('', null);
let current = root;

function parse(args) {
  const [a, b, c] = args;
  const [name, options, fn] =
    typeof a === 'function' ? [a.name, {}, a] : typeof b === 'function' ? [a, {}, b] : [a, b ?? {}, c];
  for (const refused of ['skip', 'todo', 'only']) {
    if (options[refused]) throw new Error(`mutation runner: "${name}" asks for ${refused}; not supported`);
  }
  if (typeof fn !== 'function') throw new Error(`mutation runner: "${name}" has no function`);
  return { name: String(name ?? '<anonymous>'), fn };
}

export function describe(...args) {
  const { name, fn } = parse(args);
  const suite = newSuite(name, current);
  current.children.push({ suite });
  const outer = current;
  current = suite;
  try {
    const result = fn();
    if (result && typeof result.then === 'function') {
      throw new Error(`mutation runner: describe("${name}") is async; not supported`);
    }
  } finally {
    current = outer;
  }
}

export function test(...args) {
  const { name, fn } = parse(args);
  current.children.push({ test: { name, fn, suite: current } });
}

export const it = test;
export const suite = describe;
export const before = (fn) => current.before.push(fn);
export const after = (fn) => current.after.push(fn);
export const beforeEach = (fn) => current.beforeEach.push(fn);
export const afterEach = (fn) => current.afterEach.push(fn);

// The runner imports one bundle at a time and takes the tree it left here.
globalThis.__mutationTestRoot = root;
