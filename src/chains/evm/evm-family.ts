// The EVM ChainFamily (viem): every EVM rule of the write path, the tracker, trading and balances
// lives here or in the modules beside it (evm-rules.ts for what reads no chain).
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  erc20Abi,
  getAddress,
  type Hex,
  isAddress,
  isHex,
  keccak256,
  type PublicClient,
  type TransactionReceipt,
  type TransactionSerializable,
} from 'viem';
import { EVM_NATIVE_TOKEN } from '../../domain/native-aliases.ts';
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
import type { ChainFamily, CheckedWrite, PreparedWrite } from '../chain-family.ts';
import type { Chain } from '../chain-registry.ts';
import { evidenceOf, readAt, recheckIn, type Sighting, sighted } from '../read-evidence.ts';
import { type ChainClients, rpcError } from '../rpc-clients.ts';
import { stuckReasonOf } from '../stuck-reasons.ts';
import { evmBalanceReader } from './evm-balances.ts';
import { judgeEvmAbsence } from './evm-evidence.ts';
import {
  callerFees,
  type EvmFees,
  type EvmMarket,
  feeCapOf,
  feesFromJson,
  feesJson,
  gwei,
  initialFees,
  replacementFees,
} from './evm-fees.ts';
import { classifyEvmBroadcastError, errorReason, isTransportFailure } from './evm-outcomes.ts';
import { evmPayouts } from './evm-payouts.ts';
import {
  type EvmPrepared,
  type EvmWrite,
  evmApprove,
  evmContract,
  evmRules,
  evmSend,
  evmSwap,
} from './evm-rules.ts';
import { simulateEvmCall } from './evm-simulation.ts';
import { nextNonce } from './nonce-rules.ts';
import { decodeRevertData, revertOf } from './revert-reasons.ts';
import { evmSwapRefusal } from './swap-checks.ts';
import { refuseTokenRecipient } from './token-recipient.ts';

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

/** The keyword a trade names the native coin with (any case). */
const isNativeKeyword = (raw: string) => raw.trim().toUpperCase() === 'NATIVE';

const PLAIN_TRANSFER_GAS = 21_000n;
const DEFAULT_TIP = 1_000_000_000n;

/** Why a call reverted, decoded where it can be (revert-reasons.ts). */
function revertText(err: unknown): string {
  const decoded = revertOf(err);
  if (decoded) return decoded.reason;
  if (err instanceof BaseError) {
    const revert = err.walk((e) => e instanceof ContractFunctionRevertedError);
    if (revert instanceof ContractFunctionRevertedError) return revert.reason ?? revert.shortMessage;
  }
  return errorReason(err);
}

const settled = <T>(r: PromiseSettledResult<T>, chain: Chain): T => {
  if (r.status === 'rejected') throw rpcError(chain, r.reason);
  return r.value;
};

async function market(client: PublicClient, chain: Chain): Promise<EvmMarket & { blockNumber: bigint }> {
  const [block, tip, gasPrice] = await Promise.allSettled([
    client.getBlock({ blockTag: 'latest' }),
    client.request({ method: 'eth_maxPriorityFeePerGas' }).then(BigInt),
    client.getGasPrice(),
  ]);
  const latest = settled(block, chain);
  return {
    blockNumber: latest.number,
    baseFee: latest.baseFeePerGas ?? null,
    priorityFee: tip.status === 'fulfilled' ? tip.value : DEFAULT_TIP,
    gasPrice: gasPrice.status === 'fulfilled' ? gasPrice.value : null,
  };
}

