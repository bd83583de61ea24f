/**
 * The baseline of the send benchmark: viem's `sendTransaction` from a local account, in a process
 * that loads viem and nothing else of ours (plain node, no TypeScript loader, no bundling).
 *
 *   node --import ./module-census.mjs viem-send.mjs   (BENCH_RPC_URL, BENCH_CHAIN_ID, BENCH_PRIVATE_KEY)
 *
 * Prints one JSON line when ready (its pid and what it loaded: module-census.mjs), then for each
 * line read on stdin, `direct` (no batching) or `batched` (viem's JSON-RPC batching on), sends
 * 1000 wei to a new address and prints the milliseconds it took. The sender interleaves these
 * with its API requests, so both sides meet the same moments of the machine.
 */
import { createInterface } from 'node:readline';
import { createWalletClient, defineChain, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { census } from './module-census.mjs';

const rpcUrl = process.env.BENCH_RPC_URL ?? '';
const chain = defineChain({
  id: Number(process.env.BENCH_CHAIN_ID),
  name: 'EVM Localnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
});
const account = privateKeyToAccount(process.env.BENCH_PRIVATE_KEY ?? generatePrivateKey());
const clients = {
  direct: createWalletClient({ account, chain, transport: http(rpcUrl) }),
  batched: createWalletClient({ account, chain, transport: http(rpcUrl, { batch: true }) }),
};

process.stdout.write(`${JSON.stringify({ pid: process.pid, census: await census() })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const client = clients[line.trim()];
  if (!client) continue;
  const started = performance.now();
  await client.sendTransaction({ to: privateKeyToAddress(generatePrivateKey()), value: 1000n });
  process.stdout.write(`${(performance.now() - started).toFixed(3)}\n`);
}
