// The ChainFamily port (DESIGN B1): everything the use cases need from a family of chains (EVM,
// Solana), so src/app picks a family once (families.ts) and never asks which one it has. A family
// parses its addresses and amounts, turns a write request into a prepared write (what the key
// policy counts, and a check that reads the chain), signs, broadcasts, reads a transaction's
// standing, replaces an attempt, reads balances and allowances, and checks a swap an aggregator
// built. Its own write and payload types stay inside it: a prepared write is checked and signed
// through the closures it carries, a payload is read back by the family that wrote it.
//
// A new family implements this interface in its own folder (as evm/ and solana/ do), is added to
// families.ts, and passes test/chains/chain-family-contract.test.ts.
import type { Static } from 'typebox';
import type { TransactionId } from '../domain/ids.ts';
import type {
  AttemptRecord,
  TransactionKind,
  TransactionRecord,
  WriteSpend,
} from '../domain/transactions.ts';
import type { ChainType, WalletRecord } from '../domain/wallets.ts';
import type { AppError } from '../errors/app-error.ts';
import type {
  ApproveBody as ApproveBodySchema,
  ContractBody as ContractBodySchema,
  SendBody as SendBodySchema,
} from '../schemas/transactions.ts';
import type { BuiltSwap, SwapAggregator, TradeRequest } from '../swap-aggregators/swap-aggregator.ts';
import type { BalanceReader } from './balance-reader.ts';
import type {
  AttemptSigner,
  BroadcastOutcome,
  ChainHealth,
  Inspection,
  Replacement,
  SignedWrite,
} from './chain-adapter.ts';
import type { Chain } from './chain-registry.ts';
import type { PayoutWriter } from './payouts.ts';

/** The bodies of the write endpoints, as validated by their schemas (the one source of their types). */
export type SendBody = Static<typeof SendBodySchema>;
export type ApproveBody = Static<typeof ApproveBodySchema>;
export type ContractBody = Static<typeof ContractBodySchema>;

/** What a family's rules say without reading the chain: addresses, amounts, policy keys. */
export interface FamilyRules {
  readonly chainType: ChainType;
  /** How messages name the family's chains: `EVM`, `Solana`. */
  readonly label: string;
  /** Whether a value is an address of this family, in a form `parseAddress` takes. */
  isAddress(value: string): boolean;
  /** An address from outside, checked (400 INVALID_INPUT naming `field`), in the family's canonical form. */
  parseAddress(field: string, raw: string): string;
  /** The form two addresses are compared in, and policies keep (EVM: lower case; Solana: as is). */
  addressKey(address: string): string;
  /** An asset as API key limits know it: `native` (with the family's aliases of it), or a token's key. */
  policyAsset(asset: string): string;
  /** What a refusal says of the family's aliases of `native` (Solana: wrapped SOL); null: none. */
  readonly nativeAliasNote: string | null;
  /** How the API names the family's tokens (`asset` of a send, of a balance): `erc20`, `spl`. */
  readonly tokenAsset: 'erc20' | 'spl';
  /**
   * The tokens a balance read without a `tokens` list covers: `all` the owner's token accounts
   * (Solana can list them), or `none` (an EVM node cannot list what an address holds: native only).
   */
  readonly unlistedTokens: 'all' | 'none';
  /**
   * An address any read may name as the owner when only token metadata is wanted (the reader's
   * calls need one): EVM's zero address, Solana's System Program.
   */
  readonly anyOwner: string;
  /**
   * A write takes a nonce of the wallet (EVM): the write path reads our records' highest one under
   * the wallet's lock, beside the write's checks, and hands it to `sign`.
   */
  readonly usesNonces: boolean;
  /** An amount in base units, exactly (400 INVALID_INPUT naming `field` when not in the family's form or range). */
  parseAmount(field: string, raw: string): bigint;
  /**
   * A contract method as the first four bytes of call data (`0x` and 8 hex digits, lower case):
   * a selector as given, or the selector of a signature such as `transfer(address,uint256)`; 400
   * INVALID_INPUT naming `field` otherwise. Absent where calls have no methods (API key rules).
   */
  methodSelector?(field: string, raw: string): string;
}

