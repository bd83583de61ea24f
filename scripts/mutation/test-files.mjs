// Which tests each part of `npm run test:mutation` runs, in one place for the build
// (scripts/mutation-build.mjs) and the guard test (test/unit/mutation-config.test.ts).
export const MUTATION_TESTS = {
  /** The fast tier: pure rules, nothing started. */
  unit: {
    dirs: ['test/unit'],
    /** Pure-rule tests kept beside their feature: the tracker's step for a cancelled transaction. */
    files: ['test/control/decoding.test.ts'],
    /**
     * Left out: check-layers.test.ts runs scripts/check-layers.mjs by its path beside the test and
     * reaches no mutated module; mutation-config.test.ts reads the configs and reaches none either.
     */
    skip: ['test/unit/check-layers.test.ts', 'test/unit/mutation-config.test.ts'],
    packagesExternal: false,
  },
  /** The spend ledger (src/app/key-spend.ts and its SQL) runs the service on PGlite. */
  ledger: {
    dirs: [],
    files: ['test/policies/spend-ledger.test.ts'],
    skip: [],
    packagesExternal: true,
  },
};
