// The guard on an EVM swap call an aggregator built (src/chains/evm/swap-checks.ts; issue 26 item
// 6): the router call data is decoded and held to the request before signing, so a compromised or
// spoofed 1inch cannot send the output elsewhere, spend another token or more of it, buy another
// token, or accept any price. Call data is encoded here with viem from the methods' signatures, as
// 1inch's AggregationRouterV6 and V5 and the development network's router take them (issue 33: the
// swap checks had integration tests only, and no mutation run).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Address, encodeFunctionData, type Hex, parseAbiItem, zeroAddress } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { evmSwapRefusal, minimumReturn } from '../../src/chains/evm/swap-checks.ts';
import { EVM_NATIVE_TOKEN } from '../../src/domain/native-aliases.ts';

const addr = (n: number) => privateKeyToAddress(`0x${n.toString(16).padStart(64, '0')}`);
const WALLET = addr(1);
const THIEF = addr(2);
const USDC = addr(3);
const WETH = addr(4);
const EXECUTOR = addr(5);

const DESCRIPTION =
  '(address srcToken, address dstToken, address srcReceiver, address dstReceiver, uint256 amount, uint256 minReturnAmount, uint256 flags) desc';
const encode = (signature: string, args: readonly unknown[]): Hex =>
  encodeFunctionData({ abi: [parseAbiItem(signature)], args } as never);
/** 1inch v6's packed Address: flags above the low 160 bits. */
const packed = (a: Address) => (1n << 255n) | (1n << 200n) | BigInt(a);

/** USDC -> WETH, 1000 in, 500 quoted out, 1 % slippage: at least 495. */
const expected = {
  wallet: WALLET,
  fromToken: USDC,
  toToken: WETH,
  amount: 1000n,
  dstAmount: 500n,
  slippage: 1,
  allowUnknownMethods: false,
};
const v6Swap = (over: Partial<Record<'src' | 'dst' | 'receiver' | 'amount' | 'min', unknown>> = {}) =>
  encode(`function swap(address executor, ${DESCRIPTION}, bytes data)`, [
    EXECUTOR,
    {
      srcToken: over.src ?? USDC,
      dstToken: over.dst ?? WETH,
      srcReceiver: EXECUTOR,
      dstReceiver: over.receiver ?? WALLET,
      amount: over.amount ?? 1000n,
      minReturnAmount: over.min ?? 495n,
      flags: 0n,
    },
    '0x',
  ]);

describe('EVM swap guard: the trade asked for is signed', () => {
  test('a V6 swap to the wallet, or to the caller (zero receiver), at the least return the slippage allows', () => {
    assert.equal(evmSwapRefusal(v6Swap(), expected), null);
    assert.equal(evmSwapRefusal(v6Swap({ receiver: zeroAddress }), expected), null);
    assert.equal(evmSwapRefusal(v6Swap({ min: 600n }), expected), null, 'more than the least is fine');
  });

  test('V6 unoswap with packed addresses, V5 swap and unoswapTo, and the development router', () => {
    const unoswap = 'function unoswap(uint256 token, uint256 amount, uint256 minReturn, uint256 dex)';
    assert.equal(evmSwapRefusal(encode(unoswap, [packed(USDC), 1000n, 495n, 7n]), expected), null);
    const unoswapTo =
      'function unoswapTo(uint256 to, uint256 token, uint256 amount, uint256 minReturn, uint256 dex)';
    assert.equal(
      evmSwapRefusal(encode(unoswapTo, [packed(WALLET), packed(USDC), 1000n, 495n, 7n]), expected),
      null,
    );
    const v5 = `function swap(address executor, ${DESCRIPTION}, bytes permit, bytes data)`;
    assert.equal(
      evmSwapRefusal(
        encode(v5, [
          EXECUTOR,
          {
            srcToken: USDC,
            dstToken: WETH,
            srcReceiver: EXECUTOR,
            dstReceiver: WALLET,
            amount: 1000n,
            minReturnAmount: 495n,
            flags: 0n,
          },
          '0x',
          '0x',
        ]),
        expected,
      ),
      null,
    );
    const devnet =
      'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address recipient)';
    assert.equal(evmSwapRefusal(encode(devnet, [USDC, WETH, 1000n, 495n, WALLET]), expected), null);
  });

  test('the native coin by either name: ethUnoswap from it, a description naming the zero address', () => {
    const fromNative = { ...expected, fromToken: EVM_NATIVE_TOKEN };
    const ethUnoswap = 'function ethUnoswap(uint256 minReturn, uint256 dex)';
    assert.equal(evmSwapRefusal(encode(ethUnoswap, [495n, 7n]), fromNative), null);
    assert.equal(evmSwapRefusal(v6Swap({ src: zeroAddress }), fromNative), null);
    assert.equal(
      evmSwapRefusal(v6Swap({ dst: EVM_NATIVE_TOKEN }), { ...expected, toToken: zeroAddress }),
      null,
    );
  });

  test('a method that does not name its input token, for a native input only', () => {
    const v3 = 'function uniswapV3Swap(uint256 amount, uint256 minReturn, uint256[] pools)';
    assert.equal(
      evmSwapRefusal(encode(v3, [1000n, 495n, [1n]]), { ...expected, fromToken: EVM_NATIVE_TOKEN }),
      null,
    );
    assert.equal(
      evmSwapRefusal(encode(v3, [1000n, 495n, [1n]]), expected),
      `uniswapV3Swap does not say which token it spends, and the input is the ERC20 ${USDC}`,
    );
  });
});

