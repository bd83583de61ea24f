// One running service for a balance test file: real devnet behind counting proxies, a clock the
// test moves, and helpers to make users and read their balances over HTTP.
import type { WalletBalance } from '../../src/app/balances/balances-service.ts';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { ManualClock } from '../../src/support/clock.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type DevnetInfo, useDevnet } from '../support/devnet.ts';
import { type CountingProxy, countingProxy } from './rpc-servers.ts';

export interface BalanceUser {
  key: string;
  userId: string;
  evm: `0x${string}`;
  solana: string;
}

/** A balances answer, or an error envelope (then `balances` is absent). */
export interface Answer {
  status: number;
  body: { balances: WalletBalance[]; code?: string; error?: string };
}

export interface Harness {
  app: TestApp;
  devnet: DevnetInfo;
  clock: ManualClock;
  evmRpc: CountingProxy;
  solanaRpc: CountingProxy;
  newUser(): Promise<BalanceUser>;
  /** GET the path with the user's key; returns status and parsed body. */
  get(user: BalanceUser, path: string): Promise<Answer>;
  stop(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const devnet = await useDevnet();
  const evmRpc = await countingProxy(devnet.evm.rpcUrl);
  const solanaRpc = await countingProxy(devnet.solana.rpcUrl);
  const clock = new ManualClock();
  const app = await startTestApp({
    clock,
    chains: createChainRegistry(
      {},
      { 'evm-localnet': { rpcUrl: evmRpc.url }, 'solana-localnet': { rpcUrl: solanaRpc.url } },
    ),
    // Tests read more often than a user's 60 per minute.
    env: { RATE_LIMIT_READ_PER_MINUTE: '100000' },
  });
  return {
    app,
    devnet,
    clock,
    evmRpc,
    solanaRpc,
    async newUser() {
      const { key, userId } = await app.newUser();
      const wallets = await app.services.wallets.listAll(userId);
      return {
        key,
        userId,
        evm: wallets.find((w) => w.chainType === 'ethereum')!.address as `0x${string}`,
        solana: wallets.find((w) => w.chainType === 'solana')!.address,
      };
    },
    async get(user, path) {
      const res = await app.get(path, user.key);
      return { status: res.status, body: (await res.json()) as Answer['body'] };
    },
    async stop() {
      await app.stop();
      await evmRpc.close();
      await solanaRpc.close();
    },
  };
}

/** The balance of one asset in a balances answer: `native` or a token address / mint. */
export function find(body: Answer['body'], token: string): WalletBalance | undefined {
  return body.balances.find((b) =>
    token === 'native' ? b.asset === 'native' : b.token?.toLowerCase() === token.toLowerCase(),
  );
}
