// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createPublicClient, encodeFunctionData, erc20Abi, http, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { IdempotencyHeaders, SendBody } from '../../src/schemas/transactions.ts';
import type { TestApp } from '../support/app.ts';
import { walletOf } from '../support/chain-app.ts';
import { type DevnetInfo, fund, useDevnet } from '../support/devnet.ts';
import { cli, ROOT } from '../support/processes.ts';
import { startTradingApp } from '../trading/trading-app.ts';

const ETH = 10n ** 18n;
const CHAIN = 'evm-localnet';
const TOOL_NAMES = [
  'approve_token',
  'call_contract',
  'cancel_transaction',
  'create_payout',
  'get_balances',
  'get_payout',
  'get_quote',
  'get_transaction',
  'list_approvals',
  'list_chains',
  'list_transactions',
  'list_wallets',
  'send',
  'simulate',
  'speed_up_transaction',
  'swap',
  'wait_for_transaction',
];
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

// biome-ignore lint/suspicious/noExplicitAny: tool results as the API shapes them
type Json = Record<string, any>;

describe('MCP server for agents (Streamable HTTP at /mcp and wallet-api mcp on stdio)', () => {
  let app: TestApp;
  let info: DevnetInfo;
  let evm: PublicClient;
  let user: { key: string; address: string };

  before(async () => {
    info = await useDevnet();
    app = await startTradingApp(info);
    evm = createPublicClient({ transport: http(info.evm.rpcUrl) });
    const created = await app.newUser();
    const address = await walletOf(app, created.userId, 'ethereum');
    await fund({ chain: CHAIN, address, amount: 100n * ETH });
    await fund({ chain: CHAIN, address, amount: 10_000_000_000n, token: info.evm.testToken.address });
    user = { key: created.key, address };
  });
  after(async () => {
    await app?.stop();
  });

  test('/mcp without an API key, or with a wrong one, is 401 in the error envelope', async () => {
    for (const headers of [{} as Record<string, string>, { 'x-api-key': `wak_abcd_${'x'.repeat(32)}` }]) {
      const res = await fetch(`${app.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      assert.equal(res.status, 401);
      const body = await res.json();
      assert.equal(body.code, 'UNAUTHORIZED');
      assert.match(body.error, /API key/);
      assert.equal(body.requestId, res.headers.get('x-request-id'));
    }
    const get = await fetch(`${app.url}/mcp`, { headers: { 'x-api-key': user.key } });
    assert.equal(get.status, 405, 'stateless: no server-initiated stream');

    const init = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-api-key': user.key,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });
    assert.equal(init.status, 200);
    assert.match(init.headers.get('x-request-id') ?? '', /.+/, 'the request id, as on every response');
    assert.equal((await init.json()).result.serverInfo.name, 'wallet-api');
  });

  test('wallet-api mcp without WALLET_API_KEY exits non-zero with one clear line and nothing on stdout', () => {
    const r = cli(['mcp'], { WALLET_API_URL: app.url, WALLET_API_KEY: '' });
    assert.notEqual(r.status, 0);
    assert.equal(r.stdout, '');
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0] ?? '', /WALLET_API_KEY/);
  });

  const transports = {
    'Streamable HTTP': () =>
      new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
        requestInit: { headers: { 'x-api-key': user.key } },
      }),
    stdio: () =>
      new StdioClientTransport({
        command: process.execPath,
        args: ['bin/wallet-api.js', 'mcp'],
        cwd: ROOT,
        env: { WALLET_API_URL: app.url, WALLET_API_KEY: user.key },
        stderr: 'pipe',
      }),
  };

  for (const [via, transport] of Object.entries(transports)) {
    describe(`over ${via}`, () => {
      const client = new Client({ name: 'wallet-api-test', version: '1.0.0' });
      const protocolErrors: Error[] = [];
      let stderr = '';

      before(async () => {
        const t = transport();
        if (t instanceof StdioClientTransport)
          t.stderr?.on('data', (d) => {
            stderr += d;
          });
        client.onerror = (err) => protocolErrors.push(err);
        await client.connect(t);
      });
      after(async () => {
        await client.close();
        assert.deepEqual(protocolErrors, [], `only MCP on the wire; stderr: ${stderr}`);
      });

      const call = async (name: string, args: Json = {}) => {
        const r = await client.callTool({ name, arguments: args });
        return { isError: r.isError === true, data: r.structuredContent as Json, text: r.content };
      };
      const ok = async (name: string, args: Json = {}) => {
        const r = await call(name, args);
        assert.equal(r.isError, false, `${name}: ${JSON.stringify(r.data)} ${stderr}`);
        return r.data;
      };
      const untilFinal = async (id: string) => {
        const deadline = Date.now() + 60_000;
        for (;;) {
          const tx = await ok('get_transaction', { id });
          if (tx.status === 'CONFIRMED' || tx.status === 'FAILED') return tx;
          if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(tx)}`);
          await new Promise((r) => setTimeout(r, 150));
        }
      };

      test('lists the tools, their input schemas derived from the API’s, and their annotations', async () => {
        const { tools } = await client.listTools();
        assert.deepEqual(tools.map((t) => t.name).sort(), TOOL_NAMES);
        const send = tools.find((t) => t.name === 'send');
        const props = send?.inputSchema.properties as Json;
        assert.deepEqual(props.to, SendBody.properties.to, 'the API’s own field schema');
        assert.ok(
          props.amount.description.startsWith(String((SendBody.properties.amount as Json).description)),
        );
        assert.match(props.amount.description, /never a decimal like "1\.5"/);
        assert.equal(
          props.idempotencyKey.pattern,
          (IdempotencyHeaders.properties['Idempotency-Key'] as Json).pattern,
        );
        assert.match(props.idempotencyKey.description, /10 minutes/);
        assert.deepEqual(send?.inputSchema.required, ['chain', 'to', 'asset', 'amount']);
        assert.match(send?.description ?? '', /get_transaction/);
        assert.ok(!JSON.stringify(tools).includes('$ref') && !JSON.stringify(tools).includes('$id'));
        const balances = tools.find((t) => t.name === 'get_balances')?.inputSchema.properties as Json;
        assert.ok(balances.address && balances.fresh && balances.tokens);
        // What each tool does, as its annotations say: reads never write, writes and replacements may destroy.
        const hints = Object.fromEntries(
          tools.map((t) => [
            t.name,
            [
              t.annotations?.readOnlyHint,
              t.annotations?.destructiveHint,
              t.annotations?.idempotentHint,
              t.annotations?.openWorldHint,
            ],
          ]),
        );
        for (const read of ['list_wallets', 'get_balances', 'get_transaction', 'simulate'])
          assert.deepEqual(hints[read], [true, false, true, true], read);
        assert.deepEqual(hints.list_chains, [true, false, true, false], 'answers from configuration only');
        assert.deepEqual(hints.get_quote, [true, false, false, true], 'quotes move');
        for (const write of [
          'send',
          'approve_token',
          'call_contract',
          'swap',
          'speed_up_transaction',
          'cancel_transaction',
        ])
          assert.deepEqual(hints[write], [false, true, false, true], write);
        const simulate = tools.find((t) => t.name === 'simulate');
        assert.deepEqual(simulate?.inputSchema.required, ['kind', 'chain']);
        assert.equal(simulate?.inputSchema.properties?.idempotencyKey, undefined, 'a read takes no key');
      });

      test('simulate previews a send and changes nothing', async () => {
        const to = randomAddress();
        const sim = await ok('simulate', { kind: 'send', chain: CHAIN, to, asset: 'native', amount: 777 });
        assert.equal(sim.ok, true);
        assert.deepEqual(
          sim.balanceChanges.map((c: Json) => [c.address, c.delta]),
          [
            [user.address, '-777'],
            [to, '777'],
          ],
        );
      });

      test('reads: chains, wallets and balances as the API answers them', async () => {
        const { chains } = await ok('list_chains');
        assert.ok(chains.some((c: Json) => c.slug === CHAIN && c.tradingAvailable === true));
        const { wallets } = await ok('list_wallets', { chain: 'ethereum' });
        assert.deepEqual(
          wallets.map((w: Json) => w.address),
          [user.address],
        );
        const { balances } = await ok('get_balances', {
          chain: CHAIN,
          tokens: info.evm.testToken.address,
          fresh: true,
        });
        assert.ok(BigInt(balances[0].raw) > ETH, 'native first, in wei');
        assert.equal(balances[1].token, info.evm.testToken.address);
      });

      test('send: SUBMITTED, followed to CONFIRMED; repeated identically it is a replay, paid once', async () => {
        const to = randomAddress();
        const args = { chain: CHAIN, to, asset: 'native', amount: '12345' };
        const first = await ok('send', args);
        assert.equal(first.status, 'SUBMITTED');
        assert.match(first.id, /^tx_/);
        assert.match(first.idempotencyKey, /^[0-9a-f-]{36}$/);
        assert.equal(first.replayed, false);
        assert.ok('hash' in first && 'explorerUrl' in first);
        const tx = await untilFinal(first.id);
        assert.equal(tx.status, 'CONFIRMED', tx.error);
        assert.equal(tx.to, to);

        const again = await ok('send', { amount: '12345', asset: 'native', to, chain: CHAIN });
        assert.equal(again.id, first.id, 'the same transaction');
        assert.equal(again.replayed, true);
        assert.equal(again.idempotencyKey, first.idempotencyKey);
        assert.equal(await evm.getBalance({ address: to }), 12345n, 'one payment on chain');

        const other = await ok('send', { ...args, amount: '1' });
        assert.notEqual(other.id, first.id, 'other arguments are another payment');
      });

      test('refusals are error results carrying the API’s code, message and request id', async () => {
        const poorArgs = {
          chain: CHAIN,
          to: randomAddress(),
          asset: 'native',
          amount: String(10n ** 30n),
        };
        const poor = await call('send', poorArgs);
        assert.equal(poor.isError, true);
        assert.equal(poor.data.code, 'INSUFFICIENT_FUNDS');
        assert.match(poor.data.requestId, /.+/);
        assert.equal(poor.data.status, 400);
        const poorAgain = await call('send', poorArgs);
        assert.equal(
          poorAgain.data.code,
          'INSUFFICIENT_FUNDS',
          'a refused write is tried again, not a replay',
        );
        assert.notEqual(poorAgain.data.idempotencyKey, poor.data.idempotencyKey);

        const bad = await call('send', { chain: CHAIN, to: 'not-an-address', asset: 'native', amount: '1' });
        assert.equal(bad.isError, true);
        assert.equal(bad.data.code, 'INVALID_INPUT');
        assert.match(bad.data.error, /to/);

        const decimal = await call('send', {
          chain: CHAIN,
          to: randomAddress(),
          asset: 'native',
          amount: '1.5',
        });
        assert.equal(decimal.data.code, 'INVALID_INPUT');

        const unknown = await call('get_transaction', { id: 'tx_01ARZ3NDEKTSV4RRFFQ69G5FAV' });
        assert.equal(unknown.data.code, 'NOT_FOUND');
      });

      test('approve_token, get_quote, swap and call_contract run end to end', async () => {
        const tusd = info.evm.testToken.address;
        const quoted = await ok('get_quote', {
          chain: CHAIN,
          fromToken: tusd,
          toToken: 'NATIVE',
          amount: '1000000',
          from: user.address,
        });
        assert.ok(BigInt(quoted.quote.dstAmount) > 0n);
        const spender = quoted.quote.spender as string;
        assert.equal(spender, info.evm.swapRouter);

        const approval = await ok('approve_token', { chain: CHAIN, token: tusd, spender, amount: '1000000' });
        assert.equal((await untilFinal(approval.id)).status, 'CONFIRMED');

        const own = randomUUID();
        const swap = await ok('swap', {
          chain: CHAIN,
          fromToken: tusd,
          toToken: 'NATIVE',
          amount: '1000000',
          slippage: 1,
          idempotencyKey: own,
        });
        assert.equal(swap.idempotencyKey, own, 'a given key is used as is');
        assert.equal(swap.idempotencyKeyDerived, false);
        const swapped = await untilFinal(swap.id);
        assert.equal(swapped.status, 'CONFIRMED', swapped.error);
        assert.equal(swapped.kind, 'swap');

        const to = randomAddress();
        const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 4242n] });
        const contract = await ok('call_contract', { chain: CHAIN, to: tusd, data });
        const called = await untilFinal(contract.id);
        assert.equal(called.status, 'CONFIRMED', called.error);
        assert.equal(called.kind, 'contract');
        assert.equal(
          await evm.readContract({ address: tusd, abi: erc20Abi, functionName: 'balanceOf', args: [to] }),
          4242n,
        );
      });
    });
  }

  test('a read-only key reads through the tools, and every write or trade tool is refused 403 on both transports', async () => {
    const self = await (await app.get('/api/v1/keys/self', user.key)).json();
    assert.deepEqual(self.scopes, ['read', 'write', 'trade', 'webhooks']);
    const { userId } = await app.services.apiKeys.authenticate(user.key);
    const { key: readOnly } = await app.services.apiKeys.create(userId, {
      name: 'agent, read only',
      policy: { scopes: ['read'] },
    });
    const connections = {
      'Streamable HTTP': new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
        requestInit: { headers: { 'x-api-key': readOnly } },
      }),
      stdio: new StdioClientTransport({
        command: process.execPath,
        args: ['bin/wallet-api.js', 'mcp'],
        cwd: ROOT,
        env: { WALLET_API_URL: app.url, WALLET_API_KEY: readOnly },
        stderr: 'pipe',
      }),
    };
    const to = randomAddress();
    for (const [via, t] of Object.entries(connections)) {
      const client = new Client({ name: 'read-only-agent', version: '1.0.0' });
      await client.connect(t);
      try {
        const wallets = await client.callTool({ name: 'list_wallets', arguments: {} });
        assert.equal(wallets.isError, undefined, via);
        const refusals: [string, Json, RegExp][] = [
          ['send', { chain: CHAIN, to, asset: 'native', amount: '1' }, /write scope/],
          [
            'approve_token',
            { chain: CHAIN, token: info.evm.testToken.address, spender: to, amount: '1' },
            /write scope/,
          ],
          ['call_contract', { chain: CHAIN, to, data: '0x' }, /write scope/],
          [
            'get_quote',
            { chain: CHAIN, fromToken: 'NATIVE', toToken: info.evm.testToken.address, amount: '1' },
            /trade scope/,
          ],
          [
            'swap',
            { chain: CHAIN, fromToken: 'NATIVE', toToken: info.evm.testToken.address, amount: '1' },
            /trade scope/,
          ],
        ];
        for (const [name, args, why] of refusals) {
          const r = await client.callTool({ name, arguments: args });
          assert.equal(r.isError, true, `${via} ${name}`);
          const data = r.structuredContent as Json;
          assert.equal(data.code, 'FORBIDDEN', `${via} ${name}: ${JSON.stringify(data)}`);
          assert.match(data.error ?? data.message, why);
        }
      } finally {
        await client.close();
      }
    }
    assert.equal(await evm.getBalance({ address: to }), 0n, 'nothing was sent');
  });
});
