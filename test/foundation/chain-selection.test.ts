// CHAINS chooses the chains in one line (issue 32 item 7): only they are offered, only they are
// probed by /readyz, and a chain that exists but is not enabled says so, with the chains that are.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';

describe('CHAINS', () => {
  let app: TestApp;
  let key: string;
  before(async () => {
    app = await startTestApp({
      env: {
        CHAINS: 'base,solana',
        // Nothing listens there: probes fail at once, and only these two may be probed.
        RPC_URL_BASE: 'http://127.0.0.1:9/v2/SECRETKEY',
        RPC_URL_SOLANA: 'http://127.0.0.1:9/',
      },
    });
    key = (await app.newUser()).key;
  });
  after(() => app?.stop());

  test('/readyz probes the enabled chains only, and GET /chains lists them only', async () => {
    const ready = await (await app.get('/readyz')).json();
    assert.deepEqual(Object.keys(ready.chains).sort(), ['base', 'solana']);
    assert.equal(ready.chains.base.reachable, false);
    const chains = await (await app.get('/api/v1/chains', key)).json();
    assert.deepEqual(chains.chains.map((c: { slug: string }) => c.slug).sort(), ['base', 'solana']);
  });

  test('a built-in chain that is not enabled reads differently from an unknown one, and both list the chains here', async () => {
    const disabled = await app.get('/api/v1/wallets/balances?chain=ethereum', key);
    assert.equal(disabled.status, 400);
    const body = await disabled.json();
    assert.equal(body.code, 'CHAIN_UNKNOWN');
    assert.equal(
      body.error,
      'Chain "ethereum" is not enabled on this service (the chains here: base, solana; the operator enables chains with CHAINS)',
    );
    const unknown = await (await app.get('/api/v1/wallets/balances?chain=bitcoin', key)).json();
    assert.equal(unknown.code, 'CHAIN_UNKNOWN');
    assert.equal(unknown.error, 'Unknown chain "bitcoin" (the chains here: base, solana)');
  });
});
