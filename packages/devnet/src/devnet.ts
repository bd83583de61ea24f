// The local development network: a Hardhat node (evm-localnet) and a LiteSVM JSON-RPC node
// (solana-localnet), each in a child process that cannot outlive this one, seeded with test tokens
// and swap pools, plus the local aggregator (1inch and Jupiter wire formats) in this process.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { type LocalAggregator, startLocalAggregator } from './aggregator/local-aggregator.ts';
import type { ManagedChild } from './child-process.ts';
import { FAUCET_ADDRESS, MULTICALL3_ADDRESS, TEST_TOKEN, TEST_TOKEN_ADDRESS } from './evm/contracts.ts';
import { startEvmNode } from './evm/evm-node.ts';
import { fundEvm } from './evm/fund.ts';
import { SECOND_TOKEN, SECOND_TOKEN_ADDRESS, SWAP_ROUTER_ADDRESS } from './evm/swap-pools.ts';
import { type DevnetNodes, launchDevnetNodes } from './nodes.ts';
import { solanaRpc } from './solana/client.ts';
import { DEVNET_MINT_DECIMALS, SPL_MINT_SYMBOL, TOKEN_2022_MINT_SYMBOL } from './solana/dev-keys.ts';
import { fundSolana } from './solana/fund.ts';
import { devnetMints } from './solana/seed.ts';
import { startSolanaNode } from './solana/solana-node.ts';
import { type SolanaPool, solanaPools } from './solana/swap-pools.ts';

export interface DevnetOptions {
  dataDir: string;
  /** Nodes already launched (launchDevnetNodes); otherwise they are launched here. */
  nodes?: DevnetNodes;
  evmPort?: number | undefined;
  solanaPort?: number | undefined;
  /** Solana slot duration (default 400 ms, like a validator). */
  solanaSlotMs?: number;
  /** Port of the local aggregator (0 or absent: a free port). */
  aggregatorPort?: number | undefined;
  logger: Logger;
}

export interface DevnetInfo {
  evm: {
    chain: 'evm-localnet';
    chainId: 31337;
    rpcUrl: string;
    /** New at every start of the node (and after a restart): a chain of this instance, no other. */
    instance: string;
    testToken: { address: `0x${string}`; symbol: string; decimals: 6 };
    multicall3: `0x${string}`;
    /** A second ERC20 (TEUR) traded against ETH and TUSD. */
    secondToken: { address: `0x${string}`; symbol: string; decimals: 6 };
    /** The constant-product pools' router: the spender to approve, like the 1inch router. */
    swapRouter: `0x${string}`;
  };
  solana: {
    chain: 'solana-localnet';
    chainId: -1;
    rpcUrl: string;
    /** New at every start of the node (and after a restart): a chain of this instance, no other. */
    instance: string;
    splMint: { address: string; symbol: string; decimals: number };
    token2022Mint: { address: string; symbol: string; decimals: number };
    /** Pools of SOL, TSPL and T22, each held by a published pool authority that co-signs swaps. */
    pools: Array<{ address: string; pair: string; mints: [string, string] }>;
  };
  /** The local aggregator: set ONEINCH_API_URL / JUPITER_API_URL to these to trade on the devnet. */
  aggregator: { url: string; oneinchApiUrl: string; jupiterApiUrl: string };
}

export type DevnetChain = 'evm-localnet' | 'solana-localnet';

export interface Devnet {
  info: DevnetInfo;
  stop(): Promise<void>;
  /** A node died (it is restarted, on the same port, with a fresh chain: see onRestart). */
  onCrash(cb: (err: Error, chain: DevnetChain) => void): void;
  /** A crashed node is back, re-seeded: its chain state (balances, transactions) is new. */
  onRestart(cb: (chain: DevnetChain) => void): void;
}

/** Restarts allowed per node in RESTART_WINDOW_MS; past that it stays down and the other chain serves on. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 10 * 60_000;

export interface FundRequest {
  chain: 'evm-localnet' | 'solana-localnet';
  address: string;
  /** Base units (wei, lamports, token base units). */
  amount: bigint;
  /** Token address or mint, or the symbol of a devnet test token; native when absent. */
  token?: string;
}

