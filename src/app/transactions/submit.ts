import { getAddress, keccak256 } from 'viem';
import type { BroadcastResult } from '../../chains/broadcast.ts';
import type { Chain, ChainRegistry } from '../../chains/chain-registry.ts';
import {
  broadcastEvmTransaction,
  evmTransactionRequest,
  nextEvmNonce,
  prepareEvmTransaction,
} from '../../chains/evm/evm-transactions.ts';
import { type ChainClients, rpcError } from '../../chains/rpc-clients.ts';
import {
  broadcastSolanaTransaction,
  prepareSolanaTransfer,
  signPrebuiltSolanaTransaction,
  signSolanaTransaction,
} from '../../chains/solana/solana-transactions.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Database } from '../../store/database.ts';
import {
  type IdempotencyLink,
  type TransactionRecord,
  transactionsRepository,
} from '../../store/repositories/transactions-repository.ts';
import { addressKey, type WalletRecord } from '../../store/repositories/wallets-repository.ts';
import type { WalletLock } from '../../store/wallet-lock.ts';
import type { Clock } from '../../support/clock.ts';
import { newId } from '../../support/ids.ts';
import { providerSigner } from '../../wallet-providers/provider-signer.ts';
import type { WalletProvider } from '../../wallet-providers/wallet-provider.ts';
import type { WalletsService } from '../wallets.ts';
import { submissionJson, submissionView } from './views.ts';
import type { WriteIntent } from './write-intents.ts';

export interface SubmitDeps {
  db: Database;
  clock: Clock;
  chains: ChainRegistry;
  clients: ChainClients;
  provider: WalletProvider;
  wallets: WalletsService;
  lock: WalletLock;
  solanaPriorityFeeCapMicroLamports: bigint;
  /** Called after a wallet sent something (balance caches). */
  onWalletWrite?: (chain: string, address: string) => Promise<void>;
}

const FIRST_CHECK_MS = 1000;

/** A write accepted for broadcast, with the Submission JSON sent (and stored for replays). */
export interface Submitted {
  tx: TransactionRecord;
  json: string;
}

/** The wallet a write uses: `from`, or the caller's default wallet for the chain type (DESIGN A9). */
export async function resolveWriteWallet(
  wallets: WalletsService,
  userId: string,
  chain: Chain,
  from: string | undefined,
): Promise<WalletRecord> {
  const all = await wallets.listAll(userId);
  const wallet = from
    ? all.find(
        (w) =>
          w.chainType === chain.chainType &&
          addressKey(w.chainType, w.address) === addressKey(chain.chainType, from),
      )
    : all.find((w) => w.chainType === chain.chainType && w.isDefault);
  if (!wallet)
    throw new AppError(
      'WALLET_NOT_FOUND',
      from ? `Wallet ${from} not found` : `You have no default ${chain.chainType} wallet for ${chain.slug}`,
    );
  if (!wallet.automationEnabled)
    throw new AppError('WALLET_NOT_DELEGATED', `Automation is not enabled for wallet ${wallet.address}`);
  if (!wallet.providerWalletId)
    throw new AppError('WALLET_ID_REQUIRED', `Wallet ${wallet.address} has no wallet id at its provider`);
  return wallet;
}

/**
 * The write path: checks before signing (wallet, funds), then, under the per-wallet lock, nonce,
 * signature, a PENDING record holding the signed transaction, and the broadcast. The record exists
 * before the broadcast so that a crash in between is reconciled from it, never sent twice.
 */
