import type { ChainRegistry } from '../chains/chain-registry.ts';
import { isEvmAddress, parseAddress } from '../domain/addresses.ts';
import { quoted } from '../domain/input-values.ts';
import type { ChainType } from '../domain/wallets.ts';
import { AppError, invalidInput } from '../errors/app-error.ts';
import type { StoredKeyPolicy } from '../store/repositories/api-keys-repository.ts';
import { parseAmount } from './transactions/amounts.ts';

/**
 * What an API key may do (issue: per-key scopes and spend limits). Chosen when the key is created
 * and never changed afterwards: a key whose powers must change is replaced, so what a leaked key
 * could do is exactly what was decided when it was handed out.
 *
 * - `read`: every GET; `write`: send, approve, contract calls; `trade`: quote and swap.
 * - `chains`: the chain slugs a request may name (null: every chain).
 * - `limits`: per chain and asset (`native`, or a token address or mint), a maximum per transaction
 *   and per rolling 24 hours, in base units.
 * - `recipients`: where sends may go and which spenders approvals may name (null: anywhere).
 * - `contracts`: which contracts `POST /contracts/send` may call (null: any).
 */
export const SCOPES = ['read', 'write', 'trade'] as const;
export type Scope = (typeof SCOPES)[number];

export interface SpendLimit {
  chain: string;
  /** `native`, or the token's address (EVM, lower case) or mint (Solana). */
  asset: string;
  perTransaction: bigint | null;
  perDay: bigint | null;
}

export interface KeyPolicy {
  scopes: readonly Scope[];
  chains: readonly string[] | null;
  limits: readonly SpendLimit[];
  recipients: readonly string[] | null;
  contracts: readonly string[] | null;
}

export type { StoredKeyPolicy };

/** A key made before policies existed, or created without choices: everything, as before. */
export const UNRESTRICTED: KeyPolicy = Object.freeze({
  scopes: Object.freeze([...SCOPES]),
  chains: null,
  limits: Object.freeze([]),
  recipients: null,
  contracts: null,
});

/** What a caller asks for when creating a key (API, CLI and dashboard share it). */
export interface KeyPolicyInput {
  scopes?: readonly string[] | undefined;
  chains?: readonly string[] | null | undefined;
  limits?:
    | readonly {
        chain: string;
        asset: string;
        perTransaction?: string | null;
        perDay?: string | null;
      }[]
    | undefined;
  recipients?: readonly string[] | null | undefined;
  contracts?: readonly string[] | null | undefined;
}

const MAX_LIST = 100;

/** An address as compared by the rules: EVM in lower case, Solana as it is (base58 is case-sensitive). */
export function policyAddress(chainType: ChainType, address: string): string {
  return chainType === 'ethereum' ? address.toLowerCase() : address;
}

function addressList(field: string, values: readonly string[]): string[] {
  if (values.length > MAX_LIST) throw invalidInput(field, `at most ${MAX_LIST} addresses`);
  const out = new Set<string>();
  for (const [i, raw] of values.entries()) {
    if (isEvmAddress(raw)) out.add(raw.toLowerCase());
    else {
      try {
        out.add(parseAddress(`${field}[${i}]`, raw, 'solana'));
      } catch {
        throw invalidInput(
          `${field}[${i}]`,
          `must be an EVM address or a Solana address, got ${quoted(raw)}`,
        );
      }
    }
  }
  return [...out];
}

/**
 * Validates what a caller asked for against the configured chains and returns the policy a key
 * gets. Every amount must be an integer in base units of its chain type; every token an address
 * of its chain's type. Nothing is trimmed or coerced.
 */
