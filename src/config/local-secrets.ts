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
    stored = JSON.parse(readFileSync(path, 'utf8'));
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
