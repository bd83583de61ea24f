// @needs devnet
// The stored answers of GET /wallets/balances (app/balances/balance-answers.ts) are plain values
// in the Cache port: the response bytes under the wallet, includeZero and the token list as sent.
// The same reads work in process and with REDIS_URL (the bytes in Redis, served as they are), and
// a write from the wallet drops them there too.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { freePort, redisServer } from '../../scripts/cluster.ts';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { fund, useDevnet } from '../support/devnet.ts';
import { requireCommand } from '../support/system-needs.ts';
import { type CountingProxy, countingProxy } from './rpc-servers.ts';

const CHAIN = 'evm-localnet';

for (const where of ['in process', 'in Redis'] as const)
  describe(`Stored balance answers, ${where}`, () => {
    let redis: ReturnType<typeof redisServer> | undefined;
    let rpc: CountingProxy;
    let app: TestApp;
    before(async () => {
      const devnet = await useDevnet();
      rpc = await countingProxy(devnet.evm.rpcUrl);
      const env: Record<string, string> = { RATE_LIMIT_READ_PER_MINUTE: '100000' };
      if (where === 'in Redis') {
        requireCommand('redis-server', 'redis-server');
        redis = redisServer(await freePort());
        await redis.start();
        env.REDIS_URL = redis.url;
      }
      app = await startTestApp({ chains: createChainRegistry({}, { [CHAIN]: { rpcUrl: rpc.url } }), env });
    });
    after(async () => {
      await app?.stop();
      await rpc?.close();
      await redis?.stop();
    });

    test('a repeated read is the stored answer, byte for byte, with no upstream request; a write drops it', async () => {
      const devnet = await useDevnet();
      const { key, userId } = await app.newUser();
      const evm = (await app.services.wallets.listAll(userId)).find((w) => w.chainType === 'ethereum')!;
      const tusd = devnet.evm.testToken.address;
      await fund({ chain: CHAIN, address: evm.address, amount: 1000n });
      await fund({ chain: CHAIN, address: evm.address, amount: 10n, token: tusd });
      const path = `/api/v1/wallets/balances?chain=${CHAIN}&tokens=${tusd}`;
      const read = async (p = path) => {
        const res = await app.get(p, key);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
        return res.text();
      };

      rpc.reset();
      const first = await read();
      assert.ok(rpc.requests > 0);
      assert.deepEqual(
        (JSON.parse(first) as { balances: { raw: string }[] }).balances.map((b) => b.raw),
        ['1000', '10'],
      );
      if (redis) {
        // The answer itself is in Redis, as the bytes sent (readings are kept there as JSON).
        const client = new Redis(redis.url);
        try {
          const stored = await client.getBuffer(
            `wallet-api:cache:bal|${CHAIN}|${evm.address.toLowerCase()}|0|${tusd}`,
          );
          assert.equal(stored?.toString('utf8'), first);
        } finally {
          client.disconnect();
        }
      }
      rpc.reset();
      assert.equal(await read(), first);
      assert.equal(rpc.requests, 0, 'served stored');
      // The same list spelled otherwise is its own entry, of the same answer (the readings are cached).
      assert.equal(await read(path.replace(tusd, tusd.toLowerCase())), first);
      assert.equal(rpc.requests, 0);

      await fund({ chain: CHAIN, address: evm.address, amount: 5n });
      await app.services.balances.invalidate(CHAIN, evm.address);
      const after = JSON.parse(await read()) as { balances: { raw: string }[] };
      assert.ok(rpc.requests > 0, 'read again after the write');
      assert.deepEqual(
        after.balances.map((b) => b.raw),
        ['1005', '10'],
      );
    });

    test('a malformed token list is refused on every read, stored answers or not', async () => {
      const { key } = await app.newUser();
      for (let i = 0; i < 2; i++) {
        const res = await app.get(`/api/v1/wallets/balances?chain=${CHAIN}&tokens=0x1234`, key);
        assert.equal(res.status, 400);
        assert.equal(((await res.json()) as { code: string }).code, 'INVALID_INPUT');
      }
    });
  });
