// Reads SPL Token and Token-2022 account and mint data (the base layouts both programs share) for
// jsonParsed encodings and the token RPC methods.
import { getBase58Decoder } from '@solana/kit';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const TOKEN_PROGRAMS: readonly string[] = [TOKEN_PROGRAM, TOKEN_2022_PROGRAM];

const MINT_SIZE = 82;
const ACCOUNT_SIZE = 165;
const MULTISIG_SIZE = 355;
// Token-2022 puts an account-type byte right after the 165-byte base (mints are padded to it).
const ACCOUNT_TYPE_OFFSET = 165;

const base58 = getBase58Decoder();

export interface TokenMint {
  mintAuthority: string | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: string | null;
}

export interface TokenAccount {
  mint: string;
  owner: string;
  amount: bigint;
  delegate: string | null;
  state: 'uninitialized' | 'initialized' | 'frozen';
  isNative: bigint | null;
  delegatedAmount: bigint;
  closeAuthority: string | null;
}

export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

function optionalKey(data: Uint8Array, offset: number): string | null {
  return view(data).getUint32(offset, true) === 1
    ? base58.decode(data.subarray(offset + 4, offset + 36))
    : null;
}

function accountType(data: Uint8Array): number | undefined {
  return data.length > ACCOUNT_SIZE ? data[ACCOUNT_TYPE_OFFSET] : undefined;
}

export function decodeMint(owner: string, data: Uint8Array): TokenMint | null {
  if (!TOKEN_PROGRAMS.includes(owner)) return null;
  const isBaseMint = data.length === MINT_SIZE;
  const isExtendedMint =
    owner === TOKEN_2022_PROGRAM && data.length > ACCOUNT_SIZE && accountType(data) === 1;
  if (!isBaseMint && !isExtendedMint) return null;
  if (data[45] !== 1) return null;
  return {
    mintAuthority: optionalKey(data, 0),
    supply: view(data).getBigUint64(36, true),
    decimals: data[44] ?? 0,
    isInitialized: true,
    freezeAuthority: optionalKey(data, 46),
  };
}

export function decodeTokenAccount(owner: string, data: Uint8Array): TokenAccount | null {
  if (!TOKEN_PROGRAMS.includes(owner)) return null;
  if (data.length < ACCOUNT_SIZE || data.length === MULTISIG_SIZE) return null;
  if (data.length > ACCOUNT_SIZE && (owner !== TOKEN_2022_PROGRAM || accountType(data) !== 2)) return null;
  const state = data[108];
  if (state !== 1 && state !== 2) return null;
  const v = view(data);
  return {
    mint: base58.decode(data.subarray(0, 32)),
    owner: base58.decode(data.subarray(32, 64)),
    amount: v.getBigUint64(64, true),
    delegate: optionalKey(data, 72),
    state: state === 1 ? 'initialized' : 'frozen',
    isNative: v.getUint32(109, true) === 1 ? v.getBigUint64(113, true) : null,
    delegatedAmount: v.getBigUint64(121, true),
    closeAuthority: optionalKey(data, 129),
  };
}

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const scale = 10n ** BigInt(decimals);
  const whole = amount / scale;
  const frac = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  const uiAmountString = frac ? `${whole}.${frac}` : `${whole}`;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

export function tokenProgramName(owner: string): 'spl-token' | 'spl-token-2022' {
  return owner === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token';
}

/** The `parsed` object of a jsonParsed token account or mint, as Agave's account decoder shapes it. */
export function parseTokenData(
  owner: string,
  data: Uint8Array,
  mintDecimals: (mint: string) => number | null,
) {
  const mint = decodeMint(owner, data);
  if (mint) {
    return {
      type: 'mint',
      info: {
        decimals: mint.decimals,
        freezeAuthority: mint.freezeAuthority,
        isInitialized: mint.isInitialized,
        mintAuthority: mint.mintAuthority,
        supply: mint.supply.toString(),
      },
    };
  }
  const account = decodeTokenAccount(owner, data);
  if (!account) return null;
  const decimals = mintDecimals(account.mint);
  if (decimals === null) return null;
  return {
    type: 'account',
    info: {
      isNative: account.isNative !== null,
      mint: account.mint,
      owner: account.owner,
      state: account.state,
      tokenAmount: uiTokenAmount(account.amount, decimals),
      ...(account.delegate
        ? { delegate: account.delegate, delegatedAmount: uiTokenAmount(account.delegatedAmount, decimals) }
        : {}),
      ...(account.isNative !== null ? { rentExemptReserve: uiTokenAmount(account.isNative, 9) } : {}),
      ...(account.closeAuthority ? { closeAuthority: account.closeAuthority } : {}),
    },
  };
}
