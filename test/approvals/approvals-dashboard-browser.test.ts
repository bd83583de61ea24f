// biome-ignore-all lint/performance/useDomNodeTextContent: these are Playwright locators, and innerText (the text as rendered) is what a user reads
// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { createPublicClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import type { UserId } from '../../src/domain/ids.ts';
import { ManualClock } from '../../src/support/clock.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { fund, useDevnet } from '../support/devnet.ts';

const PASSWORD = 'correct horse battery staple';

describe('the approvals inbox in a browser', () => {
  const clock = new ManualClock(new Date());
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let user: { userId: UserId; email: string };
  let agentKey: string;
  let evm: ReturnType<typeof createPublicClient>;

  const submit = async (target: Locator) => {
    const p = target.page();
    const navigated = p.waitForEvent('framenavigated', { predicate: (f) => f === p.mainFrame() });
    await target.click();
    await navigated;
    await p.waitForLoadState();
  };
  /** A send over the agent key's threshold: 202, waiting for the owner. */
  const waitingSend = async (to: string, amount: string) => {
    const res = await app.post(
      '/api/v1/send',
      { chain: 'evm-localnet', asset: 'native', to, amount },
      agentKey,
      { 'idempotency-key': randomUUID() },
    );
    assert.equal(res.status, 202, await res.clone().text());
    return (await res.json()) as { id: string; approval: { id: string; url: string } };
  };

  before(async () => {
    const devnet = await useDevnet();
    evm = createPublicClient({ transport: http(devnet.evm.rpcUrl) });
    const chains = createChainRegistry(
      {},
      {
        'evm-localnet': { rpcUrl: devnet.evm.rpcUrl },
        'solana-localnet': { rpcUrl: devnet.solana.rpcUrl },
      },
    );
    app = await startTestApp({ clock, chains });
    user = await app.newUser();
    await app.services.users.setPassword(user.email, PASSWORD);
    const [wallet] = await app.services.wallets.list(user.userId, { chain: 'ethereum', defaultOnly: true });
    await fund({ chain: 'evm-localnet', address: wallet?.address as string, amount: 10n ** 18n });
    agentKey = (
      await app.services.apiKeys.create(user.userId, {
        name: 'trading bot',
        policy: { approvalAbove: [{ chain: 'evm-localnet', asset: 'native', amount: '1000' }] },
      })
    ).key;
    browser = await launchBrowser();
    ({ page, problems } = await newContext(browser, 'desktop'));
  });

  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  test('the owner reviews, re-enters the password after 5 minutes, approves one write and denies another', async () => {
    const paid = privateKeyToAddress(generatePrivateKey());
    const unpaid = privateKeyToAddress(generatePrivateKey());
    const first = await waitingSend(paid, '5000');
    const second = await waitingSend(unpaid, '6000');

    // The approval's link from the 202 answer leads through sign-in back to its page.
    await page.goto(first.approval.url.replace(/^https?:\/\/[^/]+/, app.url));
    assert.equal(new URL(page.url()).pathname, '/dashboard/sign-in');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await submit(page.getByRole('button', { name: 'Sign in' }));
    assert.equal(new URL(page.url()).pathname, `/dashboard/approvals/${first.approval.id}`);

    // The inbox, linked from the navigation, lists both: what, to whom, how much, from which key.
    await submit(page.getByRole('navigation').getByRole('link', { name: 'Approvals' }));
    const rows = page.locator('#pending-approvals tbody tr');
    assert.equal(await rows.count(), 2);
    const row = page.locator(`tr[data-approval-id="${first.approval.id}"]`);
    const text = await row.innerText();
    assert.match(text, /send on/);
    assert.match(text, /trading bot/);
    assert.match(text, /above this API key's approval threshold of 1000/);
    assert.match((await row.locator('code').first().getAttribute('title')) ?? '', new RegExp(paid, 'i'));
    await screenshot(page, 'approvals-inbox');

    // Signed in just now: approving needs no password. Six minutes later it does.
    await submit(row.getByRole('link', { name: 'Review' }));
    assert.equal(await page.getByLabel('Your password').count(), 0);
    clock.advance(6 * 60_000);
    await page.reload();
    await page.getByLabel('Your password').fill('not my password at all');
    await submit(page.getByRole('button', { name: 'Approve and send' }));
    assert.match(
      await page.getByRole('alert').innerText(),
      /The password is incorrect; nothing was approved/,
    );
    assert.equal(await page.locator('#approval-status').innerText(), 'required');
    await page.getByLabel('Your password').fill(PASSWORD);
    await submit(page.getByRole('button', { name: 'Approve and send' }));
    assert.match(
      await page.getByRole('status').first().innerText(),
      /Approved: the write is being signed and sent/,
    );
    assert.equal(await page.locator('#approval-status').innerText(), 'approved');
    assert.match(await page.locator('#approval-details').innerText(), /the owner in the dashboard/);

    // The approved write reaches the chain once (the development chain mines it at once).
    for (let i = 0; i < 200 && (await evm.getBalance({ address: paid })) === 0n; i++)
      await new Promise((r) => setTimeout(r, 100));
    assert.equal(await evm.getBalance({ address: paid }), 5000n);

    // The other is denied with a reason (no password needed to refuse).
    await page.goto(`${app.url}/dashboard/approvals/${second.approval.id}`);
    await page.getByLabel('Reason (optional)').fill('too much for a test');
    await submit(page.getByRole('button', { name: 'Deny' }));
    assert.equal(await page.locator('#approval-status').innerText(), 'denied');
    const tx = await (await app.get(`/api/v1/tx/${second.id}`, agentKey)).json();
    assert.equal(tx.status, 'FAILED');
    assert.match(tx.error, /Denied by the owner in the dashboard .*: too much for a test/);
    assert.equal(await evm.getBalance({ address: unpaid }), 0n);

    // Deciding again is refused on the page, which keeps the decision.
    await page.goto(`${app.url}/dashboard/approvals`);
    assert.equal(await page.locator('#no-pending').count(), 1);
    assert.equal(await page.locator('#decided-approvals tbody tr').count(), 2);
    assert.deepEqual(problems, [], 'no script errors or Content-Security-Policy violations');
  });
});
