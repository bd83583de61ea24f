export interface MutationTestPart {
  /** Folders whose *.test.ts files are bundled. */
  dirs: string[];
  /** Single test files bundled. */
  files: string[];
  /** Test files of those folders left out. */
  skip: string[];
  /** Whether libraries stay in node_modules instead of being bundled. */
  packagesExternal: boolean;
}
export const MUTATION_TESTS: Record<'unit' | 'ledger', MutationTestPart>;
