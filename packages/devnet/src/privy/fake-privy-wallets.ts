// The users and wallets of the local Privy fake, shaped like Privy's REST objects
// (reference/privy.md §2): users with linked accounts, embedded wallets whose keys the fake holds,
// and the two sign methods the service uses.
import { randomBytes } from 'node:crypto';
import {
  createKeyPairFromPrivateKeyBytes,
  createKeyPairSignerFromPrivateKeyBytes,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  signBytes,
  type Transaction,
} from '@solana/kit';
import type { Hex, TransactionSerializable } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export type FakeChainType = 'ethereum' | 'solana';

export interface FakeWallet {
  /** Privy's wallet id; null models a linked account without one (not usable server-side). */
  id: string | null;
  /** The id the fake keeps the wallet under, even when `id` is hidden. */
  key: string;
  userId: string;
  chainType: FakeChainType;
  address: string;
  walletIndex: number;
  delegated: boolean;
  /** External (connected) wallets: no key here, never signable. */
  external: { clientType: string; connectorType: string } | null;
  /** Ids of policies that deny every RPC request of this wallet. */
  denyPolicies: string[];
  secret: Buffer | null;
  createdAt: number;
}

export interface FakeUser {
  id: string;
  email: string | null;
  createdAt: number;
  wallets: FakeWallet[];
}

const now = () => Math.floor(Date.now() / 1000);
const randomId = (length = 24) =>
  [...randomBytes(length)].map((b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');

export async function newEmbeddedWallet(
  user: FakeUser,
  chainType: FakeChainType,
  options: { delegated?: boolean; withoutId?: boolean } = {},
): Promise<FakeWallet> {
  const secret = randomBytes(32);
  const address =
    chainType === 'ethereum'
      ? privateKeyToAccount(`0x${secret.toString('hex')}`).address
      : (await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(secret))).address;
  const key = randomId();
  return {
    id: options.withoutId ? null : key,
    key,
    userId: user.id,
    chainType,
    address,
    walletIndex: user.wallets.filter((w) => w.chainType === chainType && !w.external).length,
    delegated: options.delegated ?? true,
    external: null,
    denyPolicies: [],
    secret,
    createdAt: now(),
  };
}

export function newUser(email: string | null): FakeUser {
  return { id: `did:privy:${randomId(25)}`, email, createdAt: now(), wallets: [] };
}

export { randomId };

/** A linked account of `type: wallet`, as `GET /v1/users/{id}` returns it. */
function linkedWallet(w: FakeWallet): Record<string, unknown> {
  const verified = {
    verified_at: w.createdAt,
    first_verified_at: w.createdAt,
    latest_verified_at: w.createdAt,
  };
  if (w.external)
    return {
      type: 'wallet',
      address: w.address,
      chain_type: w.chainType,
      ...(w.chainType === 'ethereum' ? { chain_id: 'eip155:1' } : {}),
      wallet_client: 'unknown',
      wallet_client_type: w.external.clientType,
      connector_type: w.external.connectorType,
      ...verified,
    };
  return {
    type: 'wallet',
    id: w.id,
    address: w.address,
    ...(w.chainType === 'solana' ? { public_key: w.address } : {}),
    chain_type: w.chainType,
    chain_id: w.chainType === 'ethereum' ? 'eip155:1' : 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    wallet_client: 'privy',
    wallet_client_type: 'privy',
    connector_type: 'embedded',
    delegated: w.delegated,
    imported: false,
    recovery_method: 'privy-v2',
    wallet_index: w.walletIndex,
    ...verified,
  };
}

export function userJson(u: FakeUser): Record<string, unknown> {
  return {
    id: u.id,
    created_at: u.createdAt,
    has_accepted_terms: true,
    is_guest: false,
    linked_accounts: [
      ...(u.email
        ? [
            {
              type: 'email',
              address: u.email,
              verified_at: u.createdAt,
              first_verified_at: u.createdAt,
              latest_verified_at: u.createdAt,
            },
          ]
        : []),
      ...u.wallets.map(linkedWallet),
    ],
    mfa_methods: [],
  };
}

/** `GET /v1/wallets/{id}`. */
export function walletJson(w: FakeWallet, signerId: string): Record<string, unknown> {
  return {
    id: w.key,
    address: w.address,
    chain_type: w.chainType,
    owner_id: null,
    policy_ids: w.denyPolicies,
    additional_signers: w.delegated ? [{ signer_id: signerId, override_policy_ids: [] }] : [],
    created_at: w.createdAt * 1000,
  };
}

export class RpcInputError extends Error {}

const quantity = (v: unknown, field: string): bigint => {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  if (typeof v === 'string' && /^0x[0-9a-fA-F]+$/.test(v)) return BigInt(v);
  throw new RpcInputError(`Invalid ${field}: expected a 0x hex quantity or a non-negative integer`);
};

/** `eth_signTransaction`: signs the unsigned transaction exactly as given (Privy fills nothing in here). */
export async function signEvm(w: FakeWallet, tx: Record<string, unknown>): Promise<Hex> {
  if (!w.secret) throw new RpcInputError('Wallet cannot sign');
  for (const f of ['chain_id', 'nonce', 'gas_limit'])
    if (tx[f] === undefined) throw new RpcInputError(`Missing ${f}`);
  const base = {
    chainId: Number(quantity(tx.chain_id, 'chain_id')),
    nonce: Number(quantity(tx.nonce, 'nonce')),
    gas: quantity(tx.gas_limit, 'gas_limit'),
    ...(tx.to !== undefined ? { to: tx.to as Hex } : {}),
    ...(tx.data !== undefined ? { data: tx.data as Hex } : {}),
    value: tx.value === undefined ? 0n : quantity(tx.value, 'value'),
  };
  const type = tx.type === undefined ? 2 : Number(tx.type);
  const serializable: TransactionSerializable =
    type === 0
      ? { ...base, type: 'legacy', gasPrice: quantity(tx.gas_price, 'gas_price') }
      : type === 2
        ? {
            ...base,
            type: 'eip1559',
            maxFeePerGas: quantity(tx.max_fee_per_gas, 'max_fee_per_gas'),
            maxPriorityFeePerGas: quantity(tx.max_priority_fee_per_gas, 'max_priority_fee_per_gas'),
          }
        : (() => {
            throw new RpcInputError(`Unsupported transaction type ${String(tx.type)}`);
          })();
  return privateKeyToAccount(`0x${w.secret.toString('hex')}`).signTransaction(serializable);
}

/** Solana `signTransaction`: adds the wallet's signature to a base64 wire transaction. */
export async function signSolana(w: FakeWallet, base64: string): Promise<string> {
  if (!w.secret) throw new RpcInputError('Wallet cannot sign');
  let transaction: Transaction;
  try {
    transaction = getTransactionDecoder().decode(Buffer.from(base64, 'base64'));
  } catch {
    throw new RpcInputError('Invalid transaction: not a base64 Solana wire transaction');
  }
  if (!(w.address in transaction.signatures))
    throw new RpcInputError('Wallet is not a required signer of this transaction');
  const { privateKey } = await createKeyPairFromPrivateKeyBytes(new Uint8Array(w.secret));
  const signature = await signBytes(privateKey, transaction.messageBytes);
  return getBase64EncodedWireTransaction({
    ...transaction,
    signatures: { ...transaction.signatures, [w.address]: signature },
  });
}
