// @needs devnet
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { startChainApp, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { type Receiver, startReceiver, verify } from '../support/webhook-receiver.ts';

describe('transaction events delivered to a webhook', () => {
  let chain: Awaited<ReturnType<typeof startChainApp>>;
  let receiver: Receiver;
  before(async () => {
    chain = await startChainApp();
    receiver = await startReceiver();
  });
  after(async () => {
    await chain?.app.stop();
    await receiver?.close();
  });

  test('a send produces created, submitted and confirmed, in order, signed, each with its own stable id', async () => {
    const { app } = chain;
    const user = await app.newUser();
    const from = await walletOf(app, user.userId, 'ethereum');
    await fund({ chain: 'evm-localnet', address: from, amount: parseEther('1') });
    const res = await app.post(
      '/api/v1/webhooks',
      { url: receiver.url, types: ['transaction.created', 'transaction.submitted', 'transaction.confirmed'] },
      user.key,
    );
    assert.equal(res.status, 201, await res.clone().text());
    const { secret } = await res.json();
    const to = privateKeyToAddress(generatePrivateKey());
    const sent = await write(
      app,
      '/send',
      { chain: 'evm-localnet', to, asset: 'native', amount: '1000' },
      user.key,
    );
    assert.equal(sent.status, 200, await sent.clone().text());
    const { id } = await sent.json();

    const got = await receiver.waitFor((r) => r.length >= 3, 60_000);
    const payloads = got.map((d) => {
      const p = verify(secret, d);
      assert.equal(p.id, d.id, 'webhook-id is the event id');
      return p;
    });
    assert.deepEqual(
      payloads.map((p) => p.type),
      ['transaction.created', 'transaction.submitted', 'transaction.confirmed'],
    );
    assert.deepEqual(
      payloads.map((p) => [p.data.id, p.data.status, p.data.previousStatus]),
      [
        [id, 'PENDING', null],
        [id, 'SUBMITTED', 'PENDING'],
        [id, 'CONFIRMED', 'SUBMITTED'],
      ],
    );
    assert.equal(new Set(payloads.map((p) => p.id)).size, 3, 'one id per event');
    assert.ok(
      payloads.every((p, i) => i === 0 || p.sequence > (payloads[i - 1]?.sequence ?? 0)),
      'sequence increases',
    );
    assert.equal(payloads[2]?.data.to, to);
    assert.equal(got.length, 3, 'nothing else was delivered (the types chosen)');
  });
});
