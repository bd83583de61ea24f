// @needs devnet
// Three API instances and a worker on real PostgreSQL and Redis behind nginx (scripts/cluster.ts):
// limits, revocation, idempotency and nonces hold across instances, and the failure of a shared
// part (the bus, Redis, a worker, PostgreSQL) behaves as the README documents.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { type Address, createPublicClient, http, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { type Cluster, freePort, startCluster } from '../../scripts/cluster.ts';
import { KEY_CACHE_TTL_MS } from '../../src/app/api-keys.ts';
import type { Services } from '../../src/app/services.ts';
import { bootCli } from '../../src/boot/boot-cli.ts';
import { loadConfig } from '../../src/config/config.ts';
import { devnetDataDir, fund, useDevnet } from '../support/devnet.ts';
import { cli } from '../support/processes.ts';
import { type RpcProxy, startRpcProxy } from '../support/rpc-proxy.ts';
import { startTcpProxy } from '../support/tcp-proxy.ts';

const EVM = 'evm-localnet';
const WRITES = 25;
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('three instances and a worker behind nginx', { timeout: 600_000 }, () => {
  let cluster: Cluster;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let workerRpc: RpcProxy;
  let slowWorkerRpc = false;
  let operator: { services: Services; close(): Promise<void>; dir: string };
  /** The EVM chain itself: outcomes are checked there, not only in the service's rows. */
  let chain: PublicClient;
  const balance = (address: string) => chain.getBalance({ address: address as Address });
  const chainNonce = (address: string) =>
    chain.getTransactionCount({ address: address as Address, blockTag: 'latest' });

  before(async () => {
    const devnet = await useDevnet();
    chain = createPublicClient({ transport: http(devnet.evm.rpcUrl) }) as PublicClient;
    const redisPort = await freePort();
    // The third instance reaches Redis through a proxy the tests can blackhole.
    proxy = await startTcpProxy(redisPort);
    // The worker reaches the EVM node through a proxy that can slow it down (a batch then takes a while).
    workerRpc = await startRpcProxy(devnet.evm.rpcUrl, {
      beforeForward: async () => {
        if (slowWorkerRpc) await new Promise((r) => setTimeout(r, 300));
      },
    });
    cluster = await startCluster({
      devnet,
      devnetDataDir: await devnetDataDir(),
      redisPort,
      workerEnv: { RPC_URL_EVM_LOCALNET: workerRpc.url },
      redisUrlFor: (i, url) => (i === 2 ? `redis://127.0.0.1:${proxy.port}` : url),
      // The default 60 reads per minute; writes raised from 15 so one user can send 20 at once.
      env: { RATE_LIMIT_WRITE_PER_MINUTE: String(WRITES) },
    });
    // The operator: the same settings, in this process (what `wallet-api` does on PostgreSQL).
    const dir = mkdtempSync(join(tmpdir(), 'wallet-api-operator-'));
    const config = loadConfig({ ...cluster.env, DATA_DIR: dir, TRACKER: 'false' });
    const { services, close } = await bootCli(config);
    operator = { services, close, dir };
  });

  after(async () => {
    await operator?.close();
    if (operator) rmSync(operator.dir, { recursive: true, force: true });
    await cluster?.stop();
    await proxy?.close();
    await workerRpc?.close();
  });

  async function newUser(options: { funded?: boolean } = {}) {
    const { services } = operator;
    const user = await services.users.create({ email: `u-${randomUUID()}@example.test` });
    const wallet = await services.wallets.create(user.id, { chainType: 'ethereum' });
    const { key, apiKey } = await services.apiKeys.create(user.id, { name: 'cluster' });
    if (options.funded) await fund({ chain: EVM, address: wallet.address, amount: 10n ** 18n });
    return { userId: user.id, key, keyId: apiKey.id, address: wallet.address };
  }
  const get = (base: string, path: string, key: string) =>
    fetch(`${base}${path}`, { headers: { 'x-api-key': key } });
  const post = (base: string, path: string, body: unknown, key: string, idem = randomUUID()) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', 'idempotency-key': idem },
      body: JSON.stringify(body),
    });

  // nginx spreads the requests round robin: each instance sees a third of them, so only a limit
  // shared through Redis refuses the 61st read (with per-instance limits each would allow 60).
  test('the instances run the build, and the operator environment the cluster prints creates users and funds wallets on its development network', async () => {
    for (const { child } of cluster.instances) {
      const cmd = readFileSync(`/proc/${child.process.pid}/cmdline`, 'utf8').split('\0');
      assert.deepEqual(cmd.slice(1, 2), ['dist/main.js'], cmd.join(' '));
    }
    const created = cli(
      ['users', 'create', '--email', `op-${randomUUID()}@example.com`, '--json'],
      cluster.operatorEnv,
    );
    assert.equal(created.status, 0, created.stderr);
    const to = randomAddress();
    const funded = cli(
      ['devnet', 'fund', '--chain', EVM, '--address', to, '--amount', '1.5'],
      cluster.operatorEnv,
    );
    assert.equal(funded.status, 0, funded.stderr);
    const evm = createPublicClient({ transport: http((await useDevnet()).evm.rpcUrl) });
    assert.equal(await evm.getBalance({ address: to }), 1_500_000_000_000_000_000n);
  });

  test(`the 61st read and the ${WRITES + 1}th write of a user in a window get 429, whichever instances served them`, async () => {
    const user = await newUser();
    for (let i = 0; i < 60; i++)
      assert.equal((await get(cluster.url, '/api/v1/wallets', user.key)).status, 200);
    const read = await get(cluster.url, '/api/v1/wallets', user.key);
    assert.equal(read.status, 429);
    assert.equal((await read.json()).code, 'RATE_LIMITED');
    for (let i = 0; i < WRITES; i++) {
      // An invalid body still counts: the limit is taken before validation (DESIGN A4).
      const res = await post(cluster.url, '/api/v1/send', { chain: EVM }, user.key);
      assert.equal(res.status, 400);
    }
    assert.equal((await post(cluster.url, '/api/v1/send', { chain: EVM }, user.key)).status, 429);
  });

  /** Polls until `check` holds, up to `ms` (a documented bound, not a performance assertion). */
  async function within(ms: number, check: () => Promise<boolean>, what: string) {
    const deadline = Date.now() + ms;
    for (;;) {
      if (await check()) return Date.now();
      if (Date.now() > deadline) assert.fail(`${what} not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const everyInstanceRefuses = (key: string) => async () => {
    const statuses = await Promise.all(
      cluster.instances.map(async (i) => (await get(i.url, '/api/v1/wallets', key)).status),
    );
    return statuses.every((s) => s === 401);
  };
  async function warmed(user: { key: string }) {
    for (const i of cluster.instances)
      assert.equal((await get(i.url, '/api/v1/wallets', user.key)).status, 200);
  }

  test('a key revoked through one instance is refused on the next request by every other', async () => {
    const user = await newUser();
    await warmed(user);
    await operator.services.apiKeys.revoke(user.keyId, null);
    // The bus delivers within milliseconds; the next request anywhere is refused.
    await within(1_000, everyInstanceRefuses(user.key), 'revocation on every instance');
  });

  test('revocation still reaches every instance after the bus connections are killed (CLIENT KILL)', async () => {
    const admin = new Redis(cluster.redis.url);
    try {
      const killed = await admin.client('KILL', 'TYPE', 'pubsub');
      assert.ok(Number(killed) >= cluster.instances.length, `killed ${killed} subscriber connections`);
      const user = await newUser();
      await warmed(user);
      await operator.services.apiKeys.revoke(user.keyId, null);
      await within(KEY_CACHE_TTL_MS, everyInstanceRefuses(user.key), 'revocation after CLIENT KILL');
    } finally {
      admin.disconnect();
    }
  });

  test('revocation reaches an instance whose bus is silently blackholed, within the stated bound', async () => {
    const user = await newUser();
    await warmed(user);
    proxy.blackhole();
    try {
      await operator.services.apiKeys.revoke(user.keyId, null);
      // The blackholed instance misses the message; its heartbeat or the cache TTL catches up.
      await within(KEY_CACHE_TTL_MS + 1_000, everyInstanceRefuses(user.key), 'revocation while blackholed');
      // Reads there keep working on per-instance limits; writes are refused (limits unenforceable).
      const other = await newUser();
      const blackholed = cluster.instances[2]?.url ?? '';
      assert.equal((await get(blackholed, '/api/v1/wallets', other.key)).status, 200);
      const write = await post(
        blackholed,
        '/api/v1/send',
        { chain: EVM, to: randomAddress(), asset: 'native', amount: '1' },
        other.key,
      );
      assert.equal(write.status, 503);
      assert.equal((await write.json()).code, 'SERVICE_UNAVAILABLE');
    } finally {
      proxy.heal();
    }
    // Healed, it takes writes again within a few seconds: its heartbeat re-opened the Redis
    // connections the network forgot (an unfunded send answers 400 once its limits are enforceable).
    const other = await newUser();
    const blackholed = cluster.instances[2]?.url ?? '';
    await within(
      15_000,
      async () =>
        (
          await post(
            blackholed,
            '/api/v1/send',
            { chain: EVM, to: randomAddress(), asset: 'native', amount: '1' },
            other.key,
          )
        ).status !== 503,
      'writes on the instance after its bus healed',
    );
  });

  test('20 parallel requests with one Idempotency-Key spread over the instances produce one transaction', async () => {
    const user = await newUser({ funded: true });
    const idem = randomUUID();
    const body = { chain: EVM, to: randomAddress(), asset: 'native', amount: '1000' };
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(cluster.instances[i % 3]?.url ?? '', '/api/v1/send', body, user.key, idem),
      ),
    );
    const statuses = responses.map((r) => r.status);
    assert.ok(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(','),
    );
    assert.ok(statuses.includes(200));
    const ids = new Set(
      await Promise.all(responses.filter((r) => r.status === 200).map(async (r) => (await r.json()).id)),
    );
    assert.equal(ids.size, 1, 'every 200 names the same transaction');
    const pool = cluster.database();
    const { rows } = await pool.query('select count(*)::int as n from transactions where user_id = $1', [
      user.userId,
    ]);
    assert.equal(rows[0].n, 1);
    // On chain: the recipient paid once, one transaction of the wallet.
    await within(30_000, async () => (await balance(body.to)) === 1000n, 'the payment on chain');
    assert.equal(await balance(body.to), 1000n, 'paid exactly once');
    assert.equal(await chainNonce(user.address), 1);
  });

  test('20 parallel sends from one wallet over the instances get contiguous nonces, and the worker confirms them', async () => {
    const user = await newUser({ funded: true });
    const recipients = Array.from({ length: 20 }, () => randomAddress());
    const responses = await Promise.all(
      recipients.map((to) =>
        post(cluster.url, '/api/v1/send', { chain: EVM, to, asset: 'native', amount: '1000' }, user.key),
      ),
    );
    assert.deepEqual(
      responses.map((r) => r.status),
      Array(20).fill(200),
    );
    const pool = cluster.database();
    const { rows } = await pool.query<{ nonce: string }>(
      'select nonce from transactions where user_id = $1 order by nonce',
      [user.userId],
    );
    assert.deepEqual(
      rows.map((r) => Number(r.nonce)),
      Array.from({ length: 20 }, (_, i) => i),
    );
    await within(
      60_000,
      async () => {
        const { rows: left } = await pool.query(
          "select count(*)::int as n from transactions where user_id = $1 and status <> 'CONFIRMED'",
          [user.userId],
        );
        return left[0].n === 0;
      },
      'the worker confirming every send',
    );
    assert.equal(await chainNonce(user.address), 20, 'nonces 0-19 taken on chain, no gap, no more');
    for (const to of recipients) assert.equal(await balance(to), 1000n, `${to} paid once`);
  });

  test('a worker killed mid-batch loses no transaction: the next worker confirms them all', async () => {
    const pool = cluster.database();
    await cluster.killWorker();
    const user = await newUser({ funded: true });
    const ids: string[] = [];
    const recipients = Array.from({ length: 10 }, () => randomAddress());
    for (const to of recipients) {
      const res = await post(
        cluster.url,
        '/api/v1/send',
        { chain: EVM, to, asset: 'native', amount: '1000' },
        user.key,
      );
      assert.equal(res.status, 200);
      ids.push((await res.json()).id);
    }
    const count = async (where: string) =>
      (await pool.query(`select count(*)::int as n from transactions where id = any($1) and ${where}`, [ids]))
        .rows[0].n;
    await new Promise((r) => setTimeout(r, 1_500));
    assert.equal(await count("status = 'CONFIRMED'"), 0, 'API instances do not track (TRACKER=false)');
    // A worker starts on a slow node, claims its batch, and is killed while it holds it.
    slowWorkerRpc = true;
    cluster.startWorker();
    await within(
      30_000,
      // A claim pushes next_check_at out by the tracker's 30 s lease.
      async () => (await count("status = 'SUBMITTED' and next_check_at > now() + interval '20 seconds'")) > 0,
      'the worker claiming the batch',
    );
    await cluster.killWorker();
    cluster.startWorker();
    await within(
      90_000,
      async () => (await count("status = 'CONFIRMED'")) === ids.length,
      'every transaction confirmed after the worker was killed',
    );
    assert.equal(await chainNonce(user.address), 10, 'ten transactions on chain, none twice');
    for (const to of recipients) assert.equal(await balance(to), 1000n, `${to} paid once`);
  });

  test('Redis stopped mid-run: writes get 503, reads keep working; started again, writes work again', async () => {
    const user = await newUser({ funded: true });
    await cluster.redis.stop();
    try {
      const read = await get(cluster.url, '/api/v1/wallets', user.key);
      assert.equal(read.status, 200, 'reads fall back to per-instance limits');
      const write = await post(
        cluster.url,
        '/api/v1/send',
        { chain: EVM, to: randomAddress(), asset: 'native', amount: '1' },
        user.key,
      );
      assert.equal(write.status, 503);
      assert.equal((await write.json()).code, 'SERVICE_UNAVAILABLE');
    } finally {
      await cluster.redis.start();
    }
    await within(
      15_000,
      async () => {
        const res = await post(
          cluster.url,
          '/api/v1/send',
          { chain: EVM, to: randomAddress(), asset: 'native', amount: '1' },
          user.key,
        );
        return res.status === 200;
      },
      'writes after Redis is back',
    );
  });

  test('PostgreSQL down: 503 on what needs it and /readyz fails; back up, the instances recover', async () => {
    const user = await newUser();
    cluster.postgres.halt();
    try {
      // A key not cached yet needs the database.
      const res = await get(cluster.url, '/api/v1/wallets', `${user.key.slice(0, -4)}zzzz`);
      assert.equal(res.status, 503, await res.clone().text());
      assert.equal((await res.json()).code, 'SERVICE_UNAVAILABLE');
      for (const i of cluster.instances) assert.equal((await fetch(`${i.url}/readyz`)).status, 503);
    } finally {
      cluster.postgres.resume();
    }
    await within(
      20_000,
      async () => (await fetch(`${cluster.url}/readyz`)).status === 200,
      'readiness after PostgreSQL is back',
    );
    assert.equal((await get(cluster.url, '/api/v1/wallets', user.key)).status, 200);
  });
});
