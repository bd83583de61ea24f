import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { deadPortUrl, garbageServer, silentServer, type TestServer } from './rpc-servers.ts';

// Each test also has a test timeout: a request that hangs fails it instead of the suite waiting.
const RPC_TIMEOUT_MS = 1_000;
const TEST_TIMEOUT = { timeout: 8_000 };

describe('Balances when the chain RPC fails', () => {
  const servers: TestServer[] = [];
  const apps: TestApp[] = [];
  after(async () => {
    await Promise.all([...apps.map((a) => a.stop()), ...servers.map((s) => s.close())]);
  });

  async function appWithRpc(url: string) {
    const app = await startTestApp({
      chains: createChainRegistry(
        {},
        { 'evm-localnet': { rpcUrl: url }, 'solana-localnet': { rpcUrl: url } },
      ),
      env: { RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS) },
    });
    apps.push(app);
    const { key } = await app.newUser();
    return { app, key };
  }

  async function expect502(app: TestApp, key: string) {
    for (const path of [
      '/api/v1/wallets/balances?chain=evm-localnet&tokens=0x62F7c731df45c714F07584135ad9E8B7Ae200f12',
      '/api/v1/wallets/balances?chain=solana-localnet',
      '/api/v1/wallets/balances?chain=solana-localnet&tokens=BDi2irNTinNFF912nQFpEvMuooLjF8gANVnbZkhxNMsa',
    ]) {
      const res = await app.get(path, key);
      const body = await res.json();
      assert.equal(res.status, 502, `${path}: ${JSON.stringify(body)}`);
      assert.equal(body.code, 'PROVIDER_RPC_ERROR');
      assert.match(body.error, /RPC endpoint/);
    }
  }

  let dead: { app: TestApp; key: string };
  let silent: { app: TestApp; key: string };
  let garbage: { app: TestApp; key: string };
  before(async () => {
    const silentRpc = await silentServer();
    const garbageRpc = await garbageServer();
    servers.push(silentRpc, garbageRpc);
    [dead, silent, garbage] = await Promise.all([
      appWithRpc(await deadPortUrl()),
      appWithRpc(silentRpc.url),
      appWithRpc(garbageRpc.url),
    ]);
  });

  test('an RPC on a dead port gives 502 PROVIDER_RPC_ERROR', TEST_TIMEOUT, async () => {
    await expect502(dead.app, dead.key);
  });

  test('an RPC that never answers gives 502 once the configured timeout passes', TEST_TIMEOUT, async () => {
    const res = await silent.app.get('/api/v1/wallets/balances?chain=evm-localnet', silent.key);
    const body = await res.json();
    assert.equal(res.status, 502);
    assert.match(body.error, /timed out/);
    await expect502(silent.app, silent.key);
  });

  test('an RPC that answers garbage gives 502, not 500', TEST_TIMEOUT, async () => {
    await expect502(garbage.app, garbage.key);
  });
});
