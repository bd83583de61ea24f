// @needs devnet
// Speed-up and cancel from the dashboard's transaction page (issue 29 item 3): buttons that ask for a
// confirmation, a double submit that replays instead of replacing twice, refusals shown on the page.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { DashboardClient } from '../dashboard/dashboard-client.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf } from '../support/chain-app.ts';
import { type PrivateEvm, startPrivateEvm } from '../support/private-chains.ts';
import { CONTROL_ENV, mineUntilFinal, pendingSend } from './control-support.ts';

const ETH = 10n ** 18n;
const PASSWORD = 'correct horse battery staple';
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('speed-up and cancel from the dashboard', () => {
  let evm: PrivateEvm;
  let app: TestApp;
  before(async () => {
    evm = await startPrivateEvm();
    app = (await startChainApp({ evmRpcUrl: evm.url, env: CONTROL_ENV })).app;
    await evm.automine(false);
  });
  after(async () => {
    await app?.stop();
    await evm?.stop();
  });

  test('a confirmed click replaces the pending send once, a second click of the same form replays, a cancel ends it unpaid', async () => {
    const user = await app.newUser();
    await app.services.users.setPassword(user.email, PASSWORD);
    const wallet = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await evm.fund(wallet, 10n * ETH);
    const to = randomAddress();
    const sent = await pendingSend(app, user.key, to, 1000n);
    const page = `/dashboard/transactions/${sent.id}`;
    const attempts = async () =>
      ((await (await app.get(`/api/v1/tx/${sent.id}`, user.key)).json()) as { attempts: string[] }).attempts;

    const c = new DashboardClient(app.url);
    assert.equal((await c.signIn(user.email, PASSWORD)).status, 303);
    const html = await (await c.get(page)).text();
    assert.match(html, /action="\/dashboard\/transactions\/[^"]+\/speed-up"/);
    assert.match(html, /It is a race: the original may still be mined first/);
    const keyOf = (action: string) =>
      new RegExp(`${action}"[^>]*>[^]*?name="idempotency_key" value="([^"]+)"`).exec(html)?.[1] as string;
    const speedUpKey = keyOf('speed-up');
    const cancelKey = keyOf('cancel');
    assert.ok(speedUpKey && cancelKey && speedUpKey !== cancelKey);

    // Without the confirmation nothing is signed.
    const unconfirmed = await c.post(`${page}/speed-up`, { _csrf: c.csrf(), idempotency_key: speedUpKey });
    assert.equal(unconfirmed.status, 400);
    assert.match(await unconfirmed.text(), /Tick the box to confirm the speed-up; nothing was sent/);
    assert.equal((await attempts()).length, 1);

    const form = { _csrf: c.csrf(), idempotency_key: speedUpKey, confirm: 'yes' };
    const first = await c.post(`${page}/speed-up`, form);
    assert.equal(first.status, 303);
    assert.equal(first.headers.get('location'), `${page}?done=speed-up`);
    const again = await c.post(`${page}/speed-up`, form);
    assert.equal(again.status, 303, 'the same form submitted twice replays its answer');
    assert.equal((await attempts()).length, 2, 'one replacement for one form');
    const shown = await (await c.get(`${page}?done=speed-up`)).text();
    assert.match(shown, /A replacement with higher fees was signed and sent/);
    assert.match(shown, /sped up from the dashboard or the API/);

    const cancel = await c.post(`${page}/cancel`, {
      _csrf: c.csrf(),
      idempotency_key: cancelKey,
      confirm: 'yes',
    });
    assert.equal(cancel.status, 303);
    const final = await mineUntilFinal(app, evm, sent.id, user.key);
    assert.equal(final.status, 'FAILED');
    assert.match(final.error, /[Cc]ancel/);
    assert.equal(await evm.client.getBalance({ address: to as Address }), 0n, 'the recipient was never paid');

    // A final transaction has no buttons, and a late click is refused on the page.
    const done = await (await c.get(page)).text();
    assert.doesNotMatch(done, /\/speed-up"/);
    const late = await c.post(`${page}/speed-up`, {
      _csrf: c.csrf(),
      idempotency_key: crypto.randomUUID(),
      confirm: 'yes',
    });
    assert.equal(late.status, 409);
    assert.match(await late.text(), /already/i);
  });
});