export function submitter(deps: SubmitDeps) {
  const repo = transactionsRepository(deps.db);

  const record = (
    intent: WriteIntent,
    userId: string,
    wallet: WalletRecord,
    extra: Partial<TransactionRecord>,
  ): TransactionRecord => {
    const now = deps.clock.now();
    return {
      id: newId('tx'),
      userId,
      walletId: wallet.id,
      chain: intent.chain.slug,
      chainType: intent.chain.chainType,
      chainId: intent.chain.chainId,
      kind: intent.kind,
      fromAddress: wallet.address,
      toAddress: intent.to,
      value: intent.value.toString(),
      status: 'PENDING',
      hash: null,
      error: null,
      nonce: null,
      lastValidBlockHeight: null,
      signedTx: null,
      details: intent.details,
      createdAt: now,
      updatedAt: now,
      nextCheckAt: new Date(now.getTime() + 60_000),
      ...extra,
    };
  };

  /** Records the outcome of the broadcast and turns a failure into the error the caller sees. */
  const afterBroadcast = async (
    tx: TransactionRecord,
    link: IdempotencyLink | null,
    result: BroadcastResult,
  ): Promise<Submitted> => {
    const now = deps.clock.now();
    if (result.ok) {
      // The response is stored with the state change, in one statement: what a replay sends.
      const json = submissionJson(submissionView(deps.chains, tx));
      const updated = await repo.markSubmitted(tx.id, {
        now,
        nextCheckAt: new Date(now.getTime() + FIRST_CHECK_MS),
        link,
        responseBody: json,
      });
      return { tx: updated ?? tx, json };
    }
    if (result.definite) {
      // Rejected by the node: nothing reached the chain, so the nonce is free again.
      await repo.transition(tx.id, ['PENDING'], {
        status: 'FAILED',
        error: result.error.message,
        nextCheckAt: null,
        now,
        releaseNonce: true,
        details: { broadcast: 'no' },
      });
    } else {
      // We cannot know whether it reached the node: the tracker finds out from the signed copy.
      await repo.reschedule(tx.id, new Date(now.getTime() + FIRST_CHECK_MS));
    }
    throw result.error;
  };

  async function submitEvm(
    userId: string,
    intent: Extract<WriteIntent, { chainType: 'ethereum' }>,
    wallet: WalletRecord,
    link: IdempotencyLink | null,
  ) {
    const { chain } = intent;
    const client = deps.clients.evm(chain);
    const from = getAddress(wallet.address);
    try {
      // Under the wallet's lock from the first read: the node's pending count and our own highest
      // nonce are then both current, and the chain reads, our records and the key are read at once.
      return await deps.lock.withLock(wallet.id, chain.slug, async () => {
        const [prepared, highestOurs] = await Promise.all([
          prepareEvmTransaction(client, chain, from, intent.call, intent.tokenSpend?.token),
          repo.maxNonce(wallet.id, chain.slug),
        ]);
        if (intent.tokenSpend && (prepared.tokenBalance ?? 0n) < intent.tokenSpend.amount)
          throw new AppError(
            'INSUFFICIENT_FUNDS',
            `Wallet ${from} holds ${prepared.tokenBalance ?? 0n} of token ${intent.tokenSpend.token}, needs ${intent.tokenSpend.amount}`,
          );
        if (prepared.balance < intent.call.value)
          throw new AppError(
            'INSUFFICIENT_FUNDS',
            `Wallet ${from} holds ${prepared.balance} wei, needs ${intent.call.value} plus the fee`,
          );
        if (prepared.estimateError) throw prepared.estimateError;
        if (prepared.balance < intent.call.value + prepared.maxFee)
          throw new AppError(
            'INSUFFICIENT_FUNDS',
            `Wallet ${from} holds ${prepared.balance} wei, needs ${intent.call.value + prepared.maxFee} (value ${intent.call.value} + fee up to ${prepared.maxFee})`,
          );
        const nonce = nextEvmNonce(prepared.pendingNonce, highestOurs);
        const id = newId('tx');
        const signed = await deps.provider.signEvmTransaction(
          wallet,
          evmTransactionRequest(chain, prepared, nonce),
          { requestKey: `${id}:1` },
        );
        const tx = record(intent, userId, wallet, { id, hash: keccak256(signed), nonce, signedTx: signed });
        await repo.insert(tx, link);
        return afterBroadcast(tx, link, await broadcastEvmTransaction(client, chain, signed));
      });
    } catch (err) {
      throw err instanceof AppError ? err : rpcError(chain, err);
    }
  }

  async function submitSolana(
    userId: string,
    intent: Extract<WriteIntent, { chainType: 'solana' }>,
    wallet: WalletRecord,
    link: IdempotencyLink | null,
  ) {
    const { chain } = intent;
    const rpc = deps.clients.solana(chain);
    const signer = providerSigner(deps.provider, wallet);
    if ('prebuilt' in intent) {
      const { prebuilt } = intent;
      return deps.lock.withLock(wallet.id, chain.slug, async () => {
        const signed = await signPrebuiltSolanaTransaction(
          rpc,
          chain,
          signer,
          prebuilt.wire,
          prebuilt.lastValidBlockHeight,
          prebuilt.lamports ?? 0n,
        );
        const tx = record(intent, userId, wallet, {
          hash: signed.signature,
          signedTx: signed.wire,
          lastValidBlockHeight: signed.lastValidBlockHeight,
        });
        await repo.insert(tx, link);
        return afterBroadcast(tx, link, await broadcastSolanaTransaction(rpc, chain, signed.wire));
      });
    }
    const prepared = await prepareSolanaTransfer(rpc, chain, signer, intent.transfer, {
      priorityFeeCapMicroLamports: deps.solanaPriorityFeeCapMicroLamports,
    });
    return deps.lock.withLock(wallet.id, chain.slug, async () => {
      const signed = await signSolanaTransaction(rpc, chain, signer, prepared.instructions);
      const tx = record(intent, userId, wallet, {
        hash: signed.signature,
        signedTx: signed.wire,
        lastValidBlockHeight: signed.lastValidBlockHeight,
      });
      await repo.insert(tx, link);
      return afterBroadcast(tx, link, await broadcastSolanaTransaction(rpc, chain, signed.wire));
    });
  }

  return {
    async submit(userId: string, intent: WriteIntent, link: IdempotencyLink | null): Promise<Submitted> {
      const wallet = await resolveWriteWallet(deps.wallets, userId, intent.chain, intent.from);
      try {
        return intent.chainType === 'ethereum'
          ? await submitEvm(userId, intent, wallet, link)
          : await submitSolana(userId, intent, wallet, link);
      } finally {
        // Not awaited: this instance's caches are dropped at once, other instances are told
        // through the database shortly after.
        deps.onWalletWrite?.(intent.chain.slug, wallet.address).catch(() => {});
      }
    },
  };
}

export type Submitter = ReturnType<typeof submitter>;
