// Atomic EVM native payouts (issue 31, `"atomic": true`): the transfers are packed into calls to
// Multicall3's aggregate3Value with allowFailure=false and value = the pack's sum, so each
// transaction lands all of its transfers or none. Each pack's gas is estimated before anything is
// signed: a recipient that refuses the payment makes the estimate revert, and bisecting the pack
// names it (400 at the request; at signing, the item fails alone and the rest are packed again).
import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  keccak256,
  type PublicClient,
  parseAbi,
  type TransactionSerializable,
} from 'viem';
import type { TransactionId } from '../../domain/ids.ts';
import { AppError } from '../../errors/app-error.ts';
import { type AttemptSigner, attemptRequestKey } from '../chain-adapter.ts';
import type { Chain } from '../chain-registry.ts';
import type { PayoutTransfer, SignedPayoutTransaction } from '../payouts.ts';
import { rpcError } from '../rpc-clients.ts';
import { errorReason, isTransportFailure } from './evm-outcomes.ts';

/** The address Multicall3 has on nearly every EVM chain (the same deployer and nonce everywhere). */
export const CANONICAL_MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11' as Address;
/** Transfers one transaction carries at most: well under a block's gas (about 36k gas each to a new account). */
export const ATOMIC_ITEMS_PER_TX = 200;
/**
 * A pack's gas limit (what a block builder counts it as) is at most this share of the block gas limit
 * (1/SHARE): two packs fit in a block, and each is mined promptly.
 */
const BLOCK_SHARE = 2n;
/** Gas assumed per transfer when no estimate can be made (the funds check refuses the payout then). */
const ROUGH_GAS_PER_TRANSFER = 40_000n;
const ROUGH_GAS_BASE = 30_000n;
/** What any transaction costs before its call runs: a pack's gas is this plus a share per transfer. */
const INTRINSIC_GAS = 21_000n;
/** The gas limit a pack is signed with: its estimate with 20 % headroom. */
const withHeadroom = (gas: bigint) => (gas * 12n) / 10n;

const multicallAbi = parseAbi([
  'struct Call3Value { address target; bool allowFailure; uint256 value; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3Value(Call3Value[] calls) payable returns (Result[] returnData)',
]);

export const multicallOf = (chain: Chain): Address => getAddress(chain.multicall3 ?? CANONICAL_MULTICALL3);

/** The call carrying `transfers`: to Multicall3, value = their sum. */
export function packCall(
  multicall: Address,
  transfers: PayoutTransfer[],
): { to: Address; data: Hex; value: bigint } {
  return {
    to: multicall,
    data: encodeFunctionData({
      abi: multicallAbi,
      functionName: 'aggregate3Value',
      args: [
        transfers.map((t) => ({
          target: getAddress(t.to),
          allowFailure: false,
          value: t.amount,
          callData: '0x' as Hex,
        })),
      ],
    }),
    value: transfers.reduce((s, t) => s + t.amount, 0n),
  };
}

/** 400 when the chain has no contract at its Multicall3 address: atomic payouts cannot run there. */
export async function requireMulticall(client: PublicClient, chain: Chain): Promise<Address> {
  const multicall = multicallOf(chain);
  let code: Hex | undefined;
  try {
    code = await client.getCode({ address: multicall });
  } catch (err) {
    throw rpcError(chain, err);
  }
  if (!code || code === '0x')
    throw new AppError(
      'INVALID_INPUT',
      `atomic: ${chain.name} has no Multicall3 contract at ${multicall} (no code there), so an atomic payout cannot be made on it; pay without atomic, or set MULTICALL3_ADDRESS_${chain.slug.toUpperCase().replaceAll('-', '_')} to where Multicall3 is deployed`,
      { details: [{ path: 'atomic', message: `no Multicall3 at ${multicall}` }] },
    );
  return multicall;
}

export interface Pack<T extends PayoutTransfer = PayoutTransfer> {
  transfers: T[];
  /** The gas the transaction is given: the estimate with 20 % headroom. */
  gas: bigint;
}

/**
 * Packs `transfers` (in order) into transactions of at most ATOMIC_ITEMS_PER_TX and half a block's
 * gas, each estimated. A pack whose estimate reverts is bisected down to the transfers that fail
 * alone (`failed`, with why); the rest are then packed again together. `estimate: false` (the wallet cannot cover
 * the amounts, so the node would refuse any estimate): rough gas, for the funds check to refuse.
 */
