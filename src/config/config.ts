import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHAIN_SLUGS, type ChainSelection, DEVNET_CHAIN_SLUGS, MAINNET_SLUGS } from './chain-slugs.ts';
import { CHAIN_SETTING_PREFIXES, SETTINGS, SettingError, type SettingName } from './settings.ts';
import { aggregatorUrlProblem, isLoopbackUrl, productionRpcProblem } from './url-rules.ts';

type SettingValue<K extends SettingName> = ReturnType<(typeof SETTINGS)[K]['parse']>;
type DefaultOf<K extends SettingName> = (typeof SETTINGS)[K]['default'];

export type Settings = {
  readonly [K in SettingName]: DefaultOf<K> extends undefined ? SettingValue<K> | undefined : SettingValue<K>;
};

export interface ChainOverride {
  rpcUrl?: string;
  explorerUrl?: string;
  enabled?: boolean;
  confirmations?: number;
  maxFeePerGas?: bigint;
  speedUpMaxFeePerGas?: bigint;
  speedUpMaxComputeUnitPrice?: bigint;
  replaceAfterMs?: number;
  evidenceWindowMs?: number;
  commitment?: 'confirmed' | 'finalized';
  multicall3?: string;
}

const OVERRIDE_FIELD: Record<keyof typeof CHAIN_SETTING_PREFIXES, keyof ChainOverride> = {
  RPC_URL_: 'rpcUrl',
  EXPLORER_URL_: 'explorerUrl',
  CHAIN_ENABLED_: 'enabled',
  CONFIRMATIONS_: 'confirmations',
  MAX_FEE_PER_GAS_: 'maxFeePerGas',
  SPEED_UP_MAX_FEE_PER_GAS_: 'speedUpMaxFeePerGas',
  SPEED_UP_MAX_COMPUTE_UNIT_PRICE_: 'speedUpMaxComputeUnitPrice',
  REPLACE_AFTER_MS_: 'replaceAfterMs',
  EVIDENCE_WINDOW_MS_: 'evidenceWindowMs',
  COMMITMENT_: 'commitment',
  MULTICALL3_ADDRESS_: 'multicall3',
};

