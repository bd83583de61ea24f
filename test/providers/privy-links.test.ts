// @needs devnet
// Privy mode: who may use which wallet. Users must be linked to a Privy account, their wallets are
// that account's linked wallets, and the delegation and wallet-id rules hold before anything is signed.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { DashboardClient } from '../dashboard/dashboard-client.ts';
import type { TestApp } from '../support/app.ts';
import { startTestApp } from '../support/app.ts';
import { write } from '../support/chain-app.ts';
import { fund, useDevnet } from '../support/devnet.ts';
import { type FakePrivy, linkedPrivyUser, privyEnv, startFakePrivy } from '../support/privy.ts';
import { startTradingApp } from '../trading/trading-app.ts';

const EVM = 'evm-localnet';
const CACHE_MS = 1000;
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('Privy-linked users and their wallets', () => {
  let fake: FakePrivy;
  let app: TestApp;
  before(async () => {
    fake = await startFakePrivy();
    app = await startTradingApp(await useDevnet(), privyEnv(fake, { PRIVY_USER_CACHE_MS: String(CACHE_MS) }));
  });
  after(async () => {
    await app?.stop();
    await fake?.close();
  });

  const signRequests = () => fake.requests.filter((r) => r.path.endsWith('/rpc')).length;

  test('wallets are the linked accounts, with the derived default, automation and provider fields', async () => {
    const user = await app.newUser({ wallets: false });
    const privy = await fake.createUser({ email: user.email, wallets: ['ethereum'] });
    const second = await fake.addWallet(privy.id, 'ethereum', { delegated: false });
    const sol = await fake.addWallet(privy.id, 'solana');
    const external = fake.addExternalWallet(privy.id, 'ethereum', randomAddress(), 'metamask');
    const linked = await app.services.wallets.link(user.userId, privy.id);
    assert.equal(linked.providerUserId, privy.id);

    const res = await app.get('/api/v1/wallets', user.key);
    assert.equal(res.status, 200);
    const { wallets } = await res.json();
    const by = (address: string) => wallets.find((w: { address: string }) => w.address === address);
    assert.equal(wallets.length, 4);
    assert.deepEqual(by(privy.wallets[0]?.address ?? ''), {
      address: privy.wallets[0]?.address,
      chainType: 'ethereum',
      isDefault: true,
      automationEnabled: true,
      providerType: 'embedded',
      clientType: 'privy',
    });
    assert.equal(by(second.address).isDefault, false, 'wallet_index 1 is not the default');
    assert.equal(by(second.address).automationEnabled, false, 'not delegated');
    assert.equal(by(sol.address).isDefault, true, 'the default is per chain type');
    assert.deepEqual(
      [
        by(external.address).providerType,
        by(external.address).clientType,
        by(external.address).automationEnabled,
      ],
      ['injected', 'metamask', false],
    );
    assert.equal(by(external.address).isDefault, false, 'an external wallet is never the default');
    const defaults = await (await app.get('/api/v1/wallets?defaultOnly=true', user.key)).json();
    assert.ok(defaults.wallets.every((w: { isDefault: boolean }) => w.isDefault));
  });

  test('a user without a Privy link gets 403 USER_NOT_LINKED on every wallet endpoint, and nothing is recorded', async () => {
    const user = await app.newUser({ wallets: false });
    const requestsBefore = fake.requests.length;
    for (const res of [
      await app.get('/api/v1/wallets', user.key),
      await app.get('/api/v1/wallets/balances?chain=evm-localnet', user.key),
      await write(app, '/send', { chain: EVM, to: randomAddress(), asset: 'native', amount: '1' }, user.key),
    ]) {
      assert.equal(res.status, 403);
      const body = await res.json();
      assert.equal(body.code, 'USER_NOT_LINKED');
      assert.match(body.error, /not linked to a privy account/i);
    }
    assert.equal(fake.requests.length, requestsBefore, 'Privy is not asked about an unlinked user');
    const txs = await app.db.query('select id from transactions where user_id = $1', [user.userId]);
    assert.equal(txs.length, 0);
  });

  test('a linked DID that Privy no longer knows gets USER_NOT_LINKED saying so; linking an unknown one is refused', async () => {
    const user = await linkedPrivyUser(app, fake);
    fake.deleteUser(user.privy.id);
    await app.services.wallets.refresh(user.userId).catch(() => {});
    const res = await app.get('/api/v1/wallets', user.key);
    assert.equal(res.status, 403);
    const body = await res.json();
    assert.equal(body.code, 'USER_NOT_LINKED');
    assert.match(body.error, /Privy does not know/);

    const other = await app.newUser({ wallets: false });
    await assert.rejects(app.services.wallets.link(other.userId, 'did:privy:doesnotexist0000000000000'), {
      code: 'USER_NOT_LINKED',
    });
    await assert.rejects(app.services.wallets.link(other.userId, 'not-a-did'), { code: 'INVALID_INPUT' });
    const found = await app.services.users.findById(other.userId);
    assert.equal(found?.providerUserId, null, 'nothing was linked');
  });

  test('a user is found at Privy by email when linked without a DID', async () => {
    const user = await app.newUser({ wallets: false });
    const privy = await fake.createUser({ email: user.email.toUpperCase() });
    const linked = await app.services.wallets.link(user.userId, undefined);
    assert.equal(linked.providerUserId, privy.id);
    assert.equal(linked.wallets.length, 2);
  });

  test('writes from an undelegated, an external or an id-less wallet are refused before anything is signed', async () => {
    const user = await linkedPrivyUser(app, fake);
    const undelegated = await fake.addWallet(user.privy.id, 'ethereum', { delegated: false });
    const external = fake.addExternalWallet(user.privy.id, 'ethereum', randomAddress());
    const idless = await fake.addWallet(user.privy.id, 'ethereum', { withoutId: true });
    await app.services.wallets.refresh(user.userId);
    const before = signRequests();
    const send = (from: string) =>
      write(app, '/send', { chain: EVM, to: randomAddress(), asset: 'native', amount: '1', from }, user.key);

    const a = await send(undelegated.address);
    assert.equal(a.status, 403);
    const aBody = await a.json();
    assert.equal(aBody.code, 'WALLET_NOT_DELEGATED');
    assert.match(aBody.error, /not delegated/);
    const b = await send(external.address);
    assert.equal(b.status, 403);
    const bBody = await b.json();
    assert.equal(bBody.code, 'WALLET_NOT_DELEGATED');
    assert.match(bBody.error, /external wallet \(metamask\)/);
    const c = await send(idless.address);
    assert.equal(c.status, 400);
    assert.equal((await c.json()).code, 'WALLET_ID_REQUIRED');
    assert.equal(signRequests(), before, 'Privy was never asked to sign');
  });

  test('automation of a Privy wallet follows its delegation: the operator switch and wallet creation explain why not', async () => {
    const user = await linkedPrivyUser(app, fake);
    await assert.rejects(app.services.wallets.setAutomation(user.evm, false, null), (err: Error) =>
      /follows the wallet's delegation/.test(err.message),
    );
    await assert.rejects(app.services.wallets.create(user.userId, { chainType: 'ethereum' }), (err: Error) =>
      /come from the user's Privy account/.test(err.message),
    );
  });

  test('a delegation revoked at Privy is refused at once on a write and shows in listings within the cache time', async () => {
    const user = await linkedPrivyUser(app, fake);
    await fund({ chain: EVM, address: user.evm, amount: 10n ** 18n });
    const listed = async () =>
      (await (await app.get('/api/v1/wallets', user.key)).json()).wallets.find(
        (w: { address: string }) => w.address === user.evm,
      );
    assert.equal((await listed()).automationEnabled, true);
    fake.setDelegated(user.evm, false);
    // The cached list still says delegated: Privy refuses the signature, and a fresh look says why.
    const res = await write(
      app,
      '/send',
      { chain: EVM, to: randomAddress(), asset: 'native', amount: '1' },
      user.key,
    );
    assert.equal(res.status, 403);
    assert.equal((await res.json()).code, 'WALLET_NOT_DELEGATED');
    assert.equal((await listed()).automationEnabled, false, 'the refusal refreshed the list');

    // Without a write in between, a change at Privy shows once the cache time has passed.
    fake.setDelegated(user.sol, false);
    await new Promise((r) => setTimeout(r, CACHE_MS + 100));
    const sol = (await (await app.get('/api/v1/wallets?chain=solana', user.key)).json()).wallets[0];
    assert.equal(sol.automationEnabled, false);
  });

  test('wrong app credentials are a misconfiguration: 503 SERVICE_UNAVAILABLE, never a user error', async () => {
    let logs = '';
    const misconfigured = await startTestApp({
      env: privyEnv(fake, { PRIVY_APP_SECRET: 'wrong-secret' }),
      logStream: new Writable({
        write(chunk, _enc, done) {
          logs += chunk;
          done();
        },
      }),
    });
    try {
      const user = await misconfigured.newUser({ wallets: false });
      await misconfigured.db.query('update users set provider_user_id = $2 where id = $1', [
        user.userId,
        (await fake.createUser()).id,
      ]);
      const res = await misconfigured.get('/api/v1/wallets', user.key);
      assert.equal(res.status, 503);
      const body = await res.json();
      assert.equal(body.code, 'SERVICE_UNAVAILABLE');
      assert.match(body.error, /PRIVY_APP_SECRET/);
      assert.doesNotMatch(body.error, /wrong-secret/);
    } finally {
      await misconfigured.stop();
    }
    assert.match(logs, /SERVICE_UNAVAILABLE/, 'the refused request was logged');
    for (const secret of ['wrong-secret', fake.authorizationKey.replace(/^wallet-auth:/, '')])
      assert.ok(!logs.includes(secret), 'Privy secrets never reach the logs');
  });
});