export function parseKeyPolicy(chains: ChainRegistry, input: KeyPolicyInput = {}): KeyPolicy {
  const scopes = input.scopes === undefined ? [...SCOPES] : [...new Set(input.scopes)];
  for (const s of scopes)
    if (!(SCOPES as readonly string[]).includes(s))
      throw invalidInput('scopes', `unknown scope ${quoted(s)}: use ${SCOPES.join(', ')}`);
  if (scopes.length === 0) throw invalidInput('scopes', `choose at least one of ${SCOPES.join(', ')}`);
  const knownChain = (field: string, slug: string) => {
    try {
      return chains.get(slug);
    } catch {
      throw invalidInput(field, `unknown chain ${quoted(slug)}`);
    }
  };
  let allowedChains: string[] | null = null;
  if (input.chains !== undefined && input.chains !== null) {
    if (input.chains.length === 0) throw invalidInput('chains', 'choose at least one chain, or all chains');
    allowedChains = [...new Set(input.chains)];
    for (const [i, slug] of allowedChains.entries()) knownChain(`chains[${i}]`, slug);
  }
  const limits: SpendLimit[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of (input.limits ?? []).entries()) {
    const field = `limits[${i}]`;
    const chain = knownChain(`${field}.chain`, raw.chain);
    if (allowedChains && !allowedChains.includes(chain.slug))
      throw invalidInput(`${field}.chain`, `${chain.slug} is not among the key's chains`);
    const asset =
      raw.asset === 'native'
        ? 'native'
        : policyAddress(chain.chainType, parseAddress(`${field}.asset`, raw.asset, chain.chainType));
    const amount = (name: 'perTransaction' | 'perDay') => {
      const value = raw[name];
      return value === undefined || value === null
        ? null
        : parseAmount(`${field}.${name}`, value, chain.chainType);
    };
    const perTransaction = amount('perTransaction');
    const perDay = amount('perDay');
    if (perTransaction === null && perDay === null)
      throw invalidInput(field, 'set perTransaction, perDay or both');
    const id = `${chain.slug}|${asset}`;
    if (seen.has(id)) throw invalidInput(field, `a second limit for ${asset} on ${chain.slug}`);
    seen.add(id);
    limits.push({ chain: chain.slug, asset, perTransaction, perDay });
  }
  if (limits.length > MAX_LIST) throw invalidInput('limits', `at most ${MAX_LIST} limits`);
  return freeze({
    scopes: SCOPES.filter((s) => scopes.includes(s)),
    chains: allowedChains,
    limits,
    recipients: input.recipients == null ? null : addressList('recipients', input.recipients),
    contracts: input.contracts == null ? null : addressList('contracts', input.contracts),
  });
}

function freeze(policy: KeyPolicy): KeyPolicy {
  return Object.freeze({
    scopes: Object.freeze([...policy.scopes]),
    chains: policy.chains && Object.freeze([...policy.chains]),
    limits: Object.freeze(policy.limits.map((l) => Object.freeze({ ...l }))),
    recipients: policy.recipients && Object.freeze([...policy.recipients]),
    contracts: policy.contracts && Object.freeze([...policy.contracts]),
  });
}

export function storeKeyPolicy(policy: KeyPolicy): StoredKeyPolicy {
  return {
    scopes: [...policy.scopes],
    chains: policy.chains && [...policy.chains],
    limits: policy.limits.map((l) => ({
      chain: l.chain,
      asset: l.asset,
      perTransaction: l.perTransaction?.toString() ?? null,
      perDay: l.perDay?.toString() ?? null,
    })),
    recipients: policy.recipients && [...policy.recipients],
    contracts: policy.contracts && [...policy.contracts],
  };
}

/** A stored policy as read back (an empty object: a key from before policies, unrestricted). */
export function loadKeyPolicy(stored: Partial<StoredKeyPolicy> | null | undefined): KeyPolicy {
  if (!stored || stored.scopes === undefined) return UNRESTRICTED;
  return freeze({
    scopes: SCOPES.filter((s) => stored.scopes?.includes(s)),
    chains: stored.chains ?? null,
    limits: (stored.limits ?? []).map((l) => ({
      chain: l.chain,
      asset: l.asset,
      perTransaction: l.perTransaction === null ? null : BigInt(l.perTransaction),
      perDay: l.perDay === null ? null : BigInt(l.perDay),
    })),
    recipients: stored.recipients ?? null,
    contracts: stored.contracts ?? null,
  });
}

