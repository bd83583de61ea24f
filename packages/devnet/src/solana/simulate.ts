// simulateTransaction and the preflight check of sendTransaction, on a LiteSVM that does not commit.
import { getBase58Decoder, getBase58Encoder, type Transaction } from '@solana/kit';
import { FailedTransactionMetadata, type LiteSVM, type TransactionMetadata } from 'litesvm';
import { feeForMessage } from './fees.ts';
import type { InnerInstructionSet, StoredAccount } from './ledger-types.ts';
import {
  RPC_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  RPC_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  RpcError,
} from './rpc-errors.ts';
import { fieldlessError, type RpcTransactionError, translateError } from './tx-errors.ts';
import { decodeTransaction } from './wire.ts';

/** What a simulation needs of the ledger: SolanaChain (chain.ts) passes itself. */
export interface SimulationLedger {
  readonly svm: LiteSVM;
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint };
  isBlockhashValid(blockhash: string): boolean;
  /** The wire transaction as LiteSVM takes it; throws when it cannot be decoded. */
  decodeKitTransaction(wire: Uint8Array): Transaction;
}

export interface SimulationValue {
  err: RpcTransactionError | null;
  errText: string;
  logs: string[];
  unitsConsumed: bigint;
  returnData: { programId: string; data: [string, 'base64'] } | null;
  innerInstructions: InnerInstructionSet[];
  postAccounts: Map<string, StoredAccount>;
  replacementBlockhash: { blockhash: string; lastValidBlockHeight: bigint } | null;
  fee: bigint;
}

const base58 = getBase58Decoder();
const base58Bytes = getBase58Encoder();

function compactU16Size(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : 3;
}

function signatureFailure(): RpcError {
  return new RpcError(
    RPC_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
    'Transaction signature verification failure',
  );
}

function emptyValue(err: RpcTransactionError, errText: string, fee: bigint): SimulationValue {
  return {
    err,
    errText,
    logs: [],
    unitsConsumed: 0n,
    returnData: null,
    innerInstructions: [],
    postAccounts: new Map(),
    replacementBlockhash: null,
    fee,
  };
}

export function simulate(
  chain: SimulationLedger,
  input: Uint8Array,
  opts: { sigVerify: boolean; replaceRecentBlockhash: boolean },
): SimulationValue {
  const tx = decodeTransaction(input);
  const fee = feeForMessage(tx.message);
  let wire = input;
  let replacementBlockhash: SimulationValue['replacementBlockhash'] = null;
  if (opts.replaceRecentBlockhash) {
    replacementBlockhash = chain.latestBlockhash();
    const keys = tx.message.accountKeys.length;
    const offset =
      input.length -
      tx.messageBytes.length +
      (tx.message.version === 0 ? 1 : 0) +
      3 +
      compactU16Size(keys) +
      32 * keys;
    wire = new Uint8Array(input);
    wire.set(base58Bytes.encode(replacementBlockhash.blockhash), offset);
  } else if (!chain.isBlockhashValid(tx.message.recentBlockhash)) {
    const { json, text } = fieldlessError('BlockhashNotFound');
    return emptyValue(json, text, fee);
  }

  let kitTx: Transaction;
  try {
    kitTx = chain.decodeKitTransaction(wire);
  } catch {
    throw signatureFailure();
  }
  chain.svm.withSigverify(opts.sigVerify);
  const result = runSimulation(chain, kitTx, opts.sigVerify);

  const failed = result instanceof FailedTransactionMetadata;
  const translated = failed ? translateError(result.err()) : null;
  if (translated?.json === 'SignatureFailure') throw signatureFailure();
  const meta = result.meta();
  const postAccounts = new Map<string, StoredAccount>();
  if (!failed) {
    for (const acc of result.postAccounts()) {
      postAccounts.set(acc.address, {
        address: acc.address,
        lamports: acc.lamports,
        owner: acc.programAddress,
        executable: acc.executable,
        data: new Uint8Array(acc.data),
      });
    }
  }
  return {
    err: translated?.json ?? null,
    errText: translated?.text ?? '',
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    returnData: returnDataOf(meta),
    innerInstructions: innerInstructionSets(meta),
    postAccounts,
    replacementBlockhash,
    fee,
  };
}

function runSimulation(chain: SimulationLedger, tx: Transaction, sigVerify: boolean) {
  chain.svm.withSigverify(sigVerify);
  try {
    return chain.svm.simulateTransaction(tx);
  } catch {
    // LiteSVM's wrapper refuses a transaction with missing signatures before verifying anything.
    throw signatureFailure();
  } finally {
    chain.svm.withSigverify(true);
  }
}

/** The JSON-RPC error of a failed preflight, with the `data` a validator attaches. */
export function preflightFailure(value: SimulationValue | string): RpcError {
  const v =
    typeof value === 'string'
      ? emptyValue(fieldlessError(value).json, fieldlessError(value).text, 0n)
      : value;
  return new RpcError(RPC_SEND_TRANSACTION_PREFLIGHT_FAILURE, `Transaction simulation failed: ${v.errText}`, {
    accounts: null,
    err: v.err,
    innerInstructions: null,
    loadedAccountsDataSize: 0,
    logs: v.logs,
    replacementBlockhash: null,
    returnData: v.returnData,
    unitsConsumed: v.unitsConsumed,
  });
}

/** A transaction's return data as the RPC shows it (program id, base64 data), or null when none. */
export function returnDataOf(
  meta: Pick<TransactionMetadata, 'returnData'>,
): { programId: string; data: [string, 'base64'] } | null {
  const returned = meta.returnData();
  return returned.data().length > 0
    ? {
        programId: base58.decode(returned.programId()),
        data: [Buffer.from(returned.data()).toString('base64'), 'base64'],
      }
    : null;
}

/** The inner (CPI) instructions of an executed transaction, grouped by the instruction that made them. */
export function innerInstructionSets(
  meta: Pick<TransactionMetadata, 'innerInstructions'>,
): InnerInstructionSet[] {
  return meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => ({
        programIdIndex: inner.instruction().programIdIndex(),
        accounts: Array.from(inner.instruction().accounts()),
        data: base58.decode(inner.instruction().data()),
        stackHeight: inner.stackHeight(),
      })),
    }))
    .filter((set) => set.instructions.length > 0);
}
