// The Solana ChainFamily (@solana/kit): every Solana rule of the write path, the tracker, trading
// and balances lives here or in the modules beside it (solana-rules.ts for what reads no chain).
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  decompileTransactionMessage,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  pipe,
  type Signature,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
} from '@solana/kit';
import type { TransactionId } from '../../domain/ids.ts';
import { WRAPPED_SOL_MINT } from '../../domain/native-aliases.ts';
import type { AttemptRecord, TransactionRecord } from '../../domain/transactions.ts';
import type { WalletRecord } from '../../domain/wallets.ts';
import { AppError } from '../../errors/app-error.ts';
import {
  type AttemptSigner,
  attemptRequestKey,
  type BroadcastOutcome,
  type Inspection,
  type Replacement,
  type SignedWrite,
} from '../chain-adapter.ts';
import type { ChainFamily, CheckedWrite, PreparedWrite, Simulation } from '../chain-family.ts';
import type { Chain } from '../chain-registry.ts';
import { evidenceOf, notAbsent, readAt, sighted, unsure } from '../read-evidence.ts';
import { type ChainClients, rpcError, type SolanaRpc } from '../rpc-clients.ts';
import { stuckReasonOf } from '../stuck-reasons.ts';
import { solanaBalanceReader } from './solana-balances.ts';
import { pricedForResign, solanaCallerReplacement } from './solana-caller-control.ts';
import { judgeSolanaAbsence } from './solana-evidence.ts';
import { classifySolanaBroadcastError } from './solana-outcomes.ts';
import { solanaPayouts } from './solana-payouts.ts';
import {
  type SolanaPrepared,
  type SolanaWrite,
  solanaRules,
  solanaSend,
  solanaSwap,
} from './solana-rules.ts';
import { simulateSolanaTransaction } from './solana-simulation.ts';
import { prepareSolanaTransfer } from './solana-transfers.ts';
import { solanaSwapRefusal } from './swap-checks.ts';

/** The memo of a simulated transfer: a transaction id's length, as the write's memo has. */
const SIMULATION_MEMO = 'tx_00000000000000000000000000';

/** Re-signing keeps the instructions and changes the blockhash: only when the wallet is the only signer. */
export type SolanaPayload = {
  resignable: boolean;
};

/** The payload a Solana transaction was recorded with: not re-signable unless it says so. */
export const solanaPayloadOf = (tx: TransactionRecord): SolanaPayload => ({
  resignable: tx.payload.resignable === true,
});

/** Signature statuses with the slot the answer was made at (with history: older ones too). */
async function signatureStatuses(rpc: SolanaRpc, hashes: readonly string[]) {
  return rpc.getSignatureStatuses(hashes as Signature[], { searchTransactionHistory: true }).send();
}

