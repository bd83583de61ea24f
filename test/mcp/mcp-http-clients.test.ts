// @needs devnet
// MCP clients as people configure them (README, "MCP for agents"): the SDK's Streamable HTTP client
// with `Authorization: Bearer <key>`, and the official MCP Inspector's CLI run through npx, which
// sends digit-only arguments as JSON numbers. And the REST API takes the same two headers.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { TOOLS } from '../../src/mcp/tools.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';

const ETH = 10n ** 18n;
const CHAIN = 'evm-localnet';
/** The Inspector the README names: 1.x runs on Node 20 (2.x needs Node 22) and sends headers. */
const INSPECTOR = '@modelcontextprotocol/inspector@1';
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

// biome-ignore lint/suspicious/noExplicitAny: tool results as the API shapes them
type Json = Record<string, any>;

/** `npx -y <INSPECTOR> --cli …` as the README shows it; resolves with its exit and output. */
function inspector(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['-y', INSPECTOR, '--cli', ...args], {
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // The first run downloads the Inspector from the npm registry into npx's cache.
      timeout: 240_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The JSON document the Inspector prints (after its banner, if any). */
function printed(out: string): Json {
  const start = out.indexOf('{');
  assert.ok(start >= 0, `no JSON in the Inspector's output: ${out}`);
  return JSON.parse(out.slice(start));
}

describe('MCP and REST clients that send the key as Authorization: Bearer', () => {
  let app: TestApp;
  let evm: PublicClient;
  let key: string;

  before(async () => {
    const started = await startChainApp();
    app = started.app;
    evm = started.evm;
    const user = await app.newUser();
    key = user.key;
    await fund({ chain: CHAIN, address: await walletOf(app, user.userId, 'ethereum'), amount: 10n * ETH });
  });
  after(async () => {
    await app?.stop();
  });

  test('REST: Authorization: Bearer works like x-api-key; another scheme or a wrong key is 401 naming both headers', async () => {
    const bearer = await fetch(`${app.url}/api/v1/wallets`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(bearer.status, 200, await bearer.clone().text());
    assert.equal((await bearer.json()).wallets.length, 2);
    const lowerCase = await fetch(`${app.url}/api/v1/keys/self`, {
      headers: { authorization: `bearer ${key}` },
    });
    assert.equal(lowerCase.status, 200, 'the scheme is case-insensitive (RFC 9110)');

    const basic = await fetch(`${app.url}/api/v1/wallets`, {
      headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
    });
    assert.equal(basic.status, 401);
    const body = await basic.json();
    assert.equal(body.code, 'UNAUTHORIZED');
    assert.match(body.error, /x-api-key header or as Authorization: Bearer/);

    const wrong = await fetch(`${app.url}/api/v1/wallets`, {
      headers: { authorization: `Bearer wak_abcd_${'x'.repeat(32)}` },
    });
    assert.equal(wrong.status, 401);
    assert.match((await wrong.json()).error, /Invalid API key/);

    const doc = await (await fetch(`${app.url}/api/v1/openapi.json`)).json();
    assert.deepEqual(doc.security, [{ apiKey: [] }, { bearer: [] }]);
    assert.equal(doc.components.securitySchemes.bearer.scheme, 'bearer');
    assert.equal(doc.components.securitySchemes.apiKey.name, 'x-api-key');
  });

  test('/mcp with a wrong bearer key is 401 in the error envelope before any MCP is spoken', async () => {
    const res = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer wak_abcd_${'x'.repeat(32)}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(res.status, 401);
    assert.equal((await res.json()).code, 'UNAUTHORIZED');
  });

  describe("the SDK's Streamable HTTP client with requestInit.headers.Authorization", () => {
    const client = new Client({ name: 'bearer-test', version: '1.0.0' });
    before(async () => {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${key}` } },
        }),
      );
    });
    after(() => client.close());
    const call = async (name: string, args: Json) => {
      const r = await client.callTool({ name, arguments: args });
      return { isError: r.isError === true, data: r.structuredContent as Json };
    };

    test('every tool description carries an example call', async () => {
      const { tools } = await client.listTools();
      assert.equal(tools.length, TOOLS.length);
      for (const t of tools) assert.match(t.description ?? '', new RegExp(`Example call: ${t.name} \\{`));
      const send = tools.find((t) => t.name === 'send');
      assert.match(send?.description ?? '', /"amount":"1000"/);
    });

    test('an amount given as a JSON number that is a safe integer is taken, and is the same call as its string', async () => {
      const to = randomAddress();
      const asNumber = await call('send', { chain: CHAIN, to, asset: 'native', amount: 4321 });
      assert.equal(asNumber.isError, false, JSON.stringify(asNumber.data));
      assert.equal(asNumber.data.status, 'SUBMITTED');
      const asString = await call('send', { chain: CHAIN, to, asset: 'native', amount: '4321' });
      assert.equal(asString.isError, false, JSON.stringify(asString.data));
      assert.equal(asString.data.id, asNumber.data.id, 'one derived key: a replay, not a second payment');
      assert.equal(asString.data.replayed, true);
      for (let i = 0; i < 200 && (await evm.getBalance({ address: to })) === 0n; i++)
        await new Promise((r) => setTimeout(r, 100));
      assert.equal(await evm.getBalance({ address: to }), 4321n);
    });

    test('a JSON number that is not an exact non-negative integer is refused, asking for a string, and nothing is sent', async () => {
      const to = randomAddress();
      for (const amount of [2 ** 53, 1e21, 1.5, -1]) {
        const r = await call('send', { chain: CHAIN, to, asset: 'native', amount });
        assert.equal(r.isError, true, `${amount}: ${JSON.stringify(r.data)}`);
        assert.equal(r.data.code, 'INVALID_INPUT');
        assert.match(r.data.error, /^amount: send it as a string of digits in base units/);
        assert.ok(r.data.error.includes(`JSON number ${amount} `), r.data.error);
      }
      const value = await call('call_contract', { chain: CHAIN, to, data: '0x', value: 0.5 });
      assert.equal(value.isError, true);
      assert.match(value.data.error, /^value: send it as a string of digits/);
      assert.equal(await evm.getBalance({ address: to }), 0n);
    });
  });

  test(`the MCP Inspector CLI (npx ${INSPECTOR}) lists the tools and sends with amount=1000 as the README shows`, {
    timeout: 300_000,
  }, async () => {
    const url = `${app.url}/mcp`;
    const header = `Authorization: Bearer ${key}`;
    const list = await inspector([url, '--transport', 'http', '--header', header, '--method', 'tools/list']);
    assert.equal(list.status, 0, `${list.stdout}\n${list.stderr}`);
    assert.deepEqual(
      printed(list.stdout)
        .tools.map((t: Json) => t.name)
        .sort(),
      TOOLS.map((t) => t.name).sort(),
    );

    const to = randomAddress();
    // --tool-arg amount=1000 reaches the server as the JSON number 1000.
    const send = await inspector([
      url,
      '--transport',
      'http',
      '--header',
      header,
      '--method',
      'tools/call',
      '--tool-name',
      'send',
      '--tool-arg',
      `chain=${CHAIN}`,
      `to=${to}`,
      'asset=native',
      'amount=1000',
    ]);
    assert.equal(send.status, 0, `${send.stdout}\n${send.stderr}`);
    const result = printed(send.stdout);
    assert.notEqual(result.isError, true, JSON.stringify(result));
    assert.equal(result.structuredContent.status, 'SUBMITTED');
    for (let i = 0; i < 200 && (await evm.getBalance({ address: to })) === 0n; i++)
      await new Promise((r) => setTimeout(r, 100));
    assert.equal(await evm.getBalance({ address: to }), 1000n);

    const noKey = await inspector([url, '--transport', 'http', '--method', 'tools/list']);
    assert.notEqual(noKey.status, 0, 'without the header the service refuses it');
  });
});
