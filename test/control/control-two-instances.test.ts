// @needs devnet postgres
// Speed-up and cancel are idempotent per Idempotency-Key across two instances of the service on one
// PostgreSQL database (issue 29): concurrent requests with one key sign one replacement between them,
// and either instance replays the stored answer.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { walletOf } from '../support/chain-app.ts';
import { type PrivateEvm, startPrivateEvm } from '../support/private-chains.ts';
import { twoInstances } from '../support/two-instances.ts';
import { CONTROL_ENV, control, mineUntilFinal, pendingSend } from './control-support.ts';

describe('speed-up and cancel across two instances', () => {
  let evm: PrivateEvm;
  before(async () => {
    evm = await startPrivateEvm();
  });
  const instances = twoInstances(() => ({ evmRpcUrl: evm.url, env: CONTROL_ENV }));
  before(async () => {
    await evm.automine(false);
  });
  after(async () => {
    await evm.stop();
  });

  async function fundedUser() {
    const user = await instances.a.app.newUser();
    const wallet = (await walletOf(instances.a.app, user.userId, 'ethereum')) as Address;
    await evm.fund(wallet, 10n ** 19n);
    return user;
  }

  for (const action of ['speed-up', 'cancel'] as const)
    test(`one ${action} per key: concurrent requests on both instances sign one replacement, both replay it`, async () => {
      const { a, b } = instances;
      const user = await fundedUser();
      const to = privateKeyToAddress(generatePrivateKey());
      const sent = await pendingSend(a.app, user.key, to, 4000n);
      const key = randomUUID();
      const [first, second] = await Promise.all([
        control(a.app, sent.id, action, user.key, {}, key),
        control(b, sent.id, action, user.key, {}, key),
      ]);
      const statuses = [first.status, second.status].sort();
      // The other request either waited and replayed, or was told the key is in use (409, Retry-After).
      assert.ok(
        (statuses[0] === 200 && statuses[1] === 200) || (statuses[0] === 200 && statuses[1] === 409),
        `statuses ${statuses}`,
      );
      const winner = first.status === 200 ? first : second;
      const answer = await winner.text();
      for (const on of [a.app, b]) {
        const replay = await control(on, sent.id, action, user.key, {}, key);
        assert.equal(replay.status, 200);
        assert.equal(replay.headers.get('idempotent-replayed'), 'true');
        assert.equal(await replay.text(), answer);
      }
      const view = JSON.parse(answer);
      assert.equal(view.attempts.length, 2, 'one replacement between them');
      const tx = await mineUntilFinal(b, evm, sent.id, user.key);
      assert.equal(tx.attempts.length, 2);
      assert.equal(tx.hash, view.attempts[1]);
      assert.equal(tx.status, action === 'cancel' ? 'FAILED' : 'CONFIRMED', tx.error);
      assert.equal(await evm.client.getBalance({ address: to }), action === 'cancel' ? 0n : 4000n);
    });
});
