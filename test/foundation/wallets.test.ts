import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { isAddress } from 'viem';
import { WalletSchema } from '../../src/schemas/wallets.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

describe('GET /api/v1/wallets', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(async () => {
    await app.stop();
  });

  test('a cached list, served from its body serialized once, has exactly the documented fields, and a change shows at once', async () => {
    const { key, userId } = await app.newUser();
    const first = await (await app.get('/api/v1/wallets', key)).text();
    const second = await (await app.get('/api/v1/wallets', key)).text();
    assert.equal(second, first);
    const documented = Object.keys(WalletSchema.properties).sort();
    for (const w of JSON.parse(second).wallets) assert.deepEqual(Object.keys(w).sort(), documented);
    await app.services.wallets.create(userId, { chainType: 'ethereum', makeDefault: false });
    const third = JSON.parse(await (await app.get('/api/v1/wallets', key)).text());
    assert.equal(third.wallets.length, JSON.parse(first).wallets.length + 1);
  });

  test('lists the caller’s wallets, default wallets first, then by creation', async () => {
    const { key, userId } = await app.newUser();
    const extraEvm = await app.services.wallets.create(userId, {
      chainType: 'ethereum',
      makeDefault: false,
      automation: false,
    });
    const newDefaultSol = await app.services.wallets.create(userId, { chainType: 'solana' });
    const res = await app.get('/api/v1/wallets', key);
    assert.equal(res.status, 200);
    const { wallets } = await res.json();
    assert.equal(wallets.length, 4);
    assert.deepEqual(
      wallets.map((w: { isDefault: boolean }) => w.isDefault),
      [true, true, false, false],
    );
    assert.equal(wallets[1].address, newDefaultSol.address, 'a new default replaces the old one');
    assert.equal(
      wallets.filter(
        (w: { chainType: string; isDefault: boolean }) => w.chainType === 'solana' && w.isDefault,
      ).length,
      1,
    );
    const evm = wallets.find(
      (w: { chainType: string; isDefault: boolean }) => w.chainType === 'ethereum' && w.isDefault,
    );
    assert.ok(isAddress(evm.address, { strict: true }), 'EIP-55 checksummed');
    assert.deepEqual(Object.keys(evm).sort(), [
      'address',
      'automationEnabled',
      'chainType',
      'clientType',
      'isDefault',
      'providerType',
    ]);
    assert.equal(evm.providerType, 'server');
    assert.equal(evm.clientType, 'local');
    const extra = wallets.find((w: { address: string }) => w.address === extraEvm.address);
    assert.equal(extra.automationEnabled, false);
    assert.match(
      wallets.find((w: { chainType: string }) => w.chainType === 'solana').address,
      /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
    );
  });

  test('filters by chain, defaultOnly and automationOnly', async () => {
    const { key, userId } = await app.newUser();
    await app.services.wallets.create(userId, {
      chainType: 'ethereum',
      makeDefault: false,
      automation: false,
    });
    const get = async (q: string) =>
      (await (await app.get(`/api/v1/wallets?${q}`, key)).json()).wallets as {
        chainType: string;
        isDefault: boolean;
        automationEnabled: boolean;
      }[];
    assert.deepEqual(
      (await get('chain=solana')).map((w) => w.chainType),
      ['solana'],
    );
    assert.equal((await get('chain=ethereum')).length, 2);
    assert.equal((await get('defaultOnly=true')).length, 2);
    assert.ok((await get('defaultOnly=true')).every((w) => w.isDefault));
    assert.equal((await get('automationOnly=true')).length, 2);
    assert.equal((await get('automationOnly=false')).length, 3);
    assert.equal((await get('chain=ethereum&defaultOnly=true&automationOnly=true')).length, 1);
  });

  test('automation changes show on the next read', async () => {
    const { key, userId } = await app.newUser();
    const [w] = await app.services.wallets.list(userId, { chain: 'ethereum' });
    await app.get('/api/v1/wallets', key);
    await app.services.wallets.setAutomation(w!.address.toLowerCase(), false, userId);
    const { wallets } = await (await app.get('/api/v1/wallets?chain=ethereum', key)).json();
    assert.equal(wallets[0].automationEnabled, false);
  });

  test('a user sees only their own wallets and cannot change another user’s', async () => {
    const alice = await app.newUser();
    const bob = await app.newUser();
    const aliceWallets = (await (await app.get('/api/v1/wallets', alice.key)).json()).wallets;
    const bobWallets = (await (await app.get('/api/v1/wallets', bob.key)).json()).wallets;
    const aliceAddresses = new Set(aliceWallets.map((w: { address: string }) => w.address));
    assert.ok(bobWallets.every((w: { address: string }) => !aliceAddresses.has(w.address)));
    await assert.rejects(
      app.services.wallets.setAutomation(aliceWallets[0].address, false, bob.userId),
      /not found/,
    );
  });

  test('a user with no wallets gets an empty list', async () => {
    const { key } = await app.newUser({ wallets: false });
    assert.deepEqual(await (await app.get('/api/v1/wallets', key)).json(), { wallets: [] });
  });

  test('GET /api/v1/chains lists the configured chains', async () => {
    const { key } = await app.newUser();
    const { chains } = await (await app.get('/api/v1/chains', key)).json();
    const base = chains.find((c: { slug: string }) => c.slug === 'base');
    assert.deepEqual(base, {
      slug: 'base',
      chainType: 'ethereum',
      chainId: 8453,
      name: 'Base',
      nativeSymbol: 'ETH',
      nativeDecimals: 18,
      tradingAvailable: true,
    });
    const devnet = chains.find((c: { slug: string }) => c.slug === 'solana-devnet');
    assert.equal(devnet.chainId, -3);
    assert.equal(devnet.tradingAvailable, false);
  });
});