describe('EVM swap guard: what it refuses, word for word', () => {
  test('the output sent to anyone but the wallet', () => {
    assert.equal(
      evmSwapRefusal(v6Swap({ receiver: THIEF }), expected),
      `swap sends the output to ${THIEF}, not to the wallet ${WALLET}`,
    );
    const unoswapTo =
      'function unoswapTo(uint256 to, uint256 token, uint256 amount, uint256 minReturn, uint256 dex)';
    assert.equal(
      evmSwapRefusal(encode(unoswapTo, [packed(THIEF), packed(USDC), 1000n, 495n, 7n]), expected),
      // A packed address is read back as lowercase hex.
      `unoswapTo sends the output to ${THIEF.toLowerCase()}, not to the wallet ${WALLET}`,
    );
  });

  test('another input token, the native coin for an ERC20, more of it, another output token', () => {
    assert.equal(evmSwapRefusal(v6Swap({ src: WETH }), expected), `swap spends ${WETH}, not ${USDC}`);
    const ethUnoswap = 'function ethUnoswap(uint256 minReturn, uint256 dex)';
    assert.equal(
      evmSwapRefusal(encode(ethUnoswap, [495n, 7n]), expected),
      `ethUnoswap spends the native coin, not ${USDC}`,
    );
    assert.equal(
      evmSwapRefusal(v6Swap({ amount: 1001n }), expected),
      'swap spends 1001, not the 1000 asked for',
    );
    assert.equal(evmSwapRefusal(v6Swap({ dst: USDC }), expected), `swap buys ${USDC}, not ${WETH}`);
  });

  test('a return below what the slippage allows', () => {
    assert.equal(
      evmSwapRefusal(v6Swap({ min: 494n }), expected),
      'swap accepts 494 in return, below the 495 that 1% slippage from 500 allows',
    );
  });

  test('a method it cannot read, unless allowed; call data that does not decode as its method', () => {
    const unknown: Hex = '0x12345678000000000000000000000000000000000000000000000000000000000000002a';
    assert.equal(
      evmSwapRefusal(unknown, expected),
      'it calls router method 0x12345678, which this service cannot check (ONEINCH_ALLOW_UNKNOWN_ROUTER_METHODS allows it)',
    );
    assert.equal(evmSwapRefusal(unknown, { ...expected, allowUnknownMethods: true }), null);
    const truncated = v6Swap().slice(0, 74) as Hex;
    assert.equal(
      evmSwapRefusal(truncated, expected),
      `its call data does not decode as the router method ${truncated.slice(0, 10)} it names`,
    );
  });
});

