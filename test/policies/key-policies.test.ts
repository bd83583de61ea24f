// @needs devnet postgres
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type Address, encodeFunctionData, erc20Abi, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { KeyPolicyInput } from '../../src/app/key-policies.ts';
import { DashboardClient } from '../dashboard/dashboard-client.ts';
import { clientFor } from '../support/api-client.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { twoInstances } from '../support/two-instances.ts';

const randomAddress = () => privateKeyToAddress(generatePrivateKey());

/** A user with funded wallets, a full key, and a key with the given policy. */
async function userWithKey(
  app: TestApp,
  policy: KeyPolicyInput,
  options: { eth?: bigint; tokens?: bigint; token?: Address } = {},
) {
  const user = await app.newUser();
  const address = (await walletOf(app, user.userId, 'ethereum')) as Address;
  if ((options.eth ?? 10n) > 0n)
    await fund({ chain: 'evm-localnet', address, amount: (options.eth ?? 10n) * 10n ** 18n });
  if (options.tokens && options.token)
    await fund({ chain: 'evm-localnet', address, amount: options.tokens, token: options.token });
  const { key } = await app.services.apiKeys.create(user.userId, { name: 'limited', policy });
  return { ...user, fullKey: user.key, key, address };
}

async function refusal(res: Response, pattern: RegExp) {
  const body = await res.json();
  assert.equal(res.status, 403, JSON.stringify(body));
  assert.equal(body.code, 'FORBIDDEN');
  assert.match(body.error, pattern);
  assert.equal(body.requestId, res.headers.get('x-request-id'));
}