export interface Config extends Settings {
  readonly DATA_DIR: string;
  /** PUBLIC_URL, or http://HOST:PORT when not set. */
  readonly publicUrl: string;
  readonly chainOverrides: Readonly<Record<string, ChainOverride>>;
  /**
   * The chains offered (CHAIN_ENABLED_<SLUG> overrides it per chain, either way): CHAINS when set;
   * otherwise, with the development network on, its chains plus any chain given an RPC_URL_<SLUG>
   * or CHAIN_ENABLED_<SLUG>=on (so `npm start` offline probes no public endpoint); otherwise all.
   */
  readonly enabledChains: ChainSelection;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/**
 * Parses and validates the configuration once. Collects every problem so start-up can print one
 * clear line per bad or missing setting. Nothing else in the service reads process.env.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(SETTINGS) as [SettingName, (typeof SETTINGS)[SettingName]][]) {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      out[name] = spec.default;
      continue;
    }
    try {
      out[name] = spec.parse(raw);
    } catch (err) {
      problems.push(`${name}: ${err instanceof SettingError ? err.message : String(err)}`);
    }
  }

  const chainOverrides: Record<string, ChainOverride> = {};
  for (const [name, raw] of Object.entries(env)) {
    for (const [prefix, parse] of Object.entries(CHAIN_SETTING_PREFIXES)) {
      if (!name.startsWith(prefix) || raw === undefined || raw === '') continue;
      const slug = name.slice(prefix.length).toLowerCase().replaceAll('_', '-');
      if (!(CHAIN_SLUGS as readonly string[]).includes(slug)) {
        problems.push(
          `${name}: there is no chain "${slug.slice(0, 64)}" (the chains: ${CHAIN_SLUGS.join(', ')}; upper-cased with dashes as underscores)`,
        );
        continue;
      }
      try {
        const value = parse(raw);
        const entry = (chainOverrides[slug] ?? {}) as Record<string, unknown>;
        chainOverrides[slug] = entry as ChainOverride;
        entry[OVERRIDE_FIELD[prefix as keyof typeof CHAIN_SETTING_PREFIXES]] = value;
      } catch (err) {
        problems.push(`${name}: ${err instanceof SettingError ? err.message : String(err)}`);
      }
    }
  }

  if (out.WALLET_API_MODE === 'production') {
    // Safe by default: no development network and no demo user unless asked for by name.
    if (env.DEVNET === undefined || env.DEVNET === '') out.DEVNET = false;
    if (env.SEED_DEMO === undefined || env.SEED_DEMO === '') out.SEED_DEMO = false;
    // A loopback RPC for a mainnet next to the development network mixes real and test money.
    if (out.DEVNET === true)
      for (const slug of MAINNET_SLUGS) {
        const rpcUrl = chainOverrides[slug]?.rpcUrl;
        if (rpcUrl && isLoopbackUrl(rpcUrl))
          problems.push(
            `${rpcSetting(slug)}: points at this machine (${new URL(rpcUrl).host}) while DEVNET=on in production mode; a mainnet slug on a local node mixes real and test money: set it to the chain's real RPC, or DEVNET=off`,
          );
      }
    for (const [slug, o] of Object.entries(chainOverrides)) {
      const problem = o.rpcUrl && productionRpcProblem(rpcSetting(slug), o.rpcUrl);
      if (problem) problems.push(problem);
    }
    if (out.TRUST_PROXY === true)
      problems.push(
        'TRUST_PROXY: true trusts every X-Forwarded-For hop, so any client could pick the address it is throttled under; in production mode give the addresses or CIDR ranges of the proxies in front of the service (10.0.0.0/8, 127.0.0.1, …)',
      );
    if (!out.MASTER_KEY) problems.push('MASTER_KEY: required in production mode (32 bytes, hex or base64)');
    if (!out.API_KEY_SECRET)
      problems.push('API_KEY_SECRET: required in production mode (32 bytes, hex or base64)');
    if (!out.DATABASE_URL) problems.push('DATABASE_URL: required in production mode (PostgreSQL)');
  }
  for (const name of ['ONEINCH_API_URL', 'JUPITER_API_URL'] as const) {
    const problem =
      typeof out[name] === 'string' &&
      aggregatorUrlProblem(name, out[name], out.WALLET_API_MODE === 'production');
    if (problem) problems.push(problem);
  }
  if (out.WALLET_PROVIDER === 'privy') problems.push(...privyProblems(out, env));
  const enabledChains = chainSelection(
    out.CHAINS as ChainSelection | undefined,
    out.DEVNET === true,
    chainOverrides,
  );
  if (out.DEVNET !== true && enabledChains !== 'all')
    for (const slug of enabledChains.filter((s) => DEVNET_CHAIN_SLUGS.includes(s)))
      if (!chainOverrides[slug]?.rpcUrl && chainOverrides[slug]?.enabled !== false)
        problems.push(
          `CHAINS: ${slug} is a chain of the development network, which is off (DEVNET=off): turn it on, or give the chain's node as ${rpcSetting(slug)}`,
        );
  if (problems.length > 0) throw new ConfigError(problems);

  const settings = out as unknown as Settings;
  const hostForUrl = settings.HOST === '0.0.0.0' || settings.HOST === '::' ? '127.0.0.1' : settings.HOST;
  return Object.freeze({
    ...settings,
    DATA_DIR: resolve(settings.DATA_DIR),
    publicUrl: settings.PUBLIC_URL ?? `http://${hostForUrl}:${settings.PORT}`,
    chainOverrides: Object.freeze(chainOverrides),
    enabledChains,
  });
}

/**
 * Which chains are offered before CHAIN_ENABLED_<SLUG> has its say. CHAINS when set. Otherwise the
 * development network's chains when it runs (plus chains the operator gave an RPC or switched on by
 * name): a default `npm start` offline neither offers nor probes a public endpoint. Without the
 * development network (production mode's default), every built-in chain, as before CHAINS existed.
 */
function chainSelection(
  chains: ChainSelection | undefined,
  devnet: boolean,
  overrides: Readonly<Record<string, ChainOverride>>,
): ChainSelection {
  if (chains !== undefined) return chains;
  if (!devnet) return 'all';
  const named = Object.entries(overrides)
    .filter(
      ([slug, o]) => !DEVNET_CHAIN_SLUGS.includes(slug) && (o.rpcUrl !== undefined || o.enabled === true),
    )
    .map(([slug]) => slug);
  return Object.freeze([...DEVNET_CHAIN_SLUGS, ...named]);
}

const rpcSetting = (slug: string) => `RPC_URL_${slug.toUpperCase().replaceAll('-', '_')}`;

const PRIVY_CREDENTIALS = ['PRIVY_APP_ID', 'PRIVY_APP_SECRET', 'PRIVY_AUTHORIZATION_KEY'] as const;

/**
 * Privy needs its three credentials together. Without any of them, local mode runs against the
 * built-in Privy fake (an offline demo); production mode refuses to start.
 */
function privyProblems(out: Record<string, unknown>, env: NodeJS.ProcessEnv): string[] {
  // A credential given but invalid is already reported; only absent ones are "required".
  const missing = PRIVY_CREDENTIALS.filter((name) => env[name] === undefined || env[name] === '');
  const production = out.WALLET_API_MODE === 'production';
  if (missing.length === PRIVY_CREDENTIALS.length && !production) return [];
  const problems = missing.map(
    (name) => `${name}: required with WALLET_PROVIDER=privy${production ? ' in production mode' : ''}`,
  );
  if (production && !String(out.PRIVY_API_URL).startsWith('https:'))
    problems.push('PRIVY_API_URL: must use https in production mode');
  return problems;
}

/** Loads `.env` from the working directory into process.env, if present (real variables win). */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