/**
 * A write checked against its family's rules: what the Transaction resource shows, what the API
 * key's policy counts, and how it is checked against the chain. Opaque to the use cases: only its
 * own family's closures read the write it carries.
 */
export interface PreparedWrite {
  kind: TransactionKind;
  chain: Chain;
  /** `from` as the caller sent it (checked): the wallet is found by it. */
  from?: string;
  /** What the Transaction resource shows: the recipient, the token, or the contract. */
  to: string;
  value: bigint;
  details: Record<string, string>;
  /** What it moves, for the rules of the API key that asks for it (src/app/key-write-rules.ts). */
  spend: WriteSpend;
  /**
   * Reads only: checks the write against the chain for the wallet (funds including the worst-case
   * fee, contracts, simulation) and prepares what signing needs. Throws client-facing AppErrors.
   */
  check(input: { wallet: WalletRecord; transactionId: TransactionId }): Promise<CheckedWrite>;
  /**
   * Reads only: what the write would do now for the wallet (POST /simulate). Nothing is signed or
   * recorded; a write that would fail answers `ok: false` with why, not an error (RPC failures throw).
   */
  simulate(input: { wallet: WalletRecord }): Promise<Simulation>;
}

/** A revert, decoded where the family can (EVM: Error(string), Panic(uint256), standard token errors). */
export interface SimulatedRevert {
  reason: string;
  data: string | null;
  decoded: { name: string; signature: string; args: Record<string, string> } | null;
}

/** One account's balance change in one asset, in signed base units. */
export interface BalanceChange {
  /** The owner (token changes are reported by owner, not by token account). */
  address: string;
  /** `native`, or the token's address or mint. */
  asset: string;
  delta: bigint;
}

/** What a write would do if sent now (issue 29 item 4), read without signing anything. */
export interface Simulation {
  ok: boolean;
  /** Why it would not succeed when that is not a revert (funds for the fee); null otherwise. */
  failure: string | null;
  /** The fee in the native asset: `amount` expected, `maxAmount` the most it may cost (what the wallet must hold). */
  fee: {
    amount: bigint;
    maxAmount: bigint;
    units: bigint;
    unitsLimit: bigint;
    prices: Record<string, string>;
  };
  revert: SimulatedRevert | null;
  /** Every balance the write moves, fees excluded (they are in `fee`). */
  balanceChanges: BalanceChange[];
  /** How it was simulated (e.g. eth_simulateV1, debug_traceCall, simulateTransaction). */
  method: string;
}

/**
 * What a caller's speed-up or cancel signed: the new attempt and the payload re-pricings re-sign from
 * now on; or, where the family cancels without a new signature (Solana: it stops re-signing), what
 * happens instead.
 */
export type CallerReplacement =
  | { attempt: AttemptRecord; payload: Record<string, unknown> }
  | { unsigned: string }
  /**
   * Nothing signed, and the request refused all the same (Solana: a speed-up with a compute-unit
   * price): `details` are merged into the transaction's (what a later re-sign honours) before
   * `refusal` is thrown.
   */
  | { recordThenRefuse: { details: Record<string, unknown>; refusal: AppError } };

/** A speed-up or cancel as asked (POST /tx/{id}/speed-up, /cancel): fees in base units, when named. */
export interface ReplaceRequest {
  action: 'speed-up' | 'cancel';
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  /** Solana: the compute-unit price (micro-lamports) the next re-sign pays at least. */
  computeUnitPrice?: bigint;
}

/** A write whose checks passed: signed once the request's key is claimed. */
export interface CheckedWrite {
  /**
   * Signs the first attempt (a wallet provider may be asked). `highestRecordedNonce`: our records'
   * highest nonce of the wallet on the chain, read under its lock (null: none, or no nonce used).
   */
  sign(signer: AttemptSigner, highestRecordedNonce: bigint | null): Promise<SignedWrite>;
}

