/**
 * Every setting the service reads from the environment, with its parser and default.
 * `.env.example` documents each of them (a test checks the two agree).
 */

import { createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import { CHAIN_SLUGS, type ChainSelection } from './chain-slugs.ts';

export type Parser<T> = (raw: string) => T;

export class SettingError extends Error {}

const int =
  (min: number, max: number): Parser<number> =>
  (raw) => {
    if (!/^\d+$/.test(raw)) throw new SettingError(`must be an integer, got "${raw}"`);
    const n = Number(raw);
    if (n < min || n > max) throw new SettingError(`must be between ${min} and ${max}, got ${n}`);
    return n;
  };

/** A duration (durationMs) between two bounds, in seconds. */
const duration =
  (minS: number, maxS: number): Parser<number> =>
  (raw) => {
    const ms = durationMs(raw);
    if (ms < minS * 1000 || ms > maxS * 1000)
      throw new SettingError(`must be between ${minS} s and ${maxS / 86_400} days, got "${raw}"`);
    return ms;
  };

const oneOf =
  <T extends string>(...values: T[]): Parser<T> =>
  (raw) => {
    if (!(values as string[]).includes(raw))
      throw new SettingError(`must be one of ${values.join(', ')}, got "${raw}"`);
    return raw as T;
  };

const bool: Parser<boolean> = (raw) => {
  const v = raw.toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(v)) return true;
  if (['0', 'false', 'off', 'no'].includes(v)) return false;
  throw new SettingError(`must be on/off (true/false), got "${raw}"`);
};

const url =
  (...protocols: string[]): Parser<string> =>
  (raw) => {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new SettingError('must be a URL');
    }
    if (!protocols.includes(parsed.protocol))
      throw new SettingError(`must use ${protocols.map((p) => p.replace(':', '')).join(' or ')}`);
    return raw.replace(/\/+$/, '');
  };

/** A 32-byte secret given as 64 hex characters or base64. */
const secret32: Parser<Buffer> = (raw) => {
  const buf = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (buf.length !== 32) throw new SettingError('must be 32 bytes, as 64 hex characters or base64');
  return buf;
};

const text: Parser<string> = (raw) => {
  if (raw.trim() === '') throw new SettingError('must not be empty');
  return raw;
};

/** An API path version such as v6.0 (1inch). */
const apiVersion: Parser<string> = (raw) => {
  if (!/^v\d+(\.\d+)?$/.test(raw)) throw new SettingError(`must look like v6.0, got "${raw}"`);
  return raw;
};

/** A Privy app id: letters, digits, dashes and underscores. */
const privyAppId: Parser<string> = (raw) => {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(raw))
    throw new SettingError('must be a Privy app id (letters and digits)');
  return raw;
};

/**
 * The P-256 private key of the app's signer at Privy: base64 PKCS#8 DER as the dashboard shows it,
 * with or without its `wallet-auth:` (older `wallet-api:`) prefix. Kept without the prefix.
 */
const p256AuthorizationKey: Parser<string> = (raw) => {
  const b64 = raw.trim().replace(/^wallet-(auth|api):/, '');
  let kind: string;
  try {
    const key = createPrivateKey({ key: Buffer.from(b64, 'base64'), format: 'der', type: 'pkcs8' });
    kind = key.asymmetricKeyDetails?.namedCurve ?? key.asymmetricKeyType ?? 'unknown';
  } catch {
    throw new SettingError('must be the base64 PKCS#8 P-256 private key Privy shows (wallet-auth:...)');
  }
  if (kind !== 'prime256v1') throw new SettingError(`must be a P-256 key, not ${kind}`);
  return b64;
};

/**
 * Which peers may tell the client's address in X-Forwarded-For (Fastify's trustProxy): off, or
 * the proxies' addresses and CIDR ranges (and proxy-addr's names loopback, linklocal,
 * uniquelocal). `true` trusts every hop, so any client can pick the address it is counted under:
 * accepted in local mode only (config.ts). A hop count is refused: it cannot tell a proxy from a
 * client that reaches the service directly, and Fastify 5 ignores one (its trustProxy docs).
 */
