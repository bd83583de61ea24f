/**
 * The baseline of the simulate benchmark: what a client asks the node itself before a native send,
 * `eth_estimateGas` and `eth_call` for the same transaction (sent together, as a client in a hurry
 * would), through viem, in a process that loads viem and nothing else of ours.
 *
 *   node --import ./module-census.mjs viem-estimate.mjs   (BENCH_RPC_URL, BENCH_FROM)
 *
 * Prints one JSON line when ready (its pid and what it loaded), then for each line read on stdin
 * (`estimate`), asks both for 1000 wei to a new address and prints the milliseconds it took.
 */
import { createInterface } from 'node:readline';
import { createPublicClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { census } from './module-census.mjs';

const client = createPublicClient({ transport: http(process.env.BENCH_RPC_URL ?? '') });
const account = process.env.BENCH_FROM;

process.stdout.write(`${JSON.stringify({ pid: process.pid, census: await census() })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== 'estimate') continue;
  const request = { account, to: privateKeyToAddress(generatePrivateKey()), value: 1000n };
  const started = performance.now();
  await Promise.all([client.estimateGas(request), client.call(request)]);
  process.stdout.write(`${(performance.now() - started).toFixed(3)}\n`);
}
