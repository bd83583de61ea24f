// Signing an EVM attempt and replacing one: the first attempt of a write (the family's checks hand
// it the call), the tracker's fee bump (`replace`), and a caller's speed-up or cancel
// (`replaceByCaller`), all at the transaction's nonce.
import {
  type Address,
  getAddress,
  type Hex,
  isAddress,
  isHex,
  keccak256,
  type TransactionSerializable,
} from 'viem';
import type { AttemptRecord, TransactionRecord } from '../../domain/transactions.ts';
import { AppError } from '../../errors/app-error.ts';
import { type AttemptSigner, attemptRequestKey, type Replacement } from '../chain-adapter.ts';
import type { CallerReplacement, ReplaceRequest } from '../chain-family.ts';
import type { Chain } from '../chain-registry.ts';
import { type ChainClients, rpcError } from '../rpc-clients.ts';
import {
  callerFees,
  type EvmFees,
  type EvmMarket,
  feeCapOf,
  feesFromJson,
  feesJson,
  gwei,
  replacementFees,
} from './evm-fees.ts';
import { market } from './evm-market.ts';

/** The gas of a plain transfer (and of a cancel, a zero-value transfer to the wallet itself). */
export const PLAIN_TRANSFER_GAS = 21_000n;

/** What a replacement re-signs: the same call and gas limit at the same nonce. */
export type EvmPayload = {
  to: Address;
  data?: Hex;
  value: string;
  gas: string;
  /**
   * The latest block when it was signed, where its nonce was free: the tracker reads the blocks after
   * it to find the transaction that took the nonce (evm-evidence.ts).
   */
  freeAt?: string;
};

/** The payload an EVM transaction was recorded with, checked field by field. */
export function evmPayloadOf(tx: TransactionRecord): EvmPayload {
  const { to, data, value, gas, freeAt } = tx.payload;
  if (typeof to !== 'string' || !isAddress(to, { strict: false }))
    throw new Error(`Transaction ${tx.id} has no EVM payload to re-sign`);
  if (typeof value !== 'string' || typeof gas !== 'string')
    throw new Error(`Transaction ${tx.id} has no value or gas limit to re-sign`);
  return {
    to,
    ...(typeof data === 'string' && isHex(data) ? { data } : {}),
    value,
    gas,
    ...(typeof freeAt === 'string' ? { freeAt } : {}),
  };
}

export function evmSigning(deps: { clients: ChainClients; now: () => Date }) {
  const transaction = (
    chain: Chain,
    p: EvmPayload,
    nonce: bigint,
    fees: EvmFees,
  ): TransactionSerializable => {
    const base = {
      chainId: chain.chainId,
      to: p.to,
      data: p.data,
      value: BigInt(p.value),
      gas: BigInt(p.gas),
      nonce: Number(nonce),
    };
    return 'gasPrice' in fees
      ? { ...base, type: 'legacy', gasPrice: fees.gasPrice }
      : { ...base, type: 'eip1559', ...fees };
  };

  async function sign(
    chain: Chain,
    signer: AttemptSigner,
    attempt: number,
    p: EvmPayload,
    nonce: bigint,
    fees: EvmFees,
  ): Promise<AttemptRecord> {
    const signed = await signer.provider.signEvmTransaction(
      signer.wallet,
      transaction(chain, p, nonce, fees),
      {
        requestKey: attemptRequestKey(signer, attempt),
      },
    );
    return {
      attempt,
      hash: keccak256(signed),
      signedTx: signed,
      fees: feesJson(fees),
      lastValidBlockHeight: null,
      createdAt: deps.now(),
    };
  }

  const stuckAtCap = (chain: Chain, m: EvmMarket, what: string) =>
    `${what}: the fee cap for ${chain.slug} is ${gwei(chain.maxFeePerGas)} gwei (MAX_FEE_PER_GAS_${chain.slug
      .toUpperCase()
      .replaceAll(
        '-',
        '_',
      )})${m.baseFee !== null ? ` and the base fee is ${gwei(m.baseFee)} gwei` : ''}; it is re-priced as soon as fees allow`;

  /**
   * A caller's speed-up (the same call) or cancel (a zero-value transfer to the wallet itself, 21,000
   * gas) at the transaction's nonce, with fees raised (callerFees); the wallet must afford it.
   */
  async function replaceByCaller(
    chain: Chain,
    tx: TransactionRecord,
    signer: AttemptSigner,
    request: ReplaceRequest,
  ): Promise<CallerReplacement> {
    if (request.computeUnitPrice !== undefined)
      throw new AppError(
        'INVALID_INPUT',
        'computeUnitPrice: is for Solana transactions only; on an EVM chain name maxFeePerGas or maxPriorityFeePerGas',
        { details: [{ path: 'computeUnitPrice', message: 'Solana only' }] },
      );
    const latest = tx.attempts.at(-1);
    if (!latest || tx.nonce === null)
      throw new AppError('INVALID_INPUT', `Transaction ${tx.id} has no signed attempt to replace`);
    const client = deps.clients.evm(chain);
    const from = getAddress(tx.fromAddress);
    const [m, held] = await Promise.all([market(client, chain), client.getBalance({ address: from })]).catch(
      (err: unknown) => {
        throw rpcError(chain, err);
      },
    );
    const fees = callerFees(
      feesFromJson(latest.fees),
      m,
      { cap: chain.maxFeePerGas, ceiling: chain.speedUpMaxFeePerGas ?? chain.maxFeePerGas * 10n },
      request,
    );
    if ('refusal' in fees)
      throw new AppError('INVALID_INPUT', `Cannot ${request.action} transaction ${tx.id}: ${fees.refusal}`, {
        details: [{ path: 'maxFeePerGas', message: fees.refusal }],
      });
    const original = evmPayloadOf(tx);
    const payload: EvmPayload =
      request.action === 'cancel'
        ? {
            to: from,
            value: '0',
            gas: PLAIN_TRANSFER_GAS.toString(),
            ...(original.freeAt ? { freeAt: original.freeAt } : {}),
          }
        : original;
    const need = BigInt(payload.value) + BigInt(payload.gas) * feeCapOf(fees);
    if (held < need)
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `Wallet ${from} holds ${held} wei, needs ${need} for the ${request.action} (value ${payload.value} + fee up to ${need - BigInt(payload.value)})`,
      );
    const attempt = await sign(chain, signer, latest.attempt + 1, payload, tx.nonce, fees);
    return { attempt, payload };
  }

  /** The tracker's fee bump: the same payload at the same nonce, fees raised within the cap. */
  async function replace(chain: Chain, tx: TransactionRecord, signer: AttemptSigner): Promise<Replacement> {
    const latest = tx.attempts.at(-1);
    if (!latest || tx.nonce === null) return { stuckReason: 'No signed transaction to replace' };
    const client = deps.clients.evm(chain);
    const m = await market(client, chain).catch((err: unknown) => {
      throw rpcError(chain, err);
    });
    const previous = feesFromJson(latest.fees);
    const next = replacementFees(previous, m, chain.maxFeePerGas);
    if (!next)
      return {
        stuckReason: stuckAtCap(
          chain,
          m,
          m.baseFee !== null && feeCapOf(previous) < m.baseFee
            ? 'Waiting for fees to fall'
            : 'Waiting to be mined; a higher fee would pass the cap',
        ),
      };
    const attempt = await sign(chain, signer, latest.attempt + 1, evmPayloadOf(tx), tx.nonce, next);
    return { attempt };
  }

  return { sign, replace, replaceByCaller };
}
