import type { ChainRegistry } from '../chains/chain-registry.ts';
import { familyRules, rulesOf } from '../chains/families.ts';
import { quoted } from '../domain/input-values.ts';
import { WRAPPED_SOL_MINT } from '../domain/native-aliases.ts';
import type { ChainType } from '../domain/wallets.ts';
import { AppError, invalidInput } from '../errors/app-error.ts';
import type { StoredKeyPolicy as StoredKeyPolicyRow } from '../store/repositories/api-keys-repository.ts';
import {
  type FinerRules,
  type FinerRulesInput,
  hasFinerRules,
  loadFinerRules,
  NO_FINER_RULES,
  parseFinerRules,
  type StoredFinerRules,
  storeFinerRules,
} from './key-finer-rules.ts';

/**
 * What an API key may do (issue: per-key scopes and spend limits). Chosen when the key is created
 * and never changed afterwards: a key whose powers must change is replaced, so what a leaked key
 * could do is exactly what was decided when it was handed out.
 *
 * - `read`: every GET; `write`: send, approve, contract calls; `trade`: quote and swap;
 *   `webhooks`: managing webhook endpoints (reading them included); `approve`: listing and deciding
 *   on other keys' writes that wait for a person (never a default).
 * - `chains`: the chain slugs a request may name (null: every chain).
 * - `limits`: per chain and asset (`native`, or a token address or mint), a maximum per transaction
 *   and per rolling 24 hours, in base units.
 * - `recipients`: where value may go (sends, the `to` of a token transfer a contract call makes, the
 *   contract a call pays native value to) and which spenders approvals may name (null: anywhere).
 * - `contracts`: which contracts `POST /contracts/send` may call (null: any).
 * - `allowUnlimitedApprovals`: an approval may grant more than the key may move of the token per
 *   transaction and per day (false: it may not; tokens without a limit are never held back).
 *
 * Wrapped SOL is SOL: on Solana the limits know one asset, `native`, for both (a limit set on the
 * wrapped SOL mint is kept as `native`), so a SOL limit covers `/send spl` of wrapped SOL and swaps
 * from it, and the other way round.
 */
export const SCOPES = ['read', 'write', 'trade', 'webhooks', 'approve'] as const;
export type Scope = (typeof SCOPES)[number];
/**
 * What a key gets when its creator names no scopes (and what keys from before policies hold):
 * never `approve` (deciding on other keys' writes, issue 30), which must always be chosen by name.
 */
export const DEFAULT_SCOPES: readonly Scope[] = Object.freeze(['read', 'write', 'trade', 'webhooks']);

export interface SpendLimit {
  chain: string;
  /** `native`, or the token's address (EVM, lower case) or mint (Solana). */
  asset: string;
  perTransaction: bigint | null;
  perDay: bigint | null;
}

export interface KeyPolicy extends FinerRules {
  scopes: readonly Scope[];
  chains: readonly string[] | null;
  limits: readonly SpendLimit[];
  recipients: readonly string[] | null;
  contracts: readonly string[] | null;
  allowUnlimitedApprovals: boolean;
}

/** A policy as stored (in the key's policy JSON; keys from before the option lack it: false). */
export type StoredKeyPolicy = StoredKeyPolicyRow & { allowUnlimitedApprovals: boolean } & StoredFinerRules;

/** A key made before policies existed, or created without choices: everything, as before. */
export const UNRESTRICTED: KeyPolicy = Object.freeze({
  ...NO_FINER_RULES,
  scopes: DEFAULT_SCOPES,
  chains: null,
  limits: Object.freeze([]),
  recipients: null,
  contracts: null,
  allowUnlimitedApprovals: false,
});

/** What a caller asks for when creating a key (API, CLI and dashboard share it). */
export interface KeyPolicyInput extends FinerRulesInput {
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
  allowUnlimitedApprovals?: boolean | undefined;
}

const MAX_LIST = 100;

/** An address as compared by the rules: EVM in lower case, Solana as it is (base58 is case-sensitive). */
export function policyAddress(chainType: ChainType, address: string): string {
  return familyRules[chainType].addressKey(address);
}

/** An asset as the limits know it: `native`, wrapped SOL as `native`, a token as `policyAddress`. */
export function policyAsset(chainType: ChainType, asset: string): string {
  return familyRules[chainType].policyAsset(asset);
}

function addressList(field: string, values: readonly string[]): string[] {
  if (values.length > MAX_LIST) throw invalidInput(field, `at most ${MAX_LIST} addresses`);
  const out = new Set<string>();
  for (const [i, raw] of values.entries()) {
    // An address of any family: lists are not per chain.
    const family = Object.values(familyRules).find((f) => f.isAddress(raw));
    if (!family)
      throw invalidInput(`${field}[${i}]`, `must be an EVM address or a Solana address, got ${quoted(raw)}`);
    out.add(family.addressKey(raw));
  }
  return [...out];
}

/**
 * Validates what a caller asked for against the configured chains and returns the policy a key
 * gets. Every amount must be an integer in base units of its chain type; every token an address
 * of its chain's type. Nothing is trimmed or coerced.
 */
