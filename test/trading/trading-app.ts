// The real service wired to the shared development network with trading on: evm-localnet and
// solana-localnet trade through the devnet's local aggregator, as `npm start` wires them.
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import type { TestApp } from '../support/app.ts';
import { startTestApp } from '../support/app.ts';
import type { DevnetInfo } from '../support/devnet.ts';

/**
 * `info` comes from `useDevnet()`, in a test file that declares `// @needs devnet` (the runner starts
 * the shared network for such files only; useDevnet refuses the others).
 */
export async function startTradingApp(info: DevnetInfo, env: Record<string, string> = {}): Promise<TestApp> {
  const chains = createChainRegistry(
    {},
    {
      'evm-localnet': {
        rpcUrl: info.evm.rpcUrl,
        trading: true,
        aggregatorUrl: info.aggregator.oneinchApiUrl,
      },
      'solana-localnet': {
        rpcUrl: info.solana.rpcUrl,
        trading: true,
        aggregatorUrl: info.aggregator.jupiterApiUrl,
        swapPayees: info.solana.pools.map((p) => p.address),
      },
    },
  );
  const app = await startTestApp({
    chains,
    env: {
      RATE_LIMIT_READ_PER_MINUTE: '100000',
      RATE_LIMIT_WRITE_PER_MINUTE: '100000',
      TRACKER_INTERVAL_MS: '200',
      RPC_TIMEOUT_MS: '5000',
      ...env,
    },
  });
  return app;
}

/** A token balance (or the native one, token null) read through GET /wallets/balances, fresh. */
export async function balanceOf(
  app: TestApp,
  key: string,
  chain: string,
  address: string,
  token: string | null,
) {
  const query = new URLSearchParams({ chain, address, fresh: 'true', includeZero: 'true' });
  if (token) query.set('tokens', token);
  const res = await app.get(`/api/v1/wallets/balances?${query}`, key);
  if (res.status !== 200) throw new Error(`balances: ${res.status} ${await res.text()}`);
  const { balances } = (await res.json()) as { balances: { token: string | null; raw: string }[] };
  const entry = balances.find((b) =>
    token ? b.token?.toLowerCase() === token.toLowerCase() : b.token === null,
  );
  return BigInt(entry?.raw ?? '0');
}