export function evmFamily(deps: { clients: ChainClients; now: () => Date }): ChainFamily<EvmPayload> {
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

  async function broadcast(chain: Chain, attempt: AttemptRecord): Promise<BroadcastOutcome> {
    try {
      await deps.clients
        .evmSingle(chain)
        .sendRawTransaction({ serializedTransaction: attempt.signedTx as Hex });
      return { kind: 'accepted' };
    } catch (err) {
      return classifyEvmBroadcastError(err);
    }
  }

  /**
   * The checks of a write, reads only. One JSON-RPC batch reads what they need: balances, the
   * token's code, the latest block, the tip, the pending nonce, and the gas estimate when no value
   * moves. With a value, the balance is checked before estimating (a node asked to estimate an
   * unaffordable value may fail badly), and a plain transfer to an account without code needs no
   * estimate at all.
   */
  async function check(chain: Chain, intent: EvmWrite, wallet: WalletRecord): Promise<CheckedWrite> {
    const client = deps.clients.evm(chain);
    const from = getAddress(wallet.address);
    const { call } = intent;
    const estimate = () =>
      client.estimateGas({ account: from, to: call.to, data: call.data, value: call.value });
    const token = intent.erc20 ?? intent.tokenSpend?.token;
    // Whose code is read: a send's recipient (never a token contract), or a native payee.
    const { recipient } = intent;
    const codeOf = recipient ?? (call.value > 0n && !call.data ? call.to : null);
    const [balance, tokenBalance, tokenCode, toCode, feeMarket, pendingNonce, early] =
      await Promise.allSettled([
        client.getBalance({ address: from }),
        token
          ? client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [from] })
          : null,
        token ? client.getCode({ address: token }) : null,
        codeOf ? client.getCode({ address: codeOf }) : null,
        market(client, chain),
        client.getTransactionCount({ address: from, blockTag: 'pending' }).then(BigInt),
        call.value === 0n ? estimate() : null,
      ]);
    const held = settled(balance, chain);
    await refuseTokenRecipient(client, chain, intent, recipient, recipient && settled(toCode, chain));
    if (token) {
      const code = settled(tokenCode, chain);
      if (!code || code === '0x')
        throw new AppError(
          'INVALID_INPUT',
          `token: ${token} is not an ERC20 contract (no code at that address)`,
          {
            details: [{ path: 'token', message: 'not an ERC20 contract' }],
          },
        );
      if (tokenBalance.status === 'rejected') {
        if (isTransportFailure(tokenBalance.reason)) throw rpcError(chain, tokenBalance.reason);
        throw new AppError('INVALID_INPUT', `token: ${token} is not an ERC20 contract (balanceOf failed)`, {
          details: [{ path: 'token', message: 'not an ERC20 contract' }],
          cause: tokenBalance.reason,
        });
      }
    }
    if (intent.tokenSpend && (settled(tokenBalance, chain) ?? 0n) < intent.tokenSpend.amount)
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `Wallet ${from} holds ${settled(tokenBalance, chain) ?? 0n} of token ${intent.tokenSpend.token}, needs ${intent.tokenSpend.amount}`,
      );
    if (held < call.value)
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `Wallet ${from} holds ${held} wei, needs ${call.value} plus the fee`,
      );
    const m = settled(feeMarket, chain);
    let gas: bigint;
    const plainTransfer = call.value > 0n && !call.data && (settled(toCode, chain) ?? '0x') === '0x';
    if (plainTransfer) gas = PLAIN_TRANSFER_GAS;
    else {
      const estimated =
        early.status === 'fulfilled' && early.value !== null
          ? early
          : await estimate().then(
              (value) => ({ status: 'fulfilled' as const, value }),
              (reason: unknown) => ({ status: 'rejected' as const, reason }),
            );
      if (estimated.status === 'rejected') {
        if (isTransportFailure(estimated.reason)) throw rpcError(chain, estimated.reason);
        throw new AppError('INVALID_INPUT', `The transaction would fail: ${revertText(estimated.reason)}`, {
          cause: estimated.reason,
        });
      }
      // 20% headroom: state can move between the estimate and inclusion.
      gas = ((estimated.value as bigint) * 12n) / 10n;
    }
    const fees = initialFees(m, chain.maxFeePerGas);
    const maxFee = gas * feeCapOf(fees);
    if (held < call.value + maxFee)
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `Wallet ${from} holds ${held} wei, needs ${call.value + maxFee} (value ${call.value} + fee up to ${maxFee})`,
      );
    const pending = settled(pendingNonce, chain);
    const payload: EvmPayload = {
      to: call.to,
      ...(call.data ? { data: call.data } : {}),
      value: call.value.toString(),
      gas: gas.toString(),
    };
    return {
      async sign(signer, highestRecorded): Promise<SignedWrite> {
        // Our records' highest nonce is read under the wallet's lock, so sends through the service
        // never collide (nonce-rules.ts).
        const nonce = nextNonce(pending, highestRecorded);
        const attempt = await sign(chain, signer, 1, payload, nonce, fees);
        return { attempt, nonce, payload: { ...payload, freeAt: m.blockNumber.toString() } };
      },
    };
  }

  /**
   * A token of a trade: NATIVE (any case) is the 1inch placeholder, an address is checksummed; its
   * allowance matters unless it is the placeholder, however it was written.
   */
  function tradeToken(field: string, raw: string) {
    if (isNativeKeyword(raw)) return { token: EVM_NATIVE_TOKEN, approvalToken: null };
    const token = evmRules.parseAddress(field, raw);
    return { token, approvalToken: token.toLowerCase() === EVM_NATIVE_TOKEN.toLowerCase() ? null : token };
  }

  /** A prepared write bound to these checks: the use cases hold it without seeing the EVM write. */
  const bound = (p: EvmPrepared): PreparedWrite => {
    const { write, ...shown } = p;
    return {
      ...shown,
      check: ({ wallet }) => check(p.chain, write, wallet),
      simulate: ({ wallet }) =>
        simulateEvmCall({
          client: deps.clients.evm(p.chain),
          chain: p.chain,
          from: getAddress(wallet.address),
          call: write.call,
          market: () => market(deps.clients.evm(p.chain), p.chain),
        }),
    };
  };

  async function allowance(chain: Chain, token: string, owner: string, spender: string): Promise<bigint> {
    try {
      return await deps.clients.evm(chain).readContract({
        address: getAddress(token),
        abi: erc20Abi,
        functionName: 'allowance',
        args: [getAddress(owner), getAddress(spender)],
      });
    } catch (err) {
      throw rpcError(chain, err);
    }
  }

  return {
    ...evmRules,
    balances: evmBalanceReader({ clients: deps.clients }),
    payouts: evmPayouts(deps),
    send: (chain, body) => bound(evmSend(chain, body)),
    approve: (chain, body) => bound(evmApprove(chain, body)),
    contract: (chain, body) => bound(evmContract(chain, body)),
    swap(chain, built, { req, wallet, details }) {
      if (built.chainType !== 'ethereum')
        throw new AppError('INTERNAL_ERROR', 'aggregator answered for the wrong chain type');
      const { approvalToken } = tradeToken('fromToken', req.fromToken);
      const erc20In = approvalToken === null ? null : getAddress(approvalToken);
      return bound(evmSwap(chain, built, { req, erc20In, wallet, details }));
    },

    tradeToken,
    isNativeTradeToken: (token) => token.toLowerCase() === EVM_NATIVE_TOKEN.toLowerCase(),
    noTradingReason: '1inch serves mainnets only, no testnets',

    /**
     * An EVM swap must call the aggregator's router (the spender it names) with the trade asked for
     * (receiver, input, amount, output, least return): swap-checks.ts.
     */
    async swapRefusal(aggregator, built, asked) {
      if (built.chainType !== 'ethereum') return 'it is not an EVM transaction';
      const { req } = asked;
      const router = await aggregator.spender(req.chain);
      if (router && built.tx.to.toLowerCase() !== router.toLowerCase())
        return `it calls ${built.tx.to}, not ${aggregator.name}'s router ${router}`;
      return evmSwapRefusal(built.tx.data, {
        wallet: getAddress(asked.wallet),
        fromToken: req.fromToken,
        toToken: req.toToken,
        amount: req.amount,
        dstAmount: built.dstAmount,
        slippage: asked.slippage,
        allowUnknownMethods: asked.allowUnknownMethods,
      });
    },

    allowance,
    payloadOf: evmPayloadOf,

    broadcast,

    /**
     * Looks for every attempt's receipt, so whichever replacement landed is found. With none: the
     * nonce taken by another transaction means this one can never land, once agreeing looks prove it
     * (evm-evidence.ts: an attempt once seen included is never given up); otherwise it waits, is sent
     * again when the node does not know it, or is re-priced when the base fee passed its cap or it
     * sat unmined at the head of the wallet's queue past the chain's replacement age.
     */
    async inspect(chain, tx): Promise<Inspection> {
      const client = deps.clients.evm(chain);
      const from = getAddress(tx.fromAddress);
      const latestAttempt = tx.attempts.at(-1);
      if (!latestAttempt || tx.nonce === null)
        return { kind: 'gone', error: 'Not sent: no signed transaction was recorded' };
      const rpc = <T>(p: Promise<T>) =>
        p.catch((err: unknown) => {
          throw rpcError(chain, err);
        });
      let evidence = evidenceOf(tx.details);
      // The head first: every other read of this look is pinned to it or judged against it.
      const head = await rpc(client.getBlock({ blockTag: 'latest' }));
      const receipts = await rpc(
        Promise.all(
          // The reorg watch looks at the landed attempt only.
          (tx.status === 'CONFIRMED' && tx.hash ? [tx.hash] : tx.attempts.map((a) => a.hash)).map((h) =>
            receiptOf(client, h as Hex),
          ),
        ),
      );
      const found = receipts.find((r): r is TransactionReceipt => r !== null);
      if (found) {
        evidence = sighted(readAt(evidence, head.number), {
          hash: found.transactionHash,
          block: found.blockNumber,
          blockHash: found.blockHash,
        });
        const confirmations = head.number - found.blockNumber + 1n;
        const final = confirmations >= BigInt(chain.confirmations);
        const success = found.status === 'success';
        return {
          kind: 'landed',
          hash: found.transactionHash,
          success,
          error: success || !final ? null : await revertReason(client, found, from),
          final,
          block: found.blockNumber,
          blockHash: found.blockHash,
          evidence,
        };
      }
      const confirmed = tx.status === 'CONFIRMED';
      const [nonceAtHead, atLanded, inPool] = await rpc(
        Promise.all([
          confirmed
            ? null
            : client.getTransactionCount({ address: from, blockNumber: head.number }).then(BigInt),
          confirmed && tx.landedBlock !== null
            ? client.getBlock({ blockNumber: tx.landedBlock }).then(
                (b) => b.hash,
                () => null,
              )
            : null,
          confirmed
            ? false
            : client.getTransaction({ hash: latestAttempt.hash as Hex }).then(
                () => true,
                () => false,
              ),
        ]),
      );
      const taken = nonceAtHead !== null && nonceAtHead > tx.nonce;
      const standing = taken ? await rpc(notDisproven(client, evidence.landed)) : evidence.landed;
      // Read leniently: a record without it (older ones) reads the nonce's taker from the evidence alone.
      const freeAt = typeof tx.payload.freeAt === 'string' ? tx.payload.freeAt : undefined;
      const free = evidence.free ?? (freeAt ? BigInt(freeAt) : null);
      const takenBy =
        taken && standing.length === 0 && free !== null
          ? await rpc(
              takerOf(
                client,
                from,
                tx.nonce,
                free,
                head.number,
                tx.attempts.map((a) => a.hash),
              ),
            )
          : undefined;
      const verdict = judgeEvmAbsence({
        status: tx.status === 'FAILED' ? 'SUBMITTED' : tx.status,
        evidence,
        head: head.number,
        landedBlock: tx.landedBlock,
        landedBlockHash: tx.landedBlockHash,
        blockHashAtLanded: atLanded,
        nonceAtHead,
        nonce: tx.nonce,
        standing,
        ...(takenBy !== undefined ? { takenBy } : {}),
        now: deps.now(),
        windowMs: chain.evidenceWindowMs,
      });
      evidence = verdict.evidence;
      switch (verdict.next) {
        case 'unsure': {
          const soon = recheckIn(evidence, chain.evidenceWindowMs);
          return {
            kind: 'unsure',
            evidence,
            ...(verdict.stuckReason !== undefined ? { stuckReason: verdict.stuckReason } : {}),
            ...(soon !== undefined ? { recheckInMs: soon } : {}),
          };
        }
        case 'reorged':
          return { kind: 'reorged', evidence };
        case 'gone':
          return {
            kind: 'gone',
            error: `Nonce ${tx.nonce} of wallet ${from} was used by another transaction${
              takenBy ? ` (${takenBy.hash} in block ${takenBy.block})` : ''
            } (one sent outside the service?); this one can no longer land`,
            evidence,
          };
        case 'pending':
          break;
      }
      const cap = feeCapOf(feesFromJson(latestAttempt.fees));
      const baseFee = head.baseFeePerGas ?? null;
      if (baseFee !== null && cap < baseFee)
        return { kind: 'pending', next: 'replace', required: false, stuckReason: null, evidence };
      if (!inPool) {
        // Never arrived (a lost broadcast, a crash) or dropped from the pool: send it again. A fee
        // or validity refusal is answered with a replacement at the same nonce; nothing here ever
        // gives the nonce up while it is free on chain.
        const outcome = await broadcast(chain, latestAttempt);
        if (outcome.kind === 'underpriced' || outcome.kind === 'invalid')
          return { kind: 'pending', next: 'replace', required: false, stuckReason: null, evidence };
        return { kind: 'pending', next: 'wait', stuckReason: stuckReasonOf(outcome), evidence };
      }
      const age = deps.now().getTime() - latestAttempt.createdAt.getTime();
      if (nonceAtHead === tx.nonce && age >= chain.replaceAfterMs)
        return { kind: 'pending', next: 'replace', required: false, stuckReason: null, evidence };
      return { kind: 'pending', next: 'wait', stuckReason: tx.stuckReason, evidence };
    },

    async health(chain) {
      const block = await deps.clients.evm(chain).getBlock({ blockTag: 'latest' });
      return {
        latestBlock: block.number.toString(),
        latestBlockAgeSeconds: Math.max(0, Math.round(deps.now().getTime() / 1000 - Number(block.timestamp))),
      };
    },

    /**
     * A caller's speed-up (the same call) or cancel (a zero-value transfer to the wallet itself, 21,000
     * gas) at the transaction's nonce, with fees raised (callerFees); the wallet must afford it.
     */
    async replaceByCaller(chain, tx, signer, request) {
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
      const [m, held] = await Promise.all([
        market(client, chain),
        client.getBalance({ address: from }),
      ]).catch((err: unknown) => {
        throw rpcError(chain, err);
      });
      const fees = callerFees(
        feesFromJson(latest.fees),
        m,
        { cap: chain.maxFeePerGas, ceiling: chain.speedUpMaxFeePerGas ?? chain.maxFeePerGas * 10n },
        request,
      );
      if ('refusal' in fees)
        throw new AppError(
          'INVALID_INPUT',
          `Cannot ${request.action} transaction ${tx.id}: ${fees.refusal}`,
          {
            details: [{ path: 'maxFeePerGas', message: fees.refusal }],
          },
        );
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
    },

    async replace(chain, tx, signer): Promise<Replacement> {
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
    },
  };
}

