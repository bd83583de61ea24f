import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { CHAIN_SETTING_PREFIXES, SETTINGS } from '../../src/config/settings.ts';

describe('configuration', () => {
  test('the embedded defaults need no setting at all', () => {
    const config = loadConfig({});
    assert.equal(config.HOST, '127.0.0.1');
    assert.equal(config.PORT, 8080);
    assert.equal(config.RATE_LIMIT_READ_PER_MINUTE, 60);
    assert.equal(config.RATE_LIMIT_WRITE_PER_MINUTE, 15);
    assert.equal(config.publicUrl, 'http://127.0.0.1:8080');
    assert.ok(Object.isFrozen(config));
  });

  test('every bad or missing setting is reported on its own line', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        MASTER_KEY: 'short',
        LOG_LEVEL: 'loud',
        RPC_URL_BASE: 'not a url',
        WALLET_API_MODE: 'production',
      });
      assert.fail('should have thrown');
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      const lines = err.problems;
      assert.ok(lines.some((l) => l.startsWith('PORT: must be an integer')));
      assert.ok(lines.some((l) => l.startsWith('DATABASE_URL: must use postgres or postgresql')));
      assert.ok(lines.some((l) => l.startsWith('MASTER_KEY: must be 32 bytes')));
      assert.ok(lines.some((l) => l.startsWith('LOG_LEVEL: must be one of')));
      assert.ok(lines.some((l) => l.startsWith('RPC_URL_BASE: must be a URL')));
      assert.ok(lines.some((l) => l.startsWith('API_KEY_SECRET: required in production mode')));
      assert.ok(lines.every((l) => !l.includes('\n')));
    }
  });

  test('production mode requires explicit secrets and PostgreSQL', () => {
    assert.throws(() => loadConfig({ WALLET_API_MODE: 'production' }), /MASTER_KEY: required/);
    const config = loadConfig({
      WALLET_API_MODE: 'production',
      MASTER_KEY: 'ab'.repeat(32),
      API_KEY_SECRET: Buffer.alloc(32, 1).toString('base64'),
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
    });
    assert.equal(config.MASTER_KEY?.length, 32);
  });

  test('per-chain overrides are read by slug', () => {
    const config = loadConfig({ RPC_URL_BASE_SEPOLIA: 'https://rpc.example/', CHAIN_ENABLED_POLYGON: 'off' });
    assert.deepEqual(config.chainOverrides['base-sepolia'], { rpcUrl: 'https://rpc.example' });
    assert.deepEqual(config.chainOverrides.polygon, { enabled: false });
  });

  test('CHAINS chooses the chains in one line; unset, the development network alone when it runs', () => {
    assert.deepEqual(loadConfig({}).enabledChains, ['evm-localnet', 'solana-localnet'], 'npm start offline');
    assert.deepEqual(
      loadConfig({ RPC_URL_BASE: 'https://base.example' }).enabledChains,
      ['evm-localnet', 'solana-localnet', 'base'],
      'a chain given an RPC is wanted',
    );
    assert.equal(loadConfig({ DEVNET: 'off' }).enabledChains, 'all');
    assert.equal(loadConfig({ CHAINS: 'all' }).enabledChains, 'all');
    assert.deepEqual(loadConfig({ CHAINS: 'base, solana,base' }).enabledChains, ['base', 'solana']);
    assert.throws(
      () => loadConfig({ CHAINS: 'base,bitcoin' }),
      (err: ConfigError) =>
        err.problems.length === 1 &&
        /^CHAINS: "bitcoin" is not a chain: give all, or some of base, base-sepolia, .*solana-localnet$/.test(
          err.problems[0] ?? '',
        ),
    );
    assert.throws(
      () => loadConfig({ CHAINS: 'evm-localnet', DEVNET: 'off' }),
      /CHAINS: evm-localnet is a chain of the development network, which is off \(DEVNET=off\): turn it on, or give the chain's node as RPC_URL_EVM_LOCALNET/,
    );
    assert.deepEqual(
      loadConfig({ CHAINS: 'evm-localnet', DEVNET: 'off', RPC_URL_EVM_LOCALNET: 'http://127.0.0.1:8545' })
        .enabledChains,
      ['evm-localnet'],
    );
  });

  test('CHAIN_ENABLED_<SLUG> wins over CHAINS for its chain, either way', () => {
    const registry = (env: Record<string, string>) => {
      const config = loadConfig(env);
      return createChainRegistry(config.chainOverrides, {}, config.enabledChains)
        .list()
        .map((c) => c.slug);
    };
    assert.deepEqual(registry({ CHAINS: 'base,solana', CHAIN_ENABLED_POLYGON: 'on' }), [
      'base',
      'polygon',
      'solana',
    ]);
    const all = registry({ DEVNET: 'off', CHAINS: 'all', CHAIN_ENABLED_POLYGON: 'off' });
    assert.ok(all.includes('ethereum') && !all.includes('polygon'));
    assert.ok(!all.includes('evm-localnet'), 'no RPC without the development network');
    assert.deepEqual(registry({ CHAINS: 'base,solana', CHAIN_ENABLED_BASE: 'off' }), ['solana']);
  });

  test('a per-chain setting for a chain that does not exist is one line listing the chains', () => {
    assert.throws(
      () => loadConfig({ RPC_URL_BASE_MAINNET: 'https://x.example' }),
      (err: ConfigError) =>
        err.problems.length === 1 &&
        /^RPC_URL_BASE_MAINNET: there is no chain "base-mainnet" \(the chains: base, base-sepolia,/.test(
          err.problems[0] ?? '',
        ),
    );
  });

  test('.env.example documents every setting', () => {
    const example = readFileSync('.env.example', 'utf8');
    for (const name of Object.keys(SETTINGS)) assert.match(example, new RegExp(`^#? ?${name}=`, 'm'), name);
    for (const prefix of Object.keys(CHAIN_SETTING_PREFIXES)) assert.ok(example.includes(prefix), prefix);
  });
});
