// Fee arithmetic of a validator: 5,000 lamports per signature plus the priority fee
// (compute-unit price in micro-lamports times the compute-unit limit).
import type { WireMessage } from './wire.ts';

export const LAMPORTS_PER_SIGNATURE = 5000n;
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_UNITS = 1_400_000n;

export function computeBudgetOf(message: WireMessage): { unitLimit: bigint; unitPrice: bigint } {
  let unitLimit: bigint | null = null;
  let unitPrice = 0n;
  let otherInstructions = 0n;
  for (const ix of message.instructions) {
    if (message.accountKeys[ix.programIdIndex] !== COMPUTE_BUDGET_PROGRAM) {
      otherInstructions++;
      continue;
    }
    const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (ix.data[0] === 2 && ix.data.length >= 5) unitLimit = BigInt(view.getUint32(1, true));
    if (ix.data[0] === 3 && ix.data.length >= 9) unitPrice = view.getBigUint64(1, true);
  }
  const limit = unitLimit ?? otherInstructions * DEFAULT_UNITS_PER_INSTRUCTION;
  return { unitLimit: limit < MAX_UNITS ? limit : MAX_UNITS, unitPrice };
}

export function feeForMessage(message: WireMessage): bigint {
  const { unitLimit, unitPrice } = computeBudgetOf(message);
  const priority = (unitPrice * unitLimit + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numRequiredSignatures) + priority;
}
