// Private development nodes for tests that change a chain for everyone on it (automine off, base-fee
// spikes, reorgs, slot jumps): the shared development network must never see those.
import { createSolanaRpc } from '@solana/kit';
import { startEvmNode } from '@wallet-api/devnet/evm/evm-node';
import { solanaRpc } from '@wallet-api/devnet/solana/client';
import { fundSolana } from '@wallet-api/devnet/solana/fund';
import { seedSolana } from '@wallet-api/devnet/solana/seed';
import { startSolanaNode } from '@wallet-api/devnet/solana/solana-node';
import pino from 'pino';
import { type Address, createPublicClient, http, type PublicClient } from 'viem';

async function jsonRpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

export interface PrivateEvm {
  url: string;
  client: PublicClient;
  rpc(method: string, params?: unknown[]): Promise<unknown>;
  /** Sets an address's balance in wei. */
  fund(address: Address, wei: bigint): Promise<void>;
  /** Mines one block. */
  mine(): Promise<void>;
  automine(on: boolean): Promise<void>;
  /** The next block's base fee, then mines it. */
  setBaseFee(wei: bigint): Promise<void>;
  stop(): Promise<void>;
}

/** A Hardhat node of its own (chain 31337, like evm-localnet). */
export async function startPrivateEvm(): Promise<PrivateEvm> {
  const node = await startEvmNode({ logger: pino({ level: 'silent' }) });
  const rpc = (method: string, params: unknown[] = []) => jsonRpc(node.url, method, params);
  return {
    url: node.url,
    client: createPublicClient({ transport: http(node.url) }),
    rpc,
    fund: async (address, wei) => {
      await rpc('hardhat_setBalance', [address, `0x${wei.toString(16)}`]);
    },
    mine: async () => {
      await rpc('evm_mine');
    },
    automine: async (on) => {
      await rpc('evm_setAutomine', [on]);
    },
    setBaseFee: async (wei) => {
      await rpc('hardhat_setNextBlockBaseFeePerGas', [`0x${wei.toString(16)}`]);
      await rpc('evm_mine');
    },
    stop: () => node.stop(),
  };
}

export interface PrivateSolana {
  url: string;
  rpc: ReturnType<typeof createSolanaRpc>;
  /** Moves the slot clock (and block height) forward, expiring blockhashes. */
  advanceSlots(slots: number): Promise<void>;
  /** Airdrops lamports. */
  fund(address: string, lamports: bigint): Promise<void>;
  stop(): Promise<void>;
  mints: Awaited<ReturnType<typeof seedSolana>>;
}

/** A LiteSVM Solana node of its own, seeded with the test mints. */
export async function startPrivateSolana(): Promise<PrivateSolana> {
  const node = await startSolanaNode({ logger: pino({ level: 'silent' }) });
  const mints = await seedSolana(solanaRpc(node.url));
  return {
    url: node.url,
    rpc: createSolanaRpc(node.url),
    mints,
    advanceSlots: async (slots) => {
      await jsonRpc(node.url, 'devnet_advanceSlots', [slots]);
    },
    fund: (address, amount) => fundSolana(solanaRpc(node.url), { address, amount }),
    stop: () => node.stop(),
  };
}
