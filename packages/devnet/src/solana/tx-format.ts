// getTransaction responses built from a processed transaction's record, in the encodings a
// validator offers: json (default), jsonParsed, base64 and base58.
import { getBase58Decoder } from '@solana/kit';
import type { TxRecord } from './chain.ts';
import { invalidParams } from './rpc-errors.ts';

const base58 = getBase58Decoder();

function jsonMessage(record: TxRecord) {
  const m = record.tx.message;
  return {
    accountKeys: m.accountKeys,
    header: m.header,
    recentBlockhash: m.recentBlockhash,
    instructions: m.instructions.map((ix) => ({
      programIdIndex: ix.programIdIndex,
      accounts: ix.accounts,
      data: base58.decode(ix.data),
      stackHeight: null,
    })),
    ...(m.version === 0
      ? {
          addressTableLookups: m.addressTableLookups.map((l) => ({
            accountKey: l.accountKey,
            writableIndexes: l.writableIndexes,
            readonlyIndexes: l.readonlyIndexes,
          })),
        }
      : {}),
  };
}

// Instructions of programs we do not parse are "partially decoded", exactly as a validator shows
// instructions of programs it has no parser for.
function parsedMessage(record: TxRecord) {
  const m = record.tx.message;
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = m.header;
  const staticCount = m.accountKeys.length;
  const allKeys = [...m.accountKeys, ...record.loaded.writable, ...record.loaded.readonly];
  const accountKeys = allKeys.map((pubkey, i) => {
    const signer = i < numRequiredSignatures;
    const writable =
      i < staticCount
        ? signer
          ? i < numRequiredSignatures - numReadonlySignedAccounts
          : i < staticCount - numReadonlyUnsignedAccounts
        : i < staticCount + record.loaded.writable.length;
    return { pubkey, signer, source: i < staticCount ? 'transaction' : 'lookupTable', writable };
  });
  return {
    accountKeys,
    recentBlockhash: m.recentBlockhash,
    instructions: m.instructions.map((ix) => ({
      programId: allKeys[ix.programIdIndex],
      accounts: ix.accounts.map((a) => allKeys[a]),
      data: base58.decode(ix.data),
      stackHeight: null,
    })),
    ...(m.version === 0 ? { addressTableLookups: jsonMessage(record).addressTableLookups } : {}),
  };
}

function meta(record: TxRecord, parsed: boolean) {
  const allKeys = [...record.tx.message.accountKeys, ...record.loaded.writable, ...record.loaded.readonly];
  return {
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    fee: record.fee,
    preBalances: record.preBalances,
    postBalances: record.postBalances,
    innerInstructions: parsed
      ? record.innerInstructions.map((set) => ({
          index: set.index,
          instructions: set.instructions.map((ix) => ({
            programId: allKeys[ix.programIdIndex],
            accounts: ix.accounts.map((a) => allKeys[a]),
            data: ix.data,
            stackHeight: ix.stackHeight,
          })),
        }))
      : record.innerInstructions,
    logMessages: record.logs,
    preTokenBalances: record.preTokenBalances,
    postTokenBalances: record.postTokenBalances,
    rewards: [],
    loadedAddresses: record.loaded,
    computeUnitsConsumed: record.computeUnitsConsumed,
    ...(record.returnData ? { returnData: record.returnData } : {}),
  };
}

export function formatTransaction(record: TxRecord, encoding: unknown) {
  const enc = encoding ?? 'json';
  let transaction: unknown;
  if (enc === 'json') transaction = { signatures: record.tx.signatures, message: jsonMessage(record) };
  else if (enc === 'jsonParsed')
    transaction = { signatures: record.tx.signatures, message: parsedMessage(record) };
  else if (enc === 'base64') transaction = [Buffer.from(record.wire).toString('base64'), 'base64'];
  else if (enc === 'base58') transaction = [base58.decode(record.wire), 'base58'];
  else {
    throw invalidParams(
      `Invalid params: unknown variant \`${String(enc)}\`, expected one of \`binary\`, \`base64\`, \`base58\`, \`json\`, \`jsonParsed\``,
    );
  }
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    version: record.tx.message.version,
    meta: meta(record, enc === 'jsonParsed'),
    transaction,
  };
}
