// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators; innerText is what a user reads
// @needs devnet
// The dashboard's transactions page with filters and pages, and a transaction's own page (issue 28).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import type { UserId } from '../../src/domain/ids.ts';
import { transactionsRepository } from '../../src/store/repositories/transactions-repository.ts';
import type { TestApp } from '../support/app.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startChainApp, waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { recordTransaction, walletRow } from './event-fixtures.ts';

const PASSWORD = 'correct horse battery staple';

describe('transactions in the dashboard (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let user: { userId: UserId; email: string; key: string };
  let sent: { id: string; hash: string };

  const submit = async (target: Locator) => {
    const p = target.page();
    const navigated = p.waitForEvent('framenavigated', { predicate: (f) => f === p.mainFrame() });
    await target.click();
    await navigated;
    await p.waitForLoadState();
  };

  before(async () => {
    app = (await startChainApp()).app;
    user = await app.newUser();
    await app.services.users.setPassword(user.email, PASSWORD);
    // One real send that lands, and 52 recorded older ones: more than a page.
    const wallet = await walletRow(app.db, user.userId, 'ethereum');
    for (let i = 0; i < 52; i++)
      await recordTransaction(
        app.db,
        { ...wallet, userId: user.userId },
        { createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)), status: 'FAILED', error: `old ${i}` },
      );
    const from = await walletOf(app, user.userId, 'ethereum');
    await fund({ chain: 'evm-localnet', address: from, amount: 10n ** 18n });
    const res = await write(
      app,
      '/send',
      {
        chain: 'evm-localnet',
        to: '0x000000000000000000000000000000000000dEaD',
        asset: 'native',
        amount: '1000',
      },
      user.key,
    );
    sent = (await res.json()) as { id: string; hash: string };
    assert.equal((await waitForFinal(app, sent.id, user.key)).status, 'CONFIRMED');
    browser = await launchBrowser();
    ({ page, problems } = await newContext(browser, 'desktop'));
    await page.goto(`${app.url}/dashboard/sign-in?next=/dashboard/transactions`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await submit(page.getByRole('button', { name: 'Sign in' }));
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  test('the list pages through every transaction, newest first, and filters by status', async () => {
    await page.goto(`${app.url}/dashboard/transactions`);
    const rows = page.locator('#transactions tbody tr');
    assert.equal(await rows.count(), 50);
    assert.equal(await rows.first().getAttribute('data-tx-id'), sent.id, 'the newest first');
    await submit(page.getByRole('link', { name: 'Older' }));
    assert.equal(await rows.count(), 3);
    assert.equal(await page.getByRole('link', { name: 'Older' }).count(), 0, 'the last page');
    assert.match(await rows.last().innerText(), /old 0/, 'the oldest last');
    await submit(page.getByRole('link', { name: 'Newest' }));
    assert.equal(await rows.count(), 50);

    await page.getByLabel('Status').selectOption('CONFIRMED');
    await page.getByLabel('Chain').selectOption('evm-localnet');
    await submit(page.getByRole('button', { name: 'Filter' }));
    assert.equal(new URL(page.url()).searchParams.get('status'), 'CONFIRMED');
    assert.equal(await rows.count(), 1);
    assert.equal(await rows.first().getAttribute('data-tx-id'), sent.id);
    assert.equal(await page.getByLabel('Status').inputValue(), 'CONFIRMED', 'the form keeps the filters');
    await screenshot(page, 'transactions-filtered');

    await page.getByLabel('From wallet').fill('not-an-address');
    await submit(page.getByRole('button', { name: 'Filter' }));
    assert.equal(await page.getByText('No transactions match these filters.').count(), 1);

    await page.goto(`${app.url}/dashboard/transactions?since=yesterday`);
    assert.match(await page.getByRole('alert').innerText(), /since: not an ISO 8601 time/);
  });

  test('a transaction’s page: what it moves, its attempts, what happened, and where actions will go', async () => {
    await page.goto(`${app.url}/dashboard/transactions?status=CONFIRMED`);
    await submit(page.getByRole('link', { name: `${sent.id} details` }));
    assert.equal(new URL(page.url()).pathname, `/dashboard/transactions/${sent.id}`);
    assert.match(await page.getByRole('heading', { level: 1 }).innerText(), new RegExp(sent.id));
    assert.match(await page.locator('#intent').innerText(), /ETH/);
    const attempts = page.locator('ol.attempts li');
    assert.equal(await attempts.count(), 1);
    assert.match(await attempts.first().innerText(), new RegExp(sent.hash));
    assert.deepEqual(
      await page
        .locator('#timeline tbody tr')
        .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-event-type'))),
      ['transaction.created', 'transaction.submitted', 'transaction.confirmed'],
    );
    assert.equal(await page.locator('#transaction-actions').count(), 1, 'the spot for speed-up and cancel');
    assert.equal(await page.locator('[data-auto-refresh]').count(), 0, 'final: no refreshing');
    await screenshot(page, 'transaction-detail');
    assert.deepEqual(problems, []);
  });

  test('a stuck transaction’s page says why, and refreshes while it can change', async () => {
    const wallet = await walletRow(app.db, user.userId, 'ethereum');
    const tx = await recordTransaction(app.db, { ...wallet, userId: user.userId });
    await transactionsRepository(app.db).transition(tx.id, ['PENDING'], {
      status: 'SUBMITTED',
      now: new Date(),
      nextCheckAt: new Date(Date.now() + 3600_000),
      hash: `0x${'cd'.repeat(32)}`,
      stuckReason: 'Waiting for the base fee to fall below the fee cap',
    });
    await page.goto(`${app.url}/dashboard/transactions/${tx.id}`);
    assert.equal(
      await page.locator('#stuck-reason').innerText(),
      'Waiting for the base fee to fall below the fee cap',
    );
    assert.equal(await page.locator('[data-auto-refresh]').count(), 1);
    const types = await page
      .locator('#timeline tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-event-type')));
    assert.deepEqual(types, ['transaction.created', 'transaction.submitted', 'transaction.stuck']);
    // Another user's transaction, or none: not found.
    const res = await page.goto(`${app.url}/dashboard/transactions/tx_nope`);
    assert.equal(res?.status(), 404);
  });

  test('reads well on a phone: no sideways scrolling on the list or a transaction', async () => {
    const phone = await newContext(browser, 'phone');
    try {
      await phone.page.goto(`${app.url}/dashboard/sign-in`);
      await phone.page.getByLabel('Email').fill(user.email);
      await phone.page.getByLabel('Password').fill(PASSWORD);
      await submit(phone.page.getByRole('button', { name: 'Sign in' }));
      for (const path of ['/dashboard/transactions', `/dashboard/transactions/${sent.id}`]) {
        await phone.page.goto(`${app.url}${path}`);
        await screenshot(phone.page, `transactions-phone-${path.split('/').length}`);
        const overflow = await phone.page.evaluate<number>(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        );
        assert.ok(overflow <= 0, `${path}: ${overflow}px wider than the screen`);
      }
      assert.deepEqual(phone.problems, []);
    } finally {
      await phone.context.close();
    }
  });
});