const B32 = `0x${'11'.repeat(32)}` as const;
/** A token whose address starts with zero bytes: packed and unpacked, it keeps all 20 bytes. */
const LOW = '0x0000000000000000000000000000000000001234' as Address;

/** Every other router method: accepted with the trade, refused on a field it carries. */
const METHODS: Array<{
  sig: string;
  ok: readonly unknown[];
  bad: readonly unknown[];
  refusal: RegExp;
  from?: string;
}> = [
  {
    sig: 'function unoswap2(uint256 token, uint256 amount, uint256 minReturn, uint256 dex, uint256 dex1)',
    ok: [packed(USDC), 1000n, 495n, 1n, 2n],
    bad: [packed(USDC), 999n, 495n, 1n, 2n],
    refusal: /unoswap2 spends 999, not the 1000/,
  },
  {
    sig: 'function unoswap3(uint256 token, uint256 amount, uint256 minReturn, uint256 dex, uint256 dex1, uint256 dex2)',
    ok: [packed(USDC), 1000n, 495n, 1n, 2n, 3n],
    bad: [packed(WETH), 1000n, 495n, 1n, 2n, 3n],
    refusal: /unoswap3 spends 0x[0-9a-f]{40}, not/,
  },
  {
    sig: 'function unoswapTo2(uint256 to, uint256 token, uint256 amount, uint256 minReturn, uint256 dex, uint256 dex1)',
    ok: [packed(WALLET), packed(USDC), 1000n, 495n, 1n, 2n],
    bad: [packed(THIEF), packed(USDC), 1000n, 495n, 1n, 2n],
    refusal: /unoswapTo2 sends the output to/,
  },
  {
    sig: 'function ethUnoswapTo(uint256 to, uint256 minReturn, uint256 dex)',
    ok: [packed(WALLET), 495n, 1n],
    bad: [packed(THIEF), 495n, 1n],
    refusal: /ethUnoswapTo sends the output to/,
    from: EVM_NATIVE_TOKEN,
  },
  {
    sig: 'function ethUnoswap2(uint256 minReturn, uint256 dex, uint256 dex1)',
    ok: [495n, 1n, 2n],
    bad: [494n, 1n, 2n],
    refusal: /ethUnoswap2 accepts 494 in return/,
    from: EVM_NATIVE_TOKEN,
  },
  {
    sig: 'function clipperSwap(address clipperExchange, uint256 srcToken, address dstToken, uint256 inputAmount, uint256 outputAmount, uint256 goodUntil, bytes32 r, bytes32 vs)',
    ok: [EXECUTOR, packed(USDC), WETH, 1000n, 495n, 1n, B32, B32],
    bad: [EXECUTOR, packed(USDC), USDC, 1000n, 495n, 1n, B32, B32],
    refusal: /clipperSwap buys/,
  },
  {
    sig: 'function clipperSwapTo(address clipperExchange, address recipient, uint256 srcToken, address dstToken, uint256 inputAmount, uint256 outputAmount, uint256 goodUntil, bytes32 r, bytes32 vs)',
    ok: [EXECUTOR, WALLET, packed(USDC), WETH, 1000n, 495n, 1n, B32, B32],
    bad: [EXECUTOR, WALLET, packed(USDC), WETH, 1001n, 495n, 1n, B32, B32],
    refusal: /clipperSwapTo spends 1001/,
  },
  {
    sig: 'function unoswap(address srcToken, uint256 amount, uint256 minReturn, uint256[] pools)',
    ok: [USDC, 1000n, 495n, [1n]],
    bad: [USDC, 1000n, 400n, [1n]],
    refusal: /unoswap accepts 400 in return/,
  },
  {
    sig: 'function unoswapTo(address recipient, address srcToken, uint256 amount, uint256 minReturn, uint256[] pools)',
    ok: [WALLET, USDC, 1000n, 495n, [1n]],
    bad: [THIEF, USDC, 1000n, 495n, [1n]],
    // An address argument is named as given (checksummed), not unpacked.
    refusal: new RegExp(`unoswapTo sends the output to ${THIEF}, not`),
  },
  {
    sig: 'function uniswapV3Swap(uint256 amount, uint256 minReturn, uint256[] pools)',
    ok: [1000n, 495n, [1n]],
    bad: [2000n, 495n, [1n]],
    refusal: /uniswapV3Swap spends 2000/,
    from: EVM_NATIVE_TOKEN,
  },
  {
    sig: 'function uniswapV3SwapTo(address recipient, uint256 amount, uint256 minReturn, uint256[] pools)',
    ok: [WALLET, 1000n, 495n, [1n]],
    bad: [THIEF, 1000n, 495n, [1n]],
    refusal: /uniswapV3SwapTo sends the output to/,
    from: EVM_NATIVE_TOKEN,
  },
  {
    sig: 'function clipperSwap(address clipperExchange, address srcToken, address dstToken, uint256 inputAmount, uint256 outputAmount, uint256 goodUntil, bytes32 r, bytes32 vs)',
    ok: [EXECUTOR, USDC, WETH, 1000n, 495n, 1n, B32, B32],
    bad: [EXECUTOR, USDC, WETH, 1000n, 1n, 1n, B32, B32],
    refusal: /clipperSwap accepts 1 in return/,
  },
  {
    sig: 'function clipperSwapTo(address clipperExchange, address recipient, address srcToken, address dstToken, uint256 inputAmount, uint256 outputAmount, uint256 goodUntil, bytes32 r, bytes32 vs)',
    ok: [EXECUTOR, WALLET, USDC, WETH, 1000n, 495n, 1n, B32, B32],
    bad: [EXECUTOR, WALLET, USDC, USDC, 1000n, 495n, 1n, B32, B32],
    refusal: /clipperSwapTo buys/,
  },
];