/** A swap as asked, for the family's checks of what the aggregator built. */
export interface SwapAsked {
  req: TradeRequest;
  wallet: string;
  slippage: number;
  /** ONEINCH_ALLOW_UNKNOWN_ROUTER_METHODS: sign router calls whose method cannot be checked. */
  allowUnknownMethods: boolean;
}

/** A trade's token as a family reads it: the token the aggregator takes, and whose allowance a swap needs. */
export interface TradeToken {
  token: string;
  /** The token to approve for the aggregator (EVM ERC20 input); null where no allowance applies. */
  approvalToken: string | null;
}

export interface ChainFamily<Payload extends Record<string, unknown> = Record<string, unknown>>
  extends FamilyRules {
  /** A send of the native asset or a token (the body's `asset`, `token`, `to`, `amount`, `from`). */
  send(chain: Chain, body: SendBody): PreparedWrite;
  /** A token approval; absent where the family has none. */
  approve?(chain: Chain, body: ApproveBody): PreparedWrite;
  /** A contract call with call data; absent where the family has none. */
  contract?(chain: Chain, body: ContractBody): PreparedWrite;
  /** A swap an aggregator built for the wallet (checked first with `checkSwap`). */
  swap(
    chain: Chain,
    built: BuiltSwap,
    trade: { req: TradeRequest; wallet: string; details: Record<string, string> },
  ): PreparedWrite;

  /** A trade's token: the keyword NATIVE (any case) or an address of the family. */
  tradeToken(field: string, raw: string): TradeToken;
  /** Whether a trade's input token is the chain's native coin (as the key limits count it). */
  isNativeTradeToken(token: string): boolean;
  /** Why a chain of the family offers no trading (the refusal's text). */
  readonly noTradingReason: string;
  /**
   * What the aggregator built, held to what was asked before anything is signed: the reason for a
   * refusal, or null. Throws SEND_FAILED when it cannot be read at all.
   */
  swapRefusal(aggregator: SwapAggregator, built: BuiltSwap, asked: SwapAsked): Promise<string | null>;
  /** The allowance `owner` gives `spender` of `token`; absent where the family has none. */
  allowance?(chain: Chain, token: string, owner: string, spender: string): Promise<bigint>;

  /** Reads a wallet's balances. */
  readonly balances: BalanceReader;

  /** Sends a signed attempt; what the node answered, classified (chain-adapter.ts). */
  broadcast(chain: Chain, attempt: AttemptRecord): Promise<BroadcastOutcome>;
  /**
   * Reads a transaction's standing (any status but FAILED), sending its latest attempt again when
   * the node has lost it. RPC failures throw.
   */
  inspect(chain: Chain, tx: TransactionRecord): Promise<Inspection>;
  /**
   * Signs the next attempt of a transaction that cannot land as its latest attempt is: higher fees
   * at the same nonce (EVM), a fresh blockhash after a proven expiry (Solana).
   */
  replace(chain: Chain, tx: TransactionRecord, signer: AttemptSigner): Promise<Replacement>;
  /**
   * A caller's speed-up or cancel of a transaction not yet final: signs the attempt that replaces
   * its latest one (EVM: same nonce, fees raised; a cancel is a zero-value transfer to the wallet
   * itself), with the payload later re-pricings re-sign (the cancel's, once cancelled). Families
   * that cannot replace a transaction this way throw a 400 saying what happens instead.
   */
  replaceByCaller(
    chain: Chain,
    tx: TransactionRecord,
    signer: AttemptSigner,
    request: ReplaceRequest,
  ): Promise<CallerReplacement>;
  /** The latest block and its age (readiness reports). */
  health(chain: Chain): Promise<ChainHealth>;
  /** What re-signing needs, read back from a transaction this family signed. */
  payloadOf(tx: TransactionRecord): Payload;
  /** Payouts: many transfers from one wallet, as the family does them best (chains/payouts.ts). */
  readonly payouts?: PayoutWriter;
}

export type {
  PayoutOrder,
  PayoutQuote,
  PayoutTransfer,
  PayoutWriter,
  SignedPayoutTransaction,
} from './payouts.ts';
