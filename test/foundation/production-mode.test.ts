// @needs postgres
// Production mode is safe by default, and addresses that spray unknown API keys are throttled.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import pg from 'pg';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { startTestApp } from '../support/app.ts';
import { freePort, startServerProcess } from '../support/processes.ts';

const secrets = {
  MASTER_KEY: randomBytes(32).toString('hex'),
  API_KEY_SECRET: randomBytes(32).toString('hex'),
  DATABASE_URL: 'postgres://u@127.0.0.1/db',
};

describe('production mode', () => {
  test('turns the development network and the demo seed off unless asked for by name', () => {
    const config = loadConfig({ WALLET_API_MODE: 'production', ...secrets });
    assert.equal(config.DEVNET, false);
    assert.equal(config.SEED_DEMO, false);
    const asked = loadConfig({ WALLET_API_MODE: 'production', ...secrets, DEVNET: 'on', SEED_DEMO: 'on' });
    assert.equal(asked.DEVNET, true);
    assert.equal(asked.SEED_DEMO, true);
    assert.equal(loadConfig({}).DEVNET, true, 'local mode keeps its embedded defaults');
  });

  test('refuses a mainnet RPC on this machine next to the development network', () => {
    assert.throws(
      () =>
        loadConfig({
          WALLET_API_MODE: 'production',
          ...secrets,
          DEVNET: 'on',
          RPC_URL_ETHEREUM: 'http://127.0.0.1:8545',
        }),
      (err: unknown) =>
        err instanceof ConfigError &&
        err.problems.some((p) => p.startsWith('RPC_URL_ETHEREUM: points at this machine (127.0.0.1:8545)')),
    );
    // A loopback RPC for a test chain, or for a mainnet without the devnet, is a choice, not a mistake.
    loadConfig({
      WALLET_API_MODE: 'production',
      ...secrets,
      DEVNET: 'on',
      RPC_URL_SEPOLIA: 'http://localhost:8545',
    });
    loadConfig({ WALLET_API_MODE: 'production', ...secrets, RPC_URL_ETHEREUM: 'http://127.0.0.1:8545' });
  });

  test('refuses plain-http RPC and aggregator URLs, naming the setting but not the URL', () => {
    const secretPath = '/v2/sk-live-abc123?apikey=hunter2';
    try {
      loadConfig({
        WALLET_API_MODE: 'production',
        ...secrets,
        RPC_URL_BASE: `http://rpc.example.com${secretPath}`,
        RPC_URL_SOLANA_DEVNET: `http://10.0.0.5:8899${secretPath}`,
        ONEINCH_API_URL: 'http://oneinch.example.com',
        JUPITER_API_URL: `http://127.0.0.1:9000${secretPath}`,
      });
      assert.fail('should have thrown');
    } catch (err) {
      assert.ok(err instanceof ConfigError, String(err));
      const { problems } = err;
      for (const setting of ['RPC_URL_BASE', 'RPC_URL_SOLANA_DEVNET', 'ONEINCH_API_URL', 'JUPITER_API_URL'])
        assert.ok(
          problems.some((p) => p.startsWith(`${setting}: must use https in production mode`)),
          `${setting} in ${problems.join(' | ')}`,
        );
      for (const p of problems) assert.ok(!p.includes('hunter2') && !p.includes('sk-live'), p);
    }
    // https anywhere, and plain http to a node on this machine, are accepted.
    const config = loadConfig({
      WALLET_API_MODE: 'production',
      ...secrets,
      RPC_URL_BASE: 'https://rpc.example.com/v2/key',
      RPC_URL_ETHEREUM: 'http://localhost:8545',
      RPC_URL_SOLANA: 'http://[::1]:8899',
    });
    assert.equal(config.chainOverrides.ethereum?.rpcUrl, 'http://localhost:8545');
    // Local mode keeps accepting plain http RPC endpoints (test networks, private nodes).
    loadConfig({ RPC_URL_BASE_SEPOLIA: 'http://10.0.0.5:8545' });
  });

  test('TRUST_PROXY takes trusted proxy addresses, not a hop count; true is refused in production mode', () => {
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1,loopback' }).TRUST_PROXY, [
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    assert.equal(loadConfig({ TRUST_PROXY: 'off' }).TRUST_PROXY, false);
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY, true, 'local mode: documented risk');
    assert.throws(
      () => loadConfig({ TRUST_PROXY: '1' }),
      (err: unknown) =>
        err instanceof ConfigError &&
        err.problems.some((p) => p.startsWith('TRUST_PROXY: a hop count (1) cannot')),
    );
    for (const bad of ['10.0.0.0/33', 'proxy.example.com', '1.2.3', '::1/129'])
      assert.throws(
        () => loadConfig({ TRUST_PROXY: bad }),
        (err: unknown) =>
          err instanceof ConfigError &&
          err.problems.some((p) => p.startsWith('TRUST_PROXY: must be off or a comma-separated list')),
        bad,
      );
    assert.throws(
      () => loadConfig({ WALLET_API_MODE: 'production', ...secrets, TRUST_PROXY: 'true' }),
      (err: unknown) =>
        err instanceof ConfigError &&
        err.problems.some((p) => p.startsWith('TRUST_PROXY: true trusts every X-Forwarded-For hop')),
    );
    assert.deepEqual(
      loadConfig({ WALLET_API_MODE: 'production', ...secrets, TRUST_PROXY: '10.1.2.3' }).TRUST_PROXY,
      ['10.1.2.3'],
    );
  });

  test('GET /chains does not offer the development network chains when it is off', async () => {
    const app = await startTestApp({ env: { DEVNET: 'off' } });
    try {
      const { key } = await app.newUser({ wallets: false });
      const res = await app.get('/api/v1/chains', key);
      assert.equal(res.status, 200);
      const slugs = (await res.json()).chains.map((c: { slug: string }) => c.slug);
      assert.ok(slugs.includes('base') && slugs.includes('solana'), slugs.join());
      assert.ok(!slugs.includes('evm-localnet') && !slugs.includes('solana-localnet'), slugs.join());
      const quote = await app.post(
        '/api/v1/trade/quote',
        { chain: 'evm-localnet', fromToken: 'NATIVE', toToken: 'NATIVE', amount: '1' },
        key,
      );
      assert.equal(quote.status, 400);
      assert.equal((await quote.json()).code, 'CHAIN_UNKNOWN');
    } finally {
      await app.stop();
    }
  });

  test('never prints an API key, even when asked to seed a demo user', async (t) => {
    const server = process.env.TEST_DATABASE_URL;
    if (!server) return t.diagnostic('no PostgreSQL server in this run');
    const name = `prod_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-prod-'));
    const proc = await startServerProcess({
      WALLET_API_MODE: 'production',
      ...secrets,
      DATABASE_URL: url.toString(),
      SEED_DEMO: 'on',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
    });
    try {
      const keyFile = join(dataDir, 'demo-api-key');
      const key = readFileSync(keyFile, 'utf8').trim();
      assert.match(key, /^wak_/);
      assert.equal(statSync(keyFile).mode & 0o777, 0o600);
      assert.ok(!proc.output().includes(key), 'the key is not in the output');
      assert.match(proc.output(), /not printed in production mode/);
      assert.doesNotMatch(proc.output(), /Chains +evm-localnet/, 'no development network');
    } finally {
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await admin.query(`drop database ${name} with (force)`).catch(() => {});
      await admin.end();
    }
  });
});

describe('unknown API keys per client address', () => {
  test('past UNAUTHENTICATED_PER_MINUTE an address gets 429 before its next unknown key is looked up; known keys still work', async () => {
    const app = await startTestApp({ env: { UNAUTHENTICATED_PER_MINUTE: '3', TRUST_PROXY: 'true' } });
    try {
      const { key } = await app.newUser({ wallets: false });
      const from = (ip: string, k: string) => app.get('/api/v1/wallets', k, { 'x-forwarded-for': ip });
      const bogus = () => `wak_abcd_${randomBytes(16).toString('hex')}`;
      assert.equal((await from('203.0.113.9', key)).status, 200, 'a known key, cached');
      for (let i = 0; i < 3; i++) assert.equal((await from('203.0.113.9', bogus())).status, 401);
      const refused = await from('203.0.113.9', bogus());
      assert.equal(refused.status, 429);
      assert.equal((await refused.json()).code, 'RATE_LIMITED');
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      assert.equal((await from('203.0.113.9', key)).status, 200, 'a known key is never throttled');
      assert.equal((await from('203.0.113.10', bogus())).status, 401, 'other addresses are not affected');
    } finally {
      await app.stop();
    }
  });
});
