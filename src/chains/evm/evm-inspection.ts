// How an EVM transaction stands on chain (the family's `inspect`): whichever attempt has a receipt,
// or, with none, whether its nonce was taken by another transaction (proven by agreeing looks,
// evm-evidence.ts), or it waits, is sent again, or is re-priced. With the reads it needs: receipts,
// the blocks that may hold the nonce's taker, sightings a finalized block disproves, and why a mined
// transaction reverted.
import {
  type Address,
  BaseError,
  getAddress,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import type { AttemptRecord, TransactionRecord } from '../../domain/transactions.ts';
import type { BroadcastOutcome, Inspection } from '../chain-adapter.ts';
import type { Chain } from '../chain-registry.ts';
import { evidenceOf, readAt, type Sighting, sighted, unsure } from '../read-evidence.ts';
import { type ChainClients, rpcError } from '../rpc-clients.ts';
import { stuckReasonOf } from '../stuck-reasons.ts';
import { judgeEvmAbsence } from './evm-evidence.ts';
import { feeCapOf, feesFromJson } from './evm-fees.ts';
import { decodeRevertData, revertText } from './revert-reasons.ts';

export interface InspectionDeps {
  clients: ChainClients;
  now: () => Date;
  /** Sends an attempt again (the family's broadcast). */
  broadcast(chain: Chain, attempt: AttemptRecord): Promise<BroadcastOutcome>;
}

/**
 * Looks for every attempt's receipt, so whichever replacement landed is found. With none: the
 * nonce taken by another transaction means this one can never land, once agreeing looks prove it
 * (evm-evidence.ts: an attempt once seen included is never given up); otherwise it waits, is sent
 * again when the node does not know it, or is re-priced when the base fee passed its cap or it
 * sat unmined at the head of the wallet's queue past the chain's replacement age.
 */
export async function inspectEvmTransaction(
  deps: InspectionDeps,
  chain: Chain,
  tx: TransactionRecord,
): Promise<Inspection> {
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
      confirmed ? null : client.getTransactionCount({ address: from, blockNumber: head.number }).then(BigInt),
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
    case 'unsure':
      return unsure(evidence, verdict.stuckReason, chain.evidenceWindowMs);
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
    const outcome = await deps.broadcast(chain, latestAttempt);
    if (outcome.kind === 'underpriced' || outcome.kind === 'invalid')
      return { kind: 'pending', next: 'replace', required: false, stuckReason: null, evidence };
    return { kind: 'pending', next: 'wait', stuckReason: stuckReasonOf(outcome), evidence };
  }
  const age = deps.now().getTime() - latestAttempt.createdAt.getTime();
  if (nonceAtHead === tx.nonce && age >= chain.replaceAfterMs)
    return { kind: 'pending', next: 'replace', required: false, stuckReason: null, evidence };
  return { kind: 'pending', next: 'wait', stuckReason: tx.stuckReason, evidence };
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

/** A transaction's receipt, or null when the node has none (not mined, or not known to it). */
export async function receiptOf(client: PublicClient, hash: Hex): Promise<TransactionReceipt | null> {
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