describe('API key scopes and spend limits', () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  let token: Address;
  before(async () => {
    ctx = await startChainApp();
    app = ctx.app;
    token = ctx.info.evm.testToken.address;
  });
  after(async () => {
    await app.stop();
  });

  const send = (key: string, body: Record<string, unknown>, idem = randomUUID()) =>
    write(app, '/send', { chain: 'evm-localnet', asset: 'native', ...body }, key, idem);

  test('a read-only key reads, and every write or trade is 403 naming the scope, recording nothing', async () => {
    const user = await userWithKey(app, { scopes: ['read'] });
    assert.equal((await app.get('/api/v1/wallets', user.key)).status, 200);
    const to = randomAddress();
    const idem = randomUUID();
    await refusal(await send(user.key, { to, amount: '1000' }, idem), /does not have the write scope/);
    await refusal(
      await write(
        app,
        '/token/approve',
        { chain: 'evm-localnet', token, spender: to, amount: '1' },
        user.key,
      ),
      /write scope/,
    );
    await refusal(
      await write(app, '/contracts/send', { chain: 'evm-localnet', to, data: '0x' }, user.key),
      /write scope/,
    );
    await refusal(
      await app.post(
        '/api/v1/trade/quote',
        { chain: 'evm-localnet', fromToken: 'NATIVE', toToken: token, amount: '1000' },
        user.key,
      ),
      /does not have the trade scope/,
    );
    // Nothing was recorded under the Idempotency-Key: the user's full key can use it afresh.
    const res = await send(user.fullKey, { to, amount: '1000' }, idem);
    assert.equal(res.status, 200, await res.clone().text());
    assert.notEqual(res.headers.get('idempotent-replayed'), 'true');
    const self = await clientFor(app, user.key).getKeySelf();
    assert.deepEqual(self.scopes, ['read']);
  });

  test('a write key without trade may send but not quote; a trade-only key may not send', async () => {
    const writer = await userWithKey(app, { scopes: ['read', 'write'] });
    assert.equal((await send(writer.key, { to: randomAddress(), amount: '1' })).status, 200);
    await refusal(
      await app.post(
        '/api/v1/trade/quote',
        { chain: 'evm-localnet', fromToken: 'NATIVE', toToken: token, amount: '1000' },
        writer.key,
      ),
      /trade scope/,
    );
    const trader = await userWithKey(app, { scopes: ['trade'] });
    await refusal(await send(trader.key, { to: randomAddress(), amount: '1' }), /write scope/);
    await refusal(await app.get('/api/v1/wallets', trader.key), /read scope/);
    assert.equal(
      (await app.get('/api/v1/keys/self', trader.key)).status,
      200,
      'a key may always read itself',
    );
  });

  test('a key limited to some chains is refused on the others, reads included', async () => {
    const user = await userWithKey(app, { chains: ['evm-localnet'] });
    assert.equal((await app.get('/api/v1/wallets/balances?chain=evm-localnet', user.key)).status, 200);
    await refusal(
      await app.get('/api/v1/wallets/balances?chain=solana-localnet', user.key),
      /may not use chain solana-localnet \(allowed: evm-localnet\)/,
    );
    await refusal(
      await write(
        app,
        '/send',
        { chain: 'solana-localnet', to: '11111111111111111111111111111111', asset: 'native', amount: '1' },
        user.key,
      ),
      /may not use chain solana-localnet/,
    );
    // Listing wallets filters by chain type, not a chain: allowed.
    assert.equal((await app.get('/api/v1/wallets?chain=solana', user.key)).status, 200);
  });

  test('a send above the maximum per transaction is refused and nothing leaves the wallet', async () => {
    const user = await userWithKey(app, {
      limits: [{ chain: 'evm-localnet', asset: 'native', perTransaction: '1000000' }],
    });
    const to = randomAddress();
    await refusal(
      await send(user.key, { to, amount: '1000001' }),
      /Amount 1000001 exceeds this API key's maximum per transaction of 1000000 for native on evm-localnet/,
    );
    const ok = await send(user.key, { to, amount: '1000000' });
    assert.equal(ok.status, 200);
    const tx = await waitForFinal(app, (await ok.json()).id, user.key);
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(await ctx.evm.getBalance({ address: to }), 1_000_000n);
  });

  test('20 parallel sends at a daily cap move exactly the cap, and the key shows nothing left', async () => {
    const amount = 1_000_000_000n;
    const user = await userWithKey(app, {
      limits: [{ chain: 'evm-localnet', asset: 'native', perDay: (amount * 5n).toString() }],
    });
    const to = randomAddress();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => send(user.key, { to, amount: amount.toString() })),
    );
    const accepted = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 403);
    assert.equal(accepted.length, 5, `statuses: ${responses.map((r) => r.status).join(',')}`);
    assert.equal(refused.length, 15);
    const first = await refused[0]!.json();
    assert.match(first.error, /may still move in 24 hours for native on evm-localnet: 0 of 5000000000 left/);
    for (const r of accepted) {
      const tx = await waitForFinal(app, (await r.json()).id, user.key);
      assert.equal(tx.status, 'CONFIRMED');
    }
    assert.equal(await ctx.evm.getBalance({ address: to }), amount * 5n);
    const self = await (await app.get('/api/v1/keys/self', user.key)).json();
    assert.deepEqual(self.limits, [
      {
        chain: 'evm-localnet',
        asset: 'native',
        perTransaction: null,
        perDay: '5000000000',
        spentLast24h: '5000000000',
        remainingLast24h: '0',
      },
    ]);
    // Another key of the same user has limits of its own.
    assert.equal((await send(user.fullKey, { to, amount: amount.toString() })).status, 200);
  });

  test('a replay of a write that used up the daily limit answers its stored 200, paying nothing more', async () => {
    const user = await userWithKey(app, {
      limits: [{ chain: 'evm-localnet', asset: 'native', perDay: '3000' }],
    });
    const to = randomAddress();
    const idem = randomUUID();
    const first = await send(user.key, { to, amount: '3000' }, idem);
    const answer = await first.text();
    assert.equal(first.status, 200, answer);
    const tx = await waitForFinal(app, JSON.parse(answer).id, user.key);
    assert.equal(tx.status, 'CONFIRMED');
    await refusal(await send(user.key, { to, amount: '1' }), /0 of 3000 left/);
    const replay = await send(user.key, { to, amount: '3000' }, idem);
    assert.equal(replay.status, 200, 'a replay is not a new write: the limit does not apply to it');
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(await replay.text(), answer);
    assert.equal(await ctx.evm.getBalance({ address: to }), 3000n, 'paid once');
    const self = await (await app.get('/api/v1/keys/self', user.key)).json();
    assert.equal(self.limits[0].spentLast24h, '3000', 'the replay counted nothing');
  });

  test('a write that fails before anything is sent gives its amount back', async () => {
    const user = await userWithKey(
      app,
      { limits: [{ chain: 'evm-localnet', asset: 'native', perDay: '3000' }] },
      { eth: 0n },
    );
    const res = await send(user.key, { to: randomAddress(), amount: '3000' });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).code, 'INSUFFICIENT_FUNDS');
    const self = await (await app.get('/api/v1/keys/self', user.key)).json();
    assert.equal(self.limits[0].remainingLast24h, '3000');
    assert.equal(self.limits[0].spentLast24h, '0');
  });

  test('token limits count the token, per transaction and per day, apart from native', async () => {
    const user = await userWithKey(
      app,
      { limits: [{ chain: 'evm-localnet', asset: token, perTransaction: '500', perDay: '800' }] },
      { tokens: 10_000n, token },
    );
    const to = randomAddress();
    const erc20 = (amount: string) => send(user.key, { to, asset: 'erc20', token, amount });
    await refusal(await erc20('501'), /maximum per transaction of 500 for 0x[0-9a-f]{40} on evm-localnet/);
    assert.equal((await erc20('500')).status, 200);
    await refusal(await erc20('301'), /300 of 800 left/);
    assert.equal((await erc20('300')).status, 200);
    assert.equal((await send(user.key, { to, amount: '1000000' })).status, 200, 'native is not limited');
  });

  test('recipient and contract allowlists refuse other targets, approvals included', async () => {
    const allowed = randomAddress();
    const contract = randomAddress();
    const user = await userWithKey(app, {
      recipients: [allowed.toLowerCase()],
      contracts: [contract],
      limits: [{ chain: 'evm-localnet', asset: token, perTransaction: '1000' }],
    });
    const other = randomAddress();
    await refusal(await send(user.key, { to: other, amount: '1' }), /Recipient 0x[0-9a-fA-F]{40} is not on/);
    assert.equal(
      (await send(user.key, { to: allowed, amount: '1' })).status,
      200,
      'compared case-insensitively',
    );
    await refusal(
      await write(
        app,
        '/token/approve',
        { chain: 'evm-localnet', token, spender: other, amount: '1' },
        user.key,
      ),
      /Spender .* is not on this API key's recipient allowlist/,
    );
    await refusal(
      await write(
        app,
        '/token/approve',
        { chain: 'evm-localnet', token, spender: allowed, amount: '1001' },
        user.key,
      ),
      /Approval of 1001 exceeds/,
    );
    assert.equal(
      (
        await write(
          app,
          '/token/approve',
          { chain: 'evm-localnet', token, spender: allowed, amount: '1000' },
          user.key,
        )
      ).status,
      200,
    );
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [allowed] });
    await refusal(
      await write(app, '/contracts/send', { chain: 'evm-localnet', to: token, data }, user.key),
      /Contract 0x[0-9a-fA-F]{40} is not on this API key's contract allowlist/,
    );
  });

  test('keys made in the dashboard carry their scopes and limits, and the page shows what is left today', async () => {
    const user = await userWithKey(app, {});
    await app.services.users.setPassword(user.email, 'correct horse battery staple');
    const browser = new DashboardClient(app.url);
    assert.equal((await browser.signIn(user.email, 'correct horse battery staple')).status, 303);
    await browser.get('/dashboard/keys');
    const create = async (form: Record<string, string>) => {
      const res = await browser.post('/dashboard/keys', {
        _csrf: browser.csrf(),
        expires: 'never',
        policy_form: '1',
        ...form,
      });
      assert.equal(res.status, 303, browser.lastHtml.match(/id="create-error">([^<]*)/)?.[1]);
      await browser.get(res.headers.get('location')!);
      const key = /id="new-api-key"[^>]*value="([^"]+)"/.exec(browser.lastHtml)?.[1];
      assert.ok(key, 'the new key is shown once');
      return key;
    };
    const reader = await create({ name: 'reader', scope_read: '1', chains_mode: 'all' });
    await refusal(await send(reader, { to: randomAddress(), amount: '1' }), /does not have the write scope/);
    assert.equal((await (await app.get('/api/v1/keys/self', reader)).json()).allowUnlimitedApprovals, false);
    const trusting = await create({
      name: 'trusting',
      scope_read: '1',
      chains_mode: 'all',
      allow_unlimited_approvals: '1',
    });
    assert.equal((await (await app.get('/api/v1/keys/self', trusting)).json()).allowUnlimitedApprovals, true);
    const capped = await create({
      name: 'capped',
      scope_read: '1',
      scope_write: '1',
      chains_mode: 'some',
      'chain_evm-localnet': '1',
      limits: 'evm-localnet native - 5000',
    });
    assert.equal((await send(capped, { to: randomAddress(), amount: '2000' })).status, 200);
    await refusal(
      await app.get('/api/v1/wallets/balances?chain=solana-localnet', capped),
      /may not use chain solana-localnet/,
    );
    await browser.get('/dashboard/keys');
    assert.match(
      browser.lastHtml,
      /data-limit="evm-localnet:native">[\s\S]*?<strong class="remaining" data-raw="3000"><span class="amount" title="3000 base units">0\.000000000000003 ETH<\/span><\/strong> of <span class="amount" title="5000 base units">0\.000000000000005 ETH<\/span> left today/,
    );
    assert.match(browser.lastHtml, /data-policy="unlimited-approvals"/);
    // A bad limit line is refused with a message for people, and no key is made.
    const before = (await app.services.apiKeys.list(user.userId)).length;
    const bad = await browser.post('/dashboard/keys', {
      _csrf: browser.csrf(),
      name: 'bad',
      expires: 'never',
      policy_form: '1',
      scope_write: '1',
      chains_mode: 'all',
      limits: 'evm-localnet native 1.5 -',
    });
    assert.equal(bad.status, 400);
    assert.match(browser.lastHtml, /limits\[0\]\.perTransaction: must be a non-negative integer/);
    assert.equal((await app.services.apiKeys.list(user.userId)).length, before);
  });

  test('a policy that names an unknown chain, scope or a bad amount is refused at creation', async () => {
    const user = await app.newUser({ wallets: false });
    const create = (policy: KeyPolicyInput) =>
      app.services.apiKeys.create(user.userId, { name: 'x', policy });
    await assert.rejects(create({ scopes: ['admin'] }), /unknown scope "admin"/);
    await assert.rejects(create({ chains: ['nowhere'] }), /unknown chain "nowhere"/);
    await assert.rejects(
      create({ limits: [{ chain: 'evm-localnet', asset: 'native', perDay: '1.5' }] }),
      /limits\[0\]\.perDay: must be a non-negative integer/,
    );
    await assert.rejects(
      create({ limits: [{ chain: 'solana-localnet', asset: token, perDay: '1' }] }),
      /limits\[0\]\.asset: must be a Solana address/,
    );
    assert.equal((await app.services.apiKeys.list(user.userId)).length, 1, 'only the key newUser made');
  });
});

describe('a daily cap across two instances on one PostgreSQL database', () => {
  const instances = twoInstances();

  test('16 parallel sends split over both instances never exceed the cap', async () => {
    const { a, b } = instances;
    const user = await a.app.newUser();
    const from = (await walletOf(a.app, user.userId, 'ethereum')) as Address;
    await fund({ chain: 'evm-localnet', address: from, amount: parseEther('1') });
    const { key } = await a.app.services.apiKeys.create(user.userId, {
      name: 'capped',
      policy: { limits: [{ chain: 'evm-localnet', asset: 'native', perDay: '4000' }] },
    });
    const to = randomAddress();
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        write(
          i % 2 === 0 ? a.app : b,
          '/send',
          { chain: 'evm-localnet', to, asset: 'native', amount: '1000' },
          key,
        ),
      ),
    );
    assert.equal(responses.filter((r) => r.status === 200).length, 4);
    assert.equal(responses.filter((r) => r.status === 403).length, 12);
    for (const r of responses.filter((x) => x.status === 200))
      assert.equal((await waitForFinal(a.app, (await r.json()).id, key)).status, 'CONFIRMED');
    assert.equal(await a.evm.getBalance({ address: to }), 4000n);
  });
});