describe('EVM swap guard: every router method it reads', () => {
  for (const m of METHODS) {
    const name = m.sig.slice(9, m.sig.indexOf('('));
    const trade = { ...expected, fromToken: m.from ?? USDC };
    test(`${name}(${m.ok.length} arguments): the trade is signed, a wrong field refused`, () => {
      assert.equal(evmSwapRefusal(encode(m.sig, m.ok), trade), null);
      assert.match(evmSwapRefusal(encode(m.sig, m.bad), trade) ?? '', m.refusal);
    });
  }

  test('a packed token address starting with zero bytes keeps all 20 of them', () => {
    const unoswap = 'function unoswap(uint256 token, uint256 amount, uint256 minReturn, uint256 dex)';
    assert.equal(
      evmSwapRefusal(encode(unoswap, [packed(LOW), 1000n, 495n, 7n]), { ...expected, fromToken: LOW }),
      null,
    );
  });

  test('ethUnoswapTo spends the native coin: refused for an ERC20 input', () => {
    const ethUnoswapTo = 'function ethUnoswapTo(uint256 to, uint256 minReturn, uint256 dex)';
    assert.equal(
      evmSwapRefusal(encode(ethUnoswapTo, [packed(WALLET), 495n, 1n]), expected),
      `ethUnoswapTo spends the native coin, not ${USDC}`,
    );
  });

  test('buying the native coin is not buying the token asked for', () => {
    assert.equal(
      evmSwapRefusal(v6Swap({ dst: EVM_NATIVE_TOKEN }), expected),
      `swap buys ${EVM_NATIVE_TOKEN}, not ${WETH}`,
    );
  });
});

describe('the least return a slippage allows', () => {
  test('basis points rounded up, the amount rounded down', () => {
    assert.equal(minimumReturn(500n, 1), 495n);
    assert.equal(minimumReturn(10_000n, 0.5), 9_950n);
    assert.equal(minimumReturn(10_000n, 1.005), 9_899n, '100.5 bps count as 101');
    assert.equal(minimumReturn(999n, 1), 989n, '989.01 rounds down');
    assert.equal(minimumReturn(10_000n, 50), 5_000n);
  });
});
