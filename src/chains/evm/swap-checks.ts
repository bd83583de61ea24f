// An aggregator builds the EVM swap call the wallet signs (issue 26 item 6): before signing, the
// router call data is decoded and held to the request, so a compromised or spoofed 1inch cannot
// send the output elsewhere, spend another token or more of it, or accept any price. Pure: the call
// and what was asked in, the reason for a refusal (or null) out.
import {
  type AbiFunction,
  type Address,
  decodeFunctionData,
  type Hex,
  isAddressEqual,
  numberToHex,
  parseAbiItem,
  toFunctionSelector,
  zeroAddress,
} from 'viem';
import { EVM_NATIVE_TOKEN } from '../../domain/native-aliases.ts';

/** The native coin as 1inch names it, or as the zero address. */
const NATIVE = [EVM_NATIVE_TOKEN, zeroAddress];
const isNative = (token: string) => NATIVE.some((n) => n.toLowerCase() === token.toLowerCase());
const sameToken = (a: string, b: string) =>
  (isNative(a) && isNative(b)) || a.toLowerCase() === b.toLowerCase();

/** 1inch v6 packs an address with flags in a uint256 (its `Address` type): the low 160 bits. */
const packed = (v: unknown): Address => numberToHex(BigInt(v as bigint) & ((1n << 160n) - 1n), { size: 20 });

/** What a router call says about the trade; null where the call does not carry it. */
interface RouterCall {
  method: string;
  /** Who gets the output: an address, or the caller (the wallet) when the method sends it back. */
  receiver: Address | 'sender';
  /** The input token (null: decided by the pools; native methods take it from the value). */
  srcToken: Address | 'native' | null;
  dstToken: Address | null;
  /** The input amount (null: the transaction's value, checked against the request elsewhere). */
  amount: bigint | null;
  minReturn: bigint;
}

interface Description {
  srcToken: Address;
  dstToken: Address;
  dstReceiver: Address;
  amount: bigint;
  minReturnAmount: bigint;
}
const fromDescription = (d: Description): Omit<RouterCall, 'method'> => ({
  // The router sends the output to the caller when dstReceiver is zero.
  receiver: isAddressEqual(d.dstReceiver, zeroAddress) ? 'sender' : d.dstReceiver,
  srcToken: d.srcToken,
  dstToken: d.dstToken,
  amount: d.amount,
  minReturn: d.minReturnAmount,
});
const DESCRIPTION =
  '(address srcToken, address dstToken, address srcReceiver, address dstReceiver, uint256 amount, uint256 minReturnAmount, uint256 flags) desc';
const dexes = (n: number) => Array.from({ length: n }, (_, i) => `uint256 dex${i || ''}`).join(', ');

/**
 * Where a method's arguments carry the trade, by position: `to` absent, the output goes to the
 * caller; `src` absent, the pools decide the input; `amount` absent, the transaction's value is the
 * input (checked against the request elsewhere). An address passed as a uint256 is 1inch v6's
 * packed `Address`.
 */
interface Layout {
  to?: number;
  src?: number | 'native';
  dst?: number;
  amount?: number;
  min: number;
}

/**
 * The router methods this service can check: 1inch AggregationRouterV6 (the one /approve/spender
 * names on v6.0 and v6.1), the V5 methods that carry what is checked, and the development network's
 * router (packages/devnet/contracts/DevnetSwapRouter.sol), which stands in for 1inch there. The
 * `swap` methods carry a SwapDescription.
 */
const METHODS: Array<[signature: string, read: Layout | 'description']> = [
  // V6
  [`function swap(address executor, ${DESCRIPTION}, bytes data)`, 'description'],
  ...[1, 2, 3].flatMap((n): Array<[string, Layout]> => {
    const suffix = n === 1 ? '' : String(n);
    return [
      [
        `function unoswap${suffix}(uint256 token, uint256 amount, uint256 minReturn, ${dexes(n)})`,
        { src: 0, amount: 1, min: 2 },
      ],
      [
        `function unoswapTo${suffix}(uint256 to, uint256 token, uint256 amount, uint256 minReturn, ${dexes(n)})`,
        { to: 0, src: 1, amount: 2, min: 3 },
      ],
      [`function ethUnoswap${suffix}(uint256 minReturn, ${dexes(n)})`, { src: 'native', min: 0 }],
      [
        `function ethUnoswapTo${suffix}(uint256 to, uint256 minReturn, ${dexes(n)})`,
        { to: 0, src: 'native', min: 1 },
      ],
    ];
  }),
  [
    'function clipperSwap(address clipperExchange, uint256 srcToken, address dstToken, uint256 inputAmount, uint256 outputAmount, uint256 goodUntil, bytes32 r, bytes32 vs)',
    { src: 1, dst: 2, amount: 3, min: 4 },
  ],
  [
    'function clipperSwapTo(address clipperExchange, address recipient, uint256 srcToken, address dstToken, uint256 inputAmount, uint256 outputAmount, uint256 goodUntil, bytes32 r, bytes32 vs)',
    { to: 1, src: 2, dst: 3, amount: 4, min: 5 },
  ],
  // V5
  [`function swap(address executor, ${DESCRIPTION}, bytes permit, bytes data)`, 'description'],
  [
    'function unoswap(address srcToken, uint256 amount, uint256 minReturn, uint256[] pools)',
    { src: 0, amount: 1, min: 2 },
  ],
  [
    'function unoswapTo(address recipient, address srcToken, uint256 amount, uint256 minReturn, uint256[] pools)',
    { to: 0, src: 1, amount: 2, min: 3 },
  ],
  ['function uniswapV3Swap(uint256 amount, uint256 minReturn, uint256[] pools)', { amount: 0, min: 1 }],
  [
    'function uniswapV3SwapTo(address recipient, uint256 amount, uint256 minReturn, uint256[] pools)',
    { to: 0, amount: 1, min: 2 },
  ],
  [
    'function clipperSwap(address clipperExchange, address srcToken, address dstToken, uint256 inputAmount, uint256 outputAmount, uint256 goodUntil, bytes32 r, bytes32 vs)',
    { src: 1, dst: 2, amount: 3, min: 4 },
  ],
  [
    'function clipperSwapTo(address clipperExchange, address recipient, address srcToken, address dstToken, uint256 inputAmount, uint256 outputAmount, uint256 goodUntil, bytes32 r, bytes32 vs)',
    { to: 1, src: 2, dst: 3, amount: 4, min: 5 },
  ],
  // The development network's router.
  [
    'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address recipient)',
    { to: 4, src: 0, dst: 1, amount: 2, min: 3 },
  ],
];

