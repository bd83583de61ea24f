import {
  type Address,
  BaseError,
  decodeAbiParameters,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  multicall3Abi,
  type PublicClient,
  RpcRequestError,
} from 'viem';
import type { BalanceReader, TokenMeta, TokenReading } from '../balance-reader.ts';
import { type ChainClients, MULTICALL3_ADDRESS } from '../rpc-clients.ts';

const BALANCE_OF = encodeFunctionData({
  abi: erc20Abi,
  functionName: 'balanceOf',
  args: [MULTICALL3_ADDRESS],
});
const DECIMALS = encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' });
const SYMBOL = encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' });
const MAX_SYMBOL_LENGTH = 64;

const BALANCE_OF_SELECTOR = BALANCE_OF.slice(0, 10);
const balanceOfCall = (owner: Address): Hex =>
  `${BALANCE_OF_SELECTOR}${owner.slice(2).toLowerCase().padStart(64, '0')}` as Hex;

interface Call3 {
  target: Address;
  allowFailure: true;
  callData: Hex;
}

interface CallResult {
  success: boolean;
  returnData: Hex;
}

/**
 * Precompiles and system contracts live at small addresses on every chain (0x01 to 0x11 on
 * Ethereum, 0x64 and up on Arbitrum, 0x100 for P-256 on several L2s): some echo or hash their
 * input, which would pass for a balance, others burn all the gas of the multicall. None is a token.
 */
const isReservedAddress = (address: string): boolean => BigInt(address) <= 0xffffn;

/** The node answered the call with an error (it reverted or ran out of gas), as opposed to no answer. */
const answeredWithError = (err: unknown): boolean =>
  err instanceof BaseError && err.walk((e) => e instanceof RpcRequestError) !== null;

/** Each call alone (the transport still sends them as one JSON-RPC batch). */
const callEach = (client: PublicClient, calls: readonly Call3[]): Promise<CallResult[]> =>
  Promise.all(
    calls.map((c) =>
      client.call({ to: c.target, data: c.callData }).then(
        ({ data }) => ({ success: true, returnData: data ?? '0x' }),
        (err: unknown) => {
          if (!answeredWithError(err)) throw err;
          return { success: false, returnData: '0x' as Hex };
        },
      ),
    ),
  );

/**
 * Runs the calls through Multicall3 `aggregate3`, failures allowed per call. A call that burns the
 * gas it is given starves the calls after it (they fail too) or fails the whole multicall, so
 * failed balance calls, or all calls when the multicall failed, are tried again each alone: one
 * bad token cannot hide the others, at the cost of a second request only when a call failed.
 */
async function runCalls(client: PublicClient, calls: Call3[]): Promise<CallResult[]> {
  if (calls.length === 0) return [];
  let results: CallResult[];
  try {
    const { data } = await client.call({
      to: MULTICALL3_ADDRESS,
      data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }),
    });
    results = [
      ...decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: data ?? '0x' }),
    ];
  } catch (err) {
    if (!answeredWithError(err)) throw err;
    return callEach(client, calls);
  }
  const retry = calls.flatMap((c, i) =>
    !results[i]?.success && c.callData.startsWith(BALANCE_OF_SELECTOR) ? [i] : [],
  );
  if (retry.length > 0) {
    const again = await callEach(
      client,
      retry.map((i) => calls[i]!),
    );
    for (const [j, i] of retry.entries()) results[i] = again[j]!;
  }
  return results;
}

/** A single 32-byte word as an unsigned integer, or null when the call did not return one. */
function word(result: CallResult | undefined): bigint | null {
  if (!result?.success || result.returnData.length < 66) return null;
  return BigInt(result.returnData.slice(0, 66));
}

/**
 * An ERC20 `symbol()` returning `string`. A bytes32 symbol (early tokens such as MKR), a missing
 * function, a revert or an unreasonable value gives null, never an error.
 */
function symbolOf(result: CallResult | undefined): string | null {
  if (!result?.success) return null;
  try {
    const [text] = decodeAbiParameters([{ type: 'string' }], result.returnData);
    const symbol = text.replaceAll('\0', '').trim();
    return symbol === '' || symbol.length > MAX_SYMBOL_LENGTH ? null : symbol;
  } catch {
    return null;
  }
}

/**
 * EVM balances in one upstream HTTP request: `eth_getBalance` and one Multicall3 `aggregate3`
 * (failures allowed, so one bad token cannot fail the rest) go out in the same JSON-RPC batch.
 * The multicall asks each token for `balanceOf`, plus `decimals` and `symbol` when not yet known.
 * A token whose `balanceOf` gives no 32-byte answer (no code, not an ERC20) is read as null.
 */
export function evmBalanceReader(deps: { clients: ChainClients }): BalanceReader {
  return {
    async read({ chain, owner, native, tokens, knownMeta }) {
      const list = tokens === 'all' ? [] : tokens;
      const known = list.length > 0 ? await knownMeta(list) : new Map<string, TokenMeta>();
      const client = deps.clients.evm(chain);
      const account = getAddress(owner);
      const calls: Call3[] = [];
      const slots = list.map((token) => {
        const target = getAddress(token);
        if (isReservedAddress(token)) return { token, target, balance: -1, decimals: -1, symbol: -1 };
        const balance = calls.push({ target, allowFailure: true, callData: balanceOfCall(account) }) - 1;
        if (known.has(token)) return { token, target, balance, decimals: -1, symbol: -1 };
        const decimals = calls.push({ target, allowFailure: true, callData: DECIMALS }) - 1;
        const symbol = calls.push({ target, allowFailure: true, callData: SYMBOL }) - 1;
        return { token, target, balance, decimals, symbol };
      });

      // Both requests are issued in the same tick, so the transport sends them as one batch.
      const [nativeBalance, results] = await Promise.all([
        native ? client.getBalance({ address: account }) : null,
        runCalls(client, calls),
      ]);

      const readings: TokenReading[] = [];
      const meta = new Map<string, TokenMeta>();
      for (const slot of slots) {
        const raw = word(results[slot.balance]);
        readings.push({ token: slot.token, display: slot.target, raw });
        // Metadata is kept only for real tokens: an address without code may become one later.
        if (raw !== null && slot.decimals >= 0) {
          const decimals = word(results[slot.decimals]);
          meta.set(slot.token, {
            decimals: decimals !== null && decimals <= 255n ? Number(decimals) : null,
            symbol: symbolOf(results[slot.symbol]),
          });
        }
      }
      return { native: nativeBalance, tokens: readings, meta };
    },
  };
}
