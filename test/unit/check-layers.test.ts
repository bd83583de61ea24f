// `npm run check:layers` (scripts/check-layers.mjs) refuses each planted violation of issue 27's
// rules with a message naming the file, the import and the rule, and accepts the same tree without
// it. Each case is a tiny src/ tree in a temporary folder, checked by the real script: run as the
// command once (exit code and output), then through its function (fast).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { checkLayers } from '../../scripts/check-layers.mjs';

const SCRIPT = new URL('../../scripts/check-layers.mjs', import.meta.url).pathname;
const roots: string[] = [];

/** Writes the files of a src/ tree (path to content) in a new temporary folder; returns it. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-layers-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** The checker's findings on a tree: one line per problem. */
const problemsOf = (files: Record<string, string>) => checkLayers(tree(files)).problems.join('\n');

/** The command on a tree, as CI runs it. */
function run(files: Record<string, string>): { code: number | null; stdout: string; stderr: string } {
  const done = spawnSync(process.execPath, [SCRIPT, tree(files)], { encoding: 'utf8' });
  return { code: done.status, stdout: done.stdout, stderr: done.stderr };
}

/** A tree that keeps every rule: an edge, a use case, a chain adapter over the domain. */
const CLEAN = {
  'domain/wallet.ts': 'export type Wallet = { address: string };\n',
  'schemas/api-prefix.ts': "export const API_PREFIX = '/api/v1';\n",
  'chains/adapter.ts':
    "import type { Wallet } from '../domain/wallet.ts';\nexport const read = (w: Wallet) => w;\n",
  'app/wallets.ts': "import { read } from '../chains/adapter.ts';\nexport const list = read;\n",
  'http/routes.ts':
    "import { list } from '../app/wallets.ts';\nimport { API_PREFIX } from '../schemas/api-prefix.ts';\nexport { list, API_PREFIX };\n",
  'mcp/tools.ts': "import { API_PREFIX } from '../schemas/api-prefix.ts';\nexport const base = API_PREFIX;\n",
  'cli/main.ts': "import { list } from '../app/wallets.ts';\nexport { list };\n",
};

describe('check:layers', () => {
  after(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  test('the command accepts a tree that keeps every rule, and exits 1 naming a planted violation', () => {
    const clean = run(CLEAN);
    assert.equal(clean.code, 0, clean.stderr);
    assert.match(clean.stdout, /no edge importing another/);
    const planted = run({
      ...CLEAN,
      'mcp/tools.ts': "import { API_PREFIX } from '../http/routes.ts';\nexport const base = API_PREFIX;\n",
    });
    assert.equal(planted.code, 1);
    assert.match(
      planted.stderr,
      /^edge imports another edge: src\/mcp\/tools\.ts -> src\/http\/routes\.ts \(mcp\/ and http\/ are both edges: move what they share below them/m,
    );
    assert.match(planted.stderr, /^1 layer problem\(s\) in 7 modules$/m);
  });

  test('refuses an edge importing another edge, statically or through import()', () => {
    assert.equal(checkLayers(tree(CLEAN)).problems.length, 0);
    assert.match(
      problemsOf({ ...CLEAN, 'http/routes.ts': "export type { base } from '../mcp/tools.ts';\n" }),
      /edge imports another edge: src\/http\/routes\.ts -> src\/mcp\/tools\.ts/,
    );
    assert.match(
      problemsOf({
        ...CLEAN,
        'cli/main.ts': "export const run = async () => (await import('../mcp/tools.ts')).base;\n",
      }),
      /edge imports another edge: src\/cli\/main\.ts -> src\/mcp\/tools\.ts/,
    );
  });

  test('refuses chains/ importing store/ or app/', () => {
    assert.match(
      problemsOf({
        ...CLEAN,
        'store/rows.ts': 'export type Row = { id: string };\n',
        'chains/adapter.ts':
          "import type { Row } from '../store/rows.ts';\nexport const read = (r: Row) => r;\n",
      }),
      /chains\/ imports store\/: src\/chains\/adapter\.ts -> src\/store\/rows\.ts/,
    );
    assert.match(
      problemsOf({
        ...CLEAN,
        'chains/helper.ts': "import type { list } from '../app/wallets.ts';\nexport type L = typeof list;\n",
      }),
      /chains\/ imports app\/: src\/chains\/helper\.ts -> src\/app\/wallets\.ts/,
    );
  });

  test('refuses app/ importing a chain SDK, a path inside one, or a type from one', () => {
    for (const [specifier, statement] of [
      ['viem', "import { parseEther } from 'viem';\nexport const x = parseEther;\n"],
      [
        'viem/accounts',
        "import { privateKeyToAccount } from 'viem/accounts';\nexport const x = privateKeyToAccount;\n",
      ],
      ['@solana/kit', "import type { Address } from '@solana/kit';\nexport type A = Address;\n"],
      ['@solana-program/token', "export { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';\n"],
      ['ox', "import { Hex } from 'ox';\nexport const h = Hex;\n"],
      ['abitype', "import type { Abi } from 'abitype';\nexport type X = Abi;\n"],
    ] as const) {
      const found = problemsOf({ ...CLEAN, 'app/amounts.ts': statement });
      assert.ok(
        found.includes(`app/ imports a chain SDK: src/app/amounts.ts -> ${specifier}`),
        `${specifier}: ${found}`,
      );
    }
    // A package whose name merely starts like one is not a chain SDK.
    assert.equal(problemsOf({ ...CLEAN, 'app/other.ts': "import 'oxford-comma';\n" }), '');
  });
});
