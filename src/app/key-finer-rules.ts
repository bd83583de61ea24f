import type { ChainRegistry } from '../chains/chain-registry.ts';
import { familyRules, rulesOf } from '../chains/families.ts';
import { quoted } from '../domain/input-values.ts';
import type { TransactionKind, WriteSpend } from '../domain/transactions.ts';
import { AppError, invalidInput } from '../errors/app-error.ts';

/**
 * The rules of issue 30 an API key may carry beside its scopes and limits, chosen at creation and
 * never changed like the rest of its policy (key-policies.ts):
 *
 * - `approvalAbove`: per chain and asset, a write that moves more than `amount` (base units) of it in
 *   one transaction, or grants an allowance of more, waits for a person (src/app/approvals.ts).
 * - `approvalFor`: kinds of writes (`send`, `approve`, `contract`, `swap`) that always wait.
 * - `contractMethods`: a contract named here is called only with these methods (the call data's
 *   first four bytes); contracts not named are left to the other rules.
 * - `maxApprovals`: the most an approval may grant of a token; a key with any such rule on a chain
 *   also refuses unlimited approvals there (2^256-1, or increaseAllowance, whose total it cannot
 *   see) unless it allows unlimited approvals.
 * - `activeHours`: the UTC hours the key may write in (`08:00-20:00`; `22:00-06:00` spans midnight).
 */
export interface ApprovalThreshold {
  chain: string;
  asset: string;
  amount: bigint;
}
export interface ContractMethods {
  contract: string;
  selectors: readonly string[];
}
export interface MaxApproval {
  chain: string;
  token: string;
  amount: bigint;
}
export interface ActiveHours {
  /** Minutes after midnight UTC; `from` is included, `to` is not. */
  from: number;
  to: number;
  text: string;
}

export interface FinerRules {
  approvalAbove: readonly ApprovalThreshold[];
  approvalFor: readonly TransactionKind[];
  contractMethods: readonly ContractMethods[];
  maxApprovals: readonly MaxApproval[];
  activeHours: ActiveHours | null;
}

export const NO_FINER_RULES: FinerRules = Object.freeze({
  approvalAbove: Object.freeze([]),
  approvalFor: Object.freeze([]),
  contractMethods: Object.freeze([]),
  maxApprovals: Object.freeze([]),
  activeHours: null,
});

export const APPROVAL_KINDS = ['send', 'approve', 'contract', 'swap'] as const;

/** What a caller asks for (API, CLI and dashboard share it). */
export interface FinerRulesInput {
  approvalAbove?: readonly { chain: string; asset: string; amount: string }[] | undefined;
  approvalFor?: readonly string[] | undefined;
  contractMethods?: readonly { contract: string; methods: readonly string[] }[] | undefined;
  maxApprovals?: readonly { chain: string; token: string; amount: string }[] | undefined;
  activeHours?: string | null | undefined;
}

/** As kept in the key's policy JSON (keys from before these rules lack them: none). */
export interface StoredFinerRules {
  approvalAbove?: { chain: string; asset: string; amount: string }[];
  approvalFor?: string[];
  contractMethods?: { contract: string; selectors: string[] }[];
  maxApprovals?: { chain: string; token: string; amount: string }[];
  activeHours?: string | null;
}

const MAX_LIST = 100;
const UNLIMITED = 2n ** 256n - 1n;

/** `HH:MM-HH:MM` in UTC, as minutes after midnight. */
export function parseActiveHours(field: string, raw: string): ActiveHours {
  const m = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/.exec(raw);
  const from = m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
  const to = m ? Number(m[3]) * 60 + Number(m[4]) : Number.NaN;
  if (!m || to > 24 * 60 || from === to)
    throw invalidInput(field, `must be HH:MM-HH:MM in UTC with two different times, got ${quoted(raw)}`);
  return { from, to, text: raw };
}

