import { createHash } from 'node:crypto';
import {
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  type SignatureBytes,
  address as solanaAddress,
  type Transaction,
  verifySignature,
} from '@solana/kit';
import {
  getAddress,
  type Hex,
  isAddressEqual,
  parseTransaction,
  recoverTransactionAddress,
  serializeTransaction,
  type TransactionSerializable,
  toHex,
} from 'viem';
import type { WalletRecord } from '../../domain/wallets.ts';
import { AppError } from '../../errors/app-error.ts';
import type { WalletProvider } from '../wallet-provider.ts';
import { walletsFromLinkedAccounts } from './linked-accounts.ts';
import { isSignatureRefusal, mapPrivyError, privySdk } from './privy-errors.ts';

export interface PrivySettings {
  appId: string;
  appSecret: string;
  /** The base64 PKCS#8 P-256 key of the app's signer (without its `wallet-auth:` prefix). */
  authorizationKey: string;
  apiUrl: string;
  timeoutMs: number;
}

/**
 * Privy server wallets through the official SDK, sign-only: `eth_signTransaction` on EVM and
 * `signTransaction` on Solana. Not Privy's `eth_sendTransaction`/`signAndSendTransaction`: those
 * pick the nonce and fees themselves and broadcast only on chains enabled for the Privy app, which
 * would take nonce allocation, fee replacement and broadcast on any chain we support away from the
 * one write path every provider shares (and a send retried after a timeout could pay twice).
 *
 * Every RPC request carries the authorization signature of the app's signer and a
 * `privy-idempotency-key` derived from our transaction id and attempt and from the request's body
 * (`privyIdempotencyKey`), so the SDK's own retries (1 here, on timeouts, 429 and 5xx) are answered
 * from Privy's record instead of signing again, and a later retry of the attempt with another body
 * (new fees after a lost answer) is a new request rather than one Privy refuses for 24 hours.
 * What Privy returns is checked against what was asked before anyone broadcasts it.
 */
export function privyWalletProvider(
  settings: PrivySettings,
  deps: {
    /** Asks Privy again whether the wallet is delegated (after a signature refusal). */
    stillDelegated: (wallet: WalletRecord) => Promise<boolean>;
  },
): WalletProvider {
  const { NotFoundError, PrivyClient } = privySdk();
  const privy = new PrivyClient({
    appId: settings.appId,
    appSecret: settings.appSecret,
    apiUrl: settings.apiUrl,
    timeout: settings.timeoutMs,
    maxRetries: 1,
    logLevel: 'off',
  });
  const authorization_context = { authorization_private_keys: [settings.authorizationKey] };

  const walletIdOf = (wallet: WalletRecord): string => {
    if (!wallet.providerWalletId)
      throw new AppError(
        'WALLET_ID_REQUIRED',
        `Wallet ${wallet.address} has no Privy wallet id; it cannot be used server-side`,
      );
    return wallet.providerWalletId;
  };

  /** The policies of a wallet, to name them when one denied a request (best effort). */
  async function policiesOf(walletId: string): Promise<string[]> {
    try {
      const w = await privy.wallets().get(walletId);
      return Array.isArray(w.policy_ids) ? w.policy_ids.map(String) : [];
    } catch {
      return [];
    }
  }

  async function refusal(err: unknown, wallet: WalletRecord, what: string): Promise<AppError> {
    if (isSignatureRefusal(err)) {
      const delegated = await deps.stillDelegated(wallet).catch(() => true);
      if (!delegated)
        return new AppError(
          'WALLET_NOT_DELEGATED',
          `Wallet ${wallet.address} is no longer delegated to this service at Privy`,
          { cause: err },
        );
      return new AppError(
        'SERVICE_UNAVAILABLE',
        `Privy refused this service's authorization signature for wallet ${wallet.address} although it is delegated: check PRIVY_AUTHORIZATION_KEY (the key of the signer the wallets are delegated to)`,
        { cause: err },
      );
    }
    const policies =
      (err as { error?: { code?: unknown } })?.error?.code === 'policy_violation'
        ? await policiesOf(walletIdOf(wallet))
        : [];
    return mapPrivyError(err, what, policies);
  }

  return {
    name: 'privy',
    walletSource: 'provider',

    async linkedWallets(providerUserId) {
      try {
        const user = await privy.users()._get(providerUserId);
        return walletsFromLinkedAccounts(user.linked_accounts);
      } catch (err) {
        if (err instanceof NotFoundError)
          throw new AppError('USER_NOT_LINKED', `Privy does not know the linked user ${providerUserId}`, {
            cause: err,
          });
        throw mapPrivyError(err, 'the user lookup');
      }
    },

    async findUserByEmail(email) {
      try {
        return (await privy.users().getByEmailAddress({ address: email })).id;
      } catch (err) {
        if (err instanceof NotFoundError) return null;
        throw mapPrivyError(err, 'the user lookup by email');
      }
    },

    async createWallet() {
      throw new AppError(
        'INVALID_INPUT',
        "With the Privy wallet provider, wallets come from the user's Privy account (embedded wallets delegated to this app); create them in your Privy app, then link the user",
      );
    },

    async signEvmTransaction(wallet, transaction, request) {
      const walletId = walletIdOf(wallet);
      let signed: Hex;
      try {
        const params = { transaction: privyEvmTransaction(wallet.address, transaction) };
        const data = await privy
          .wallets()
          .ethereum()
          .signTransaction(walletId, {
            params,
            idempotency_key: privyIdempotencyKey(request.requestKey, walletId, 'eth_signTransaction', params),
            authorization_context,
          });
        signed = data.signed_transaction as Hex;
      } catch (err) {
        throw await refusal(err, wallet, 'the signature');
      }
      await checkEvmSignature(wallet, transaction, signed);
      return signed;
    },

    async signSolanaTransaction(wallet, transaction, request) {
      const walletId = walletIdOf(wallet);
      let signedWire: string;
      try {
        const wire = getBase64EncodedWireTransaction(transaction);
        const data = await privy
          .wallets()
          .solana()
          .signTransaction(walletId, {
            transaction: wire,
            idempotency_key: privyIdempotencyKey(request.requestKey, walletId, 'signTransaction', wire),
            authorization_context,
          });
        signedWire = data.signed_transaction;
      } catch (err) {
        throw await refusal(err, wallet, 'the signature');
      }
      return checkSolanaSignature(wallet, transaction.messageBytes, signedWire);
    },
  };
}

