// Mutation testing of the rules that move money (issue 33): `npm run test:mutation`.
//
// Runner: @stryker-mutator/tap-runner. It runs each test file as its own `node` process with Node's
// TAP reporter (node:test prints TAP with --test-reporter=tap), records which mutants each file
// reaches, and for each mutant reruns only the files that reached it; the command runner has no
// coverage analysis and would rerun the whole tier for every mutant.
// The test files run as bundles (scripts/mutation-build.mjs, Stryker's buildCommand, built from the
// instrumented sandbox): a file starts in about half a second instead of 2-4 s through tsx.
// The fast tier runs (test/unit: pure rules, nothing started).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'tap',
  plugins: ['@stryker-mutator/tap-runner'],
  tap: {
    testFiles: ['.mutation-build/test/unit/*.test.mjs'],
    nodeArgs: ['--test-reporter=tap', '-r', '{{hookFile}}', '{{testFile}}'],
  },
  buildCommand: 'node scripts/mutation-build.mjs',
  mutate: [
    'src/chains/evm/evm-outcomes.ts',
    'src/chains/solana/solana-outcomes.ts',
    'src/chains/evm/nonce-rules.ts',
    'src/app/transactions/tracker-rules.ts',
    'src/chains/read-evidence.ts',
    'src/chains/evm/evm-evidence.ts',
    'src/chains/solana/solana-evidence.ts',
    'src/app/key-policies.ts',
    'src/app/key-write-rules.ts',
    'src/chains/evm/call-effects.ts',
    'src/chains/solana/swap-checks.ts',
    'src/chains/solana/jupiter-route-checks.ts',
    'src/chains/evm/swap-checks.ts',
    // The request fingerprint of idempotency (its settlement runs on the database, outside this
    // run). The spend ledger (src/app/key-spend.ts) has a run of its own: stryker.ledger.config.mjs.
    'src/app/idempotency.ts:11-25',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 10000,
  ignorePatterns: [
    '.mutation-build',
    'data',
    'test-output',
    'dist',
    'reports',
    '.ci',
    'bench',
    'examples',
    'docs',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
