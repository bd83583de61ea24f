// EVM payouts (issue 31): one transaction per transfer, so one bad recipient cannot sink the rest.
// The reads a single send makes per request are made once per part of the payout: one fee market,
// one pending nonce, the recipients' code in one JSON-RPC batch; nonces are allocated in one pass
// under the wallet's lock and the transactions signed back to back.
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  keccak256,
  type PublicClient,
  type TransactionReceipt,
  type TransactionSerializable,
} from 'viem';
import type { TransactionRecord } from '../../domain/transactions.ts';
import { AppError } from '../../errors/app-error.ts';
import {
  type AttemptSigner,
  attemptRequestKey,
  type BroadcastOutcome,
  type Inspection,
} from '../chain-adapter.ts';
import type { Chain } from '../chain-registry.ts';
import type {
  PayoutOrder,
  PayoutTransfer,
  PayoutWriter,
  SignedPayoutTransaction,
  UnsignedPayoutTransfer,
} from '../payouts.ts';
import { evidenceOf, readAt, sighted } from '../read-evidence.ts';
import { type ChainClients, rpcError } from '../rpc-clients.ts';
import { packTransfers, refuseFailed, requireMulticall, signPacks } from './evm-atomic-payouts.ts';
import { type EvmFees, feeCapOf, feesJson, initialFees } from './evm-fees.ts';
import { receiptOf } from './evm-inspection.ts';
import { classifyEvmBroadcastError, errorReason, isTransportFailure } from './evm-outcomes.ts';
import { nextNonce } from './nonce-rules.ts';
import { refuseTokenRecipient } from './token-recipient.ts';

const PLAIN_TRANSFER_GAS = 21_000n;
const DEFAULT_TIP = 1_000_000_000n;
/**
 * The least gas an ERC20 transfer is given: the estimate is made once per part, to a fresh holder
 * (the dearest case: a storage slot set from zero), and a token whose transfer costs more to some
 * recipients than to others is covered by the 20 % headroom above this floor.
 */
const TOKEN_TRANSFER_GAS_FLOOR = 65_000n;
/** A recipient no one holds a key for: the estimate of a transfer to a holder with no balance yet. */
const FRESH_HOLDER = '0x00000000000000000000000000000000000fEe01' as Address;

interface Plan {
  fees: EvmFees;
  blockNumber: bigint;
  nativeHeld: bigint;
  tokenHeld: bigint;
  /** The gas of each transfer, by index; or why it cannot be sent. */
  gas: Map<number, bigint | string>;
}

const itemError = (index: number, err: AppError): AppError =>
  new AppError(err.code, `items[${index}].${err.message}`, {
    details: [{ path: `items/${index}/to`, message: err.message }],
  });

/** The attempts a look reads receipts for: a confirmed one's landed attempt only (as inspect). */
const hashesOf = (tx: TransactionRecord): Hex[] =>
  (tx.status === 'CONFIRMED' && tx.hash ? [tx.hash] : tx.attempts.map((a) => a.hash)) as Hex[];

