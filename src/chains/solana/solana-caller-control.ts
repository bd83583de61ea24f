// A caller's speed-up and cancel of a Solana transaction (issue 29). A signed Solana transaction
// cannot be replaced while its blockhash is valid: a second signature of the same transfer could land
// beside the first. A cancel stops re-signing instead (the tracker honours the transaction's cancel:
// once its blockhash provably expired, it is FAILED as cancelled rather than re-signed); a speed-up
// is refused, saying so. One naming a compute-unit price has it recorded first, and the re-sign after
// a proven expiry pays at least that (`pricedForResign`).
import type { MicroLamports, TransactionMessage } from '@solana/kit';
import {
  findSetComputeUnitPriceInstructionIndexAndMicroLamports,
  updateOrAppendSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import type { TransactionRecord } from '../../domain/transactions.ts';
import { AppError } from '../../errors/app-error.ts';
import type { CallerReplacement, ReplaceRequest } from '../chain-family.ts';
import type { Chain } from '../chain-registry.ts';

const CANNOT_SPEED_UP =
  'A Solana transaction cannot be sped up: while its blockhash is valid, a second signature of the same transfer could land beside the first, so it is not replaced. ';
const RESIGNED_LATER =
  'The service sends it again on every check, and re-signs it with a fresh blockhash (and the priority fee the market asks then, or a higher computeUnitPrice named in a speed-up) once its blockhash has provably expired without it landing';

const cannotSpeedUp = (message: string) =>
  new AppError('INVALID_INPUT', message, {
    details: [
      { path: 'id', message: 'a Solana transaction cannot be replaced while its blockhash is valid' },
    ],
  });

const unitPriceRefusal = (why: string) =>
  new AppError('INVALID_INPUT', `computeUnitPrice: ${why}`, {
    details: [{ path: 'computeUnitPrice', message: why }],
  });

/** The compute-unit price a caller's speed-up recorded on a transaction (micro-lamports), if any. */
export function askedUnitPrice(details: Record<string, unknown>): bigint | null {
  const speedUp = details.speedUp as { computeUnitPrice?: unknown } | undefined;
  const price = speedUp && typeof speedUp === 'object' ? speedUp.computeUnitPrice : undefined;
  return typeof price === 'string' && /^[0-9]{1,19}$/.test(price) ? BigInt(price) : null;
}

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);
const minOf = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * What a caller's speed-up or cancel does to a Solana transaction: a cancel signs nothing (the
 * service stops re-signing it); a speed-up is refused, after recording the compute-unit price it
 * names (at most `ceiling`; an earlier, higher one still holds) for a transaction that is re-signed.
 */
export function solanaCallerReplacement(
  tx: TransactionRecord,
  request: ReplaceRequest,
  rules: { chain: Chain; ceiling: bigint; resignable: boolean },
): CallerReplacement {
  if (request.action === 'cancel')
    return {
      unsigned:
        'The service stops re-signing it. Its current signature may still land until its blockhash expires ' +
        `(block height ${tx.attempts.at(-1)?.lastValidBlockHeight ?? 'unknown'}); the final status tells: FAILED as cancelled if it did not land, CONFIRMED if it did`,
    };
  const asked = request.computeUnitPrice;
  if (asked === undefined) throw cannotSpeedUp(CANNOT_SPEED_UP + RESIGNED_LATER);
  const { chain, ceiling } = rules;
  if (asked > ceiling)
    throw unitPriceRefusal(
      `${asked} micro-lamports is above the operator's ceiling for a speed-up on ${chain.slug}, ${ceiling} micro-lamports (SPEED_UP_MAX_COMPUTE_UNIT_PRICE_${chain.slug.toUpperCase().replaceAll('-', '_')}); nothing was recorded`,
    );
  if (!rules.resignable)
    throw unitPriceRefusal(
      'this transaction is never re-signed (a swap: a new blockhash needs a new quote), so no compute-unit price can apply to it; nothing was recorded',
    );
  if (tx.details.cancel)
    throw unitPriceRefusal('this transaction was cancelled: it is not re-signed; nothing was recorded');
  // An earlier speed-up's higher price still holds: each answer promised "at least".
  const price = maxOf(asked, askedUnitPrice(tx.details) ?? 0n);
  const expiry = tx.attempts.at(-1)?.lastValidBlockHeight;
  return {
    recordThenRefuse: {
      details: { speedUp: { computeUnitPrice: price.toString() } },
      refusal: cannotSpeedUp(
        `${CANNOT_SPEED_UP}The service sends it again on every check; once its blockhash${
          expiry ? ` (valid until block height ${expiry})` : ''
        } has provably expired without it landing, it re-signs it with a fresh blockhash and a compute-unit price of at least ${price} micro-lamports, as recorded now`,
      ),
    },
  };
}

/**
 * The message a re-sign signs: its own compute-unit price, or the one a caller's speed-up recorded
 * when higher (bounded by the ceiling as it is now). `price`: the new price, null when unchanged.
 */
export function pricedForResign<M extends TransactionMessage>(
  message: M,
  details: Record<string, unknown>,
  ceiling: bigint,
): { message: M; price: bigint | null } {
  const asked = askedUnitPrice(details);
  if (asked === null) return { message, price: null };
  const own = findSetComputeUnitPriceInstructionIndexAndMicroLamports(message)?.microLamports ?? 0n;
  const price = maxOf(own, minOf(asked, ceiling));
  if (price === own) return { message, price: null };
  return { message: updateOrAppendSetComputeUnitPriceInstruction(price as MicroLamports, message), price };
}