/**
 * The sightings no finalized read has proven gone: one is gone when the chain's finalized block is
 * past it and the block at its height is another block. Read only when a nonce is taken without a
 * receipt (rare); a node that cannot answer disproves nothing.
 */
async function notDisproven(client: PublicClient, landed: readonly Sighting[]): Promise<Sighting[]> {
  if (landed.length === 0) return [];
  const finalized = await client.getBlock({ blockTag: 'finalized' }).catch(() => null);
  if (!finalized) return [...landed];
  const standing: Sighting[] = [];
  for (const s of landed) {
    if (s.block === null || s.blockHash === null || finalized.number < s.block) {
      standing.push(s);
      continue;
    }
    const now = await client.getBlock({ blockNumber: s.block }).catch(() => null);
    if (!now || now.hash === s.blockHash) standing.push(s);
  }
  return standing;
}

/** Blocks read, at most, to find the transaction that took a nonce (one look's worth, and then some). */
const TAKER_SCAN_BLOCKS = 64n;

/**
 * The wallet's transaction at `nonce` in the blocks after `free` (where the nonce was still free) up
 * to `head`, read by number: a pinned read, so what it finds is proof. undefined when the range is
 * too long to read; null when those blocks hold none (the node is inconsistent: proves nothing).
 */
async function takerOf(
  client: PublicClient,
  from: Address,
  nonce: bigint,
  free: bigint,
  head: bigint,
  ours: readonly string[],
): Promise<{ hash: string; block: bigint; blockHash: string; ours: boolean } | null | undefined> {
  if (head <= free || head - free > TAKER_SCAN_BLOCKS) return undefined;
  const numbers = Array.from({ length: Number(head - free) }, (_, i) => free + 1n + BigInt(i));
  const blocks = await Promise.all(
    numbers.map((n) => client.getBlock({ blockNumber: n, includeTransactions: true }).catch(() => null)),
  );
  for (const block of blocks) {
    if (!block?.hash) continue;
    const found = block.transactions.find((t) => getAddress(t.from) === from && BigInt(t.nonce) === nonce);
    if (found)
      return {
        hash: found.hash,
        block: block.number,
        blockHash: block.hash,
        ours: ours.some((h) => h.toLowerCase() === found.hash.toLowerCase()),
      };
  }
  return blocks.every((b) => b !== null) ? null : undefined;
}