export function evmPayouts(deps: { clients: ChainClients; now: () => Date }): PayoutWriter {
  /** What a part of a payout needs: fees now, balances, each transfer's gas. `strict`: refuse (400) rather than note. */
  async function plan(
    chain: Chain,
    from: Address,
    order: PayoutOrder,
    transfers: PayoutTransfer[],
    strict: boolean,
  ): Promise<Plan> {
    const client = deps.clients.evm(chain);
    const token = order.asset === 'token' ? getAddress(order.token as string) : null;
    const recipients = [...new Set(transfers.map((t) => getAddress(t.to)))];
    let reads: [bigint, bigint, Hex | undefined, Awaited<ReturnType<typeof market>>, (Hex | undefined)[]];
    try {
      reads = await Promise.all([
        client.getBalance({ address: from }),
        token
          ? client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [from] })
          : 0n,
        token ? client.getCode({ address: token }) : undefined,
        market(client),
        Promise.all(recipients.map((address) => client.getCode({ address }))),
      ]);
    } catch (err) {
      if (token && !isTransportFailure(err))
        throw new AppError('INVALID_INPUT', `token: ${token} is not an ERC20 contract (balanceOf failed)`, {
          details: [{ path: 'token', message: 'not an ERC20 contract' }],
          cause: err,
        });
      throw rpcError(chain, err);
    }
    const [nativeHeld, tokenHeld, tokenCode, m, codes] = reads;
    if (token && (!tokenCode || tokenCode === '0x'))
      throw new AppError(
        'INVALID_INPUT',
        `token: ${token} is not an ERC20 contract (no code at that address)`,
        {
          details: [{ path: 'token', message: 'not an ERC20 contract' }],
        },
      );
    const codeOf = new Map(recipients.map((r, i) => [r.toLowerCase(), codes[i]]));
    const gas = new Map<number, bigint | string>();
    let tokenGas: bigint | null = null;
    if (token) {
      try {
        const estimated = await client.estimateGas({
          account: from,
          to: token,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [FRESH_HOLDER, 1n] }),
        });
        const padded = (estimated * 12n) / 10n;
        tokenGas = padded > TOKEN_TRANSFER_GAS_FLOOR ? padded : TOKEN_TRANSFER_GAS_FLOOR;
      } catch (err) {
        if (isTransportFailure(err)) throw rpcError(chain, err);
        // A wallet holding none of the token cannot have a transfer estimated: the floor is used,
        // and the funds check says what is missing.
        tokenGas = TOKEN_TRANSFER_GAS_FLOOR * 2n;
      }
    }
    // Recipients with code: a token is refused (funds sent there are lost), a contract's native
    // payment is estimated (it may run code); in an atomic payout the contract is paid by
    // Multicall3, not the wallet, so the estimate of its pack (evm-atomic-payouts.ts) is the one
    // that says whether it takes the payment.
    await Promise.all(
      transfers.map(async (t) => {
        const to = getAddress(t.to);
        const code = codeOf.get(to.toLowerCase());
        try {
          await refuseTokenRecipient(client, chain, token ? { tokenSpend: { token } } : {}, to, code);
        } catch (err) {
          if (!(err instanceof AppError) || err.code !== 'INVALID_INPUT') throw err;
          if (strict) throw itemError(t.index, err);
          gas.set(t.index, err.message);
          return;
        }
        if (tokenGas !== null) gas.set(t.index, tokenGas);
        else if (!code || code === '0x' || order.atomic) gas.set(t.index, PLAIN_TRANSFER_GAS);
        else
          try {
            const estimated = await client.estimateGas({ account: from, to, value: t.amount });
            gas.set(t.index, (estimated * 12n) / 10n);
          } catch (err) {
            if (isTransportFailure(err)) throw rpcError(chain, err);
            const reason = `to: the payment to contract ${to} would fail (${errorReason(err)})`;
            if (strict)
              throw new AppError('INVALID_INPUT', `items[${t.index}].${reason}`, {
                details: [{ path: `items/${t.index}/to`, message: reason }],
              });
            gas.set(t.index, reason);
          }
      }),
    );
    return {
      fees: initialFees(m, chain.maxFeePerGas),
      blockNumber: m.blockNumber,
      nativeHeld,
      tokenHeld,
      gas,
    };
  }

  async function market(client: PublicClient) {
    const [block, tip, gasPrice] = await Promise.all([
      client.getBlock({ blockTag: 'latest' }),
      client
        .request({ method: 'eth_maxPriorityFeePerGas' })
        .then(BigInt)
        .catch(() => DEFAULT_TIP),
      client.getGasPrice().catch(() => null),
    ]);
    return {
      blockNumber: block.number,
      baseFee: block.baseFeePerGas ?? null,
      priorityFee: tip,
      gasPrice,
    };
  }

  function serializable(
    chain: Chain,
    call: { to: Address; data?: Hex; value: bigint },
    gas: bigint,
    nonce: bigint,
    fees: EvmFees,
  ): TransactionSerializable {
    const base = { chainId: chain.chainId, ...call, gas, nonce: Number(nonce) };
    return 'gasPrice' in fees
      ? { ...base, type: 'legacy', gasPrice: fees.gasPrice }
      : { ...base, type: 'eip1559', ...fees };
  }

  return {
    /**
     * The head, then every attempt's receipt of every transaction in one JSON-RPC batch (the batching
     * client sends the calls of one turn together): a part of 50 payments costs two round trips
     * rather than two each. A receipt found is judged as evm-family.ts inspect judges it (sighted in
     * the evidence at the head read first, final at the chain's depth); a reverted one, or none, is
     * left to inspect (null).
     */
    async inspectLanded(chain, txs) {
      const client = deps.clients.evm(chain);
      let head: bigint;
      let receipts: (TransactionReceipt | null)[][];
      try {
        head = (await client.getBlock({ blockTag: 'latest' })).number;
        receipts = await Promise.all(
          txs.map((tx) => Promise.all(hashesOf(tx).map((h) => receiptOf(client, h)))),
        );
      } catch (err) {
        throw rpcError(chain, err);
      }
      return txs.map((tx, i): Inspection | null => {
        const found = receipts[i]?.find((r): r is TransactionReceipt => r !== null);
        if (found?.status !== 'success' || tx.nonce === null) return null;
        const final = head - found.blockNumber + 1n >= BigInt(chain.confirmations);
        return {
          kind: 'landed',
          hash: found.transactionHash,
          success: true,
          error: null,
          final,
          block: found.blockNumber,
          blockHash: found.blockHash,
          evidence: sighted(readAt(evidenceOf(tx.details), head), {
            hash: found.transactionHash,
            block: found.blockNumber,
            blockHash: found.blockHash,
          }),
        };
      });
    },

    /** One JSON-RPC batch (the batching client sends what is asked in one turn together), in nonce order. */
    broadcastMany(chain, attempts) {
      // Not the client the reads share: the next part's reads must not wait in this batch.
      const client = deps.clients.evmBroadcasts(chain);
      return Promise.all(
        attempts.map((a) =>
          client.sendRawTransaction({ serializedTransaction: a.signedTx as Hex }).then(
            (): BroadcastOutcome => ({ kind: 'accepted' }),
            (err: unknown) => classifyEvmBroadcastError(err),
          ),
        ),
      );
    },

    async quote(chain, wallet, order, transfers) {
      const from = getAddress(wallet.address);
      const client = deps.clients.evm(chain);
      const multicall = order.atomic ? await requireMulticall(client, chain) : null;
      const p = await plan(chain, from, order, transfers, true);
      const sum = transfers.reduce((s, t) => s + t.amount, 0n);
      if (multicall) {
        // Every pack estimated now, so a recipient that refuses is named before anything is signed.
        const { packs, failed } = await packTransfers(client, chain, from, multicall, transfers, {
          estimate: p.nativeHeld >= sum,
        });
        if (failed.length > 0) throw refuseFailed(failed);
        const fees = packs.reduce((g, pk) => g + pk.gas, 0n) * feeCapOf(p.fees);
        return {
          nativeNeeded: sum + fees,
          nativeHeld: p.nativeHeld,
          tokenNeeded: 0n,
          tokenHeld: 0n,
          fees,
          transactions: packs.length,
        };
      }
      let gasTotal = 0n;
      for (const g of p.gas.values()) if (typeof g === 'bigint') gasTotal += g;
      const fees = gasTotal * feeCapOf(p.fees);
      return {
        nativeNeeded: (order.asset === 'native' ? sum : 0n) + fees,
        nativeHeld: p.nativeHeld,
        tokenNeeded: order.asset === 'token' ? sum : 0n,
        tokenHeld: p.tokenHeld,
        fees,
        transactions: transfers.length,
      };
    },

    async sign(chain, order, transfers, ctx) {
      const part = transfers.slice(0, ctx.limit);
      const first = part[0];
      if (!first) return { signed: [], unsigned: [] };
      const wallet = ctx.signerFor(first.transactionId).wallet;
      const from = getAddress(wallet.address);
      const client = deps.clients.evm(chain);
      let pending: bigint;
      let p: Plan;
      try {
        [pending, p] = await Promise.all([
          client.getTransactionCount({ address: from, blockTag: 'pending' }).then(BigInt),
          plan(chain, from, order, part, false),
        ]);
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw rpcError(chain, err);
      }
      let nonce = nextNonce(pending, ctx.highestRecordedNonce);
      const signed: SignedPayoutTransaction[] = [];
      const unsigned: UnsignedPayoutTransfer[] = [];
      if (order.atomic) {
        // Refused rather than signed: value sent with call data to an address without code is kept there.
        const multicall = await requireMulticall(client, chain);
        const ready = part.filter((t) => {
          const gas = p.gas.get(t.index);
          if (typeof gas !== 'bigint') unsigned.push({ index: t.index, error: gas ?? 'not planned' });
          return typeof gas === 'bigint';
        });
        const { packs, failed } = await packTransfers(client, chain, from, multicall, ready, {
          estimate: true,
        });
        for (const f of failed) unsigned.push({ index: f.index, error: f.reason });
        signed.push(
          ...(await signPacks(packs, multicall, nonce, {
            signerFor: ctx.signerFor,
            unsignedTx: (call, gas, n) => serializable(chain, call, gas, n, p.fees),
            fees: feesJson(p.fees),
            freeAt: p.blockNumber,
            now: deps.now,
          })),
        );
        return { signed, unsigned };
      }
      const token = order.asset === 'token' ? getAddress(order.token as string) : null;
      for (const t of part) {
        const gas = p.gas.get(t.index);
        if (typeof gas !== 'bigint') {
          unsigned.push({ index: t.index, error: gas ?? 'not planned' });
          continue;
        }
        const to = getAddress(t.to);
        const call = token
          ? {
              to: token,
              value: 0n,
              data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, t.amount] }),
            }
          : { to, value: t.amount };
        const signer: AttemptSigner = ctx.signerFor(t.transactionId);
        const raw = await signer.provider.signEvmTransaction(
          signer.wallet,
          serializable(chain, call, gas, nonce, p.fees),
          { requestKey: attemptRequestKey(signer, 1) },
        );
        const details: Record<string, string> = {
          asset: token ? 'erc20' : 'native',
          amount: t.amount.toString(),
          recipient: to,
          ...(token ? { token } : {}),
        };
        signed.push({
          id: t.transactionId,
          indexes: [t.index],
          to,
          value: token ? 0n : t.amount,
          details,
          signed: {
            attempt: {
              attempt: 1,
              hash: keccak256(raw),
              signedTx: raw,
              fees: feesJson(p.fees),
              lastValidBlockHeight: null,
              createdAt: deps.now(),
            },
            nonce,
            payload: {
              to: call.to,
              ...('data' in call ? { data: call.data } : {}),
              value: call.value.toString(),
              gas: gas.toString(),
              freeAt: p.blockNumber.toString(),
            },
          },
        });
        nonce += 1n;
      }
      return { signed, unsigned };
    },
  };
}
