// The 1inch Classic Swap API v6 (`/swap/v6.x/{chainId}/quote`, `/swap`, `/approve/*`,
// `/liquidity-sources`, `/tokens`) as documented in shared/reference/aggregators.md §1 and
// upstream/1inch-aggregation-openapi.json, answered from the evm-localnet router's pools. Errors use
// 1inch's shape `{ error, description, statusCode, requestId, meta }` and its known descriptions.
import { randomUUID } from 'node:crypto';
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  isAddress,
  maxUint256,
} from 'viem';
import { evmLocalnetChain } from '../evm/contracts.ts';
import {
  DEVNET_PROTOCOL,
  EVM_NATIVE,
  EVM_TRADABLE_TOKENS,
  SWAP_ROUTER_ADDRESS,
  swapRouterAbi,
} from '../evm/swap-pools.ts';
import { minimumOut } from './cpmm.ts';
import type { ApiResponse } from './http.ts';

const QUOTE_GAS = 150_000;

export function oneInchError(
  status: number,
  description: string,
  meta: { type: string; value: string }[] = [],
): ApiResponse {
  const error = status === 404 ? 'Not Found' : status >= 500 ? 'Internal Server Error' : 'Bad Request';
  return { status, body: { error, description, statusCode: status, requestId: randomUUID(), meta } };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function oneInchApi(opts: { rpcUrl: string; chainId: number }) {
  const client = createPublicClient({
    chain: evmLocalnetChain(opts.rpcUrl),
    transport: http(opts.rpcUrl, { timeout: 10_000, retryCount: 0 }),
  });
  const tokenInfo = (token: Address) => {
    const known = EVM_TRADABLE_TOKENS.find((t) => same(t.address, token));
    return known ? { ...known, logoURI: '', tags: [] } : undefined;
  };

  /** Parses src/dst/amount and the protocol filters shared by /quote and /swap; prices the trade. */
  async function price(
    q: URLSearchParams,
  ): Promise<ApiResponse | { src: Address; dst: Address; amount: bigint; dstAmount: bigint }> {
    const src = q.get('src');
    const dst = q.get('dst');
    const amountText = q.get('amount');
    if (!src) return oneInchError(400, 'Src is not set');
    if (!dst) return oneInchError(400, 'Dst is not set');
    if (!amountText) return oneInchError(400, 'Amount is not set');
    for (const [name, value] of [
      ['src', src],
      ['dst', dst],
    ] as const)
      if (!isAddress(value, { strict: false }))
        return oneInchError(400, `${name} is not a valid address`, [{ type: name, value }]);
    if (!/^\d+$/.test(amountText) || BigInt(amountText) === 0n || BigInt(amountText) > maxUint256)
      return oneInchError(400, 'amount must be a positive integer', [{ type: 'amount', value: amountText }]);
    if (same(src, dst)) return oneInchError(400, 'src and dst tokens must be different');
    for (const token of [src, dst]) {
      if (tokenInfo(token as Address)) continue;
      // Unknown to the pools: 1inch's answer for a token it does not trade (reference §1.5).
      return oneInchError(400, 'Cannot sync token', [{ type: 'token', value: token }]);
    }
    const only = q.get('protocols')?.split(',').filter(Boolean);
    const excluded = q.get('excludedProtocols')?.split(',').filter(Boolean);
    if ((only && !only.includes(DEVNET_PROTOCOL)) || excluded?.includes(DEVNET_PROTOCOL))
      return oneInchError(400, 'Insufficient liquidity');
    const amount = BigInt(amountText);
    let dstAmount: bigint;
    try {
      dstAmount = await client.readContract({
        address: SWAP_ROUTER_ADDRESS,
        abi: swapRouterAbi,
        functionName: 'getAmountOut',
        args: [getAddress(src), getAddress(dst), amount],
      });
    } catch {
      return oneInchError(400, 'Insufficient liquidity');
    }
    if (dstAmount === 0n) return oneInchError(400, 'Insufficient liquidity');
    return { src: getAddress(src), dst: getAddress(dst), amount, dstAmount };
  }

  const extras = (q: URLSearchParams, src: Address, dst: Address) => ({
    ...(q.get('includeTokensInfo') === 'true' ? { srcToken: tokenInfo(src), dstToken: tokenInfo(dst) } : {}),
    ...(q.get('includeProtocols') === 'true'
      ? { protocols: [[[{ name: DEVNET_PROTOCOL, part: 100, fromTokenAddress: src, toTokenAddress: dst }]]] }
      : {}),
  });

  async function quote(q: URLSearchParams): Promise<ApiResponse> {
    const priced = await price(q);
    if ('status' in priced) return priced;
    return {
      status: 200,
      body: {
        dstAmount: priced.dstAmount.toString(),
        ...extras(q, priced.src, priced.dst),
        ...(q.get('includeGas') === 'true' ? { gas: QUOTE_GAS } : {}),
      },
    };
  }

  async function swap(q: URLSearchParams): Promise<ApiResponse> {
    const from = q.get('from');
    if (!from || !isAddress(from, { strict: false }))
      return oneInchError(400, 'from is not set or not a valid address');
    const slippageText = q.get('slippage');
    const slippage = Number(slippageText);
    if (slippageText === null || !Number.isFinite(slippage) || slippage < 0 || slippage > 50)
      return oneInchError(400, 'slippage must be a number from 0 to 50', [
        { type: 'slippage', value: String(slippageText) },
      ]);
    const receiver = q.get('receiver') ?? from;
    if (!isAddress(receiver, { strict: false })) return oneInchError(400, 'receiver is not a valid address');
    const priced = await price(q);
    if ('status' in priced) return priced;
    const { src, dst, amount, dstAmount } = priced;
    const sender = getAddress(from);
    const native = same(src, EVM_NATIVE);
    const check = q.get('disableEstimate') !== 'true';
    if (check) {
      const balance = native
        ? await client.getBalance({ address: sender })
        : await client.readContract({
            address: src,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [sender],
          });
      if (balance < amount)
        return oneInchError(400, `Not enough src balance. Amount: ${amount}. Balance: ${balance}.`, [
          { type: 'amount', value: amount.toString() },
          { type: 'balance', value: balance.toString() },
        ]);
      if (!native) {
        const allowance = await client.readContract({
          address: src,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [sender, SWAP_ROUTER_ADDRESS],
        });
        if (allowance < amount)
          return oneInchError(
            400,
            `Not enough allowance. Amount: ${amount}. Allowance: ${allowance}. Spender: ${SWAP_ROUTER_ADDRESS.toLowerCase()}`,
            [
              { type: 'amount', value: amount.toString() },
              { type: 'allowance', value: allowance.toString() },
            ],
          );
      }
    }
    const slippageBps = BigInt(Math.round(slippage * 100));
    const data = encodeFunctionData({
      abi: swapRouterAbi,
      functionName: 'swap',
      args: [src, dst, amount, minimumOut(dstAmount, slippageBps), getAddress(receiver)],
    });
    const value = native ? amount : 0n;
    let gas = 0n;
    if (check) {
      try {
        gas = await client.estimateGas({ account: sender, to: SWAP_ROUTER_ADDRESS, data, value });
      } catch {
        return oneInchError(400, 'cannot estimate');
      }
    }
    const gasPrice = await client.getGasPrice();
    return {
      status: 200,
      body: {
        dstAmount: dstAmount.toString(),
        tx: {
          from: sender.toLowerCase(),
          to: SWAP_ROUTER_ADDRESS.toLowerCase(),
          data,
          value: value.toString(),
          gasPrice: gasPrice.toString(),
          gas: Number(gas),
        },
        ...extras(q, src, dst),
      },
    };
  }

  async function allowance(q: URLSearchParams): Promise<ApiResponse> {
    const token = q.get('tokenAddress');
    const wallet = q.get('walletAddress');
    if (!token || !isAddress(token, { strict: false }))
      return oneInchError(400, 'tokenAddress is not set or invalid');
    if (!wallet || !isAddress(wallet, { strict: false }))
      return oneInchError(400, 'walletAddress is not set or invalid');
    try {
      const value = await client.readContract({
        address: getAddress(token),
        abi: erc20Abi,
        functionName: 'allowance',
        args: [getAddress(wallet), SWAP_ROUTER_ADDRESS],
      });
      return { status: 200, body: { allowance: value.toString() } };
    } catch {
      return oneInchError(400, 'Cannot sync token');
    }
  }

  async function approveTransaction(q: URLSearchParams): Promise<ApiResponse> {
    const token = q.get('tokenAddress');
    if (!token || !isAddress(token, { strict: false }))
      return oneInchError(400, 'tokenAddress is not set or invalid');
    const amountText = q.get('amount');
    if (amountText !== null && !/^\d+$/.test(amountText))
      return oneInchError(400, 'amount must be an integer');
    const amount = amountText === null ? maxUint256 : BigInt(amountText);
    return {
      status: 200,
      body: {
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [SWAP_ROUTER_ADDRESS, amount],
        }),
        gasPrice: (await client.getGasPrice()).toString(),
        to: getAddress(token).toLowerCase(),
        value: '0',
      },
    };
  }

  /** Handles a path below `/swap/{version}/{chainId}`. */
  return async function handle(
    chainId: string,
    rest: string,
    q: URLSearchParams,
  ): Promise<ApiResponse | null> {
    if (chainId !== String(opts.chainId))
      return oneInchError(400, `chain ${chainId} is not supported here (only ${opts.chainId})`);
    switch (rest) {
      case '/quote':
        return quote(q);
      case '/swap':
        return swap(q);
      case '/approve/spender':
        return { status: 200, body: { address: SWAP_ROUTER_ADDRESS.toLowerCase() } };
      case '/approve/allowance':
        return allowance(q);
      case '/approve/transaction':
        return approveTransaction(q);
      case '/liquidity-sources':
        return {
          status: 200,
          body: {
            protocols: [
              { id: DEVNET_PROTOCOL, title: 'Devnet constant-product pools', img: '', img_color: '' },
            ],
          },
        };
      case '/tokens':
        return {
          status: 200,
          body: {
            tokens: Object.fromEntries(
              EVM_TRADABLE_TOKENS.map((t) => [t.address.toLowerCase(), { ...t, logoURI: '' }]),
            ),
          },
        };
      default:
        return null;
    }
  };
}
