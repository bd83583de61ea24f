// An EVM write simulated for POST /simulate (issue 29 items 4 and 5): reads only, nothing signed. The
// call runs as the wallet at the latest block, through eth_simulateV1 where the node has it and
// debug_traceCall's struct logs otherwise (evm-transfers.ts says why both are exact); the gas it used
// and the fees the write path would offer now give the fee; a revert is decoded (revert-reasons.ts).
import { type Address, BaseError, type Hex, type PublicClient, toHex } from 'viem';
import type { SimulatedRevert, Simulation } from '../chain-family.ts';
import type { Chain } from '../chain-registry.ts';
import { rpcError } from '../rpc-clients.ts';
import { type EvmMarket, feeCapOf, initialFees } from './evm-fees.ts';
import {
  type MovedValue,
  netChanges,
  type StructTrace,
  transfersOfLogs,
  transfersOfTrace,
} from './evm-transfers.ts';
import { decodeRevertData, revertOf } from './revert-reasons.ts';

const PLAIN_TRANSFER_GAS = 21_000n;

/** Which way each node simulates, learnt at its first simulation (per chain and RPC URL). */
const methodOf = new Map<string, 'eth_simulateV1' | 'debug_traceCall'>();

/** A node's answer that it has no such method (as geth, Hardhat, Anvil and gateways word it). */
function unsupported(err: unknown): boolean {
  const code =
    (err as { code?: number }).code ??
    (err instanceof BaseError ? (err.walk() as { code?: number }).code : undefined);
  const text = err instanceof Error ? err.message : String(err);
  return (
    code === -32601 ||
    code === -32004 ||
    /not (supported|found|available|implemented)|does not exist|unknown method|unsupported method/i.test(text)
  );
}

interface Executed {
  reverted: boolean;
  revertData: string | null;
  gasUsed: bigint;
  moved: MovedValue[];
}

type Call = { to: Address; data?: Hex; value: bigint };

async function viaSimulateV1(client: PublicClient, from: Address, call: Call): Promise<Executed> {
  const [block] = (await client.request({
    method: 'eth_simulateV1' as never,
    params: [
      {
        blockStateCalls: [
          { calls: [{ from, to: call.to, data: call.data ?? '0x', value: toHex(call.value) }] },
        ],
        traceTransfers: true,
        validation: false,
      },
      'latest',
    ] as never,
  })) as {
    calls: {
      status: string;
      returnData: string;
      gasUsed: string;
      logs?: { address: string; topics: string[]; data: string }[];
      error?: { data?: string };
    }[];
  }[];
  const result = block?.calls[0];
  if (!result) throw new Error('eth_simulateV1 returned no call result');
  const reverted = result.status !== '0x1';
  return {
    reverted,
    revertData: reverted ? (result.error?.data ?? result.returnData ?? null) : null,
    gasUsed: BigInt(result.gasUsed),
    moved: reverted ? [] : transfersOfLogs(result.logs ?? []),
  };
}

async function viaTrace(client: PublicClient, from: Address, call: Call): Promise<Executed> {
  const trace = (await client.request({
    method: 'debug_traceCall' as never,
    params: [
      { from, to: call.to, data: call.data ?? '0x', value: toHex(call.value) },
      'latest',
      { disableStorage: true, enableMemory: true },
    ] as never,
  })) as StructTrace;
  return {
    reverted: trace.failed,
    revertData: trace.failed
      ? trace.returnValue
        ? `0x${trace.returnValue.replace(/^0x/, '')}`
        : null
      : null,
    gasUsed: BigInt(trace.gas),
    moved: transfersOfTrace({ from, to: call.to, value: call.value }, trace),
  };
}

