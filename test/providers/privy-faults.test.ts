// @needs devnet
// Privy mode under provider faults: 5xx, 429, hangs, a signer key Privy no longer accepts, policy
// denials and SDK retries. Nothing is sent when Privy fails, the wallet is never jammed, and the
// SDK's retry of a signing request reuses its idempotency key so Privy signs once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createPublicClient, type Hex, http, parseTransaction, type TransactionSerializable } from 'viem';
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { waitForFinal, write } from '../support/chain-app.ts';
import { fund, useDevnet } from '../support/devnet.ts';
import { type FakePrivy, linkedPrivyUser, privyEnv, startFakePrivy } from '../support/privy.ts';
import { startTradingApp } from '../trading/trading-app.ts';

const EVM = 'evm-localnet';
const RPC = /\/rpc$/;
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('Privy mode under provider faults', () => {
  let fake: FakePrivy;
  let app: TestApp;
  let evm: ReturnType<typeof createPublicClient>;
  before(async () => {
    const info = await useDevnet();
    evm = createPublicClient({ transport: http(info.evm.rpcUrl) });
    fake = await startFakePrivy();
    app = await startTradingApp(info, privyEnv(fake, { PRIVY_TIMEOUT_MS: '1000' }));
  });
  after(async () => {
    await app?.stop();
    await fake?.close();
  });

  async function fundedUser() {
    const user = await linkedPrivyUser(app, fake);
    await fund({ chain: EVM, address: user.evm, amount: 10n ** 18n });
    return user;
  }
  const send = (key: string, idempotencyKey?: string, to: string = randomAddress()) =>
    write(app, '/send', { chain: EVM, to, asset: 'native', amount: '1000' }, key, idempotencyKey);

  /** The wallet still works afterwards: the next send lands (no nonce was burnt or left pending). */
  async function stillWorks(user: { key: string; evm: string }) {
    const res = await send(user.key);
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal((await waitForFinal(app, (await res.json()).id, user.key)).status, 'CONFIRMED');
  }

  for (const [name, fault, times] of [
    ['answers 500', { respond: { status: 500, body: { error: 'Internal server error' } } }, 2],
    [
      'answers 429',
      { respond: { status: 429, body: { error: 'Too many requests' }, headers: { 'retry-after': '1' } } },
      2,
    ],
    ['hangs', { hang: true }, 2],
  ] as const) {
    test(`when Privy ${name} on signing, the write is 502 PROVIDER_RPC_ERROR, nothing is sent, and a new attempt lands`, async () => {
      const user = await fundedUser();
      const nonce = await evm.getTransactionCount({ address: user.evm as `0x${string}` });
      fake.fault({ path: RPC, times, ...fault });
      const idem = randomUUID();
      const to = randomAddress();
      const res = await send(user.key, idem, to);
      assert.equal(res.status, 502, await res.clone().text());
      const body = await res.json();
      assert.equal(body.code, 'PROVIDER_RPC_ERROR');
      assert.match(body.error, /Privy/);
      if (name === 'answers 429') assert.equal(res.headers.get('retry-after'), '1');
      fake.clearFaults();
      assert.equal(
        await evm.getTransactionCount({ address: user.evm as `0x${string}` }),
        nonce,
        'nothing sent',
      );
      // The key's outcome is settled: its replay says nothing was sent; a new key is a new attempt.
      const replay = await send(user.key, idem, to);
      assert.equal(replay.status, 409);
      assert.match((await replay.json()).error, /nothing was sent/);
      await stillWorks(user);
    });
  }

  // What Privy answers must be what was asked, signed by the wallet: a signer that returns anything
  // else (compromised, or a bug) is refused before anything is broadcast.
  for (const [name, tamper, reason] of [
    [
      'signed by another key',
      async (signed: string) => {
        const { r: _r, s: _s, v: _v, yParity: _y, ...fields } = parseTransaction(signed as Hex);
        return privateKeyToAccount(generatePrivateKey()).signTransaction(fields as TransactionSerializable);
      },
      /differs from the one asked for \(signed by 0x[0-9a-fA-F]{40}\)/,
    ],
    [
      'paying someone else',
      async (signed: string) => {
        const { r: _r, s: _s, v: _v, yParity: _y, ...fields } = parseTransaction(signed as Hex);
        return privateKeyToAccount(generatePrivateKey()).signTransaction({
          ...fields,
          to: randomAddress(),
        } as TransactionSerializable);
      },
      /differs from the one asked for \(other fields\)/,
    ],
    [
      'not a transaction',
      async () => '0xdeadbeef',
      /differs from the one asked for \(not a signed transaction\)/,
    ],
  ] as const)
    test(`a signed transaction from Privy ${name} is refused: 502, nothing sent, the wallet not jammed`, async () => {
      const user = await fundedUser();
      const nonce = await evm.getTransactionCount({ address: user.evm as `0x${string}` });
      fake.fault({ path: RPC, tamper });
      const to = randomAddress();
      const res = await send(user.key, randomUUID(), to);
      fake.clearFaults();
      assert.equal(res.status, 502, await res.clone().text());
      const body = await res.json();
      assert.equal(body.code, 'PROVIDER_RPC_ERROR');
      assert.match(body.error, reason);
      assert.match(body.error, /nothing was sent/);
      assert.equal(
        await evm.getTransactionCount({ address: user.evm as `0x${string}` }),
        nonce,
        'nothing sent',
      );
      assert.equal(await evm.getBalance({ address: to }), 0n);
      await stillWorks(user);
    });

  test('a Privy answer lost after signing is retried by the SDK with the same idempotency key, and Privy signs once', async () => {
    const user = await fundedUser();
    const from = fake.requests.length;
    fake.fault({ path: RPC, failAfterHandling: 503 });
    const res = await send(user.key);
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal((await waitForFinal(app, (await res.json()).id, user.key)).status, 'CONFIRMED');
    const rpc = fake.requests.slice(from).filter((r) => RPC.test(r.path));
    assert.equal(rpc.length, 2, 'the SDK retried once');
    assert.ok(rpc[0]?.idempotencyKey, 'an idempotency key is sent');
    assert.equal(rpc[1]?.idempotencyKey, rpc[0]?.idempotencyKey, 'the retry reuses it');
    assert.deepEqual(
      rpc.map((r) => r.executed),
      [true, false],
      'the second answer came from Privy’s record',
    );
  });

  test('a signer key Privy does not accept is 503 SERVICE_UNAVAILABLE naming the setting, and nothing is sent', async () => {
    const user = await fundedUser();
    const rotated = fake.rotateSigner();
    try {
      const res = await send(user.key);
      assert.equal(res.status, 503);
      const body = await res.json();
      assert.equal(body.code, 'SERVICE_UNAVAILABLE');
      assert.match(body.error, /PRIVY_AUTHORIZATION_KEY/);
      assert.equal(await evm.getTransactionCount({ address: user.evm as `0x${string}` }), 0);
    } finally {
      rotated.restore();
    }
    await stillWorks(user);
  });

  test('a Privy policy denial is 403 FORBIDDEN naming the policy', async () => {
    const user = await fundedUser();
    fake.denyByPolicy(user.evm, ['pol_no_sends_after_hours']);
    const res = await send(user.key);
    assert.equal(res.status, 403);
    const body = await res.json();
    assert.equal(body.code, 'FORBIDDEN');
    assert.match(body.error, /pol_no_sends_after_hours/);
    fake.denyByPolicy(user.evm, []);
    await stillWorks(user);
  });

  test('listings keep working through a Privy outage with the last known wallets', async () => {
    const user = await fundedUser();
    await app.services.wallets.refresh(user.userId);
    fake.fault({ path: /\/v1\/users\//, times: 4, respond: { status: 502, body: { error: 'Bad gateway' } } });
    const fresh = await app.services.wallets.refresh(user.userId);
    assert.ok(
      fresh.some((w) => w.address === user.evm),
      'a forced refresh falls back to the mirror',
    );
    const res = await app.get('/api/v1/wallets', user.key);
    assert.equal(res.status, 200);
    const { wallets } = await res.json();
    assert.ok(wallets.some((w: { address: string }) => w.address === user.evm));
    fake.clearFaults();
  });
});