export const isUnrestricted = (p: KeyPolicy) =>
  p.scopes.length === SCOPES.length &&
  p.chains === null &&
  p.limits.length === 0 &&
  p.recipients === null &&
  p.contracts === null;

const forbidden = (message: string) => new AppError('FORBIDDEN', message);

export function checkScope(policy: KeyPolicy, scope: Scope): void {
  if (!policy.scopes.includes(scope))
    throw forbidden(
      `This API key does not have the ${scope} scope (it has: ${policy.scopes.join(', ')}); ${SCOPE_MEANING[scope]}`,
    );
}

const SCOPE_MEANING: Record<Scope, string> = {
  read: 'read is needed for every GET',
  write: 'write is needed for send, token approvals and contract calls',
  trade: 'trade is needed for quotes and swaps',
};

export function checkChain(policy: KeyPolicy, chain: string): void {
  if (policy.chains && !policy.chains.includes(chain))
    throw forbidden(`This API key may not use chain ${chain} (allowed: ${policy.chains.join(', ')})`);
}

/** What a write would move, as the policy sees it. */
export interface WriteSpend {
  chain: string;
  chainType: ChainType;
  /** Units leaving the wallet, per asset (`native` or a token); counted per transaction and per day. */
  moves: { asset: string; amount: bigint }[];
  /** An approval: its amount is held to the token's per-transaction maximum, not counted per day. */
  approval?: { asset: string; amount: bigint; spender: string };
  /** A recipient of value (sends). */
  recipient?: string;
  /** The contract a contract call targets. */
  contract?: string;
}

/**
 * The rules that need no history: chain, recipient and contract allowlists, and per-transaction
 * maximums. Returns the daily limits this write must be counted against.
 */
export function checkWrite(
  policy: KeyPolicy,
  write: WriteSpend,
): { asset: string; amount: bigint; perDay: bigint }[] {
  checkChain(policy, write.chain);
  const key = (a: string) => policyAddress(write.chainType, a);
  if (policy.recipients) {
    const target = write.recipient ?? write.approval?.spender;
    if (target !== undefined && !policy.recipients.includes(key(target)))
      throw forbidden(
        `${write.approval ? 'Spender' : 'Recipient'} ${target} is not on this API key's recipient allowlist`,
      );
  }
  if (policy.contracts && write.contract !== undefined && !policy.contracts.includes(key(write.contract)))
    throw forbidden(`Contract ${write.contract} is not on this API key's contract allowlist`);
  const limitOf = (asset: string) =>
    policy.limits.find((l) => l.chain === write.chain && l.asset === key(asset));
  const unit = (asset: string) => (asset === 'native' ? 'native' : key(asset));
  if (write.approval) {
    const limit = limitOf(write.approval.asset);
    if (limit?.perTransaction != null && write.approval.amount > limit.perTransaction)
      throw forbidden(
        `Approval of ${write.approval.amount} exceeds this API key's maximum per transaction of ${limit.perTransaction} for ${unit(write.approval.asset)} on ${write.chain}`,
      );
  }
  const daily: { asset: string; amount: bigint; perDay: bigint }[] = [];
  for (const move of write.moves) {
    if (move.amount === 0n) continue;
    const limit = limitOf(move.asset);
    if (!limit) continue;
    if (limit.perTransaction !== null && move.amount > limit.perTransaction)
      throw forbidden(
        `Amount ${move.amount} exceeds this API key's maximum per transaction of ${limit.perTransaction} for ${unit(move.asset)} on ${write.chain}`,
      );
    if (limit.perDay !== null)
      daily.push({ asset: unit(move.asset), amount: move.amount, perDay: limit.perDay });
  }
  return daily;
}

/** The refusal of a write that would take a key past its daily limit. */
export function overDailyLimit(
  chain: string,
  limit: { asset: string; amount: bigint; perDay: bigint },
  spent: bigint,
): AppError {
  const remaining = limit.perDay > spent ? limit.perDay - spent : 0n;
  return forbidden(
    `Amount ${limit.amount} exceeds what this API key may still move in 24 hours for ${limit.asset} on ${chain}: ${remaining} of ${limit.perDay} left`,
  );
}
