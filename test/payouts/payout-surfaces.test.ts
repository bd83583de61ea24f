// @needs devnet
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
// This branch's client (node_modules/@wallet-api/client resolves to the main checkout's build).
import { createWalletApiClient } from '../../packages/client/src/index.ts';
import { DashboardClient } from '../dashboard/dashboard-client.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { cliAsync } from '../support/processes.ts';

const CHAIN = 'evm-localnet';
const randomAddress = () => privateKeyToAddress(generatePrivateKey());
// biome-ignore lint/suspicious/noExplicitAny: tool results as the API shapes them
type Json = Record<string, any>;

describe('payouts through the typed client, MCP and the CLI', () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  let user: { key: string; userId: string; email: string; address: Address };
  const dir = mkdtempSync(join(tmpdir(), 'wallet-api-payout-csv-'));
  before(async () => {
    ctx = await startChainApp();
    app = ctx.app;
    const created = await app.newUser();
    const address = (await walletOf(app, created.userId, 'ethereum')) as Address;
    await fund({ chain: CHAIN, address, amount: parseEther('5') });
    user = { ...created, address };
  });
  after(async () => {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const balance = (a: string) => ctx.evm.getBalance({ address: a as Address });

  test('the typed client creates a payout, replays it with the same key, and waits for it', async () => {
    const client = createWalletApiClient({ baseUrl: app.url, apiKey: user.key });
    const items = [
      { to: randomAddress(), amount: '101', reference: 'a' },
      { to: randomAddress(), amount: '102', reference: 'b' },
    ];
    const created = await client.createPayout({ chain: CHAIN, asset: 'native', items });
    assert.equal(created.payout.status, 'processing');
    assert.equal(created.replayed, false);
    const again = await client.createPayout(
      { chain: CHAIN, asset: 'native', items },
      { idempotencyKey: created.idempotencyKey },
    );
    assert.equal(again.replayed, true);
    assert.equal(again.payout.id, created.payout.id);
    const done = await client.waitForPayout(created.payout.id);
    assert.equal(done.status, 'completed');
    assert.deepEqual(
      done.items.map((i) => [i.reference, i.status]),
      [
        ['a', 'CONFIRMED'],
        ['b', 'CONFIRMED'],
      ],
    );
    assert.equal(await balance(items[1]?.to as string), 102n);
    const page = await client.listPayouts({ limit: 1 });
    assert.equal(page.payouts[0]?.id, created.payout.id);
  });

  test('MCP create_payout needs confirmItemCount equal to the item count; get_payout follows it', async () => {
    const mcp = new Client({ name: 'payout-agent', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
        requestInit: { headers: { 'x-api-key': user.key } },
      }),
    );
    try {
      const tools = (await mcp.listTools()).tools;
      const create = tools.find((t) => t.name === 'create_payout');
      assert.equal(create?.annotations?.destructiveHint, true);
      assert.ok(create?.inputSchema.required?.includes('confirmItemCount'));
      assert.equal(tools.find((t) => t.name === 'get_payout')?.annotations?.readOnlyHint, true);
      const items = [
        { to: randomAddress(), amount: '5' },
        { to: randomAddress(), amount: '6' },
        { to: randomAddress(), amount: '7' },
      ];
      const wrong = await mcp.callTool({
        name: 'create_payout',
        arguments: { chain: CHAIN, asset: 'native', items, confirmItemCount: 2 },
      });
      assert.equal(wrong.isError, true);
      assert.match(JSON.stringify(wrong.content), /confirmItemCount: must equal the number of items \(3\)/);
      const ok = await mcp.callTool({
        name: 'create_payout',
        arguments: { chain: CHAIN, asset: 'native', items, confirmItemCount: 3 },
      });
      assert.notEqual(ok.isError, true, JSON.stringify(ok.content));
      const { id } = ok.structuredContent as Json;
      let payout: Json = {};
      for (let i = 0; i < 300; i++) {
        payout = (await mcp.callTool({ name: 'get_payout', arguments: { id } })).structuredContent as Json;
        if (payout.status !== 'processing') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      assert.equal(payout.status, 'completed');
      for (const item of items) assert.equal(await balance(item.to), BigInt(item.amount));
    } finally {
      await mcp.close();
    }
  });

  test('wallet-api payouts create --csv pays every line and prints its progress', async () => {
    const rows = [randomAddress(), randomAddress(), randomAddress()];
    const file = join(dir, 'payout.csv');
    writeFileSync(
      file,
      `to,amount,reference\n${rows.map((to, i) => `${to},${300 + i},row-${i}`).join('\n')}\n`,
    );
    const r = await cliAsync(['payouts', 'create', '--csv', file, '--chain', CHAIN, '--asset', 'native'], {
      WALLET_API_URL: app.url,
      WALLET_API_KEY: user.key,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Paying 3 items/);
    assert.match(r.stdout, /completed: 3\/3 confirmed, 0 failed/);
    for (const [i, to] of rows.entries()) assert.equal(await balance(to), BigInt(300 + i));
  });

  test('wallet-api payouts create --atomic packs the lines into one Multicall3 transaction', async () => {
    const rows = [randomAddress(), randomAddress(), randomAddress()];
    const file = join(dir, 'atomic.csv');
    writeFileSync(file, `${rows.map((to, i) => `${to},${500 + i}`).join('\n')}\n`);
    const r = await cliAsync(
      ['payouts', 'create', '--csv', file, '--chain', CHAIN, '--asset', 'native', '--atomic'],
      { WALLET_API_URL: app.url, WALLET_API_KEY: user.key },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /completed: 3\/3 confirmed, 0 failed/);
    const [latest] = (await (await app.get('/api/v1/payouts?limit=1', user.key)).json()).payouts;
    const payout = await (await app.get(`/api/v1/payouts/${latest.id}`, user.key)).json();
    assert.equal(payout.totals.transactions, 1, 'one transaction carries the three lines');
    for (const [i, to] of rows.entries()) assert.equal(await balance(to), BigInt(500 + i));
  });

  test('the dashboard takes a CSV upload, shows the payout with each item, and refuses a bad line sending nothing', async () => {
    await app.services.users.setPassword(user.email as never, 'correct horse battery staple');
    const browser = new DashboardClient(app.url);
    assert.equal((await browser.signIn(user.email, 'correct horse battery staple')).status, 303);
    const list = await browser.get('/dashboard/payouts');
    assert.equal(list.status, 200);
    assert.match(browser.lastHtml, /aria-current="page">Payouts/);
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(browser.lastHtml)?.[1] ?? '';
    const bad = await browser.post('/dashboard/payouts', {
      _csrf: browser.csrf(),
      idempotencyKey: key,
      chain: CHAIN,
      asset: 'native',
      token: '',
      csv: `${randomAddress()},10\nnot-an-address,11\n`,
    });
    assert.equal(bad.status, 400);
    assert.match(browser.lastHtml, /Nothing was sent: items\[1\]\.to/);
    const rows = [randomAddress(), randomAddress()];
    const form = {
      _csrf: browser.csrf(),
      idempotencyKey: /name="idempotencyKey" value="([^"]+)"/.exec(browser.lastHtml)?.[1] ?? '',
      chain: CHAIN,
      asset: 'native',
      token: '',
      csv: `to,amount,reference\n${rows[0]},41,first\n${rows[1]},42,second\n`,
    };
    const ok = await browser.post('/dashboard/payouts', form);
    assert.equal(ok.status, 303);
    const location = ok.headers.get('location') ?? '';
    assert.match(location, /^\/dashboard\/payouts\/pay_/);
    // The same form sent again (a double click) is the same payout.
    assert.equal((await browser.post('/dashboard/payouts', form)).headers.get('location'), location);
    let html = '';
    for (let i = 0; i < 300; i++) {
      await browser.get(location);
      html = browser.lastHtml;
      if (!html.includes('data-auto-refresh')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.match(html, /badge-ok">completed</);
    assert.match(html, /2 of 2 confirmed/);
    assert.match(html, /second/);
    for (const [i, to] of rows.entries()) assert.equal(await balance(to), BigInt(41 + i));
  });
});
