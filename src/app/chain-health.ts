import type { ChainHealth } from '../chains/chain-adapter.ts';
import type { ChainRegistry } from '../chains/chain-registry.ts';
import type { ChainFamilies } from '../chains/families.ts';
import type { Clock } from '../support/clock.ts';

export type ChainHealthReport = Record<
  string,
  ({ reachable: true } & ChainHealth) | { reachable: false; error: string }
>;

/** How long one reading serves /readyz: load balancers ask often, RPC endpoints are not ours. */
const TTL_MS = 10_000;
const PROBE_TIMEOUT_MS = 2000;

/**
 * Each configured chain's RPC health for /readyz: reachable, latest block and its age. Read at most
 * every 10 s, every probe bounded, so readiness checks never wait on a slow endpoint for long.
 */
export function chainHealthService(deps: {
  chains: ChainRegistry;
  families: Pick<ChainFamilies, 'of'>;
  clock: Clock;
}) {
  let cached: { at: number; report: Promise<ChainHealthReport> } | null = null;

  async function probe(): Promise<ChainHealthReport> {
    const chains = deps.chains.list().filter((c) => c.rpcUrl);
    const entries = await Promise.all(
      chains.map(async (chain) => {
        const family = deps.families.of(chain);
        try {
          const health = await Promise.race([
            family.health(chain),
            new Promise<never>((_, reject) =>
              setTimeout(
                () => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)),
                PROBE_TIMEOUT_MS,
              ).unref(),
            ),
          ]);
          return [chain.slug, { reachable: true as const, ...health }] as const;
        } catch (err) {
          const message = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? 'failed';
          return [chain.slug, { reachable: false as const, error: message.slice(0, 200) }] as const;
        }
      }),
    );
    return Object.fromEntries(entries);
  }

  return {
    report(): Promise<ChainHealthReport> {
      const now = deps.clock.now().getTime();
      if (!cached || now - cached.at > TTL_MS) cached = { at: now, report: probe() };
      return cached.report;
    },
  };
}

export type ChainHealthService = ReturnType<typeof chainHealthService>;
