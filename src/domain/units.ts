/**
 * Amounts between base units (wei, lamports, token units: a bigint) and the whole units people read
 * and type ("1.5" ETH, "0.25" TUSD), in exact bigint arithmetic: never a JavaScript number. The
 * arithmetic is viem's; what is added here is the stricter reading of typed amounts.
 */
import { parseUnits as parseDecimal } from 'viem';

/** Base units as whole units: no trailing zeros, no exponent, no grouping ("1.5", "0.000001", "12"). */
export { formatUnits } from 'viem';

export class UnitsError extends Error {
  override name = 'UnitsError';
}

const WHOLE_UNITS = /^\d+(?:\.(\d+))?$/;

/**
 * Whole units as base units: "1.5" with 6 decimals is 1500000. Digits and at most one decimal point
 * only (no sign, exponent, grouping or spaces). More fractional digits than the asset has is
 * refused rather than rounded (viem's parseUnits would round): a limit or a payment is never
 * quietly changed. `unit` names the asset in the message ("TUSD", "ETH").
 */
export function parseUnits(text: string, decimals: number, unit = 'this asset'): bigint {
  const match = WHOLE_UNITS.exec(text);
  if (!match)
    throw new UnitsError(
      `${JSON.stringify(text)} is not an amount: write digits with an optional decimal point, for example 1.5`,
    );
  const fraction = match[1] ?? '';
  if (fraction.length > decimals)
    throw new UnitsError(
      decimals === 0
        ? `${JSON.stringify(text)} has decimals, but ${unit} has none: write a whole number`
        : `${JSON.stringify(text)} has ${fraction.length} decimal places, but ${unit} has ${decimals}`,
    );
  return parseDecimal(text, decimals);
}
