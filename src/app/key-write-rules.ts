import type { ApprovalSpend, WriteSpend } from '../domain/transactions.ts';
import type { AppError } from '../errors/app-error.ts';
import { checkFinerRules } from './key-finer-rules.ts';
import {
  checkChain,
  forbidden,
  type KeyPolicy,
  policyAddress,
  policyAsset,
  type SpendLimit,
} from './key-policies.ts';

export type { ApprovalSpend, WriteSpend } from '../domain/transactions.ts';

/** A daily limit a write must be counted against, with what the write moves of its asset. */
export interface DailyCount {
  asset: string;
  amount: bigint;
  perDay: bigint;
}

const ALLOW_UNLIMITED = 'unlimited approvals need a key created with allowUnlimitedApprovals';

/**
 * The rules that need no history: chain, recipient and contract allowlists, per-transaction
 * maximums, approvals held to the token's limits, and contract calls the key cannot account for.
 * Returns the daily limits this write must be counted against.
 */
export function checkWrite(policy: KeyPolicy, write: WriteSpend, now: Date = new Date()): DailyCount[] {
  checkChain(policy, write.chain);
  // Active hours, a contract's method allowlist, maximum approvals (key-finer-rules.ts).
  checkFinerRules(policy, write, now);
  const address = (a: string) => policyAddress(write.chainType, a);
  const asset = (a: string) => policyAsset(write.chainType, a);
  const limitOf = (a: string) => policy.limits.find((l) => l.chain === write.chain && l.asset === asset(a));
  if (policy.contracts && write.contract !== undefined && !policy.contracts.includes(address(write.contract)))
    throw forbidden(`Contract ${write.contract} is not on this API key's contract allowlist`);
  if (policy.recipients) {
    const allowed = policy.recipients;
    for (const r of write.recipients ?? [])
      if (!allowed.includes(address(r)))
        throw forbidden(`Recipient ${r} is not on this API key's recipient allowlist`);
    const paid = write.valueTo;
    if (paid && paid.amount > 0n && !allowed.includes(address(paid.address)))
      throw forbidden(
        `A contract call sending native value (${paid.amount}) to ${paid.address}: ${paid.address} is not on this API key's recipient allowlist, and with one, value may only go to the addresses on it`,
      );
    for (const a of write.approvals ?? [])
      if (!allowed.includes(address(a.spender)))
        throw forbidden(`Spender ${a.spender} is not on this API key's recipient allowlist`);
  }
  if (!policy.allowUnlimitedApprovals)
    for (const a of write.approvals ?? []) {
      const limit = limitOf(a.asset);
      if (limit) checkApproval(write.chain, a, asset(a.asset), limit);
    }
  if (write.unknownCall) checkUnknownCall(policy, write, write.unknownCall, limitOf);
  const totals = new Map<string, bigint>();
  for (const move of write.moves)
    if (move.amount !== 0n)
      totals.set(asset(move.asset), (totals.get(asset(move.asset)) ?? 0n) + move.amount);
  const daily: DailyCount[] = [];
  for (const [unit, amount] of totals) {
    const limit = limitOf(unit);
    if (!limit) continue;
    if (limit.perTransaction !== null && amount > limit.perTransaction)
      throw forbidden(
        `Amount ${amount} exceeds this API key's maximum per transaction of ${limit.perTransaction} for ${unit} on ${write.chain}`,
      );
    if (limit.perDay !== null) daily.push({ asset: unit, amount, perDay: limit.perDay });
  }
  return daily;
}

/**
 * An approval may grant at most what the key may move of the token in one transaction and in one
 * day: an allowance is tokens another party can take later, outside any limit. An allowance raised
 * by an amount (increaseAllowance) ends at a total the key cannot see, so it is refused outright.
 */
function checkApproval(chain: string, approval: ApprovalSpend, unit: string, limit: SpendLimit): void {
  const via = approval.via && approval.via !== 'approve' ? ` (${approval.via})` : '';
  const what = `Approval of ${approval.amount}${via}`;
  if (approval.increase)
    throw forbidden(
      `${approval.via ?? 'increaseAllowance'} raises an allowance by an amount on top of one this API key cannot see: it limits ${unit} on ${chain}, so it grants allowances of it only with approve, which sets the amount; ${ALLOW_UNLIMITED}`,
    );
  if (limit.perTransaction !== null && approval.amount > limit.perTransaction)
    throw forbidden(
      `${what} exceeds this API key's maximum per transaction of ${limit.perTransaction} for ${unit} on ${chain}; ${ALLOW_UNLIMITED}`,
    );
  if (limit.perDay !== null && approval.amount > limit.perDay)
    throw forbidden(
      `${what} exceeds what this API key may move in 24 hours (${limit.perDay}) for ${unit} on ${chain}; ${ALLOW_UNLIMITED}`,
    );
}

/**
 * A call the key cannot read is refused when it could touch what the key's token rules guard: any
 * call to a token the key limits that is not one of the functions it counts, and a call that may
 * move or grant tokens (to Permit2, a token function whose data does not decode, or one it does not
 * count: ERC-1363, ERC-777, ERC-721, ERC-1155) when the key has token limits on the chain or a
 * recipient allowlist; and with those rules, any other call it cannot read unless the contract is on
 * the key's contract allowlist (the contract could spend the wallet's allowances).
 */
function checkUnknownCall(
  policy: KeyPolicy,
  write: WriteSpend,
  call: NonNullable<WriteSpend['unknownCall']>,
  limitOf: (asset: string) => SpendLimit | undefined,
): void {
  const limited = write.contract === undefined ? undefined : limitOf(write.contract);
  if (limited && limited.asset !== 'native')
    throw forbidden(
      `This API key limits ${limited.asset} on ${write.chain}, and calls it only with transfer, transferFrom, approve, increaseAllowance or decreaseAllowance, which it can count; this is ${call.reason}`,
    );
  const rules = [
    ...(policy.limits.some((l) => l.chain === write.chain && l.asset !== 'native') ? ['token limits'] : []),
    ...(policy.recipients ? ['a recipient allowlist'] : []),
  ];
  if (rules.length === 0) return;
  if (call.mayMoveTokens)
    throw forbidden(
      `This API key cannot account for a call to ${write.contract ?? 'a contract'}: ${call.reason}; it may move or grant tokens, and the key has ${rules.join(' and ')}`,
    );
  // Any contract the wallet has approved can pull tokens through that allowance when called (a
  // router's swap to another receiver): a call the key cannot read goes only to contracts the key
  // names, so approvals (held to the limits one at a time) cannot be drained past them.
  if (!policy.contracts)
    throw forbidden(
      `This API key cannot account for a call to ${write.contract ?? 'a contract'}: ${call.reason}; a contract may spend allowances the wallet gave, and the key has ${rules.join(' and ')}, so it calls contracts it cannot read only when they are on its contract allowlist`,
    );
}

/** The refusal of a write that would take a key past its daily limit. */
export function overDailyLimit(chain: string, limit: DailyCount, spent: bigint): AppError {
  const remaining = limit.perDay > spent ? limit.perDay - spent : 0n;
  return forbidden(
    `Amount ${limit.amount} exceeds what this API key may still move in 24 hours for ${limit.asset} on ${chain}: ${remaining} of ${limit.perDay} left`,
  );
}
