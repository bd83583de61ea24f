// @needs devnet postgres
// An agent on /mcp whose write fails after its transaction may have been sent (issue 26, item 2):
// the derived Idempotency-Key is kept, in the database, so the agent's identical retry, even after
// the service restarted, replays the one transaction instead of paying again.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, waitForFinal, walletOf } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { type OwnPostgres, startOwnPostgres } from '../support/own-postgres.ts';

const CHAIN = 'evm-localnet';
const AMOUNT = 7_654_321n;

// biome-ignore lint/suspicious/noExplicitAny: tool results as the server shapes them
type Json = Record<string, any>;

async function agent(app: TestApp, key: string) {
  const client = new Client({ name: 'database-faults-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
      requestInit: { headers: { 'x-api-key': key } },
    }),
  );
  return {
    client,
    send: async (args: Json) =>
      (await client.callTool({ name: 'send', arguments: args })) as {
        isError?: boolean;
        structuredContent: Json;
      },
  };
}

describe('MCP writes while the database fails (PostgreSQL of its own)', () => {
  let pg: OwnPostgres;
  const apps: TestApp[] = [];
  const start = async () => {
    // The same secrets on every start: the database holds wallet keys and API keys made with them.
    const started = await startChainApp({
      database: pg.db,
      env: { IDEMPOTENCY_LEASE_MS: '1000', MASTER_KEY: 'a1'.repeat(32), API_KEY_SECRET: 'b2'.repeat(32) },
    });
    apps.push(started.app);
    return started;
  };

  before(async () => {
    pg = await startOwnPostgres();
  });
  after(async () => {
    for (const app of apps) await app.stop().catch(() => {});
    await pg?.stop();
  });

  test('a write that may have been sent keeps its derived key across a restart of the service: the identical retry pays once', async () => {
    const first = await start();
    const user = await first.app.newUser();
    const address = (await walletOf(first.app, user.userId, 'ethereum')) as Address;
    await fund({ chain: CHAIN, address, amount: 10n ** 18n });
    const to = privateKeyToAddress(generatePrivateKey());
    const args = { chain: CHAIN, to, asset: 'native', amount: AMOUNT.toString() };

    // The INSERT of the signed transaction commits, its answer is lost, and the database stays
    // out of reach while the service tries to read it back: nobody can tell whether it was sent.
    pg.proxy.dropAnswerAfter(
      (sql) => sql.includes('insert into transactions'),
      () => pg.proxy.cut(),
    );
    const before = await agent(first.app, user.key);
    const failed = await before.send(args);
    pg.proxy.heal();
    assert.equal(failed.isError, true, JSON.stringify(failed.structuredContent));
    assert.equal(
      failed.structuredContent.code,
      'SEND_OUTCOME_UNKNOWN',
      JSON.stringify(failed.structuredContent),
    );
    assert.equal(failed.structuredContent.sent, 'maybe');
    const derivedKey = failed.structuredContent.idempotencyKey;
    assert.match(derivedKey, /^[0-9a-f-]{36}$/);
    await before.client.close();

    // The service restarts (its memory is gone); the agent repeats the identical call.
    await first.app.stop();
    const second = await start();
    const after = await agent(second.app, user.key);
    let result = await after.send(args);
    const deadline = Date.now() + 30_000;
    while (result.isError) {
      assert.equal(result.structuredContent.idempotencyKey, derivedKey, 'the same derived key');
      assert.notEqual(result.structuredContent.sent, 'no', JSON.stringify(result.structuredContent));
      assert.ok(Date.now() < deadline, JSON.stringify(result.structuredContent));
      await new Promise((r) => setTimeout(r, 300));
      result = await after.send(args);
    }
    assert.equal(result.structuredContent.idempotencyKey, derivedKey);
    assert.equal(result.structuredContent.replayed, true, 'the answer of the first call');
    const again = await after.send(args);
    assert.equal(again.structuredContent.id, result.structuredContent.id, 'and so is every later one');
    await after.client.close();

    const tx = await waitForFinal(second.app, result.structuredContent.id, user.key);
    assert.equal(tx.status, 'CONFIRMED', JSON.stringify(tx));
    assert.equal(await second.evm.getBalance({ address: to }), AMOUNT, 'the recipient was paid exactly once');
  });
});
