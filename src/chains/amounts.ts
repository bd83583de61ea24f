// Amounts in base units, as the API takes them: each chain family says which forms it takes and up to
// what (evm/evm-rules.ts, solana/solana-rules.ts); this is the one parser they share.
import { quoted, untrimmed } from '../domain/input-values.ts';
import { invalidInput } from '../errors/app-error.ts';

export const UINT256_MAX = 2n ** 256n - 1n;
export const U64_MAX = 2n ** 64n - 1n;

/** What a family takes: 0x-hex besides decimal or not, the largest value, and how refusals say it. */
export interface AmountForm {
  hex: boolean;
  max: bigint;
  /** The refusal of a value not in the form ("must be …, got …"). */
  formText: string;
  /** The refusal of a value above `max`. */
  maxText: string;
}

/** A non-negative integer in base units, exactly: no rounding, nothing trimmed. */
export function parseBaseUnits(field: string, raw: string, form: AmountForm): bigint {
  const value = untrimmed(field, raw);
  let parsed: bigint;
  if (/^[0-9]+$/.test(value)) parsed = BigInt(value);
  else if (form.hex && /^0x[0-9a-fA-F]+$/.test(value)) parsed = BigInt(value);
  else throw invalidInput(field, `${form.formText}, got ${quoted(raw)}`);
  if (parsed > form.max) throw invalidInput(field, form.maxText);
  return parsed;
}
