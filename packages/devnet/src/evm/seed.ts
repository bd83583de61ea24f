// Seeds a new evm-localnet inside the Hardhat node's own process (node-child.ts), before it reports
// ready, by running the plan compiled/evm-seed.json holds (seed-plan.ts makes it) against the node's
// in-process provider. Over HTTP from the service, with local signing, fee lookups and gas
// estimates, seeding took 0.4-0.5 s of the service's own start-up; here it takes about 0.1 s of
// the node's, beside it, and needs no ABI library (viem through the TypeScript loader alone took
// 1.3 s to load).
import { readFileSync } from 'node:fs';
import { sourcePath } from '../package-paths.ts';
import type { SeedStep } from './seed-plan.ts';

/** An EIP-1193 `request`: the node's own provider. */
export type NodeRequest = (args: { method: string; params?: unknown[] }) => Promise<unknown>;

export const SEED_PLAN_FILE = sourcePath('evm', 'compiled', 'evm-seed.json');

export async function seedEvmChain(request: NodeRequest): Promise<void> {
  const plan = JSON.parse(readFileSync(SEED_PLAN_FILE, 'utf8')) as { steps: SeedStep[] };
  for (const [i, step] of plan.steps.entries()) {
    const result = await request({ method: step.method, params: step.params });
    if (!step.receipt) continue;
    const receipt = (await request({ method: 'eth_getTransactionReceipt', params: [result] })) as {
      status: string;
      contractAddress: string | null;
    } | null;
    if (receipt?.status !== '0x1')
      throw new Error(`evm devnet: seeding step ${i} (transaction ${String(result)}) reverted`);
    const expected = step.receipt.contractAddress;
    if (expected && receipt.contractAddress?.toLowerCase() !== expected.toLowerCase())
      throw new Error(
        `evm devnet: seeding step ${i} deployed at ${receipt.contractAddress}, not ${expected}: the node is not new, or compiled/evm-seed.json is stale (npm run contracts:compile)`,
      );
  }
}
