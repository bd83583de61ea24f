import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Secrets {
  masterKey: Buffer;
  apiKeySecret: Buffer;
  /** Set when DATA_DIR/secrets.json did not exist and was just written with new secrets. */
  generatedFile?: string;
}

/**
 * In local mode the master key and the API-key HMAC secret are generated once into
 * DATA_DIR/secrets.json (mode 0600) unless given in configuration. Production mode requires them
 * explicitly (config.ts), so this file is never the source there.
 */
export function resolveSecrets(config: {
  WALLET_API_MODE: 'local' | 'production';
  DATA_DIR: string;
  MASTER_KEY?: Buffer | undefined;
  API_KEY_SECRET?: Buffer | undefined;
}): Secrets {
  if (config.MASTER_KEY && config.API_KEY_SECRET)
    return { masterKey: config.MASTER_KEY, apiKeySecret: config.API_KEY_SECRET };
  if (config.WALLET_API_MODE === 'production')
    throw new Error('MASTER_KEY and API_KEY_SECRET are required in production');
  const path = join(config.DATA_DIR, 'secrets.json');
  let stored: { masterKey: string; apiKeySecret: string };
  let generated = false;
  if (existsSync(path)) {
    stored = readStoredSecrets(path);
  } else {
    generated = true;
    mkdirSync(config.DATA_DIR, { recursive: true, mode: 0o700 });
    stored = { masterKey: randomBytes(32).toString('hex'), apiKeySecret: randomBytes(32).toString('hex') };
    writeFileSync(path, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  }
  chmodSync(path, 0o600);
  return {
    masterKey: config.MASTER_KEY ?? Buffer.from(stored.masterKey, 'hex'),
    apiKeySecret: config.API_KEY_SECRET ?? Buffer.from(stored.apiKeySecret, 'hex'),
    ...(generated ? { generatedFile: path } : {}),
  };
}

const HEX32 = /^[0-9a-fA-F]{64}$/;

/**
 * DATA_DIR/secrets.json as written above. Anything else is one clear line: the wallets' keys are
 * encrypted under the master key in it, so it is never replaced here (that would lose them).
 */
function readStoredSecrets(path: string): { masterKey: string; apiKeySecret: string } {
  const fix =
    'restore it from a backup, or give MASTER_KEY and API_KEY_SECRET (moving it away starts with new secrets, under which existing wallets and API keys no longer open)';
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    throw new Error(`${path} is not valid JSON: ${fix}`);
  }
  const p = parsed as { masterKey?: unknown; apiKeySecret?: unknown } | null;
  const bad = (['masterKey', 'apiKeySecret'] as const).filter(
    (k) => typeof p?.[k] !== 'string' || !HEX32.test(p[k] as string),
  );
  if (bad.length > 0)
    throw new Error(`${path}: ${bad.join(' and ')} must be 64 hex characters (32 bytes): ${fix}`);
  return p as { masterKey: string; apiKeySecret: string };
}