/** Runs the call as the wallet, the way this node allows; a revert is an answer, not an error. */
async function execute(
  client: PublicClient,
  chain: Chain,
  from: Address,
  call: Call,
): Promise<Executed & { method: string }> {
  const key = `${chain.slug}|${chain.rpcUrl ?? ''}`;
  if (methodOf.get(key) !== 'debug_traceCall') {
    try {
      const done = await viaSimulateV1(client, from, call);
      methodOf.set(key, 'eth_simulateV1');
      return { ...done, method: 'eth_simulateV1' };
    } catch (err) {
      if (!unsupported(err)) throw rpcError(chain, err);
      methodOf.set(key, 'debug_traceCall');
    }
  }
  try {
    return { ...(await viaTrace(client, from, call)), method: 'debug_traceCall' };
  } catch (err) {
    // A node that answers a reverting call with an error instead of a failed trace.
    const revert = revertOf(err);
    if (revert)
      return { reverted: true, revertData: revert.data, gasUsed: 0n, moved: [], method: 'debug_traceCall' };
    throw rpcError(chain, err);
  }
}

/** Simulates one EVM write of `from`. `market` reads the fees now (the write path's reader). */
export async function simulateEvmCall(input: {
  client: PublicClient;
  chain: Chain;
  from: Address;
  call: Call;
  market: () => Promise<EvmMarket>;
}): Promise<Simulation> {
  const { client, chain, from, call } = input;
  const [held, code, m] = await Promise.all([
    client.getBalance({ address: from }),
    call.data ? null : client.getCode({ address: call.to }),
    input.market(),
  ]).catch((err: unknown) => {
    throw rpcError(chain, err);
  });
  const fees = initialFees(m, chain.maxFeePerGas);
  const prices: Record<string, string> =
    'gasPrice' in fees
      ? { gasPrice: fees.gasPrice.toString() }
      : {
          maxFeePerGas: fees.maxFeePerGas.toString(),
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
          ...(m.baseFee !== null ? { baseFeePerGas: m.baseFee.toString() } : {}),
        };
  // What one unit of gas is expected to cost: the base fee plus the tip, never above the cap.
  const price =
    'gasPrice' in fees
      ? fees.gasPrice
      : (() => {
          const p = (m.baseFee ?? 0n) + fees.maxPriorityFeePerGas;
          return p < fees.maxFeePerGas ? p : fees.maxFeePerGas;
        })();
  if (held < call.value) {
    const units = PLAIN_TRANSFER_GAS;
    return {
      ok: false,
      failure: `Wallet ${from} holds ${held} wei, needs ${call.value} plus the fee`,
      fee: { amount: units * price, maxAmount: units * feeCapOf(fees), units, unitsLimit: units, prices },
      revert: null,
      balanceChanges: [],
      method: 'eth_getBalance',
    };
  }
  const plainTransfer = call.value > 0n && !call.data && (code ?? '0x') === '0x';
  const [run, estimate] = await Promise.all([
    execute(client, chain, from, call),
    plainTransfer
      ? PLAIN_TRANSFER_GAS
      : client
          .estimateGas({ account: from, to: call.to, data: call.data, value: call.value })
          .then((g) => (g * 12n) / 10n)
          .catch(() => null),
  ]);
  const units = run.gasUsed > 0n ? run.gasUsed : (estimate ?? PLAIN_TRANSFER_GAS);
  // The gas limit the write path would sign with (its estimate with 20 % headroom).
  const unitsLimit = estimate ?? units;
  const maxAmount = unitsLimit * feeCapOf(fees);
  const revert: SimulatedRevert | null = run.reverted ? decodeRevertData(run.revertData) : null;
  const short = !revert && held < call.value + maxAmount;
  return {
    ok: !revert && !short,
    failure: short
      ? `Wallet ${from} holds ${held} wei, needs ${call.value + maxAmount} (value ${call.value} + fee up to ${maxAmount})`
      : null,
    fee: { amount: units * price, maxAmount, units, unitsLimit, prices },
    revert,
    balanceChanges: netChanges(run.moved, from),
    method: run.method,
  };
}