const INFO_FILE = 'devnet.json';

interface InfoFile extends DevnetInfo {
  pid: number;
}

async function stopAll(children: ManagedChild[]): Promise<void> {
  await Promise.allSettled(children.map((c) => c.stop()));
}

export async function startDevnet(opts: DevnetOptions): Promise<Devnet> {
  const started = performance.now();
  const { logger } = opts;
  // Each node seeds its own chain before it reports ready (in its own process, beside this one's
  // start-up); the mints and pools are derived from published keys, so they are known here already.
  const layout = devnetMints().then(async (mints) => ({ mints, pools: await solanaPools(mints) }));
  layout.catch(() => {}); // awaited below, unless a node failed first
  const nodes =
    opts.nodes ??
    launchDevnetNodes({
      evmPort: opts.evmPort,
      solanaPort: opts.solanaPort,
      solanaSlotMs: opts.solanaSlotMs,
      logger,
    });
  const results = await Promise.allSettled([nodes.evm, nodes.solana]);
  const children = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) {
    await stopAll(children);
    throw failure.reason;
  }
  let [evm, solana] = children as [ManagedChild, ManagedChild];
  let mints: Awaited<ReturnType<typeof devnetMints>>;
  let pools: SolanaPool[];
  let aggregator: LocalAggregator;
  try {
    ({ mints, pools } = await layout);
    aggregator = await startLocalAggregator({
      port: opts.aggregatorPort,
      evmRpcUrl: evm.url,
      evmChainId: 31337,
      solanaRpcUrl: solana.url,
      solanaPools: pools,
    });
  } catch (err) {
    await stopAll(children);
    throw new Error(`devnet start failed: ${(err as Error).message}`, { cause: err });
  }

  const info: DevnetInfo = {
    evm: {
      chain: 'evm-localnet',
      chainId: 31337,
      rpcUrl: evm.url,
      instance: randomBytes(8).toString('hex'),
      testToken: { address: TEST_TOKEN_ADDRESS, symbol: TEST_TOKEN.symbol, decimals: TEST_TOKEN.decimals },
      multicall3: MULTICALL3_ADDRESS,
      secondToken: {
        address: SECOND_TOKEN_ADDRESS,
        symbol: SECOND_TOKEN.symbol,
        decimals: SECOND_TOKEN.decimals,
      },
      swapRouter: SWAP_ROUTER_ADDRESS,
    },
    solana: {
      chain: 'solana-localnet',
      chainId: -1,
      rpcUrl: solana.url,
      instance: randomBytes(8).toString('hex'),
      splMint: { address: mints.splMint, symbol: SPL_MINT_SYMBOL, decimals: DEVNET_MINT_DECIMALS },
      token2022Mint: {
        address: mints.token2022Mint,
        symbol: TOKEN_2022_MINT_SYMBOL,
        decimals: DEVNET_MINT_DECIMALS,
      },
      pools: pools.map((p) => ({
        address: p.id,
        pair: `${p.a.symbol}/${p.b.symbol}`,
        mints: [p.a.mint, p.b.mint] as [string, string],
      })),
    },
    aggregator: {
      url: aggregator.url,
      oneinchApiUrl: aggregator.oneinchApiUrl,
      jupiterApiUrl: aggregator.jupiterApiUrl,
    },
  };
  const infoPath = join(opts.dataDir, INFO_FILE);
  writeInfoFile(infoPath, { ...info, pid: process.pid });

  let stopped = false;
  const crashCallbacks: Array<(err: Error, chain: DevnetChain) => void> = [];
  const restartCallbacks: Array<(chain: DevnetChain) => void> = [];
  const restartsAt: Record<DevnetChain, number[]> = { 'evm-localnet': [], 'solana-localnet': [] };

  /**
   * A node that died is started again on its own port, so every URL handed out stays valid, and
   * seeded again (deterministic keys: the same token addresses, mints and pools). Its chain state is
   * lost, and the log says so. A node that keeps dying stays down; the other chain serves on.
   */
  const onChildCrash = (chain: DevnetChain) => async (err: Error) => {
    if (stopped) return;
    for (const cb of crashCallbacks) cb(err, chain);
    const now = Date.now();
    const recent = restartsAt[chain].filter((t) => now - t < RESTART_WINDOW_MS);
    restartsAt[chain] = recent;
    if (recent.length >= MAX_RESTARTS) {
      logger.error(
        { err, chain },
        `${chain} crashed ${MAX_RESTARTS} times in 10 minutes; it stays down (the other chain serves on)`,
      );
      return;
    }
    recent.push(now);
    logger.error(
      { err, chain },
      `${chain} crashed; restarting it on the same port. Its chain state is LOST: balances, contracts and transactions start again from the seed`,
    );
    try {
      if (chain === 'evm-localnet') {
        const port = Number(new URL(evm.url).port);
        evm = await startEvmNode({ port, seed: true, logger });
        evm.onCrash(onChildCrash(chain));
      } else {
        const port = Number(new URL(solana.url).port);
        solana = await startSolanaNode({ port, slotMs: opts.solanaSlotMs, seed: true, logger });
        solana.onCrash(onChildCrash(chain));
      }
      if (stopped) return;
      // A new chain: transactions of the old one are told apart by the instance they were made on.
      (chain === 'evm-localnet' ? info.evm : info.solana).instance = randomBytes(8).toString('hex');
      writeInfoFile(infoPath, { ...info, pid: process.pid });
      logger.warn({ chain }, `${chain} restarted with a new chain`);
      for (const cb of restartCallbacks) cb(chain);
    } catch (restartErr) {
      logger.error({ err: restartErr, chain }, `${chain} could not be restarted; it stays down`);
    }
  };
  evm.onCrash(onChildCrash('evm-localnet'));
  solana.onCrash(onChildCrash('solana-localnet'));

  logger.info(
    { evm: info.evm.rpcUrl, solana: info.solana.rpcUrl, ms: Math.round(performance.now() - started) },
    'devnet ready',
  );
  return {
    info,
    onCrash: (cb) => {
      crashCallbacks.push(cb);
    },
    onRestart: (cb) => {
      restartCallbacks.push(cb);
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await aggregator.close();
      await stopAll([evm, solana]);
      if (readInfoFile(infoPath)?.pid === process.pid) rmSync(infoPath, { force: true });
    },
  };
}

