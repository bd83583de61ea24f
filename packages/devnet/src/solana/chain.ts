// The ledger behind the LiteSVM RPC server: LiteSVM for execution, plus what a validator has and
// LiteSVM lacks: a wall-clock slot clock, a window of recent blockhashes with their last valid block
// heights (LiteSVM accepts only its latest one, see reference/devnet-notes.md), and a record of
// processed transactions for getSignatureStatuses/getTransaction.
import { randomBytes } from 'node:crypto';
import {
  type Address,
  getBase58Decoder,
  getTransactionDecoder,
  type Transaction,
  lamports as toLamports,
} from '@solana/kit';
import { Clock, FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { computeBudgetOf, feeForMessage } from './fees.ts';
import type { InnerInstructionSet, StoredAccount } from './ledger-types.ts';
import { RPC_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, RpcError } from './rpc-errors.ts';
import {
  innerInstructionSets,
  preflightFailure,
  returnDataOf,
  type SimulationValue,
  simulate,
} from './simulate.ts';
import { decodeMint, decodeTokenAccount, uiTokenAmount } from './token-layout.ts';
import { type RpcTransactionError, translateError } from './tx-errors.ts';
import { decodeTransaction, type WireMessage, type WireTransaction } from './wire.ts';

export interface ChainOptions {
  /** Wall-clock duration of a slot (a validator targets 400 ms). */
  slotMs: number;
  /** Slots a transaction waits before it counts as finalized (32 on a real cluster). */
  finalityDepth: number;
}

export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: ReturnType<typeof uiTokenAmount>;
}

export interface TxRecord {
  signature: string;
  slot: bigint;
  blockTime: number;
  tx: WireTransaction;
  wire: Uint8Array;
  loaded: { writable: string[]; readonly: string[] };
  err: RpcTransactionError | null;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logs: string[];
  innerInstructions: InnerInstructionSet[];
  computeUnitsConsumed: bigint;
  returnData: { programId: string; data: [string, 'base64'] } | null;
}

/** Blocks a blockhash stays usable for (MAX_PROCESSING_AGE in Agave). */
export const MAX_PROCESSING_AGE = 150n;
const SLOTS_PER_EPOCH = 432_000n;
const MAX_RECORDS = 100_000;
const ALT_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
const ALT_HEADER_SIZE = 56;

const base58 = getBase58Decoder();
const txDecoder = getTransactionDecoder();

export class SolanaChain {
  readonly svm: LiteSVM;
  readonly genesisHash = base58.decode(randomBytes(32));
  private readonly startMs = Date.now();
  private slot = 0n;
  private extraSlots = 0n;
  /** blockhash -> last valid block height, oldest first. */
  private readonly blockhashes = new Map<string, bigint>();
  private readonly records = new Map<string, TxRecord>();
  private readonly priorityFees = new Map<bigint, bigint>();
  private txCount = 0n;

