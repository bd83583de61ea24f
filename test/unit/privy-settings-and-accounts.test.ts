// The Privy provider's settings and its reading of linked accounts, on their own.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { walletsFromLinkedAccounts } from '../../src/wallet-providers/privy/linked-accounts.ts';

const p256 = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ format: 'der', type: 'pkcs8' })
    .toString('base64');

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.problems;
  }
};

describe('Privy settings', () => {
  test('the authorization key is accepted with or without its wallet-auth: prefix and kept without it', () => {
    const key = p256();
    for (const raw of [key, `wallet-auth:${key}`, `wallet-api:${key}`]) {
      const config = loadConfig({
        WALLET_PROVIDER: 'privy',
        PRIVY_APP_ID: 'app_123',
        PRIVY_APP_SECRET: 's3cret',
        PRIVY_AUTHORIZATION_KEY: raw,
      });
      assert.equal(config.PRIVY_AUTHORIZATION_KEY, key);
    }
  });

  test('a key that is not P-256 PKCS#8, and missing credentials, are each reported on one line', () => {
    const ed = generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'der', type: 'pkcs8' })
      .toString('base64');
    assert.deepEqual(
      problemsOf({ WALLET_PROVIDER: 'privy', PRIVY_APP_ID: 'app_1', PRIVY_AUTHORIZATION_KEY: ed }),
      [
        'PRIVY_AUTHORIZATION_KEY: must be a P-256 key, not ed25519',
        'PRIVY_APP_SECRET: required with WALLET_PROVIDER=privy',
      ],
    );
    assert.match(
      problemsOf({
        WALLET_PROVIDER: 'privy',
        PRIVY_APP_ID: 'app_1',
        PRIVY_APP_SECRET: 'x',
        PRIVY_AUTHORIZATION_KEY: 'nope',
      })[0] ?? '',
      /^PRIVY_AUTHORIZATION_KEY: must be the base64 PKCS#8 P-256 private key/,
    );
  });

  test('local mode without credentials runs on the built-in fake; production mode refuses, and wants https', () => {
    assert.deepEqual(problemsOf({ WALLET_PROVIDER: 'privy' }), []);
    const production = {
      WALLET_API_MODE: 'production',
      MASTER_KEY: 'ab'.repeat(32),
      API_KEY_SECRET: 'cd'.repeat(32),
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
      WALLET_PROVIDER: 'privy',
    };
    const lines = problemsOf(production);
    for (const name of ['PRIVY_APP_ID', 'PRIVY_APP_SECRET', 'PRIVY_AUTHORIZATION_KEY'])
      assert.ok(
        lines.includes(`${name}: required with WALLET_PROVIDER=privy in production mode`),
        lines.join('\n'),
      );
    assert.deepEqual(
      problemsOf({
        ...production,
        PRIVY_APP_ID: 'app_1',
        PRIVY_APP_SECRET: 'x',
        PRIVY_AUTHORIZATION_KEY: p256(),
        PRIVY_API_URL: 'http://127.0.0.1:9',
      }),
      ['PRIVY_API_URL: must use https in production mode'],
    );
  });
});

describe('wallets from Privy linked accounts', () => {
  const embedded = (over: Record<string, unknown>) => ({
    type: 'wallet',
    id: 'w1',
    address: '0x095755d4451d138e669ce982fc5b2226a307d88c',
    chain_type: 'ethereum',
    wallet_client: 'privy',
    wallet_client_type: 'privy',
    connector_type: 'embedded',
    delegated: true,
    wallet_index: 0,
    ...over,
  });

  test('embedded wallets: the lowest wallet_index per chain type is the default, automation is delegated', () => {
    const wallets = walletsFromLinkedAccounts([
      { type: 'email', address: 'a@b.c' },
      embedded({ id: 'w2', address: '0x1111111111111111111111111111111111111111', wallet_index: 1 }),
      embedded({ delegated: false }),
      embedded({
        id: 's1',
        chain_type: 'solana',
        address: '11111111111111111111111111111112',
        wallet_index: 3,
      }),
      { type: 'smart_wallet', address: '0x2222222222222222222222222222222222222222' },
    ]);
    assert.deepEqual(
      wallets.map((w) => [w.address, w.isDefault, w.automationEnabled, w.providerWalletId]),
      [
        ['0x1111111111111111111111111111111111111111', false, true, 'w2'],
        ['0x095755d4451D138e669CE982fc5B2226A307D88c', true, false, 'w1'],
        ['11111111111111111111111111111112', true, true, 's1'],
      ],
      'checksummed EVM addresses; smart wallets and emails are not wallets here',
    );
  });

  test('external wallets are listed, never default nor automated; odd or missing fields are tolerated', () => {
    const wallets = walletsFromLinkedAccounts([
      {
        type: 'wallet',
        address: '0x3333333333333333333333333333333333333333',
        chain_type: 'ethereum',
        wallet_client: 'unknown',
        wallet_client_type: 'metamask',
        connector_type: 'injected',
      },
      // The docs' older example: no id, no delegated flag.
      {
        type: 'wallet',
        address: '0x4444444444444444444444444444444444444444',
        chain_type: 'ethereum',
        wallet_client_type: 'privy',
        connector_type: 'embedded',
      },
      {
        type: 'wallet',
        address: 'not-an-address',
        chain_type: 'ethereum',
        wallet_client_type: 'privy',
        connector_type: 'embedded',
      },
      { type: 'wallet', address: '0x4444444444444444444444444444444444444444', chain_type: 'ethereum' },
      null,
      'junk',
    ]);
    assert.deepEqual(
      wallets.map((w) => [
        w.clientType,
        w.providerType,
        w.isDefault,
        w.automationEnabled,
        w.providerWalletId,
      ]),
      [
        ['metamask', 'injected', false, false, null],
        ['privy', 'embedded', true, false, null],
      ],
    );
    assert.deepEqual(walletsFromLinkedAccounts(undefined), []);
  });
});