/**
 * The `privy-idempotency-key` of a signing request: our request key (transaction id and attempt)
 * and a digest of exactly what is asked (wallet, method, transaction). Privy answers a repeated key
 * from its record for 24 hours and refuses it with another body, so the same request retried gets
 * the same key (signed once), and an attempt re-built with other fees or another blockhash after a
 * lost answer gets a new one. The parameters are built in a fixed key order, so their JSON is stable.
 */
export function privyIdempotencyKey(
  requestKey: string,
  walletId: string,
  method: string,
  params: unknown,
): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([walletId, method, params]))
    .digest('base64url')
    .slice(0, 22);
  return `${requestKey}:${digest}`;
}

/** Our transaction in Privy's `UnsignedStandardEthereumTransaction` shape (hex quantities). */
function privyEvmTransaction(from: string, tx: TransactionSerializable) {
  const q = (v: bigint | number) => toHex(v);
  const base = {
    from,
    chain_id: q(tx.chainId ?? 0),
    nonce: q(tx.nonce ?? 0),
    gas_limit: q(tx.gas ?? 0n),
    ...(tx.to ? { to: tx.to } : {}),
    ...(tx.data ? { data: tx.data } : {}),
    value: q(tx.value ?? 0n),
  };
  if (tx.type === 'legacy') return { ...base, type: 0 as const, gas_price: q(tx.gasPrice ?? 0n) };
  if (tx.type === 'eip1559')
    return {
      ...base,
      type: 2 as const,
      max_fee_per_gas: q(tx.maxFeePerGas ?? 0n),
      max_priority_fee_per_gas: q(tx.maxPriorityFeePerGas ?? 0n),
    };
  throw new Error(`the Privy provider signs legacy and EIP-1559 transactions, not ${String(tx.type)}`);
}

const tampered = (wallet: WalletRecord, what: string) =>
  new AppError(
    'PROVIDER_RPC_ERROR',
    `Privy returned a signed transaction for wallet ${wallet.address} that differs from the one asked for (${what}); nothing was sent`,
  );

/** What Privy signed must be exactly what we built, signed by the wallet. */
async function checkEvmSignature(wallet: WalletRecord, asked: TransactionSerializable, signed: Hex) {
  let parsed: ReturnType<typeof parseTransaction>;
  try {
    parsed = parseTransaction(signed);
  } catch {
    throw tampered(wallet, 'not a signed transaction');
  }
  const { r: _r, s: _s, v: _v, yParity: _y, ...unsigned } = parsed as Record<string, unknown>;
  if (serializeTransaction(unsigned as TransactionSerializable) !== serializeTransaction(asked))
    throw tampered(wallet, 'other fields');
  const from = await recoverTransactionAddress({ serializedTransaction: signed as never });
  if (!isAddressEqual(from, getAddress(wallet.address))) throw tampered(wallet, `signed by ${from}`);
}

async function checkSolanaSignature(
  wallet: WalletRecord,
  message: Transaction['messageBytes'],
  signedWire: string,
): Promise<SignatureBytes> {
  let signature: SignatureBytes | null | undefined;
  try {
    const signed = getTransactionDecoder().decode(Buffer.from(signedWire, 'base64'));
    if (!Buffer.from(signed.messageBytes).equals(Buffer.from(message as unknown as Uint8Array)))
      throw tampered(wallet, 'another message');
    signature = signed.signatures[solanaAddress(wallet.address)];
  } catch (err) {
    throw err instanceof AppError ? err : tampered(wallet, 'not a wire transaction');
  }
  if (!signature) throw tampered(wallet, 'the wallet did not sign it');
  const key = await getPublicKeyFromAddress(solanaAddress(wallet.address));
  if (!(await verifySignature(key, signature, message as never)))
    throw tampered(wallet, 'an invalid signature');
  return signature;
}