export function parseFinerRules(chains: ChainRegistry, input: FinerRulesInput): FinerRules {
  const chainOf = (field: string, slug: string) => {
    try {
      return chains.get(slug);
    } catch {
      throw invalidInput(field, `unknown chain ${quoted(slug)}`);
    }
  };
  const list = <T>(field: string, values: readonly T[] | undefined): readonly T[] => {
    if ((values?.length ?? 0) > MAX_LIST) throw invalidInput(field, `at most ${MAX_LIST} entries`);
    return values ?? [];
  };
  const seen = new Set<string>();
  const once = (field: string, id: string, what: string) => {
    if (seen.has(id)) throw invalidInput(field, `a second ${what}`);
    seen.add(id);
  };
  const approvalAbove = list('approvalAbove', input.approvalAbove).map((raw, i) => {
    const field = `approvalAbove[${i}]`;
    const chain = chainOf(`${field}.chain`, raw.chain);
    const rules = rulesOf(chain);
    const asset =
      raw.asset === 'native' ? 'native' : rules.policyAsset(rules.parseAddress(`${field}.asset`, raw.asset));
    once(field, `above|${chain.slug}|${asset}`, `approval threshold for ${asset} on ${chain.slug}`);
    return { chain: chain.slug, asset, amount: rules.parseAmount(`${field}.amount`, raw.amount) };
  });
  const approvalFor = [...new Set(list('approvalFor', input.approvalFor))].map((kind, i) => {
    if (!(APPROVAL_KINDS as readonly string[]).includes(kind))
      throw invalidInput(
        `approvalFor[${i}]`,
        `unknown kind ${quoted(kind)}: use ${APPROVAL_KINDS.join(', ')}`,
      );
    return kind as TransactionKind;
  });
  const contractMethods = list('contractMethods', input.contractMethods).map((raw, i) => {
    const field = `contractMethods[${i}]`;
    const family = Object.values(familyRules).find((f) => f.isAddress(raw.contract) && f.methodSelector);
    if (!family?.methodSelector)
      throw invalidInput(`${field}.contract`, `must be an EVM contract address, got ${quoted(raw.contract)}`);
    const contract = family.addressKey(raw.contract);
    once(field, `methods|${contract}`, `method list for ${contract}`);
    if (raw.methods.length === 0 || raw.methods.length > MAX_LIST)
      throw invalidInput(`${field}.methods`, `name 1 to ${MAX_LIST} methods`);
    const pick = family.methodSelector.bind(family);
    const selectors = [...new Set(raw.methods.map((m, j) => pick(`${field}.methods[${j}]`, m)))];
    return { contract, selectors };
  });
  const maxApprovals = list('maxApprovals', input.maxApprovals).map((raw, i) => {
    const field = `maxApprovals[${i}]`;
    const chain = chainOf(`${field}.chain`, raw.chain);
    const rules = rulesOf(chain);
    const token = rules.policyAsset(rules.parseAddress(`${field}.token`, raw.token));
    once(field, `max|${chain.slug}|${token}`, `maximum approval for ${token} on ${chain.slug}`);
    return { chain: chain.slug, token, amount: rules.parseAmount(`${field}.amount`, raw.amount) };
  });
  const activeHours = input.activeHours == null ? null : parseActiveHours('activeHours', input.activeHours);
  return freezeFinerRules({ approvalAbove, approvalFor, contractMethods, maxApprovals, activeHours });
}

function freezeFinerRules(r: FinerRules): FinerRules {
  return Object.freeze({
    approvalAbove: Object.freeze(r.approvalAbove.map((a) => Object.freeze({ ...a }))),
    approvalFor: Object.freeze([...r.approvalFor]),
    contractMethods: Object.freeze(
      r.contractMethods.map((c) => Object.freeze({ ...c, selectors: Object.freeze([...c.selectors]) })),
    ),
    maxApprovals: Object.freeze(r.maxApprovals.map((a) => Object.freeze({ ...a }))),
    activeHours: r.activeHours && Object.freeze({ ...r.activeHours }),
  });
}

/** Only the rules a key has are stored: a key without them keeps the policy JSON it had before. */
export function storeFinerRules(r: FinerRules): StoredFinerRules {
  return {
    ...(r.approvalAbove.length > 0
      ? { approvalAbove: r.approvalAbove.map((a) => ({ ...a, amount: a.amount.toString() })) }
      : {}),
    ...(r.approvalFor.length > 0 ? { approvalFor: [...r.approvalFor] } : {}),
    ...(r.contractMethods.length > 0
      ? {
          contractMethods: r.contractMethods.map((c) => ({
            contract: c.contract,
            selectors: [...c.selectors],
          })),
        }
      : {}),
    ...(r.maxApprovals.length > 0
      ? { maxApprovals: r.maxApprovals.map((a) => ({ ...a, amount: a.amount.toString() })) }
      : {}),
    ...(r.activeHours ? { activeHours: r.activeHours.text } : {}),
  };
}