export type TrustProxy = boolean | string[];
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const trustProxy: Parser<TrustProxy> = (raw) => {
  const word = raw.trim().toLowerCase();
  if (['true', 'on', 'yes'].includes(word)) return true;
  if (['false', 'off', 'no', '0'].includes(word)) return false;
  if (/^\d+$/.test(word))
    throw new SettingError(
      `a hop count (${word}) cannot tell the proxy from a client that reaches the service directly: give the proxies' addresses or CIDR ranges (10.0.0.0/8, 127.0.0.1, loopback)`,
    );
  const entries = raw.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (PROXY_NAMES.includes(entry)) continue;
    const [ip = '', bits, ...rest] = entry.split('/');
    const family = isIP(ip);
    const max = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      rest.length > 0 ||
      (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max))
    )
      throw new SettingError(
        `must be off or a comma-separated list of proxy addresses or CIDR ranges (10.0.0.0/8, ::1, loopback); "${entry.slice(0, 64)}" is none of them`,
      );
  }
  return entries;
};

/**
 * CHAINS: `all`, or the slugs of the chains to offer, comma-separated (evm-localnet,solana-localnet).
 * Unknown slugs are named with the list of known ones.
 */
const chainList: Parser<ChainSelection> = (raw) => {
  if (raw.trim().toLowerCase() === 'all') return 'all';
  const slugs = raw.split(',').map((s) => s.trim());
  const known: readonly string[] = CHAIN_SLUGS;
  const unknown = slugs.filter((s) => !known.includes(s));
  if (unknown.length > 0)
    throw new SettingError(
      `${unknown.map((s) => JSON.stringify(s.slice(0, 64))).join(', ')} ${unknown.length === 1 ? 'is not a chain' : 'are not chains'}: give all, or some of ${CHAIN_SLUGS.join(', ')}`,
    );
  return Object.freeze([...new Set(slugs)]);
};

/** A duration: digits with a unit (ms, s, m, h, d); bare digits are seconds. In milliseconds. */
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
function durationMs(raw: string): number {
  const m = /^(\d{1,9})(ms|s|m|h|d)?$/.exec(raw.trim());
  if (!m)
    throw new SettingError(`"${raw.slice(0, 32)}" is not a duration (such as 0, 500ms, 5s, 5m, 2h, 1d)`);
  return Number(m[1]) * (UNIT_MS[m[2] ?? 's'] as number);
}

/** WEBHOOK_RETRY_SCHEDULE: the delay before each attempt, comma-separated (0,5s,5m,30m,2h). */
const schedule: Parser<readonly number[]> = (raw) => {
  const steps = raw.split(',').map(durationMs);
  if (steps.length > 50) throw new SettingError('at most 50 attempts');
  return Object.freeze(steps);
};

/** WEBHOOK_DNS_SERVERS: the resolvers webhook hosts are looked up with (ip or ip:port, comma-separated). */
const dnsServers: Parser<readonly string[]> = (raw) => {
  const servers = raw.split(',').map((s) => s.trim());
  for (const s of servers) {
    const ip = /^\[(.+)\](:\d+)?$/.exec(s)?.[1] ?? (isIP(s) ? s : s.replace(/:\d+$/, ''));
    if (isIP(ip) === 0)
      throw new SettingError(`"${s.slice(0, 64)}" is not an IP address (with an optional :port)`);
  }
  return Object.freeze(servers);
};

/** The specification's example schedule (Standard Webhooks): about three days. */
const DEFAULT_RETRY_SCHEDULE = schedule('0,5s,5m,30m,2h,5h,10h,14h,20h,24h');

