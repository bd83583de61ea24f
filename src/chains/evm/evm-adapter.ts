// The EVM ChainAdapter (viem): every EVM rule of the write path and the tracker lives here.
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  erc20Abi,
  getAddress,
  type Hex,
  HttpRequestError,
  keccak256,
  type PublicClient,
  TimeoutError,
  type TransactionReceipt,
  type TransactionSerializable,
} from 'viem';
import { AppError } from '../../errors/app-error.ts';
import type { AttemptRecord } from '../../store/repositories/transactions-repository.ts';
import {
  type AttemptSigner,
  attemptRequestKey,
  type BroadcastOutcome,
  type ChainAdapter,
  type Inspection,
  type Replacement,
  type SignedWrite,
} from '../chain-adapter.ts';
import type { Chain } from '../chain-registry.ts';
import { type ChainClients, rpcError } from '../rpc-clients.ts';
import { stuckReasonOf } from '../stuck-reasons.ts';
import {
  type EvmFees,
  type EvmMarket,
  feeCapOf,
  feesFromJson,
  feesJson,
  gwei,
  initialFees,
  replacementFees,
} from './evm-fees.ts';
import { classifyEvmBroadcastError, errorReason } from './evm-outcomes.ts';
import { nextNonce } from './nonce-rules.ts';
import { refuseTokenRecipient, sendRecipient } from './token-recipient.ts';

/** An EVM write as the chain executes it. */
export interface EvmWrite {
  call: { to: Address; data?: Hex; value: bigint };
  /** ERC20 units leaving the wallet (checked against its balance before signing). */
  tokenSpend?: { token: Address; amount: bigint };
  /** `call.to` must be an ERC20 contract (token sends and approvals). */
  erc20?: Address;
}

/** What a replacement re-signs: the same call and gas limit at the same nonce. */
interface EvmPayload {
  to: Address;
  data?: Hex;
  value: string;
  gas: string;
}

const PLAIN_TRANSFER_GAS = 21_000n;
const DEFAULT_TIP = 1_000_000_000n;

const isTransport = (err: unknown) =>
  err instanceof BaseError &&
  Boolean(err.walk((e) => e instanceof TimeoutError || e instanceof HttpRequestError));