export function parseKeyPolicy(chains: ChainRegistry, input: KeyPolicyInput = {}): KeyPolicy {
  const scopes = input.scopes === undefined ? [...DEFAULT_SCOPES] : [...new Set(input.scopes)];
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
    const rules = rulesOf(chain);
    const asset =
      raw.asset === 'native' ? 'native' : rules.policyAsset(rules.parseAddress(`${field}.asset`, raw.asset));
    const amount = (name: 'perTransaction' | 'perDay') => {
      const value = raw[name];
      return value === undefined || value === null ? null : rules.parseAmount(`${field}.${name}`, value);
    };
    const perTransaction = amount('perTransaction');
    const perDay = amount('perDay');
    if (perTransaction === null && perDay === null)
      throw invalidInput(field, 'set perTransaction, perDay or both');
    const id = `${chain.slug}|${asset}`;
    if (seen.has(id))
      throw invalidInput(
        field,
        `a second limit for ${asset} on ${chain.slug}${asset === 'native' && rules.nativeAliasNote ? ` (${rules.nativeAliasNote})` : ''}`,
      );
    seen.add(id);
    limits.push({ chain: chain.slug, asset, perTransaction, perDay });
  }
  if (limits.length > MAX_LIST) throw invalidInput('limits', `at most ${MAX_LIST} limits`);
  return freeze({
    ...parseFinerRules(chains, input),
    scopes: SCOPES.filter((s) => scopes.includes(s)),
    chains: allowedChains,
    limits,
    recipients: input.recipients == null ? null : addressList('recipients', input.recipients),
    contracts: input.contracts == null ? null : addressList('contracts', input.contracts),
    allowUnlimitedApprovals: input.allowUnlimitedApprovals ?? false,
  });
}

function freeze(policy: KeyPolicy): KeyPolicy {
  return Object.freeze({
    // The finer rules come frozen from their own module.
    approvalAbove: policy.approvalAbove,
    approvalFor: policy.approvalFor,
    contractMethods: policy.contractMethods,
    maxApprovals: policy.maxApprovals,
    activeHours: policy.activeHours,
    scopes: Object.freeze([...policy.scopes]),
    chains: policy.chains && Object.freeze([...policy.chains]),
    limits: Object.freeze(policy.limits.map((l) => Object.freeze({ ...l }))),
    recipients: policy.recipients && Object.freeze([...policy.recipients]),
    contracts: policy.contracts && Object.freeze([...policy.contracts]),
    allowUnlimitedApprovals: policy.allowUnlimitedApprovals,
  });
}

export function storeKeyPolicy(policy: KeyPolicy): StoredKeyPolicy {
  return {
    ...storeFinerRules(policy),
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
    allowUnlimitedApprovals: policy.allowUnlimitedApprovals,
  };
}

/** A stored policy as read back (an empty object: a key from before policies, unrestricted). */
export function loadKeyPolicy(stored: Partial<StoredKeyPolicy> | null | undefined): KeyPolicy {
  if (!stored || stored.scopes === undefined) return UNRESTRICTED;
  return freeze({
    ...loadFinerRules(stored),
    scopes: SCOPES.filter((s) => stored.scopes?.includes(s)),
    chains: stored.chains ?? null,
    limits: mergeLimits(
      (stored.limits ?? []).map((l) => ({
        chain: l.chain,
        asset: l.asset === WRAPPED_SOL_MINT ? 'native' : l.asset,
        perTransaction: l.perTransaction === null ? null : BigInt(l.perTransaction),
        perDay: l.perDay === null ? null : BigInt(l.perDay),
      })),
    ),
    recipients: stored.recipients ?? null,
    contracts: stored.contracts ?? null,
    allowUnlimitedApprovals: stored.allowUnlimitedApprovals === true,
  });
}

/**
 * One limit per chain and asset, the stricter maximum of each kind winning: a key stored before
 * wrapped SOL was native SOL may hold a limit for each, and both keep holding.
 */
function mergeLimits(limits: SpendLimit[]): SpendLimit[] {
  const min = (a: bigint | null, b: bigint | null) => (a === null ? b : b === null || a < b ? a : b);
  const byAsset = new Map<string, SpendLimit>();
  for (const l of limits) {
    const id = `${l.chain}|${l.asset}`;
    const seen = byAsset.get(id);
    byAsset.set(
      id,
      seen
        ? {
            ...seen,
            perTransaction: min(seen.perTransaction, l.perTransaction),
            perDay: min(seen.perDay, l.perDay),
          }
        : l,
    );
  }
  return [...byAsset.values()];
}

export const isUnrestricted = (p: KeyPolicy) =>
  p.scopes.length === DEFAULT_SCOPES.length &&
  DEFAULT_SCOPES.every((s) => p.scopes.includes(s)) &&
  !hasFinerRules(p) &&
  p.chains === null &&
  p.limits.length === 0 &&
  p.recipients === null &&
  p.contracts === null;

/** A refusal by an API key's policy: 403 FORBIDDEN, the message naming the rule. */
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);

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
  webhooks: 'webhooks is needed to manage webhook endpoints',
  approve:
    'approve is needed to list and decide on writes waiting for approval, and is never part of a key created without naming scopes',
};

export function checkChain(policy: KeyPolicy, chain: string): void {
  if (policy.chains && !policy.chains.includes(chain))
    throw forbidden(`This API key may not use chain ${chain} (allowed: ${policy.chains.join(', ')})`);
}
