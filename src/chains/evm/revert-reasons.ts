// What a revert says, decoded (issue 29 item 6): the revert data of a call is read as `Error(string)`,
// `Panic(uint256)` with what the panic code means, or one of the standard errors of the token
// interfaces (ERC-6093, as OpenZeppelin's IERC20Errors and IERC721Errors declare them). Used by a
// simulation's `revert`, by the 400 of a write whose preflight reverts, and by the `error` of a
// transaction that ended FAILED because it reverted.
import {
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  type Hex,
  isHex,
  parseAbi,
  RawContractError,
} from 'viem';
import { errorReason } from './evm-outcomes.ts';

/** A revert as the API shows it: the reason in words, the raw data, and what it decodes to. */
export interface DecodedRevert {
  reason: string;
  /** The revert data as returned (0x-hex); null when the node gave none. */
  data: string | null;
  decoded: { name: string; signature: string; args: Record<string, string> } | null;
}

/** The standard errors every Solidity contract may revert with, and those of the token interfaces. */
const KNOWN_ERRORS = parseAbi([
  'error Error(string message)',
  'error Panic(uint256 code)',
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InvalidSender(address sender)',
  'error ERC20InvalidReceiver(address receiver)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InvalidApprover(address approver)',
  'error ERC20InvalidSpender(address spender)',
  'error ERC721InvalidOwner(address owner)',
  'error ERC721NonexistentToken(uint256 tokenId)',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error ERC721InvalidSender(address sender)',
  'error ERC721InvalidReceiver(address receiver)',
  'error ERC721InsufficientApproval(address operator, uint256 tokenId)',
  'error ERC721InvalidApprover(address approver)',
  'error ERC721InvalidOperator(address operator)',
]);

/** What the Solidity compiler's panic codes mean (the Solidity documentation, "Panic via assert"). */
export const PANIC_MEANINGS: Readonly<Record<number, string>> = {
  0: 'generic compiler-inserted panic',
  1: 'assertion failed',
  17: 'arithmetic overflow or underflow',
  18: 'division or modulo by zero',
  33: 'conversion to an enum out of range',
  34: 'incorrectly encoded storage byte array',
  49: 'pop() on an empty array',
  50: 'array index out of bounds',
  65: 'too much memory allocated',
  81: 'call to a zero-initialized function variable',
};

const text = (v: unknown): string => (typeof v === 'bigint' ? v.toString() : String(v));

/** Decodes revert data; a selector we do not know is reported with its data and no decoding. */
export function decodeRevertData(data: string | null | undefined): DecodedRevert {
  if (!data || data === '0x' || !isHex(data))
    return { reason: 'reverted without a reason', data: data && isHex(data) ? data : null, decoded: null };
  try {
    const { abiItem, args, errorName } = decodeErrorResult({ abi: KNOWN_ERRORS, data: data as Hex });
    const values = (args ?? []) as readonly unknown[];
    const named = Object.fromEntries(
      abiItem.inputs.map((input, i) => [input.name ?? `arg${i}`, text(values[i])]),
    );
    const signature = `${errorName}(${abiItem.inputs.map((i) => i.type).join(',')})`;
    const decoded = { name: errorName, signature, args: named };
    if (errorName === 'Error') return { reason: String(values[0]), data, decoded };
    if (errorName === 'Panic') {
      const code = Number(values[0]);
      const meaning = PANIC_MEANINGS[code] ?? 'unknown panic code';
      return { reason: `panic 0x${code.toString(16).padStart(2, '0')}: ${meaning}`, data, decoded };
    }
    const list = Object.entries(named)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    return { reason: `${errorName}(${list})`, data, decoded };
  } catch {
    return { reason: `custom error ${data.slice(0, 10)} (not a standard error)`, data, decoded: null };
  }
}

/** The revert data inside a viem error (eth_call, eth_estimateGas), if the node returned any. */
export function revertDataOf(err: unknown): string | null {
  if (!(err instanceof BaseError)) return null;
  const raw = err.walk((e) => e instanceof RawContractError) as RawContractError | null;
  if (raw?.data && typeof raw.data === 'string') return raw.data;
  // Nodes put it in the JSON-RPC error's `data`, as a string or as { data }.
  const withData = err.walk((e) => {
    const d = (e as { data?: unknown }).data;
    return typeof d === 'string' || (typeof d === 'object' && d !== null && 'data' in d);
  }) as { data?: unknown } | null;
  const d = withData?.data;
  if (typeof d === 'string' && isHex(d)) return d;
  if (d && typeof d === 'object' && typeof (d as { data?: unknown }).data === 'string')
    return (d as { data: string }).data;
  return null;
}

/** A revert of a viem error, decoded; null when the error carries no revert (a transport failure). */
export function revertOf(err: unknown): DecodedRevert | null {
  const data = revertDataOf(err);
  if (data !== null) return decodeRevertData(data);
  if (err instanceof BaseError && /revert/i.test(err.message)) {
    const details = (err as BaseError & { details?: string }).details;
    return { reason: details ?? err.shortMessage, data: null, decoded: null };
  }
  return null;
}

/** Why a call reverted, decoded where it can be; otherwise what the node said. */
export function revertText(err: unknown): string {
  const decoded = revertOf(err);
  if (decoded) return decoded.reason;
  if (err instanceof BaseError) {
    const revert = err.walk((e) => e instanceof ContractFunctionRevertedError);
    if (revert instanceof ContractFunctionRevertedError) return revert.reason ?? revert.shortMessage;
  }
  return errorReason(err);
}
