// @needs devnet
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fund } from '../support/devnet.ts';
import { find, type Harness, startHarness } from './harness.ts';

const CHAIN = 'evm-localnet';

describe('Balance cache', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('serves cached readings within their TTL and reads again after it: native 15 s, tokens 45 s', async () => {
    const user = await h.newUser();
    const tusd = h.devnet.evm.testToken.address;
    await fund({ chain: CHAIN, address: user.evm, amount: 1000n });
    await fund({ chain: CHAIN, address: user.evm, amount: 10n, token: tusd });
    const path = `/api/v1/wallets/balances?chain=${CHAIN}&tokens=${tusd}`;
    const first = await h.get(user, path);
    const readAt = h.clock.now().toISOString();
    assert.deepEqual(
      first.body.balances.map((b) => [b.raw, b.updatedAt]),
      [
        ['1000', readAt],
        ['10', readAt],
      ],
    );

    await fund({ chain: CHAIN, address: user.evm, amount: 1000n });
    await fund({ chain: CHAIN, address: user.evm, amount: 10n, token: tusd });
    h.evmRpc.reset();
    h.clock.advance(14_000);
    assert.deepEqual((await h.get(user, path)).body, first.body, 'within 15 s: the cached reading');
    assert.equal(h.evmRpc.requests, 0);

    h.clock.advance(2_000);
    const nativeExpired = await h.get(user, path);
    assert.equal(find(nativeExpired.body, 'native')?.raw, '2000');
    assert.equal(find(nativeExpired.body, 'native')?.updatedAt, h.clock.now().toISOString());
    assert.equal(find(nativeExpired.body, tusd)?.raw, '10', 'tokens are kept 45 s');
    assert.equal(find(nativeExpired.body, tusd)?.updatedAt, readAt, 'the time of the cached reading');
    assert.deepEqual(h.evmRpc.methods, [['eth_getBalance']], 'only the expired native balance is read');

    h.clock.advance(30_000);
    const tokenExpired = await h.get(user, path);
    assert.equal(find(tokenExpired.body, tusd)?.raw, '20');
    assert.equal(find(tokenExpired.body, tusd)?.updatedAt, h.clock.now().toISOString());
  });

  test('fresh=true reads the chain even within the TTL and refreshes the cache', async () => {
    const user = await h.newUser();
    await fund({ chain: CHAIN, address: user.evm, amount: 5n });
    const path = `/api/v1/wallets/balances?chain=${CHAIN}`;
    assert.equal(find((await h.get(user, path)).body, 'native')?.raw, '5');
    await fund({ chain: CHAIN, address: user.evm, amount: 5n });
    h.clock.advance(1_000);
    const fresh = await h.get(user, `${path}&fresh=true`);
    assert.equal(find(fresh.body, 'native')?.raw, '10');
    h.evmRpc.reset();
    assert.deepEqual((await h.get(user, path)).body, fresh.body, 'the fresh reading is now the cached one');
    assert.equal(h.evmRpc.requests, 0);
  });

  test("one wallet's write leaves the other wallets' cached balances alone", async () => {
    const [a, b] = [await h.newUser(), await h.newUser()];
    const path = `/api/v1/wallets/balances?chain=${CHAIN}&includeZero=true`;
    await h.get(a, path);
    await h.get(b, path);
    await h.app.services.balances.invalidate(CHAIN, a.evm);
    h.evmRpc.reset();
    await h.get(b, path);
    assert.equal(h.evmRpc.requests, 0, 'b is still cached');
    await h.get(a, path);
    assert.equal(h.evmRpc.requests, 1, 'a is read again');
  });
});