export function loadFinerRules(stored: StoredFinerRules): FinerRules {
  return freezeFinerRules({
    approvalAbove: (stored.approvalAbove ?? []).map((a) => ({ ...a, amount: BigInt(a.amount) })),
    approvalFor: (stored.approvalFor ?? []) as TransactionKind[],
    contractMethods: stored.contractMethods ?? [],
    maxApprovals: (stored.maxApprovals ?? []).map((a) => ({ ...a, amount: BigInt(a.amount) })),
    activeHours: stored.activeHours ? parseActiveHours('activeHours', stored.activeHours) : null,
  });
}

export const hasFinerRules = (r: FinerRules) =>
  r.approvalAbove.length > 0 ||
  r.approvalFor.length > 0 ||
  r.contractMethods.length > 0 ||
  r.maxApprovals.length > 0 ||
  r.activeHours !== null;

const refuse = (message: string) => new AppError('FORBIDDEN', message);

/**
 * The finer rules that refuse (403 FORBIDDEN naming the rule): active hours, a contract's method
 * allowlist, maximum approvals. Checked with the key's other rules, before anything is recorded.
 */
export function checkFinerRules(
  r: FinerRules & { allowUnlimitedApprovals: boolean },
  write: WriteSpend,
  now: Date,
): void {
  if (r.activeHours) {
    const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
    const { from, to } = r.activeHours;
    const inside = from < to ? minute >= from && minute < to : minute >= from || minute < to;
    if (!inside)
      throw refuse(
        `This API key writes only during its active hours, ${r.activeHours.text} UTC (now ${now.toISOString().slice(11, 16)} UTC)`,
      );
  }
  const key = (a: string) => familyRules[write.chainType].addressKey(a);
  const asset = (a: string) => familyRules[write.chainType].policyAsset(a);
  if (write.contract !== undefined) {
    const methods = r.contractMethods.find((c) => c.contract === key(write.contract as string));
    const selector = write.selector ?? '0x';
    if (methods && !methods.selectors.includes(selector))
      throw refuse(
        `Method ${selector === '0x' ? '(none: empty call data)' : selector} is not on this API key's method allowlist for contract ${write.contract} (allowed: ${methods.selectors.join(', ')})`,
      );
  }
  const onChain = r.maxApprovals.filter((m) => m.chain === write.chain);
  if (onChain.length === 0) return;
  for (const a of write.approvals ?? []) {
    const max = onChain.find((m) => m.token === asset(a.asset));
    const unlimited = a.increase === true || a.amount >= UNLIMITED;
    if (unlimited && !r.allowUnlimitedApprovals)
      throw refuse(
        `An unlimited approval${a.via && a.via !== 'approve' ? ` (${a.via})` : ''} of ${a.asset}: this API key has maximum approvals on ${write.chain} and refuses unlimited ones (it was not created with allowUnlimitedApprovals)`,
      );
    if (max && !unlimited && a.amount > max.amount)
      throw refuse(
        `Approval of ${a.amount} exceeds this API key's maximum approval of ${max.amount} for ${max.token} on ${write.chain}`,
      );
  }
}

/**
 * Why a write must wait for a person, if it must (empty: it need not): its kind is one the key
 * sends for approval, or it moves (or grants an allowance of) more of an asset in one transaction
 * than the key's threshold for it.
 */
export function approvalReasons(r: FinerRules, write: WriteSpend, kind: TransactionKind): string[] {
  const reasons: string[] = [];
  if (r.approvalFor.includes(kind)) reasons.push(`every ${kind} by this API key needs approval`);
  if (r.approvalAbove.length === 0) return reasons;
  const asset = (a: string) => familyRules[write.chainType].policyAsset(a);
  const totals = new Map<string, bigint>();
  for (const move of write.moves)
    totals.set(asset(move.asset), (totals.get(asset(move.asset)) ?? 0n) + move.amount);
  const granted = new Map<string, bigint>();
  for (const a of write.approvals ?? []) {
    const amount = a.increase ? UNLIMITED : a.amount;
    const prior = granted.get(asset(a.asset)) ?? 0n;
    granted.set(asset(a.asset), amount > prior ? amount : prior);
  }
  for (const t of r.approvalAbove) {
    if (t.chain !== write.chain) continue;
    const moved = totals.get(t.asset) ?? 0n;
    const allowance = granted.get(t.asset) ?? 0n;
    if (moved > t.amount)
      reasons.push(`it moves ${moved} of ${t.asset}, above this API key's approval threshold of ${t.amount}`);
    else if (allowance > t.amount)
      reasons.push(
        `it grants an allowance of ${allowance} of ${t.asset}, above this API key's approval threshold of ${t.amount}`,
      );
  }
  return reasons;
}
