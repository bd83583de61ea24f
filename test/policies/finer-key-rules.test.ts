// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type Address, encodeFunctionData, erc20Abi, maxUint256 } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { KeyPolicyInput } from '../../src/app/key-policies.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';

const randomAddress = () => privateKeyToAddress(generatePrivateKey());

/** A 403 naming the rule; then the same Idempotency-Key works afresh for the full key: nothing was recorded. */
async function refusedRecordingNothing(
  app: TestApp,
  fullKey: string,
  path: string,
  body: unknown,
  key: string,
  pattern: RegExp,
) {
  const idem = randomUUID();
  const res = await write(app, path, body, key, idem);
  const json = await res.json();
  assert.equal(res.status, 403, JSON.stringify(json));
  assert.equal(json.code, 'FORBIDDEN');
  assert.match(json.error, pattern);
  const fresh = await write(app, path, body, fullKey, idem);
  assert.equal(fresh.status, 200, await fresh.clone().text());
  assert.notEqual(fresh.headers.get('idempotent-replayed'), 'true');
}

describe('finer API key rules: contract methods, maximum approvals, active hours', () => {
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

  async function userWithKey(policy: KeyPolicyInput) {
    const user = await app.newUser();
    const address = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await fund({ chain: 'evm-localnet', address, amount: 10n * 10n ** 18n });
    await fund({ chain: 'evm-localnet', address, amount: 1_000_000n, token });
    const { key } = await app.services.apiKeys.create(user.userId, { name: 'agent', policy });
    return { ...user, address, limited: key };
  }

  test("a contract's method allowlist lets its methods through and refuses others, naming the rule", async () => {
    const u = await userWithKey({
      contractMethods: [{ contract: token, methods: ['transfer(address,uint256)'] }],
    });
    const to = randomAddress();
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 10n] });
    const ok = await write(
      app,
      '/contracts/send',
      { chain: 'evm-localnet', to: token, data: transfer },
      u.limited,
    );
    assert.equal(ok.status, 200, await ok.clone().text());
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [to, 10n] });
    await refusedRecordingNothing(
      app,
      u.key,
      '/contracts/send',
      { chain: 'evm-localnet', to: token, data: approve },
      u.limited,
      /Method 0x095ea7b3 is not on this API key's method allowlist for contract .* \(allowed: 0xa9059cbb\)/,
    );
    const self = await (await app.get('/api/v1/keys/self', u.limited)).json();
    assert.deepEqual(self.contractMethods, [{ contract: token.toLowerCase(), selectors: ['0xa9059cbb'] }]);
  });

  test('a maximum approval holds for every way a write grants an allowance, and unlimited approvals are refused', async () => {
    const u = await userWithKey({ maxApprovals: [{ chain: 'evm-localnet', token, amount: '1000' }] });
    const spender = randomAddress();
    const within = await write(
      app,
      '/token/approve',
      { chain: 'evm-localnet', token, spender, amount: '1000' },
      u.limited,
    );
    assert.equal(within.status, 200, await within.clone().text());
    await refusedRecordingNothing(
      app,
      u.key,
      '/token/approve',
      { chain: 'evm-localnet', token, spender, amount: '1001' },
      u.limited,
      /Approval of 1001 exceeds this API key's maximum approval of 1000/,
    );
    // The same allowance through a contract call: its call data is decoded, and held to the rule.
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 5000n] });
    await refusedRecordingNothing(
      app,
      u.key,
      '/contracts/send',
      { chain: 'evm-localnet', to: token, data },
      u.limited,
      /Approval of 5000 exceeds this API key's maximum approval of 1000/,
    );
    await refusedRecordingNothing(
      app,
      u.key,
      '/token/approve',
      {
        chain: 'evm-localnet',
        token: ctx.info.evm.testToken.address,
        spender,
        amount: maxUint256.toString(),
      },
      u.limited,
      /An unlimited approval .*refuses unlimited ones/,
    );
    const self = await (await app.get('/api/v1/keys/self', u.limited)).json();
    assert.deepEqual(self.maxApprovals, [
      { chain: 'evm-localnet', token: token.toLowerCase(), amount: '1000' },
    ]);
  });

  test('active hours: a key writes inside them and is refused outside, naming them', async () => {
    const hour = new Date().getUTCHours();
    const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    // Two hours from now for an hour (never now), and from an hour ago for three (now, well inside).
    const outside = await userWithKey({ activeHours: `${hh(hour + 2)}-${hh(hour + 3)}` });
    const inside = await userWithKey({ activeHours: `${hh(hour + 23)}-${hh(hour + 2)}` });
    const body = { chain: 'evm-localnet', asset: 'native', to: randomAddress(), amount: '1000' };
    await refusedRecordingNothing(
      app,
      outside.key,
      '/send',
      body,
      outside.limited,
      new RegExp(`writes only during its active hours, ${hh(hour + 2)}-${hh(hour + 3)} UTC`),
    );
    const ok = await write(app, '/send', body, inside.limited);
    assert.equal(ok.status, 200, await ok.clone().text());
    const self = await (await app.get('/api/v1/keys/self', outside.limited)).json();
    assert.equal(self.activeHours, `${hh(hour + 2)}-${hh(hour + 3)}`);
  });

  test('key creation refuses malformed finer rules with 400 naming the field', async () => {
    const user = await app.newUser();
    const bad: [KeyPolicyInput, RegExp][] = [
      [{ activeHours: '8-20' }, /activeHours/],
      [
        { contractMethods: [{ contract: token, methods: ['not a method'] }] },
        /contractMethods\[0\]\.methods\[0\]/,
      ],
      [{ approvalFor: ['teleport'] }, /approvalFor\[0\]/],
      [{ maxApprovals: [{ chain: 'evm-localnet', token: 'nope', amount: '1' }] }, /maxApprovals\[0\]\.token/],
    ];
    for (const [policy, pattern] of bad)
      await assert.rejects(app.services.apiKeys.create(user.userId, { name: 'x', policy }), (err: Error) => {
        assert.match(err.message + JSON.stringify((err as { details?: unknown }).details ?? ''), pattern);
        return true;
      });
  });
});
