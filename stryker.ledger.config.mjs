// The second part of `npm run test:mutation`: the spend ledger of API keys (src/app/key-spend.ts:
// reserve, standing, release, the rolling 24 hours) against test/policies/spend-ledger.test.ts,
// which runs the service on PGlite. The in-process runner starts it once per runner process (in the
// test's `before`) and reruns the tests against it for each mutant.
// Its SQL (the rule that a FAILED transaction that never landed gives its amount back) is not
// mutated by Stryker; the ledger test was shown failing with that rule changed.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  inProcess: { testFiles: ['.mutation-build/test/policies/spend-ledger.test.mjs'] },
  buildCommand: 'node scripts/mutation-build.mjs ledger',
  mutate: ['src/app/key-spend.ts'],
  timeoutMS: 60000,
  htmlReporter: { fileName: 'reports/mutation-ledger/index.html' },
  jsonReporter: { fileName: 'reports/mutation-ledger/mutation.json' },
};
