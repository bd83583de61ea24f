// EVM fee rules, as pure functions: the first offer, and what a replacement at the same nonce must
// offer. geth-family nodes accept a replacement only when both the tip and the fee cap rise by at
// least their price bump (10 % by default); we raise both by at least 12.5 %, which also clears
// nodes configured stricter and one base-fee step (the base fee moves at most 12.5 % a block).

export type EvmFees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint };

/** The market now: the latest block's base fee (null before London) and the node's suggestions. */
export interface EvmMarket {
  baseFee: bigint | null;
  priorityFee: bigint;
  gasPrice: bigint | null;
}

const GWEI = 1_000_000_000n;

/** x × 1.125, rounded up: the least a replacement must offer. */
export const bump = (x: bigint): bigint => (x * 9n + 7n) / 8n;

// Math.max and Math.min do not take bigints.
function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export const feeCapOf = (fees: EvmFees): bigint => ('gasPrice' in fees ? fees.gasPrice : fees.maxFeePerGas);

export const gwei = (wei: bigint): string => {
  const whole = wei / GWEI;
  const frac = (wei % GWEI).toString().padStart(9, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
};

/**
 * The first offer: room for the base fee to double (six full blocks in a row) plus the tip, never
 * above the operator's cap. Below the base fee at the cap, the transaction is signed anyway and
 * waits (SUBMITTED with a stuck reason) for fees to fall.
 */
export function initialFees(market: EvmMarket, cap: bigint): EvmFees {
  if (market.baseFee === null) return { gasPrice: min(market.gasPrice ?? market.priorityFee, cap) };
  const maxFeePerGas = min(market.baseFee * 2n + market.priorityFee, cap);
  return { maxFeePerGas, maxPriorityFeePerGas: min(market.priorityFee, maxFeePerGas) };
}

/**
 * The replacement of an offer: both parts at least 12.5 % up, and at least what the market asks
 * now. `null` when the cap leaves no room for the least valid replacement.
 */
export function replacementFees(previous: EvmFees, market: EvmMarket, cap: bigint): EvmFees | null {
  if ('gasPrice' in previous) {
    const least = bump(previous.gasPrice);
    if (least > cap) return null;
    return { gasPrice: min(max(least, market.gasPrice ?? 0n), cap) };
  }
  const leastTip = bump(previous.maxPriorityFeePerGas);
  const leastCap = bump(previous.maxFeePerGas);
  if (leastCap > cap || leastTip > cap) return null;
  const tip = max(leastTip, market.priorityFee);
  const wanted = max(leastCap, (market.baseFee ?? 0n) * 2n + tip);
  const maxFeePerGas = min(wanted, cap);
  return { maxFeePerGas, maxPriorityFeePerGas: min(tip, maxFeePerGas) };
}

export const feesJson = (fees: EvmFees): Record<string, string> =>
  'gasPrice' in fees
    ? { gasPrice: fees.gasPrice.toString() }
    : {
        maxFeePerGas: fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
      };

export function feesFromJson(json: Record<string, string>): EvmFees {
  if (json.gasPrice !== undefined) return { gasPrice: BigInt(json.gasPrice) };
  return {
    maxFeePerGas: BigInt(json.maxFeePerGas ?? '0'),
    maxPriorityFeePerGas: BigInt(json.maxPriorityFeePerGas ?? '0'),
  };
}

/**
 * The fees of a caller's speed-up or cancel (issue 29): both parts at least 12.5 % over the latest
 * attempt and at least what the market asks now, or the caller's values when higher. The chain's cap
 * (MAX_FEE_PER_GAS_<SLUG>) holds unless the caller names a higher maxFeePerGas, which `ceiling`
 * bounds. Returns the fees, or why there are none (the caller's 400).
 */
export function callerFees(
  previous: EvmFees,
  market: EvmMarket,
  limits: { cap: bigint; ceiling: bigint },
  asked: { maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint },
): EvmFees | { refusal: string } {
  if (asked.maxFeePerGas !== undefined && asked.maxFeePerGas > limits.ceiling)
    return {
      refusal: `maxFeePerGas ${asked.maxFeePerGas} is above the operator's ceiling for a speed-up, ${limits.ceiling} wei (${gwei(limits.ceiling)} gwei)`,
    };
  const limit =
    asked.maxFeePerGas !== undefined && asked.maxFeePerGas > limits.cap ? asked.maxFeePerGas : limits.cap;
  const over = (least: bigint) =>
    `a replacement must offer at least ${least} wei per gas (12.5 % over the latest attempt), above the fee cap of ${limit} wei (${gwei(limit)} gwei); name a higher maxFeePerGas, up to ${limits.ceiling} wei`;
  if ('gasPrice' in previous) {
    const least = bump(previous.gasPrice);
    if (least > limit) return { refusal: over(least) };
    const wanted = max(max(least, market.gasPrice ?? 0n), asked.maxFeePerGas ?? 0n);
    return { gasPrice: min(wanted, limit) };
  }
  const leastTip = bump(previous.maxPriorityFeePerGas);
  const leastCap = bump(previous.maxFeePerGas);
  if (leastCap > limit) return { refusal: over(leastCap) };
  const tip = max(max(leastTip, market.priorityFee), asked.maxPriorityFeePerGas ?? 0n);
  const wanted = max(max(leastCap, (market.baseFee ?? 0n) * 2n + tip), asked.maxFeePerGas ?? 0n);
  const maxFeePerGas = min(wanted, limit);
  if (leastTip > maxFeePerGas)
    return {
      refusal: `the tip must rise to at least ${leastTip} wei, above the maxFeePerGas of ${maxFeePerGas}`,
    };
  return { maxFeePerGas, maxPriorityFeePerGas: min(tip, maxFeePerGas) };
}
