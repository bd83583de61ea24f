// Compiles every contracts/*.sol with solc-js (offline, pinned by package-lock) into
// src/evm/compiled/<Contract>.json (paths in this package), then writes the seeding plan of
// evm-localnet, src/evm/compiled/evm-seed.json, from them. Run: npm run contracts:compile
// The output is committed; running this again on unchanged sources reproduces it byte for byte.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import solc from 'solc';

interface SolcContractOutput {
  abi: unknown[];
  evm: { bytecode: { object: string }; deployedBytecode: { object: string } };
}
interface SolcOutput {
  errors?: Array<{ severity: 'error' | 'warning' | 'info'; formattedMessage: string }>;
  contracts?: Record<string, Record<string, SolcContractOutput>>;
}

const root = join(import.meta.dirname, '..');
const sourceDir = join(root, 'contracts');
const outDir = join(root, 'src/evm/compiled');

const sources: Record<string, { content: string }> = {};
for (const file of readdirSync(sourceDir).sort()) {
  if (file.endsWith('.sol')) sources[file] = { content: readFileSync(join(sourceDir, file), 'utf8') };
}

const input = {
  language: 'Solidity',
  sources,
  settings: {
    // cancun: runs on Hardhat's default hardfork and on every public chain we list.
    evmVersion: 'cancun',
    optimizer: { enabled: true, runs: 200 },
    // No metadata hash: bytecode then depends only on the code, not on comments or file paths.
    metadata: { bytecodeHash: 'none', appendCBOR: false },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
  },
};

const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
for (const e of output.errors ?? []) console.error(e.formattedMessage);
if (errors.length > 0) process.exit(1);

for (const [sourceName, contracts] of Object.entries(output.contracts ?? {})) {
  for (const [contractName, c] of Object.entries(contracts)) {
    // Interfaces (no bytecode) are only there for the contracts that call them.
    if (c.evm.bytecode.object === '') continue;
    const artifact = {
      contractName,
      sourceName: `contracts/${sourceName}`,
      compiler: `solc ${solc.version()}`,
      abi: c.abi,
      bytecode: `0x${c.evm.bytecode.object}`,
      deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
    };
    const file = join(outDir, `${contractName}.json`);
    writeFileSync(file, `${JSON.stringify(artifact, null, 2)}\n`);
    console.log(`wrote ${file.slice(root.length + 1)}`);
  }
}

// The plan that seeds a new evm-localnet (src/evm/seed-plan.ts), made from the contracts just
// written; the node runs it from this file without loading an ABI library.
const { evmSeedPlan, seedPlanFile } = await import('../src/evm/seed-plan.ts');
const { SEED_PLAN_FILE } = await import('../src/evm/seed.ts');
writeFileSync(SEED_PLAN_FILE, `${JSON.stringify(seedPlanFile(evmSeedPlan()), null, 2)}\n`);
console.log(`wrote ${SEED_PLAN_FILE.slice(root.length + 1)}`);