export const bigintJson = (_key: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

type Latest = Parameters<typeof setTransactionMessageLifetimeUsingBlockhash>[0];

async function latestBlockhash(rpc: SolanaRpc, chain: Chain): Promise<Latest> {
  try {
    return (await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()).value;
  } catch (err) {
    throw rpcError(chain, err);
  }
}

export function solanaFamily(deps: {
  clients: ChainClients;
  now: () => Date;
  priorityFeeCapMicroLamports: bigint;
  /** How many times a send whose blockhash provably expired is re-signed before it is FAILED. */
  maxResigns: number;
}): ChainFamily<SolanaPayload> {
  /** The most a caller's speed-up may ask the next re-sign to pay per compute unit (micro-lamports). */
  const unitPriceCeiling = (chain: Chain) =>
    chain.speedUpMaxComputeUnitPrice ?? deps.priorityFeeCapMicroLamports * 10n;

  /** Adds the wallet's signature (through its provider) to a compiled transaction. */
  async function sign(
    signer: AttemptSigner,
    attempt: number,
    transaction: Transaction,
    lastValidBlockHeight: bigint,
    fees: Record<string, string>,
  ): Promise<AttemptRecord> {
    const self = address(signer.wallet.address);
    const signature = await signer.provider.signSolanaTransaction(signer.wallet, transaction, {
      requestKey: attemptRequestKey(signer, attempt),
    });
    const signed = { ...transaction, signatures: { ...transaction.signatures, [self]: signature } };
    return {
      attempt,
      hash: getSignatureFromTransaction(signed),
      signedTx: getBase64EncodedWireTransaction(signed),
      fees,
      lastValidBlockHeight,
      createdAt: deps.now(),
    };
  }

  /**
   * Checks a transaction someone else built (an aggregator's swap): the wallet pays its fee, and it
   * succeeds in simulation. Nothing is signed otherwise.
   */
  async function checkPrebuilt(
    chain: Chain,
    rpc: SolanaRpc,
    wallet: string,
    write: Extract<SolanaWrite, { kind: 'prebuilt' }>,
  ) {
    let transaction: Transaction;
    try {
      transaction = getTransactionDecoder().decode(getBase64Encoder().encode(write.wire)) as Transaction;
    } catch (err) {
      throw new AppError('SEND_FAILED', 'The aggregator returned a transaction that cannot be decoded', {
        cause: err,
      });
    }
    if (Object.keys(transaction.signatures)[0] !== wallet)
      throw new AppError('SEND_FAILED', `The aggregator's transaction is not paid by wallet ${wallet}`);
    let simulation: { err: unknown; logs: readonly string[] | null };
    try {
      simulation = (
        await rpc
          .simulateTransaction(write.wire as Parameters<SolanaRpc['simulateTransaction']>[0], {
            encoding: 'base64',
            sigVerify: false,
            commitment: 'confirmed',
          })
          .send()
      ).value;
    } catch (err) {
      throw rpcError(chain, err);
    }
    if (simulation.err) {
      const text = JSON.stringify(simulation.err, bigintJson);
      const logs = (simulation.logs ?? []).join(' ');
      if (/insufficient (funds|lamports)/i.test(`${text} ${logs}`))
        throw new AppError(
          'INSUFFICIENT_FUNDS',
          `Wallet ${wallet} cannot pay for the swap (${write.lamports} lamports plus fees)`,
        );
      throw new AppError('INVALID_INPUT', `The transaction would fail: ${text}`);
    }
    return transaction;
  }

  async function broadcast(chain: Chain, attempt: AttemptRecord): Promise<BroadcastOutcome> {
    try {
      await deps.clients
        .solana(chain)
        .sendTransaction(attempt.signedTx as Parameters<SolanaRpc['sendTransaction']>[0], {
          encoding: 'base64',
          preflightCommitment: 'confirmed',
          maxRetries: 0n,
        })
        .send();
      return { kind: 'accepted' };
    } catch (err) {
      return classifySolanaBroadcastError(err);
    }
  }

  /**
   * The checks of a write, reads only: a transfer is built (its accounts and fees read) under the
   * latest blockhash; an aggregator's transaction is decoded and simulated.
   */
  async function check(
    chain: Chain,
    intent: SolanaWrite,
    wallet: WalletRecord,
    transactionId: TransactionId,
  ): Promise<CheckedWrite> {
    const rpc = deps.clients.solana(chain);
    if (intent.kind === 'prebuilt') {
      const transaction = await checkPrebuilt(chain, rpc, wallet.address, intent);
      return {
        sign: async (signer) => ({
          attempt: await sign(signer, 1, transaction, intent.lastValidBlockHeight, {}),
          nonce: null,
          payload: { resignable: false } satisfies SolanaPayload,
        }),
      };
    }
    const { prepared, latest, transaction } = await transferTransaction(
      rpc,
      chain,
      wallet.address,
      intent.transfer,
      transactionId,
    );
    return {
      sign: async (signer): Promise<SignedWrite> => ({
        attempt: await sign(signer, 1, transaction, latest.lastValidBlockHeight, {
          computeUnitPrice: prepared.computeUnitPrice.toString(),
        }),
        nonce: null,
        payload: { resignable: true } satisfies SolanaPayload,
      }),
    };
  }

  /** A transfer's transaction as a write signs it (and a simulation runs it): under the latest blockhash. */
  async function transferTransaction(
    rpc: SolanaRpc,
    chain: Chain,
    owner: string,
    transfer: Parameters<typeof prepareSolanaTransfer>[3],
    memo: string,
  ) {
    const from = address(owner);
    const prepared = await prepareSolanaTransfer(rpc, chain, from, transfer, {
      priorityFeeCapMicroLamports: deps.priorityFeeCapMicroLamports,
      memo,
    });
    const latest = await latestBlockhash(rpc, chain);
    const transaction = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(from, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        (m) => appendTransactionMessageInstructions(prepared.instructions, m),
      ),
    );
    return { prepared, latest, transaction };
  }

  /**
   * What a write would do now (solana-simulation.ts): a transfer is built as `check` builds it, under
   * the latest blockhash; an aggregator's transaction is taken as built. Nothing is signed.
   */
  async function simulate(chain: Chain, intent: SolanaWrite, wallet: WalletRecord): Promise<Simulation> {
    const rpc = deps.clients.solana(chain);
    if (intent.kind === 'prebuilt') {
      const transaction = getTransactionDecoder().decode(
        getBase64Encoder().encode(intent.wire),
      ) as Transaction;
      return simulateSolanaTransaction(rpc, chain, wallet.address, transaction);
    }
    // The memo as long as a transaction id, so the compute units match those of the write.
    const { transaction } = await transferTransaction(
      rpc,
      chain,
      wallet.address,
      intent.transfer,
      SIMULATION_MEMO,
    );
    return simulateSolanaTransaction(rpc, chain, wallet.address, transaction);
  }

  /** A prepared write bound to these checks: the use cases hold it without seeing the Solana write. */
  const bound = (p: SolanaPrepared): PreparedWrite => {
    const { write, ...shown } = p;
    return {
      ...shown,
      check: ({ wallet, transactionId }) => check(p.chain, write, wallet, transactionId),
      simulate: ({ wallet }) => simulate(p.chain, write, wallet),
    };
  };

  return {
    ...solanaRules,
    balances: solanaBalanceReader({ clients: deps.clients }),
    payouts: solanaPayouts(deps),
    send: (chain, body) => bound(solanaSend(chain, body)),
    swap(chain, built, trade) {
      if (built.chainType !== 'solana')
        throw new AppError('INTERNAL_ERROR', 'aggregator answered for the wrong chain type');
      return bound(solanaSwap(chain, built, trade));
    },

    /** A trade's token: NATIVE (any case) is the wrapped SOL mint, a mint is taken as sent. */
    tradeToken: (field, raw) => ({
      token: raw.trim().toUpperCase() === 'NATIVE' ? WRAPPED_SOL_MINT : solanaRules.parseAddress(field, raw),
      approvalToken: null,
    }),
    isNativeTradeToken: (token) => token === WRAPPED_SOL_MINT,
    noTradingReason: 'Jupiter serves Solana mainnet only',

    /**
     * A Solana swap may only do what a swap does and deliver to the wallet (swap-checks.ts); one that
     * cannot be decoded is refused as such.
     */
    async swapRefusal(aggregator, built, asked) {
      if (built.chainType !== 'solana') return 'it is not a Solana transaction';
      const { req } = asked;
      try {
        return await solanaSwapRefusal(built.wire, asked.wallet, {
          programs: aggregator.programs,
          payees: req.chain.swapPayees ?? [],
          trade: {
            outputMint: req.toToken,
            amount: req.amount,
            quotedOut: built.dstAmount,
            slippageBps: Math.round(asked.slippage * 100),
          },
        });
      } catch (err) {
        throw new AppError(
          'SEND_FAILED',
          `${aggregator.name} built a swap transaction that cannot be decoded`,
          { cause: err },
        );
      }
    },

    payloadOf: solanaPayloadOf,

    broadcast,

    /**
     * Every attempt's signature is looked up (with history), after the slot and block height are
     * read: a status read made at or past that slot that finds none, past every attempt's last valid
     * block height, agreeing over several looks (solana-evidence.ts), proves none can land any more;
     * a last send of the latest attempt must not answer "already processed". Only then is it
     * re-signed (a send), or FAILED (a swap, or re-signs used up). Until then the latest attempt is
     * sent again on each check, as nodes drop transactions. A signature once seen landed is never
     * signed again.
     */
    async inspect(chain, tx): Promise<Inspection> {
      const rpc = deps.clients.solana(chain);
      let evidence = evidenceOf(tx.details);
      const confirmedWatch = tx.status === 'CONFIRMED' && tx.hash !== null;
      // The reorg watch of a confirmed transaction looks at the landed signature only.
      const hashes = confirmedWatch ? [tx.hash as string] : tx.attempts.map((a) => a.hash);
      let epoch: { absoluteSlot: bigint; blockHeight: bigint };
      let statuses: Awaited<ReturnType<typeof signatureStatuses>>;
      try {
        epoch = await rpc.getEpochInfo({ commitment: 'confirmed' }).send();
        statuses = await signatureStatuses(rpc, hashes);
      } catch (err) {
        throw rpcError(chain, err);
      }
      const index = statuses.value.findIndex((s) => s !== null);
      const status = index >= 0 ? statuses.value[index] : null;
      if (status) {
        const hash = hashes[index]!;
        evidence = sighted(readAt(evidence, statuses.context.slot), {
          hash,
          block: status.slot,
          blockHash: null,
        });
        const reached =
          status.confirmationStatus === 'finalized' ||
          (chain.commitment === 'confirmed' && status.confirmationStatus === 'confirmed');
        return {
          kind: 'landed',
          hash,
          success: !status.err,
          error: status.err ? `Transaction failed: ${JSON.stringify(status.err, bigintJson)}` : null,
          // A failed transaction is final once it is in a block: its fee is paid, nothing else moved.
          final: reached || Boolean(status.err && status.confirmationStatus !== 'processed'),
          block: status.slot,
          blockHash: null,
          evidence,
        };
      }
      if (tx.status === 'FAILED') return { kind: 'unsure', evidence };
      const lastValid = tx.attempts.reduce(
        (m, a) => ((a.lastValidBlockHeight ?? 0n) > m ? (a.lastValidBlockHeight ?? 0n) : m),
        0n,
      );
      const verdict = judgeSolanaAbsence({
        status: tx.status,
        evidence,
        slot: epoch.absoluteSlot,
        height: epoch.blockHeight,
        statusSlot: statuses.context.slot,
        lastValid,
        now: deps.now(),
        windowMs: chain.evidenceWindowMs,
      });
      evidence = verdict.evidence;
      const latest = tx.attempts.at(-1);
      if (verdict.next === 'unsure' || !latest)
        return unsure(evidence, verdict.stuckReason, chain.evidenceWindowMs);
      // Still able to land (send-again), or proven expired (a last probe): the latest attempt is sent
      // again. "Already processed" means it landed, whatever the status reads said.
      const outcome = await broadcast(chain, latest);
      if (outcome.kind === 'accepted' && outcome.landed) {
        evidence = sighted(evidence, { hash: latest.hash, block: null, blockHash: null });
        return { kind: 'unsure', evidence, stuckReason: null };
      }
      if (verdict.next === 'send-again')
        return { kind: 'pending', next: 'wait', stuckReason: stuckReasonOf(outcome), evidence };
      const resigns = tx.attempts.length - 1;
      const { resignable } = solanaPayloadOf(tx);
      if (resignable && resigns < deps.maxResigns)
        return {
          kind: 'pending',
          next: 'replace',
          required: true,
          stuckReason: null,
          evidence: notAbsent(evidence),
        };
      return {
        kind: 'gone',
        error: `Transaction expired: it did not land before block height ${lastValid}, when its blockhash stopped being valid${
          resigns > 0 ? ` (re-signed ${resigns} time${resigns > 1 ? 's' : ''} with a fresh blockhash)` : ''
        }${resignable ? '' : '; a swap is not re-signed, as a new blockhash needs a new quote'}`,
        evidence,
      };
    },

    async health(chain) {
      const rpc = deps.clients.solana(chain);
      const slot = await rpc.getSlot({ commitment: 'confirmed' }).send();
      const time = await rpc
        .getBlockTime(slot)
        .send()
        .catch(() => null);
      return {
        latestBlock: slot.toString(),
        latestBlockAgeSeconds:
          time === null ? null : Math.max(0, Math.round(deps.now().getTime() / 1000 - Number(time))),
      };
    },

    /** A caller's speed-up (refused, a compute-unit price recorded) or cancel: solana-caller-control.ts. */
    replaceByCaller: async (chain, tx, _signer, request) =>
      solanaCallerReplacement(tx, request, {
        chain,
        ceiling: unitPriceCeiling(chain),
        resignable: solanaPayloadOf(tx).resignable,
      }),

    /** The same instructions under a fresh blockhash: a new signature, safe once every earlier one expired. */
    async replace(chain, tx, signer): Promise<Replacement> {
      const latest = tx.attempts.at(-1);
      if (!latest) return { stuckReason: 'No signed transaction to re-sign' };
      const rpc = deps.clients.solana(chain);
      const previous = getTransactionDecoder().decode(getBase64Encoder().encode(latest.signedTx));
      const message = decompileTransactionMessage(
        getCompiledTransactionMessageDecoder().decode(previous.messageBytes),
      );
      const { message: priced, price } = pricedForResign(message, tx.details, unitPriceCeiling(chain));
      const fresh = await latestBlockhash(rpc, chain);
      const transaction = compileTransaction(setTransactionMessageLifetimeUsingBlockhash(fresh, priced));
      const fees = price === null ? latest.fees : { ...latest.fees, computeUnitPrice: price.toString() };
      return {
        attempt: await sign(signer, latest.attempt + 1, transaction, fresh.lastValidBlockHeight, fees),
      };
    },
  };
}