describe('the dashboard in Privy mode', () => {
  let fake: FakePrivy;
  let app: TestApp;
  before(async () => {
    fake = await startFakePrivy();
    app = await startTestApp({ env: { ...privyEnv(fake), TRUST_PROXY: 'true' } });
  });
  after(async () => {
    await app?.stop();
    await fake?.close();
  });

  const signedIn = async (email: string) => {
    await app.services.users.setPassword(email, 'correct horse battery staple');
    const c = new DashboardClient(app.url, { 'x-forwarded-for': '198.51.100.77' });
    assert.equal((await c.signIn(email, 'correct horse battery staple')).status, 303);
    return c;
  };

  test('shows an unlinked user how to link, and a linked user the Privy account their wallets come from', async () => {
    const unlinked = await app.newUser({ wallets: false });
    const a = await signedIn(unlinked.email);
    const page = await (await a.get('/dashboard/wallets')).text();
    assert.match(page, /not linked to Privy yet/);
    assert.match(page, /wallet-api users link/);

    const user = await linkedPrivyUser(app, fake);
    const b = await signedIn(user.email);
    const linked = await (await b.get('/dashboard/wallets')).text();
    assert.ok(linked.includes(user.privy.id), 'names the Privy user');
    assert.ok(linked.includes(user.evm) && linked.includes(user.sol), 'lists the linked wallets');
    assert.match(linked, /Delegation is managed in privy/);

    // A wallet added at Privy shows after "Refresh from Privy", past the cache.
    const added = await fake.addWallet(user.privy.id, 'ethereum');
    const refreshed = await b.post('/dashboard/wallets/refresh', { _csrf: b.csrf() });
    assert.equal(refreshed.status, 303);
    const after = await (await b.get('/dashboard/wallets?refreshed=1')).text();
    assert.ok(after.includes(added.address), 'the new wallet is listed');
    assert.match(after, /Wallets refreshed from privy/);
  });
});