/** Reads a method's arguments by its layout; an address argument typed uint256 is unpacked. */
function reader(abi: AbiFunction, layout: Layout | 'description') {
  return (a: readonly unknown[]): Omit<RouterCall, 'method'> => {
    if (layout === 'description') return fromDescription(a[1] as Description);
    const address = (i: number): Address =>
      abi.inputs[i]?.type === 'uint256' ? packed(a[i]) : (a[i] as Address);
    return {
      receiver: layout.to === undefined ? 'sender' : address(layout.to),
      srcToken: layout.src === undefined ? null : layout.src === 'native' ? 'native' : address(layout.src),
      dstToken: layout.dst === undefined ? null : address(layout.dst),
      amount: layout.amount === undefined ? null : (a[layout.amount] as bigint),
      minReturn: a[layout.min] as bigint,
    };
  };
}

const BY_SELECTOR = new Map(
  METHODS.map(([signature, layout]) => {
    const abi = parseAbiItem(signature) as AbiFunction;
    return [toFunctionSelector(abi), { abi, read: reader(abi, layout) }] as const;
  }),
);

/** The router call's trade, or null for a method this service does not know. Throws on bad data. */
export function decodeRouterCall(data: Hex): RouterCall | null {
  const known = BY_SELECTOR.get(data.slice(0, 10).toLowerCase() as Hex);
  if (!known) return null;
  const { args } = decodeFunctionData({ abi: [known.abi], data });
  return { method: known.abi.name, ...known.read(args ?? []) };
}

export interface EvmSwapExpectation {
  wallet: Address;
  fromToken: string;
  toToken: string;
  amount: bigint;
  /** What the aggregator says the swap returns. */
  dstAmount: bigint;
  /** Percent, in (0, 50]. */
  slippage: number;
  /** ONEINCH_ALLOW_UNKNOWN_ROUTER_METHODS: sign calls of router methods this service cannot read. */
  allowUnknownMethods: boolean;
}

/** The least output the requested slippage allows: dstAmount less slippage (in basis points, rounded up). */
export function minimumReturn(dstAmount: bigint, slippage: number): bigint {
  const bps = BigInt(Math.ceil(slippage * 100 - 1e-9));
  return (dstAmount * (10_000n - bps)) / 10_000n;
}

/** The reason to refuse signing the router call `data`, or null when it is the trade asked for. */
export function evmSwapRefusal(data: Hex, expected: EvmSwapExpectation): string | null {
  let call: RouterCall | null;
  try {
    call = decodeRouterCall(data);
  } catch {
    return `its call data does not decode as the router method ${data.slice(0, 10)} it names`;
  }
  if (!call)
    return expected.allowUnknownMethods
      ? null
      : `it calls router method ${data.slice(0, 10)}, which this service cannot check (ONEINCH_ALLOW_UNKNOWN_ROUTER_METHODS allows it)`;
  const { method } = call;
  if (call.receiver !== 'sender' && !isAddressEqual(call.receiver, expected.wallet))
    return `${method} sends the output to ${call.receiver}, not to the wallet ${expected.wallet}`;
  if (call.srcToken === null && !isNative(expected.fromToken))
    return `${method} does not say which token it spends, and the input is the ERC20 ${expected.fromToken}`;
  if (
    call.srcToken === 'native'
      ? !isNative(expected.fromToken)
      : call.srcToken && !sameToken(call.srcToken, expected.fromToken)
  )
    return `${method} spends ${call.srcToken === 'native' ? 'the native coin' : call.srcToken}, not ${expected.fromToken}`;
  if (call.amount !== null && call.amount !== expected.amount)
    return `${method} spends ${call.amount}, not the ${expected.amount} asked for`;
  if (call.dstToken !== null && !sameToken(call.dstToken, expected.toToken))
    return `${method} buys ${call.dstToken}, not ${expected.toToken}`;
  const least = minimumReturn(expected.dstAmount, expected.slippage);
  if (call.minReturn < least)
    return `${method} accepts ${call.minReturn} in return, below the ${least} that ${expected.slippage}% slippage from ${expected.dstAmount} allows`;
  return null;
}
