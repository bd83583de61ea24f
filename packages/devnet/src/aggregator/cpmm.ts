// Constant-product pricing (x * y = k) with a 0.3% fee, the same formula as contracts/DevnetSwapRouter.sol,
// so the local aggregator quotes on both networks what their pools actually pay.
export const POOL_FEE_BPS = 30n;

export function amountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const inWithFee = amountIn * (10_000n - POOL_FEE_BPS);
  return (inWithFee * reserveOut) / (reserveIn * 10_000n + inWithFee);
}

/** Price impact in percent (as a decimal string), comparing the execution price to the spot price. */
export function priceImpactPct(amountIn: bigint, out: bigint, reserveIn: bigint, reserveOut: bigint): string {
  if (amountIn === 0n || reserveOut === 0n) return '0';
  // 1 - (out / amountIn) / (reserveOut / reserveIn), in millionths of a percent.
  const scaled = 100_000_000n - (out * reserveIn * 100_000_000n) / (amountIn * reserveOut);
  const clamped = scaled < 0n ? 0n : scaled;
  return (Number(clamped) / 1_000_000).toString();
}

/** The minimum output after slippage (basis points), rounded down. */
export function minimumOut(out: bigint, slippageBps: bigint): bigint {
  return (out * (10_000n - slippageBps)) / 10_000n;
}
