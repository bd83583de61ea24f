// @needs devnet
// Atomic payouts (issue 31, `"atomic": true`) from an agent: MCP's create_payout takes `atomic`
// (its input is generated from the PayoutBody schema), an atomic payout lands in one Multicall3
// transaction, and `atomic` with an ERC20 token is refused with the documented error, nothing sent.
// The typed client's createPayout carries `atomic` too (the same body).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
// This branch's client (node_modules/@wallet-api/client resolves to the main checkout's build).
import { createWalletApiClient } from '../../packages/client/src/index.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';

const CHAIN = 'evm-localnet';
const randomAddress = () => privateKeyToAddress(generatePrivateKey());
// biome-ignore lint/suspicious/noExplicitAny: tool results as the API shapes them
type Json = Record<string, any>;

describe('atomic payouts through MCP and the typed client', () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  let user: { key: string; address: Address };
  const mcp = new Client({ name: 'atomic-payout-agent', version: '1.0.0' });
  before(async () => {
    ctx = await startChainApp();
    app = ctx.app;
    const created = await app.newUser();
    const address = (await walletOf(app, created.userId, 'ethereum')) as Address;
    await fund({ chain: CHAIN, address, amount: parseEther('2') });
    user = { key: created.key, address };
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
        requestInit: { headers: { 'x-api-key': user.key } },
      }),
    );
  });
  after(async () => {
    await mcp.close();
    await app?.stop();
  });
  const nonce = () => ctx.evm.getTransactionCount({ address: user.address });
  const balance = (a: string) => ctx.evm.getBalance({ address: a as Address });

  test('create_payout with atomic: true lands every item in one transaction', async () => {
    const create = (await mcp.listTools()).tools.find((t) => t.name === 'create_payout');
    assert.equal((create?.inputSchema.properties?.atomic as Json | undefined)?.type, 'boolean');
    const items = Array.from({ length: 5 }, (_, i) => ({ to: randomAddress(), amount: String(700 + i) }));
    const before = await nonce();
    const created = await mcp.callTool({
      name: 'create_payout',
      arguments: { chain: CHAIN, asset: 'native', atomic: true, items, confirmItemCount: 5 },
    });
    assert.notEqual(created.isError, true, JSON.stringify(created.content));
    const { id } = created.structuredContent as Json;
    let payout: Json = {};
    for (let i = 0; i < 300; i++) {
      payout = (await mcp.callTool({ name: 'get_payout', arguments: { id } })).structuredContent as Json;
      if (payout.status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(payout.status, 'completed', JSON.stringify(payout.totals));
    assert.equal(payout.totals.transactions, 1);
    assert.equal(new Set(payout.items.map((i: Json) => i.transactionId)).size, 1, 'one shared transaction');
    for (const item of items) assert.equal(await balance(item.to), BigInt(item.amount));
    assert.equal(await nonce(), before + 1, 'the nonce moved by one');
  });

  test('create_payout with atomic and asset erc20 is refused with the documented error; nothing sent', async () => {
    const before = await nonce();
    const to = randomAddress();
    const refused = await mcp.callTool({
      name: 'create_payout',
      arguments: {
        chain: CHAIN,
        asset: 'erc20',
        token: ctx.info.evm.testToken.address,
        atomic: true,
        items: [{ to, amount: '1' }],
        confirmItemCount: 1,
      },
    });
    assert.equal(refused.isError, true);
    const body = refused.structuredContent as Json;
    assert.equal(body.code, 'INVALID_INPUT', JSON.stringify(body));
    assert.match(body.error, /^atomic: only for native payouts on EVM chains/);
    assert.deepEqual(body.details, [{ path: 'atomic', message: 'only with asset native on an EVM chain' }]);
    assert.equal(await nonce(), before);
    const { payouts } = await (await app.get('/api/v1/payouts', user.key)).json();
    assert.ok(
      payouts.every((p: Json) => p.asset === 'native'),
      'no token payout was recorded',
    );
  });

  test('the typed client passes atomic: three items, one transaction', async () => {
    const client = createWalletApiClient({ baseUrl: app.url, apiKey: user.key });
    const items = [randomAddress(), randomAddress(), randomAddress()].map((to, i) => ({
      to,
      amount: String(800 + i),
    }));
    const before = await nonce();
    const created = await client.createPayout({ chain: CHAIN, asset: 'native', atomic: true, items });
    const done = await client.waitForPayout(created.payout.id);
    assert.equal(done.status, 'completed');
    assert.equal(done.totals.transactions, 1);
    assert.equal(await nonce(), before + 1);
  });
});