function writeInfoFile(path: string, content: InfoFile): void {
  mkdirSync(join(path, '..'), { recursive: true });
  // Written whole then renamed, so a CLI never reads half a file.
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(content, null, 2)}\n`);
  renameSync(tmp, path);
}

function readInfoFile(path: string): InfoFile | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<InfoFile>;
    if (typeof parsed.pid !== 'number' || !parsed.evm?.rpcUrl || !parsed.solana?.rpcUrl) return null;
    return parsed as InfoFile;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running devnet of a data directory, or null when none is running (a stale file is ignored). */
export function readDevnetInfo(dataDir: string): DevnetInfo | null {
  const file = readInfoFile(join(dataDir, INFO_FILE));
  if (!file || !isAlive(file.pid)) return null;
  const { pid: _pid, ...info } = file;
  return info;
}

/** Resolves a test token symbol (any case) to its address or mint; anything else is returned as is. */
export function resolveDevnetToken(info: DevnetInfo, chain: FundRequest['chain'], token: string): string {
  const candidates =
    chain === 'evm-localnet'
      ? [info.evm.testToken, ...(info.evm.secondToken ? [info.evm.secondToken] : [])]
      : [info.solana.splMint, info.solana.token2022Mint];
  return candidates.find((t) => t.symbol.toLowerCase() === token.toLowerCase())?.address ?? token;
}

export async function fundAddress(info: DevnetInfo, req: FundRequest): Promise<void> {
  if (req.amount <= 0n) throw new Error('amount must be positive');
  const token = req.token ? resolveDevnetToken(info, req.chain, req.token) : undefined;
  if (req.chain === 'evm-localnet')
    await fundEvm(info.evm.rpcUrl, { address: req.address, amount: req.amount, token });
  else await fundSolana(solanaRpc(info.solana.rpcUrl), { address: req.address, amount: req.amount, token });
}

export { FAUCET_ADDRESS as EVM_FAUCET_ADDRESS };
