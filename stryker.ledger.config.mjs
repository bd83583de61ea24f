// The second part of `npm run test:mutation`: the spend ledger of API keys (src/app/key-spend.ts:
// reserve, standing, release, the rolling 24 hours) against test/policies/spend-ledger.test.ts,
// which runs the service on PGlite (about 5 s a run, so only this module's mutants pay for it).
// Its SQL (the rule that a FAILED transaction that never landed gives its amount back) is not
// mutated by Stryker; the ledger test was shown failing with that rule changed.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  tap: { ...base.tap, testFiles: ['.mutation-build/test/policies/spend-ledger.test.mjs'] },
  mutate: ['src/app/key-spend.ts'],
  timeoutMS: 60000,
  htmlReporter: { fileName: 'reports/mutation-ledger/index.html' },
  jsonReporter: { fileName: 'reports/mutation-ledger/mutation.json' },
};
