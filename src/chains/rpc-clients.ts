import {
  createDefaultRpcTransport,
  createSolanaRpcFromTransport,
  type Rpc,
  type RpcTransport,
  type SolanaRpcApi,
} from '@solana/kit';
import { createPublicClient, defineChain, http, type PublicClient, type Transport } from 'viem';
import { AppError } from '../errors/app-error.ts';
import { inSpan, SpanKind, tracingOn } from '../support/tracing.ts';
import type { Chain } from './chain-registry.ts';
import { immediateBatchHttp } from './evm/batch-transport.ts';

/** Multicall3 has the same address on every EVM chain we support, and on the local node. */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const;

export type SolanaRpc = Rpc<SolanaRpcApi>;

export interface ChainClients {
  /** A viem public client for an EVM chain; the calls made in one turn share one HTTP batch. */
  evm(chain: Chain): PublicClient;
  /**
   * The same without batching, for a call made alone on the latency path (a broadcast), which
   * need not wait for the end of the turn.
   */
  evmSingle(chain: Chain): PublicClient;
  /**
   * A batching client of its own for a payout's broadcasts (evm-payouts.ts): its batch leaves
   * alone, so the reads made meanwhile (the next part's) do not wait for the node to take every send.
   */
  evmBroadcasts(chain: Chain): PublicClient;
  solana(chain: Chain): SolanaRpc;
}

function requireRpcUrl(chain: Chain): string {
  if (!chain.rpcUrl) {
    const setting = `RPC_URL_${chain.slug.toUpperCase().replaceAll('-', '_')}`;
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `No RPC endpoint is configured for ${chain.slug} (set ${setting})`,
    );
  }
  return chain.rpcUrl;
}

/** The attributes of a JSON-RPC call's span: its method and chain, never the endpoint's URL (keys). */
const rpcAttributes = (method: string, chain: Chain) => ({
  'rpc.system': 'jsonrpc',
  'rpc.method': method,
  'chain.slug': chain.slug,
});
const RPC_SPAN = { kind: SpanKind.CLIENT, requireParent: true } as const;

/** A span per JSON-RPC call (`rpc eth_call`); within a batch, each call its own. */
function tracedTransport<T extends Transport>(transport: T, chain: Chain): T {
  return ((params: Parameters<T>[0]) => {
    const made = transport(params);
    const request: typeof made.request = (args, options) =>
      inSpan(
        `rpc ${args.method}`,
        rpcAttributes(args.method, chain),
        () => made.request(args, options),
        RPC_SPAN,
      );
    return { ...made, request };
  }) as T;
}

/**
 * One client per chain, each with the configured timeout on every call, so no request waits on a
 * slow node longer than that (errors are translated by `rpcError`).
 */
export function createChainClients(options: { timeoutMs: number }): ChainClients {
  const evmClients = new Map<string, PublicClient>();
  const solanaClients = new Map<string, SolanaRpc>();
  // Clients are made on first use, after the runtime started tracing (or not).
  const traceable = <T extends Transport>(transport: T, chain: Chain): T =>
    tracingOn() ? tracedTransport(transport, chain) : transport;
  const evmClient = (chain: Chain, batch: boolean, purpose = ''): PublicClient => {
    const url = requireRpcUrl(chain);
    const key = `${chain.slug}|${url}|${batch}|${purpose}`;
    let client = evmClients.get(key);
    if (!client) {
      client = createPublicClient({
        chain: defineChain({
          id: chain.chainId,
          name: chain.name,
          nativeCurrency: {
            name: chain.nativeSymbol,
            symbol: chain.nativeSymbol,
            decimals: chain.nativeDecimals,
          },
          rpcUrls: { default: { http: [url] } },
          contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
        }),
        transport: traceable(
          batch
            ? immediateBatchHttp(url, { timeout: options.timeoutMs })
            : http(url, { timeout: options.timeoutMs, retryCount: 0 }),
          chain,
        ),
      });
      evmClients.set(key, client);
    }
    return client;
  };
  return {
    evm: (chain) => evmClient(chain, true),
    evmSingle: (chain) => evmClient(chain, false),
    evmBroadcasts: (chain) => evmClient(chain, true, 'broadcasts'),
    solana(chain) {
      const url = requireRpcUrl(chain);
      const key = `${chain.slug}|${url}`;
      let rpc = solanaClients.get(key);
      if (!rpc) {
        const inner = createDefaultRpcTransport({ url });
        const bounded: RpcTransport = (config) =>
          inner({
            ...config,
            signal: config.signal
              ? AbortSignal.any([config.signal, AbortSignal.timeout(options.timeoutMs)])
              : AbortSignal.timeout(options.timeoutMs),
          });
        const transport: RpcTransport = tracingOn()
          ? <T>(config: Parameters<RpcTransport>[0]) => {
              const method = String((config.payload as { method?: unknown } | null)?.method ?? 'unknown');
              return inSpan(
                `rpc ${method}`,
                rpcAttributes(method, chain),
                () => bounded<T>(config),
                RPC_SPAN,
              );
            }
          : bounded;
        rpc = createSolanaRpcFromTransport(transport);
        solanaClients.set(key, rpc);
      }
      return rpc;
    },
  };
}

/** Translates a failure of a chain RPC call into 502 PROVIDER_RPC_ERROR, keeping the cause. */
export function rpcError(chain: Chain, err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { name?: string; shortMessage?: string; message?: string };
  const timedOut =
    e.name === 'TimeoutError' || e.name === 'AbortError' || /timed? ?out/i.test(e.message ?? '');
  const reason = timedOut ? 'timed out' : (e.shortMessage ?? e.message ?? 'failed').split('\n')[0];
  return new AppError(
    'PROVIDER_RPC_ERROR',
    `The ${chain.name} RPC endpoint ${timedOut ? reason : `failed: ${reason}`}`,
    {
      cause: err,
    },
  );
}
