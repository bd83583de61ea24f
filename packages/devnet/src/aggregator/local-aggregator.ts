// The local aggregator of the development network (DESIGN B4): one loopback HTTP server speaking the
// 1inch Classic Swap API under /1inch and the Jupiter Swap API v1 under /jupiter/swap/v1, quoting from
// and building swaps against the real pools of evm-localnet and solana-localnet. The service's
// production 1inch and Jupiter adapters are pointed at it by configuration, so trading runs offline.
import { createDefaultRpcTransport, createSolanaRpcFromTransport, type RpcTransport } from '@solana/kit';
import type { SolanaPool } from '../solana/swap-pools.ts';
import { type ApiRequest, type ApiResponse, listenJson } from './http.ts';
import { jupiterApi } from './jupiter-api.ts';
import { oneInchApi, oneInchError } from './oneinch-api.ts';
import { solanaSwaps } from './solana-swaps.ts';

export interface LocalAggregatorOptions {
  /** 0 or absent: a free port. */
  port?: number | undefined;
  evmRpcUrl: string;
  evmChainId: number;
  solanaRpcUrl: string;
  solanaPools: SolanaPool[];
}

export interface LocalAggregator {
  url: string;
  /** What ONEINCH_API_URL would be (paths continue with /swap/v6.0/31337/...). */
  oneinchApiUrl: string;
  /** What JUPITER_API_URL would be (paths continue with /quote, /swap). */
  jupiterApiUrl: string;
  close(): Promise<void>;
}

const ONEINCH_PATH = /^\/1inch\/swap\/(v6\.\d+)\/([^/]+)(\/.*)$/;
const JUPITER_PREFIX = '/jupiter/swap/v1';
const RPC_TIMEOUT_MS = 10_000;

export async function startLocalAggregator(opts: LocalAggregatorOptions): Promise<LocalAggregator> {
  const inner = createDefaultRpcTransport({ url: opts.solanaRpcUrl });
  const transport: RpcTransport = (config) =>
    inner({
      ...config,
      signal: config.signal
        ? AbortSignal.any([config.signal, AbortSignal.timeout(RPC_TIMEOUT_MS)])
        : AbortSignal.timeout(RPC_TIMEOUT_MS),
    });
  const jupiter = jupiterApi(solanaSwaps(createSolanaRpcFromTransport(transport), opts.solanaPools));
  const oneinch = oneInchApi({ rpcUrl: opts.evmRpcUrl, chainId: opts.evmChainId });
  let base = '';

  const handler = async (req: ApiRequest): Promise<ApiResponse | null> => {
    const match = ONEINCH_PATH.exec(req.path);
    if (match && req.method === 'GET') return oneinch(match[2] ?? '', match[3] ?? '', req.query);
    if (req.path === `${JUPITER_PREFIX}/quote` && req.method === 'GET') return jupiter.quote(req.query);
    if (req.path === `${JUPITER_PREFIX}/swap` && req.method === 'POST') return jupiter.swap(req.body);
    if (req.path === `${JUPITER_PREFIX}/program-id-to-label` && req.method === 'GET')
      return { status: 200, body: Object.fromEntries(opts.solanaPools.map((p) => [p.id, 'Devnet CPMM'])) };
    if (req.path === '/' && req.method === 'GET')
      return {
        status: 200,
        body: { oneinchApiUrl: `${base}/1inch`, jupiterApiUrl: `${base}${JUPITER_PREFIX}` },
      };
    return null;
  };
  const onError = (path: string, status: number, message: string): ApiResponse =>
    path.startsWith('/jupiter/')
      ? {
          status,
          body: {
            error: message,
            errorCode: status === 404 ? 'NOT_FOUND' : status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_REQUEST',
          },
        }
      : oneInchError(status, message);

  const { server, url } = await listenJson(opts.port ?? 0, handler, onError);
  base = url;
  return {
    url,
    oneinchApiUrl: `${url}/1inch`,
    jupiterApiUrl: `${url}${JUPITER_PREFIX}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
