// Minimal decoder for Solana wire transactions (legacy and v0), to read what a validator reads
// before execution: signatures, header, account keys, recent blockhash, instructions, lookups.
import { getBase58Decoder } from '@solana/kit';
import { invalidParams } from './rpc-errors.ts';

export interface WireInstruction {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
}

export interface WireLookup {
  accountKey: string;
  writableIndexes: number[];
  readonlyIndexes: number[];
}

export interface WireMessage {
  version: 'legacy' | 0;
  header: {
    numRequiredSignatures: number;
    numReadonlySignedAccounts: number;
    numReadonlyUnsignedAccounts: number;
  };
  accountKeys: string[];
  recentBlockhash: string;
  instructions: WireInstruction[];
  addressTableLookups: WireLookup[];
}

export interface WireTransaction {
  signatures: string[];
  message: WireMessage;
  messageBytes: Uint8Array;
}

const base58 = getBase58Decoder();

class Reader {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get offset(): number {
    return this.pos;
  }

  u8(): number {
    const b = this.bytes[this.pos];
    if (b === undefined) throw new Error('unexpected end of input');
    this.pos++;
    return b;
  }

  compactU16(): number {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const b = this.u8();
      value |= (b & 0x7f) << shift;
      if ((b & 0x80) === 0) return value;
    }
    throw new Error('invalid compact-u16');
  }

  take(n: number): Uint8Array {
    if (this.pos + n > this.bytes.length) throw new Error('unexpected end of input');
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  done(): boolean {
    return this.pos === this.bytes.length;
  }
}

function readIndexes(r: Reader): number[] {
  const n = r.compactU16();
  return Array.from({ length: n }, () => r.u8());
}

export function decodeMessage(bytes: Uint8Array): WireMessage {
  const r = new Reader(bytes);
  let version: 'legacy' | 0 = 'legacy';
  const first = bytes[0] ?? 0;
  if (first & 0x80) {
    const v = r.u8() & 0x7f;
    if (v !== 0) throw new Error(`unsupported message version ${v}`);
    version = 0;
  }
  const header = {
    numRequiredSignatures: r.u8(),
    numReadonlySignedAccounts: r.u8(),
    numReadonlyUnsignedAccounts: r.u8(),
  };
  const accountKeys = Array.from({ length: r.compactU16() }, () => base58.decode(r.take(32)));
  const recentBlockhash = base58.decode(r.take(32));
  const instructions = Array.from({ length: r.compactU16() }, () => ({
    programIdIndex: r.u8(),
    accounts: readIndexes(r),
    data: r.take(r.compactU16()),
  }));
  const addressTableLookups: WireLookup[] = [];
  if (version === 0) {
    const n = r.compactU16();
    for (let i = 0; i < n; i++) {
      addressTableLookups.push({
        accountKey: base58.decode(r.take(32)),
        writableIndexes: readIndexes(r),
        readonlyIndexes: readIndexes(r),
      });
    }
  }
  if (!r.done()) throw new Error('trailing bytes after message');
  return { version, header, accountKeys, recentBlockhash, instructions, addressTableLookups };
}

/** Decodes a wire transaction, failing with the JSON-RPC error a validator gives for garbage. */
export function decodeTransaction(bytes: Uint8Array): WireTransaction {
  try {
    const r = new Reader(bytes);
    const signatures = Array.from({ length: r.compactU16() }, () => base58.decode(r.take(64)));
    const messageBytes = bytes.subarray(r.offset);
    const message = decodeMessage(messageBytes);
    if (signatures.length !== message.header.numRequiredSignatures) {
      throw new Error('signature count does not match the message header');
    }
    return { signatures, message, messageBytes };
  } catch (err) {
    throw invalidParams(
      `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${(err as Error).message}`,
    );
  }
}