export async function packTransfers<T extends PayoutTransfer>(
  client: PublicClient,
  chain: Chain,
  from: Address,
  multicall: Address,
  transfers: T[],
  opts: { estimate: boolean },
): Promise<{ packs: Pack<T>[]; failed: { index: number; reason: string }[] }> {
  const chunks: T[][] = [];
  for (let i = 0; i < transfers.length; i += ATOMIC_ITEMS_PER_TX)
    chunks.push(transfers.slice(i, i + ATOMIC_ITEMS_PER_TX));
  if (!opts.estimate)
    return {
      packs: chunks.map((c) => ({
        transfers: c,
        gas: ROUGH_GAS_BASE + ROUGH_GAS_PER_TRANSFER * BigInt(c.length),
      })),
      failed: [],
    };
  let blockGas: bigint;
  try {
    blockGas = (await client.getBlock({ blockTag: 'latest' })).gasLimit;
  } catch (err) {
    throw rpcError(chain, err);
  }
  const rough = (n: number) => ROUGH_GAS_BASE + ROUGH_GAS_PER_TRANSFER * BigInt(n);
  const estimate = async (pack: T[]): Promise<bigint | string> => {
    try {
      return await client.estimateGas({ account: from, ...packCall(multicall, pack) });
    } catch (err) {
      if (isTransportFailure(err)) throw rpcError(chain, err);
      const reason = errorReason(err);
      // The wallet cannot cover it now: no recipient's fault (the funds check or the node refuses it).
      if (/insufficient funds|exceeds balance|not enough funds/i.test(reason)) return rough(pack.length);
      return reason;
    }
  };
  const packs: Pack<T>[] = [];
  const failed: { index: number; reason: string }[] = [];
  // A pack too heavy for its share of a block is cut into as many equal packs as its gas needs (not
  // halved: halving 200 transfers of 37k gas for a 3M-gas block gives 8 packs where 7 fit). A pack
  // that reverts is bisected: halves that estimate are kept, halves that revert are split until the
  // transfers that fail alone are found (a few estimates per bad recipient, not one per transfer).
  const settle = async (pack: T[]): Promise<void> => {
    const gas = await estimate(pack);
    const limit = typeof gas === 'bigint' ? withHeadroom(gas) : null;
    if (limit !== null && (limit * BLOCK_SHARE <= blockGas || pack.length === 1)) {
      packs.push({ transfers: pack, gas: limit });
      return;
    }
    if (pack.length === 1) {
      const t = pack[0] as T;
      failed.push({
        index: t.index,
        reason: `to: the payment to ${getAddress(t.to)} through Multicall3 would revert (${gas})`,
      });
      return;
    }
    let parts = 2;
    if (typeof gas === 'bigint') {
      // Each pack pays the intrinsic gas once: the transfers that fit are counted from what is left.
      const perTransfer = (gas - INTRINSIC_GAS) / BigInt(pack.length);
      const room = ((blockGas / BLOCK_SHARE) * 10n) / 12n - INTRINSIC_GAS;
      const fit = perTransfer > 0n && room > 0n ? Math.max(1, Number(room / perTransfer)) : 1;
      parts = Math.min(pack.length, Math.max(2, Math.ceil(pack.length / fit)));
    }
    const size = Math.ceil(pack.length / parts);
    for (let i = 0; i < pack.length; i += size) await settle(pack.slice(i, i + size));
  };
  await Promise.all(chunks.map((c) => settle(c)));
  if (failed.length > 0) {
    // The bisection left the good transfers in as many packs as it took to find the bad ones:
    // they are packed again without them, into as few transactions as before.
    const bad = new Set(failed.map((f) => f.index));
    const again = await packTransfers(
      client,
      chain,
      from,
      multicall,
      transfers.filter((t) => !bad.has(t.index)),
      opts,
    );
    return { packs: again.packs, failed: [...failed, ...again.failed] };
  }
  packs.sort((a, b) => (a.transfers[0]?.index ?? 0) - (b.transfers[0]?.index ?? 0));
  return { packs, failed };
}

/** The 400 for transfers whose payment would revert: nothing is signed. */
export function refuseFailed(failed: { index: number; reason: string }[]): AppError {
  const sorted = [...failed].sort((a, b) => a.index - b.index);
  const first = sorted[0] as { index: number; reason: string };
  return new AppError(
    'INVALID_INPUT',
    `items[${sorted.map((f) => f.index).join(', ')}]: the atomic payout would revert; items[${first.index}].${first.reason}`,
    { details: sorted.map((f) => ({ path: `items/${f.index}/to`, message: f.reason })) },
  );
}

/**
 * Signs one transaction per pack at consecutive nonces from `nonce`, each named after its first
 * transfer's reserved id; its record shows Multicall3 as `to` and the pack's sum as `value`.
 */
export async function signPacks(
  packs: Pack<PayoutTransfer & { transactionId: TransactionId }>[],
  multicall: Address,
  nonce: bigint,
  ctx: {
    signerFor: (id: TransactionId) => AttemptSigner;
    unsignedTx: (
      call: { to: Address; data: Hex; value: bigint },
      gas: bigint,
      nonce: bigint,
    ) => TransactionSerializable;
    fees: Record<string, string>;
    freeAt: bigint;
    now: () => Date;
  },
): Promise<SignedPayoutTransaction[]> {
  const signed: SignedPayoutTransaction[] = [];
  let next = nonce;
  for (const pack of packs) {
    const head = pack.transfers[0];
    if (!head) continue;
    const call = packCall(multicall, pack.transfers);
    const signer = ctx.signerFor(head.transactionId);
    const raw = await signer.provider.signEvmTransaction(
      signer.wallet,
      ctx.unsignedTx(call, pack.gas, next),
      {
        requestKey: attemptRequestKey(signer, 1),
      },
    );
    signed.push({
      id: head.transactionId,
      indexes: pack.transfers.map((t) => t.index),
      to: multicall,
      value: call.value,
      details: {
        asset: 'native',
        amount: call.value.toString(),
        multicall,
        transfers: String(pack.transfers.length),
        recipients: pack.transfers.map((t) => getAddress(t.to)).join(','),
      },
      signed: {
        attempt: {
          attempt: 1,
          hash: keccak256(raw),
          signedTx: raw,
          fees: ctx.fees,
          lastValidBlockHeight: null,
          createdAt: ctx.now(),
        },
        nonce: next,
        payload: {
          to: call.to,
          data: call.data,
          value: call.value.toString(),
          gas: pack.gas.toString(),
          freeAt: ctx.freeAt.toString(),
        },
      },
    });
    next += 1n;
  }
  return signed;
}