function revertText(err: unknown): string {
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

export function evmAdapter(deps: { clients: ChainClients; now: () => Date }): ChainAdapter<EvmWrite> {
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

  return {
    chainType: 'ethereum',

    /**
     * One JSON-RPC batch reads what the checks need: balances, the token's code, the latest block,
     * the tip, the pending nonce, and the gas estimate when no value moves. With a value, the balance
     * is checked before estimating (a node asked to estimate an unaffordable value may fail badly),
     * and a plain transfer to an account without code needs no estimate at all.
     */
    async signWrite({ chain, intent, signer, highestNonce, beforeSigning }): Promise<SignedWrite> {
      const client = deps.clients.evm(chain);
      const from = getAddress(signer.wallet.address);
      const { call } = intent;
      const estimate = () =>
        client.estimateGas({ account: from, to: call.to, data: call.data, value: call.value });
      const token = intent.erc20 ?? intent.tokenSpend?.token;
      // Whose code is read: a send's recipient (never a token contract), or a native payee.
      const recipient = sendRecipient(intent);
      const codeOf = recipient ?? (call.value > 0n && !call.data ? call.to : null);
      const [balance, tokenBalance, tokenCode, toCode, feeMarket, pendingNonce, early, ours] =
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
          // After the batch above is on its way (it leaves on an immediate queued before this one):
          // the embedded database runs on this thread and would otherwise hold the batch back.
          new Promise((resolve) => setImmediate(resolve)).then(highestNonce),
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
          if (isTransport(tokenBalance.reason)) throw rpcError(chain, tokenBalance.reason);
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
          if (isTransport(estimated.reason)) throw rpcError(chain, estimated.reason);
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
      // Read under the wallet's lock, so sends through the service never collide (nonce-rules.ts).
      const highest = settled(ours, chain);
      const nonce = nextNonce(settled(pendingNonce, chain), highest);
      const payload: EvmPayload = {
        to: call.to,
        ...(call.data ? { data: call.data } : {}),
        value: call.value.toString(),
        gas: gas.toString(),
      };
      await beforeSigning();
      const attempt = await sign(chain, signer, 1, payload, nonce, fees);
      return { attempt, nonce, payload: { ...payload } };
    },

    broadcast,

    /**
     * Looks for every attempt's receipt, so whichever replacement landed is found. With none: the
     * nonce taken by another transaction means this one can never land; otherwise it waits, is sent
     * again when the node does not know it, or is re-priced when the base fee passed its cap or it
     * sat unmined at the head of the wallet's queue past the chain's replacement age.
     */
    async inspect(chain, tx): Promise<Inspection> {
      const client = deps.clients.evm(chain);
      const from = getAddress(tx.fromAddress);
      const latestAttempt = tx.attempts.at(-1);
      if (!latestAttempt || tx.nonce === null)
        return { kind: 'gone', error: 'Not sent: no signed transaction was recorded' };
      if (tx.status === 'CONFIRMED' && tx.hash) {
        // The reorg watch: is the landed attempt still in the block it was found in?
        const still = await receiptOf(client, tx.hash as Hex).catch((err: unknown) => {
          throw rpcError(chain, err);
        });
        if (still && still.blockHash === tx.landedBlockHash)
          return {
            kind: 'landed',
            hash: still.transactionHash,
            success: still.status === 'success',
            error: null,
            final: true,
            block: still.blockNumber,
            blockHash: still.blockHash,
          };
      }
      const rpc = <T>(p: Promise<T>) =>
        p.catch((err: unknown) => {
          throw rpcError(chain, err);
        });
      // First the receipts (the common case: it was mined); the head only when depth matters.
      const [receipts, depthHead] = await rpc(
        Promise.all([
          Promise.all(tx.attempts.map((a) => receiptOf(client, a.hash as Hex))),
          chain.confirmations > 1 ? client.getBlock({ blockTag: 'latest' }) : null,
        ]),
      );
      const landed = async (found: TransactionReceipt): Promise<Inspection> => {
        const confirmations = depthHead ? depthHead.number - found.blockNumber + 1n : 1n;
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
        };
      };
      const found = receipts.find((r): r is TransactionReceipt => r !== null);
      if (found) return landed(found);
      const [head, nonceNow, inPool] = await rpc(
        Promise.all([
          depthHead ?? client.getBlock({ blockTag: 'latest' }),
          client.getTransactionCount({ address: from, blockTag: 'latest' }).then(BigInt),
          client.getTransaction({ hash: latestAttempt.hash as Hex }).then(
            () => true,
            () => false,
          ),
        ]),
      );
      if (tx.status === 'CONFIRMED') return { kind: 'reorged' };
      if (nonceNow > tx.nonce) {
        // The nonce moved on without a receipt of ours. Before calling the transaction gone, look
        // for the receipts once more, after the nonce was read: a load-balanced endpoint may answer
        // the calls of one batch from nodes at different heights, and landed money is never lost.
        const again = (await Promise.all(tx.attempts.map((a) => receiptOf(client, a.hash as Hex)))).find(
          (r): r is TransactionReceipt => r !== null,
        );
        if (again) return landed(again);
      }
      if (nonceNow > tx.nonce)
        return {
          kind: 'gone',
          error: `Nonce ${tx.nonce} of wallet ${from} was used by another transaction (one sent outside the service?); this one can no longer land`,
        };
      const cap = feeCapOf(feesFromJson(latestAttempt.fees));
      const baseFee = head.baseFeePerGas ?? null;
      if (baseFee !== null && cap < baseFee)
        return { kind: 'pending', next: 'replace', required: false, stuckReason: null };
      if (!inPool) {
        // Never arrived (a lost broadcast, a crash) or dropped from the pool: send it again. A fee
        // or validity refusal is answered with a replacement at the same nonce; nothing here ever
        // gives the nonce up while it is free on chain.
        const outcome = await broadcast(chain, latestAttempt);
        if (outcome.kind === 'underpriced' || outcome.kind === 'invalid')
          return { kind: 'pending', next: 'replace', required: false, stuckReason: null };
        return { kind: 'pending', next: 'wait', stuckReason: stuckReasonOf(outcome) };
      }
      const age = deps.now().getTime() - latestAttempt.createdAt.getTime();
      if (nonceNow === tx.nonce && age >= chain.replaceAfterMs)
        return { kind: 'pending', next: 'replace', required: false, stuckReason: null };
      return { kind: 'pending', next: 'wait', stuckReason: tx.stuckReason };
    },

    async health(chain) {
      const block = await deps.clients.evm(chain).getBlock({ blockTag: 'latest' });
      return {
        latestBlock: block.number.toString(),
        latestBlockAgeSeconds: Math.max(0, Math.round(deps.now().getTime() / 1000 - Number(block.timestamp))),
      };
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
      const attempt = await sign(
        chain,
        signer,
        latest.attempt + 1,
        tx.payload as unknown as EvmPayload,
        tx.nonce,
        next,
      );
      return { attempt };
    },
  };
}

async function receiptOf(client: PublicClient, hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof BaseError && err.name === 'TransactionReceiptNotFoundError') return null;
    throw err;
  }
}

/** Replays a reverted transaction at its block to read the revert reason, when the node allows. */
async function revertReason(
  client: PublicClient,
  receipt: TransactionReceipt,
  from: Address,
): Promise<string> {
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