  constructor(readonly options: ChainOptions) {
    // The blockhash check is ours (see above); duplicates are refused from our own records.
    this.svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n);
    this.enterSlot(0n);
  }

  /** Brings the clock up to wall time; every public read calls it first. */
  tick(): bigint {
    const elapsed = BigInt(Math.floor((Date.now() - this.startMs) / this.options.slotMs));
    const target = elapsed + this.extraSlots;
    if (target > this.slot) this.enterSlot(target);
    return this.slot;
  }

  /** Test hook behind `devnet_advanceSlots`: moves the clock forward without waiting. */
  advanceSlots(n: bigint): bigint {
    this.extraSlots += n;
    return this.tick();
  }

  blockHeight(): bigint {
    // One block per slot: a single local leader never skips.
    return this.tick();
  }

  epochInfo() {
    const slot = this.tick();
    return {
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: slot / SLOTS_PER_EPOCH,
      slotIndex: slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: this.txCount,
    };
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint } {
    this.tick();
    const blockhash = this.svm.latestBlockhash();
    return {
      blockhash,
      lastValidBlockHeight: this.blockhashes.get(blockhash) ?? this.slot + MAX_PROCESSING_AGE,
    };
  }

  isBlockhashValid(blockhash: string): boolean {
    const lastValid = this.blockhashes.get(blockhash);
    return lastValid !== undefined && this.blockHeight() <= lastValid;
  }

  getAccount(address: string): StoredAccount | null {
    const acc = this.svm.getAccount(address as Address);
    if (!acc.exists) return null;
    return {
      address,
      lamports: acc.lamports,
      owner: acc.programAddress,
      executable: acc.executable,
      data: new Uint8Array(acc.data),
    };
  }

  programAccounts(program: string): StoredAccount[] {
    return this.svm.getProgramAccounts(program as Address).map((acc) => ({
      address: acc.address,
      lamports: acc.lamports,
      owner: acc.programAddress,
      executable: acc.executable,
      data: new Uint8Array(acc.data),
    }));
  }

  mintDecimals = (mint: string): number | null => {
    const acc = this.getAccount(mint);
    return acc ? (decodeMint(acc.owner, acc.data)?.decimals ?? null) : null;
  };

  /** Credits an account directly (the faucet's reserve); not a transaction. */
  creditAccount(address: string, lamports: bigint): void {
    const acc = this.getAccount(address);
    this.svm.setAccount({
      address: address as Address,
      lamports: toLamports((acc?.lamports ?? 0n) + lamports),
      programAddress: (acc?.owner ?? '11111111111111111111111111111111') as Address,
      executable: acc?.executable ?? false,
      data: acc?.data ?? new Uint8Array(),
      space: BigInt(acc?.data.length ?? 0),
    });
  }

  getRecord(signature: string): TxRecord | undefined {
    return this.records.get(signature);
  }

  isFinalized(record: TxRecord): boolean {
    return this.tick() - record.slot >= BigInt(this.options.finalityDepth);
  }

  recentPrioritizationFees(): Array<{ slot: bigint; prioritizationFee: bigint }> {
    const current = this.tick();
    const first = current >= MAX_PROCESSING_AGE ? current - MAX_PROCESSING_AGE + 1n : 0n;
    const out: Array<{ slot: bigint; prioritizationFee: bigint }> = [];
    for (let s = first; s <= current; s++)
      out.push({ slot: s, prioritizationFee: this.priorityFees.get(s) ?? 0n });
    return out;
  }

  simulate(wire: Uint8Array, opts: { sigVerify: boolean; replaceRecentBlockhash: boolean }): SimulationValue {
    this.tick();
    return simulate(this, wire, opts);
  }

  /**
   * sendTransaction as a validator does it: refuses duplicates and stale blockhashes, runs the
   * preflight simulation unless skipped, then executes and records. With skipPreflight, a
   * transaction a validator would drop (duplicate, expired, unpaid) is acknowledged and dropped.
   */
  send(wire: Uint8Array, opts: { skipPreflight: boolean }): string {
    this.tick();
    const tx = decodeTransaction(wire);
    const signature = tx.signatures[0] ?? '';
    if (this.records.has(signature)) {
      if (opts.skipPreflight) return signature;
      throw preflightFailure('AlreadyProcessed');
    }
    if (!this.isBlockhashValid(tx.message.recentBlockhash)) {
      if (opts.skipPreflight) return signature;
      throw preflightFailure('BlockhashNotFound');
    }
    if (!opts.skipPreflight) {
      const value = simulate(this, wire, { sigVerify: true, replaceRecentBlockhash: false });
      if (value.err !== null) throw preflightFailure(value);
    }
    const kitTx = this.decodeKitTransaction(wire);
    const loaded = this.resolveLookups(tx.message);
    const keys = [...tx.message.accountKeys, ...loaded.writable, ...loaded.readonly];
    const preBalances = keys.map((k) => this.getAccount(k)?.lamports ?? 0n);
    const preTokenBalances = this.tokenBalances(keys);
    const result = this.execute(kitTx);
    if (result === null) {
      if (opts.skipPreflight) return signature;
      throw new RpcError(
        RPC_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
        'Transaction signature verification failure',
      );
    }
    const postBalances = keys.map((k) => this.getAccount(k)?.lamports ?? 0n);
    const failed = result instanceof FailedTransactionMetadata;
    // A failed transaction lands (and pays its fee) only when the fee payer could be charged; the
    // others (bad signature, unpaid fee) are dropped by a validator before they reach a block.
    if (failed && preBalances[0] === postBalances[0]) return signature;
    const meta = failed ? result.meta() : result;
    const budget = computeBudgetOf(tx.message);
    this.store({
      signature,
      slot: this.slot,
      blockTime: Math.floor(Date.now() / 1000),
      tx,
      wire: new Uint8Array(wire),
      loaded,
      err: failed ? translateError(result.err()).json : null,
      fee: feeForMessage(tx.message),
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances: this.tokenBalances(keys),
      logs: meta.logs(),
      innerInstructions: innerInstructionSets(meta),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      returnData: returnDataOf(meta),
    });
    const price = budget.unitPrice;
    const seen = this.priorityFees.get(this.slot);
    if (seen === undefined || price < seen) this.priorityFees.set(this.slot, price);
    return signature;
  }

  private execute(tx: Transaction): ReturnType<LiteSVM['sendTransaction']> | null {
    try {
      return this.svm.sendTransaction(tx);
    } catch {
      // LiteSVM's wrapper refuses a transaction with missing signatures before verifying anything.
      return null;
    }
  }

  decodeKitTransaction(wire: Uint8Array): Transaction {
    return txDecoder.decode(wire) as Transaction;
  }

  resolveLookups(message: WireMessage): { writable: string[]; readonly: string[] } {
    const out = { writable: [] as string[], readonly: [] as string[] };
    for (const lookup of message.addressTableLookups) {
      const table = this.getAccount(lookup.accountKey);
      if (!table || table.owner !== ALT_PROGRAM) continue;
      const at = (i: number) =>
        base58.decode(table.data.subarray(ALT_HEADER_SIZE + i * 32, ALT_HEADER_SIZE + i * 32 + 32));
      out.writable.push(...lookup.writableIndexes.map(at));
      out.readonly.push(...lookup.readonlyIndexes.map(at));
    }
    return out;
  }

  /** Rotates the latest blockhash within the current slot (used when an airdrop would repeat a signature). */
  rotateBlockhash(): void {
    this.svm.expireBlockhash();
    this.blockhashes.set(this.svm.latestBlockhash(), this.slot + MAX_PROCESSING_AGE);
  }

  private tokenBalances(keys: string[]): TokenBalance[] {
    const out: TokenBalance[] = [];
    keys.forEach((key, accountIndex) => {
      const acc = this.getAccount(key);
      const token = acc ? decodeTokenAccount(acc.owner, acc.data) : null;
      if (!acc || !token) return;
      const decimals = this.mintDecimals(token.mint) ?? 0;
      out.push({
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: acc.owner,
        uiTokenAmount: uiTokenAmount(token.amount, decimals),
      });
    });
    return out;
  }

  private store(record: TxRecord): void {
    this.records.set(record.signature, record);
    this.txCount++;
    if (this.records.size > MAX_RECORDS) {
      const oldest = this.records.keys().next().value;
      if (oldest !== undefined) this.records.delete(oldest);
    }
  }

  private enterSlot(slot: bigint): void {
    this.slot = slot;
    const now = BigInt(Math.floor(Date.now() / 1000));
    const epoch = slot / SLOTS_PER_EPOCH;
    this.svm.setClock(new Clock(slot, now, epoch, epoch + 1n, now));
    this.rotateBlockhash();
    for (const [hash, lastValid] of this.blockhashes) {
      if (lastValid >= slot) break;
      this.blockhashes.delete(hash);
    }
  }
}