export const SETTINGS = {
  WALLET_API_MODE: { parse: oneOf('local', 'production'), default: 'local' as const },
  HOST: { parse: text, default: '127.0.0.1' },
  PORT: { parse: int(0, 65535), default: 8080 },
  PUBLIC_URL: { parse: url('http:', 'https:'), default: undefined },
  DATA_DIR: { parse: text, default: './data' },
  DATABASE_URL: { parse: url('postgres:', 'postgresql:'), default: undefined },
  REDIS_URL: { parse: url('redis:', 'rediss:'), default: undefined },
  LOG_LEVEL: {
    parse: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
    default: 'info' as const,
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: { parse: url('http:', 'https:'), default: undefined },
  OTEL_SERVICE_NAME: { parse: text, default: 'wallet-api' },
  TRUST_PROXY: { parse: trustProxy, default: false as TrustProxy },
  UNAUTHENTICATED_PER_MINUTE: { parse: int(1, 1_000_000_000), default: 30 },
  BUS_HEARTBEAT_MS: { parse: int(0, 60_000), default: 2_000 },
  /** V8 optimizes the embedded database's WebAssembly only where it keeps running (src/boot/v8-tuning.ts). */
  WASM_LATE_TIERING: { parse: bool, default: true },
  MASTER_KEY: { parse: secret32, default: undefined },
  API_KEY_SECRET: { parse: secret32, default: undefined },
  RATE_LIMIT_READ_PER_MINUTE: { parse: int(1, 1_000_000_000), default: 60 },
  RATE_LIMIT_WRITE_PER_MINUTE: { parse: int(1, 1_000_000_000), default: 15 },
  IDEMPOTENCY_RETENTION_HOURS: { parse: int(24, 24 * 365), default: 24 },
  /** Audit entries older than this many days are pruned (src/app/audit/); unset: kept forever. */
  AUDIT_RETENTION_DAYS: { parse: int(1, 36_500), default: undefined },
  IDEMPOTENCY_LEASE_MS: { parse: int(1000, 600_000), default: 30_000 },
  /** How long a write waits for a person's approval before it expires (issue 30). */
  APPROVAL_TTL: { parse: duration(1, 30 * 86_400), default: 24 * 3_600_000 },
  RPC_TIMEOUT_MS: { parse: int(100, 120_000), default: 10_000 },
  TRACKER: { parse: bool, default: true },
  TRACKER_INTERVAL_MS: { parse: int(100, 60_000), default: 1000 },
  SOLANA_PRIORITY_FEE_CAP_MICROLAMPORTS: { parse: int(0, 1_000_000_000), default: 1_000_000 },
  SOLANA_MAX_RESIGNS: { parse: int(0, 20), default: 3 },
  WEBHOOK_RETRY_SCHEDULE: { parse: schedule, default: DEFAULT_RETRY_SCHEDULE },
  WEBHOOK_TIMEOUT_MS: { parse: int(100, 120_000), default: 15_000 },
  WEBHOOK_CONCURRENCY: { parse: int(1, 1000), default: 16 },
  WEBHOOK_DISABLE_AFTER: { parse: duration(0, 365 * 86_400), default: 5 * 86_400_000 },
  WEBHOOK_ALLOW_PRIVATE: { parse: bool, default: false },
  WEBHOOK_ALLOW_HTTP: { parse: bool, default: false },
  WEBHOOK_DNS_SERVERS: { parse: dnsServers, default: undefined },
  SEED_DEMO: { parse: bool, default: true },
  DEVNET: { parse: bool, default: true },
  DEVNET_EVM_PORT: { parse: int(0, 65535), default: 0 },
  DEVNET_SOLANA_PORT: { parse: int(0, 65535), default: 0 },
  DEVNET_AGGREGATOR_PORT: { parse: int(0, 65535), default: 0 },
  CHAINS: { parse: chainList, default: undefined },
  ONEINCH_API_URL: { parse: url('http:', 'https:'), default: 'https://api.1inch.com' },
  ONEINCH_API_VERSION: { parse: apiVersion, default: 'v6.0' },
  ONEINCH_API_KEY: { parse: text, default: undefined },
  ONEINCH_ALLOW_UNKNOWN_ROUTER_METHODS: { parse: bool, default: false },
  JUPITER_API_URL: { parse: url('http:', 'https:'), default: 'https://api.jup.ag/swap/v1' },
  JUPITER_API_KEY: { parse: text, default: undefined },
  JUPITER_PRIORITY_FEE_CAP_LAMPORTS: { parse: int(0, 1_000_000_000), default: 1_000_000 },
  AGGREGATOR_TIMEOUT_MS: { parse: int(100, 120_000), default: 10_000 },
  WALLET_PROVIDER: { parse: oneOf('local', 'privy'), default: 'local' as const },
  PRIVY_APP_ID: { parse: privyAppId, default: undefined },
  PRIVY_APP_SECRET: { parse: text, default: undefined },
  PRIVY_AUTHORIZATION_KEY: { parse: p256AuthorizationKey, default: undefined },
  PRIVY_API_URL: { parse: url('http:', 'https:'), default: 'https://api.privy.io' },
  PRIVY_TIMEOUT_MS: { parse: int(100, 120_000), default: 10_000 },
  PRIVY_USER_CACHE_MS: { parse: int(0, 600_000), default: 15_000 },
} as const;

export type SettingName = keyof typeof SETTINGS;

/**
 * Per-chain overrides (DESIGN A11): RPC_URL_<SLUG>, EXPLORER_URL_<SLUG>, CHAIN_ENABLED_<SLUG>,
 * where <SLUG> is the chain slug upper-cased with dashes as underscores (BASE_SEPOLIA).
 */
/** A whole number of wei, as decimal digits (fee caps can exceed 2^53). */
const wei: Parser<bigint> = (raw) => {
  if (!/^\d{1,30}$/.test(raw)) throw new SettingError(`must be a whole number of wei, got "${raw}"`);
  const v = BigInt(raw);
  if (v === 0n) throw new SettingError('must be above 0');
  return v;
};

/** A compute-unit price in micro-lamports, as decimal digits (a u64 on chain). */
const microLamports: Parser<bigint> = (raw) => {
  if (!/^\d{1,19}$/.test(raw))
    throw new SettingError(`must be a whole number of micro-lamports, got "${raw}"`);
  return BigInt(raw);
};

/** An EVM contract address: 0x and 40 hex characters. */
const evmAddress: Parser<string> = (raw) => {
  if (!/^0x[0-9a-fA-F]{40}$/.test(raw))
    throw new SettingError(`must be an EVM address (0x and 40 hex characters), got "${raw.slice(0, 64)}"`);
  return raw;
};

export const CHAIN_SETTING_PREFIXES = {
  RPC_URL_: url('http:', 'https:'),
  EXPLORER_URL_: url('http:', 'https:'),
  CHAIN_ENABLED_: bool,
  CONFIRMATIONS_: int(1, 1000),
  MAX_FEE_PER_GAS_: wei,
  /** The highest maxFeePerGas a caller's speed-up may name (default: 10 times MAX_FEE_PER_GAS_). */
  SPEED_UP_MAX_FEE_PER_GAS_: wei,
  /**
   * Solana: the highest compute-unit price (micro-lamports) a caller's speed-up may ask the next
   * re-sign for (default: 10 times SOLANA_PRIORITY_FEE_CAP_MICROLAMPORTS).
   */
  SPEED_UP_MAX_COMPUTE_UNIT_PRICE_: microLamports,
  REPLACE_AFTER_MS_: int(1000, 3_600_000),
  EVIDENCE_WINDOW_MS_: int(0, 3_600_000),
  COMMITMENT_: oneOf('confirmed', 'finalized'),
  /** EVM: where Multicall3 is (atomic payouts); default the canonical 0xcA11bde05977b3631167028862bE2a173976CA11. */
  MULTICALL3_ADDRESS_: evmAddress,
} as const;
