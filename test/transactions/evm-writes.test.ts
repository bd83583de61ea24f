// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { clientFor } from '../support/api-client.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { startRpcProxy } from '../support/rpc-proxy.ts';

const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('EVM writes on evm-localnet', () => {
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

  async function fundedUser(eth = 10n, tokens = 0n) {
    const user = await app.newUser();
    const address = await walletOf(app, user.userId, 'ethereum');
    if (eth > 0n) await fund({ chain: 'evm-localnet', address, amount: eth * 10n ** 18n });
    if (tokens > 0n) await fund({ chain: 'evm-localnet', address, amount: tokens, token });
    return { ...user, address: address as Address };
  }

  test('a native send is SUBMITTED, then CONFIRMED, and the recipient receives the value', async () => {
    const user = await fundedUser();
    const to = randomAddress();
    const client = clientFor(app, user.key);
    const { submission, replayed } = await client.send({
      chain: 'evm-localnet',
      to,
      asset: 'native',
      amount: '1500000000000000000',
    });
    assert.equal(replayed, false);
    assert.deepEqual(Object.keys(submission).sort(), ['chainName', 'explorerUrl', 'hash', 'id', 'status']);
    assert.equal(submission.status, 'SUBMITTED');
    assert.match(submission.id, /^tx_[0-9A-Z]{26}$/);
    assert.match(submission.hash ?? '', /^0x[0-9a-f]{64}$/);
    assert.equal(submission.explorerUrl, null, 'the local network has no explorer');
    const tx = await client.waitForTransaction(submission.id);
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(tx.hash, submission.hash);
    assert.equal(tx.to, to);
    assert.equal(tx.value, '1500000000000000000');
    assert.equal(tx.from, user.address);
    assert.equal(tx.kind, 'send');
    assert.equal(tx.error, null);
    assert.equal(tx.chainId, 31337);
    assert.equal(await ctx.evm.getBalance({ address: to }), 1_500_000_000_000_000_000n);
  });

  test('an ERC20 send moves the tokens; amounts may be 0x-hex', async () => {
    const user = await fundedUser(1n, 5_000_000n);
    const to = randomAddress();
    const client = clientFor(app, user.key);
    const { submission } = await client.send({
      chain: 'evm-localnet',
      to,
      asset: 'erc20',
      token,
      amount: '0x1e8480',
    });
    const tx = await client.waitForTransaction(submission.id);
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(tx.to, to, 'the Transaction shows the recipient');
    assert.equal(tx.value, '0');
    const held = await ctx.evm.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [to],
    });
    assert.equal(held, 2_000_000n);
  });

  test('an approval sets the allowance', async () => {
    const user = await fundedUser();
    const spender = randomAddress();
    const amount = (2n ** 256n - 1n).toString();
    const client = clientFor(app, user.key);
    const { submission } = await client.approve({ chain: 'evm-localnet', token, spender, amount });
    const tx = await client.waitForTransaction(submission.id);
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(tx.kind, 'approve');
    assert.equal(tx.to, token);
    const allowance = await ctx.evm.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [user.address, spender],
    });
    assert.equal(allowance, 2n ** 256n - 1n);
  });

  test('a contract call runs with its value', async () => {
    const user = await fundedUser(2n, 1_000_000n);
    const to = randomAddress();
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 250_000n] });
    const client = clientFor(app, user.key);
    const { submission } = await client.callContract({ chain: 'evm-localnet', to: token, data });
    const tx = await client.waitForTransaction(submission.id);
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(tx.kind, 'contract');
    assert.equal(
      await ctx.evm.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [to] }),
      250_000n,
    );
  });

  test('a call that reverts in simulation is refused before signing, and nothing is sent', async () => {
    const user = await fundedUser(1n, 10n);
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [randomAddress(), 11n],
    });
    const nonceBefore = await ctx.evm.getTransactionCount({ address: user.address });
    const res = await write(app, '/contracts/send', { chain: 'evm-localnet', to: token, data }, user.key);
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.code, 'INVALID_INPUT');
    assert.match(body.error, /would fail/);
    assert.equal(await ctx.evm.getTransactionCount({ address: user.address }), nonceBefore);
  });

  test('a call that reverts on chain after passing simulation reaches FAILED with an error', async () => {
    // A contract that accepts any call (STOP) is swapped for one that always reverts between the
    // service's simulation and its broadcast: the chain state moved, as it can on a live network.
    const target = randomAddress();
    const admin = { method: 'POST', headers: { 'content-type': 'application/json' } };
    const setCode = (code: Hex) =>
      fetch(ctx.info.evm.rpcUrl, {
        ...admin,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'hardhat_setCode', params: [target, code] }),
      });
    await setCode('0x00');
    const proxy = await startRpcProxy(ctx.info.evm.rpcUrl, {
      beforeForward: async (call) => {
        if (call.method === 'eth_sendRawTransaction') await setCode('0x60006000fd');
      },
    });
    const proxied = await startChainApp({ evmRpcUrl: proxy.url });
    try {
      const user = await proxied.app.newUser();
      await fund({
        chain: 'evm-localnet',
        address: await walletOf(proxied.app, user.userId, 'ethereum'),
        amount: parseEther('1'),
      });
      const res = await write(
        proxied.app,
        '/contracts/send',
        { chain: 'evm-localnet', to: target, data: '0x12345678' },
        user.key,
      );
      assert.equal(res.status, 200, await res.clone().text());
      const tx = await waitForFinal(proxied.app, (await res.json()).id, user.key);
      assert.equal(tx.status, 'FAILED');
      assert.match(tx.error, /reverted/i);
      assert.ok(tx.hash, 'a reverted transaction has its hash');
    } finally {
      await proxied.app.stop();
      await proxy.close();
    }
  });

  test('replays are byte-identical and marked; a changed body or another endpoint is a mismatch', async () => {
    const user = await fundedUser();
    const key = randomUUID();
    const body = { chain: 'evm-localnet', to: randomAddress(), asset: 'native', amount: '1000' };
    const first = await write(app, '/send', body, user.key, key);
    assert.equal(first.status, 200);
    const firstText = await first.text();
    assert.equal(first.headers.get('idempotent-replayed'), null);
    // Same body with keys in another order and the key in upper case: the same request.
    const reordered = { amount: '1000', asset: 'native', to: body.to, chain: 'evm-localnet' };
    const replay = await write(app, '/send', reordered, user.key, key.toUpperCase());
    assert.equal(replay.status, 200);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(await replay.text(), firstText);
    const changed = await write(app, '/send', { ...body, amount: '1001' }, user.key, key);
    assert.equal(changed.status, 409);
    assert.equal((await changed.json()).code, 'IDEMPOTENT_BODY_MISMATCH');
    // Keys are per user: another user may use the same key for their own request.
    const other = await fundedUser();
    const theirs = await write(app, '/send', body, other.key, key);
    assert.equal(theirs.status, 200);
    assert.notEqual((await theirs.json()).id, JSON.parse(firstText).id);
  });

  test('a key whose request failed cannot be reused', async () => {
    const user = await fundedUser(0n);
    const key = randomUUID();
    const body = { chain: 'evm-localnet', to: randomAddress(), asset: 'native', amount: '1' };
    const failed = await write(app, '/send', body, user.key, key);
    assert.equal(failed.status, 400);
    assert.equal((await failed.json()).code, 'INSUFFICIENT_FUNDS');
    const again = await write(app, '/send', body, user.key, key);
    assert.equal(again.status, 409);
    assert.equal((await again.json()).code, 'IDEMPOTENT_REPLAY');
  });

  test('20 parallel requests with one key produce exactly one on-chain transaction', async () => {
    const user = await fundedUser();
    const key = randomUUID();
    const body = { chain: 'evm-localnet', to: randomAddress(), asset: 'native', amount: '12345' };
    const nonceBefore = await ctx.evm.getTransactionCount({ address: user.address });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => write(app, '/send', body, user.key, key)),
    );
    const ok = responses.filter((r) => r.status === 200);
    const conflicts = responses.filter((r) => r.status === 409);
    assert.ok(ok.length >= 1, 'one executes');
    assert.equal(ok.length + conflicts.length, 20);
    for (const r of conflicts) assert.equal((await r.json()).code, 'IDEMPOTENT_REPLAY');
    const bodies = new Set(await Promise.all(ok.map((r) => r.text())));
    assert.equal(bodies.size, 1, 'every 200 is the same response');
    await waitForFinal(app, JSON.parse([...bodies][0]!).id, user.key);
    assert.equal(await ctx.evm.getTransactionCount({ address: user.address }), nonceBefore + 1);
    assert.equal(await ctx.evm.getBalance({ address: body.to as Address }), 12345n);
  });

  test('20 parallel sends from one wallet all confirm, with contiguous nonces', async () => {
    const user = await fundedUser();
    const start = await ctx.evm.getTransactionCount({ address: user.address });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        write(
          app,
          '/send',
          { chain: 'evm-localnet', to: randomAddress(), asset: 'native', amount: String(1000 + i) },
          user.key,
        ),
      ),
    );
    for (const r of responses) assert.equal(r.status, 200, await r.clone().text());
    const ids = await Promise.all(responses.map(async (r) => (await r.json()).id as string));
    const txs = await Promise.all(ids.map((id) => waitForFinal(app, id, user.key)));
    assert.ok(txs.every((t) => t.status === 'CONFIRMED'));
    const nonces = await Promise.all(
      txs.map(async (t) => (await ctx.evm.getTransaction({ hash: t.hash })).nonce),
    );
    assert.deepEqual(
      [...nonces].sort((a, b) => a - b),
      Array.from({ length: 20 }, (_, i) => start + i),
    );
  });

  test('checks before signing: funds, delegation, key, amounts, assets, ownership', async () => {
    const user = await fundedUser(1n);
    const to = randomAddress();
    const send = (body: Record<string, unknown>, headers?: Record<string, string>) =>
      app.post(
        '/api/v1/send',
        { chain: 'evm-localnet', to, asset: 'native', amount: '1', ...body },
        user.key,
        headers ?? { 'idempotency-key': randomUUID() },
      );
    const expect = async (res: Response, status: number, code: string, pattern?: RegExp) => {
      const body = await res.json();
      assert.equal(res.status, status, JSON.stringify(body));
      assert.equal(body.code, code);
      if (pattern) assert.match(body.error, pattern);
    };
    await expect(await send({ amount: parseEther('5').toString() }), 400, 'INSUFFICIENT_FUNDS', /holds/);
    await expect(await send({ asset: 'erc20', token, amount: '1' }), 400, 'INSUFFICIENT_FUNDS', /token/);
    await expect(await send({}, {}), 400, 'INVALID_INPUT', /Idempotency-Key/i);
    await expect(
      await send({}, { 'idempotency-key': 'not-a-uuid' }),
      400,
      'INVALID_INPUT',
      /Idempotency-Key/i,
    );
    await expect(await send({ amount: (2n ** 256n).toString() }), 400, 'INVALID_INPUT', /uint256/);
    // The largest amount there is: refused on the balance before any gas estimate, and the node lives on.
    await expect(await send({ amount: (2n ** 256n - 1n).toString() }), 400, 'INSUFFICIENT_FUNDS', /holds/);
    assert.ok((await ctx.evm.getBlockNumber()) > 0n);
    // A token address that is not a contract is the caller's mistake, for a send and for an approval.
    const notAContract = randomAddress();
    await expect(
      await send({ asset: 'erc20', token: notAContract }),
      400,
      'INVALID_INPUT',
      /not an ERC20 contract/,
    );
    await expect(
      await app.post(
        '/api/v1/token/approve',
        { chain: 'evm-localnet', token: notAContract, spender: to, amount: '1' },
        user.key,
        { 'idempotency-key': randomUUID() },
      ),
      400,
      'INVALID_INPUT',
      /not an ERC20 contract/,
    );
    // A contract that is not a token (Multicall3 answers no balanceOf).
    await expect(
      await send({ asset: 'erc20', token: ctx.info.evm.multicall3 }),
      400,
      'INVALID_INPUT',
      /not an ERC20 contract/,
    );
    await expect(await send({ amount: '-1' }), 400, 'INVALID_INPUT', /amount/);
    await expect(await send({ amount: '1.5' }), 400, 'INVALID_INPUT', /amount/);
    await expect(await send({ asset: 'spl', token }), 400, 'INVALID_INPUT', /asset/);
    await expect(await send({ token }), 400, 'INVALID_INPUT', /token/);
    await expect(await send({ asset: 'erc20' }), 400, 'INVALID_INPUT', /token/);
    await expect(await send({ to: 'not-an-address' }), 400, 'INVALID_INPUT', /to/);
    await expect(await send({ chain: 'bitcoin' }), 400, 'CHAIN_UNKNOWN', /bitcoin/);
    await expect(await send({ extra: 1 }), 400, 'INVALID_INPUT', /extra/);
    await expect(await send({ from: randomAddress() }), 404, 'WALLET_NOT_FOUND');
    const someoneElse = await fundedUser(0n);
    await expect(await send({ from: someoneElse.address }), 404, 'WALLET_NOT_FOUND');
    await app.services.wallets.setAutomation(user.address, false, user.userId);
    await expect(await send({}), 403, 'WALLET_NOT_DELEGATED', /Automation/);
    await expect(
      await app.post('/api/v1/send', '{"chain":', user.key, { 'idempotency-key': randomUUID() }),
      400,
      'INVALID_INPUT',
      /JSON/,
    );
    const wrongType = await fetch(`${app.url}/api/v1/send`, {
      method: 'POST',
      headers: { 'x-api-key': user.key, 'idempotency-key': randomUUID(), 'content-type': 'text/plain' },
      body: 'hello',
    });
    await expect(wrongType, 400, 'INVALID_INPUT', /Content-Type/);
  });

  test('approve and contract calls are EVM only', async () => {
    const user = await fundedUser(0n);
    const res = await write(
      app,
      '/token/approve',
      { chain: 'solana-localnet', token, spender: token, amount: '1' },
      user.key,
    );
    assert.equal(res.status, 400);
    assert.equal((await res.json()).code, 'CHAIN_UNKNOWN');
    const bad = await write(
      app,
      '/contracts/send',
      { chain: 'evm-localnet', to: token, data: '0x123' },
      user.key,
    );
    assert.equal(bad.status, 400);
    assert.match((await bad.json()).error, /even number of hex digits/);
  });

  test('another user’s transaction id is not found', async () => {
    const alice = await fundedUser();
    const bob = await fundedUser(0n);
    const res = await write(
      app,
      '/send',
      { chain: 'evm-localnet', to: randomAddress(), asset: 'native', amount: '1' },
      alice.key,
    );
    const { id } = await res.json();
    const lookup = await app.get(`/api/v1/tx/${id}`, bob.key);
    assert.equal(lookup.status, 404);
    assert.equal((await lookup.json()).code, 'NOT_FOUND');
    assert.equal((await app.get('/api/v1/tx/tx_nothing', alice.key)).status, 404);
  });
});