async function receiptOf(client: PublicClient, hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof BaseError && err.name === 'TransactionReceiptNotFoundError') return null;
    throw err;
  }
}

/**
 * Why a mined transaction reverted, decoded (revert-reasons.ts). debug_traceTransaction's default
 * tracer (geth, Erigon, Nethermind, Hardhat, Anvil) returns the revert data of the execution itself;
 * where a node has no debug API, the call is replayed on the state before its block, which misses
 * what earlier transactions of the same block changed.
 */
async function revertReason(
  client: PublicClient,
  receipt: TransactionReceipt,
  from: Address,
): Promise<string> {
  try {
    const trace = (await client.request({
      method: 'debug_traceTransaction' as never,
      params: [
        receipt.transactionHash,
        { disableStack: true, disableMemory: true, disableStorage: true },
      ] as never,
    })) as { failed?: boolean; returnValue?: string };
    if (trace?.failed) {
      const data = trace.returnValue ? `0x${trace.returnValue.replace(/^0x/, '')}` : null;
      return `Transaction reverted: ${decodeRevertData(data).reason}`;
    }
  } catch {
    // No debug API here: replayed below.
  }
  try {
    const tx = await client.getTransaction({ hash: receipt.transactionHash });
    await client.call({
      account: from,
      to: tx.to ?? undefined,
      data: tx.input,
      value: tx.value,
      blockNumber: receipt.blockNumber - 1n,
    });
    return 'Transaction reverted';
  } catch (err) {
    return `Transaction reverted: ${revertText(err)}`;
  }
}
