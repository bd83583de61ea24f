// Translates LiteSVM's transaction errors into the JSON an Agave validator puts in `err` fields and
// the text it uses in "Transaction simulation failed: ..." messages.
import type { FailedTransactionMetadata } from 'litesvm';

// Variant order of solana_transaction_error::{InstructionError, TransactionError} (LiteSVM hands
// fieldless variants over as their index).
const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
];
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
];

const INSTRUCTION_ERROR_TEXT: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  IllegalOwner: 'Provided owner is not allowed',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
};

const TRANSACTION_ERROR_TEXT: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
};

/** The `err` value of a transaction in RPC responses. */
export type RpcTransactionError = string | Record<string, unknown>;

export interface TranslatedError {
  json: RpcTransactionError;
  text: string;
}

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>;
type LiteSvmInstructionError = ReturnType<Extract<LiteSvmError, { err: unknown }>['err']>;

function instructionError(e: LiteSvmInstructionError): TranslatedError {
  if (typeof e === 'number') {
    const name = INSTRUCTION_ERRORS[e] ?? `InstructionError${e}`;
    return { json: name, text: INSTRUCTION_ERROR_TEXT[name] ?? name };
  }
  if ('code' in e)
    return { json: { Custom: e.code }, text: `custom program error: 0x${e.code.toString(16)}` };
  return { json: { BorshIoError: e.msg }, text: `Failed to serialize or deserialize account data: ${e.msg}` };
}

export function fieldlessError(name: string): TranslatedError {
  return { json: name, text: TRANSACTION_ERROR_TEXT[name] ?? name };
}

export function translateError(e: LiteSvmError): TranslatedError {
  if (typeof e === 'number') return fieldlessError(TRANSACTION_ERRORS[e] ?? `TransactionError${e}`);
  if ('err' in e) {
    const inner = instructionError(e.err());
    return {
      json: { InstructionError: [e.index, inner.json] },
      text: `Error processing Instruction ${e.index}: ${inner.text}`,
    };
  }
  if ('index' in e) {
    return {
      json: { DuplicateInstruction: e.index },
      text: `Transaction contains a duplicate instruction (${e.index}) that is not allowed`,
    };
  }
  // The two remaining variants carry the same field; only their text tells them apart.
  const variant = e.toString().startsWith('TransactionErrorInsufficientFundsForRent')
    ? 'InsufficientFundsForRent'
    : 'ProgramExecutionTemporarilyRestricted';
  return {
    json: { [variant]: { account_index: e.accountIndex } },
    text:
      variant === 'InsufficientFundsForRent'
        ? `Transaction results in an account (${e.accountIndex}) with insufficient funds for rent`
        : `Execution of the program referenced by account at index ${e.accountIndex} is temporarily restricted.`,
  };
}
