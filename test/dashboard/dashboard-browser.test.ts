// biome-ignore-all lint/performance/useDomNodeTextContent: these are Playwright locators, and innerText (the text as rendered) is what a user reads
// @needs devnet

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { asTransactionId, type UserId } from '../../src/domain/ids.ts';
import { transactionsRepository } from '../../src/store/repositories/transactions-repository.ts';
import { ManualClock } from '../../src/support/clock.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { fund, useDevnet } from '../support/devnet.ts';

const DAY = 24 * 3600 * 1000;
const PASSWORD = 'correct horse battery staple';
const KEY = /^wak_[A-Za-z0-9]{4}_[A-Za-z0-9]{32}$/;

describe('dashboard in a browser', () => {
  const clock = new ManualClock(new Date('2026-11-22T12:00:00Z'));
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let user: { userId: UserId; email: string };

  /** Clicks something that submits a form or follows a link, and waits for the new page. */
  const submit = async (target: Locator) => {
    const p = target.page();
    const navigated = p.waitForEvent('framenavigated', { predicate: (f) => f === p.mainFrame() });
    await target.click();
    await navigated;
    await p.waitForLoadState();
  };
  const signIn = async (p: Page, email: string, password: string) => {
    await p.goto(`${app.url}/dashboard/sign-in`);
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password').fill(password);
    await submit(p.getByRole('button', { name: 'Sign in' }));
  };
  const callApi = (key: string) => app.get('/api/v1/wallets', key);
  const row = (p: Page, text: string) => p.locator('tbody tr', { hasText: text });

  before(async () => {
    const devnet = await useDevnet();
    // The development network's RPC URLs, as `npm start` sets them: balances are real readings.
    const chains = createChainRegistry(
      {},
      {
        'evm-localnet': { rpcUrl: devnet.evm.rpcUrl },
        'solana-localnet': { rpcUrl: devnet.solana.rpcUrl },
      },
    );
    app = await startTestApp({ clock, chains });
    const created = await app.newUser();
    await app.services.users.setPassword(created.email, PASSWORD);
    user = created;
    const wallets = await app.services.wallets.list(user.userId);
    for (const w of wallets) {
      if (w.chainType === 'ethereum')
        await fund({ chain: 'evm-localnet', address: w.address, amount: 5n * 10n ** 18n });
      else await fund({ chain: 'solana-localnet', address: w.address, amount: 2n * 10n ** 9n });
    }
    browser = await launchBrowser();
    ({ context, page, problems } = await newContext(browser, 'desktop'));
  });

  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  test('a bad password is refused with a message that does not say which part was wrong', async () => {
    await page.goto(`${app.url}/dashboard`);
    assert.equal(
      new URL(page.url()).pathname,
      '/dashboard/sign-in',
      'signed-out visitors are sent to sign in',
    );
    await screenshot(page, 'sign-in');
    const refusal = page.waitForResponse((r) => r.request().method() === 'POST');
    await signIn(page, user.email, 'not the password at all');
    assert.equal((await refusal).status(), 401);
    assert.equal(await page.getByRole('alert').innerText(), 'Email or password is incorrect.');
    assert.equal(await page.getByLabel('Email').inputValue(), user.email, 'the email is kept');
    await screenshot(page, 'sign-in-refused');

    await signIn(page, 'nobody@example.test', PASSWORD);
    assert.equal(await page.getByRole('alert').innerText(), 'Email or password is incorrect.');
    assert.equal((await context.cookies()).filter((c) => c.name === 'wa_session').length, 0);
  });

  test('signs in with email and password into an HttpOnly, SameSite=Strict session', async () => {
    await signIn(page, user.email, PASSWORD);
    assert.equal(new URL(page.url()).pathname, '/dashboard/keys');
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'API keys');
    const session = (await context.cookies()).find((c) => c.name === 'wa_session');
    assert.ok(session, 'session cookie set');
    assert.equal(session.httpOnly, true);
    assert.equal(session.sameSite, 'Strict');
    assert.equal(session.secure, false, 'plain HTTP on loopback: not Secure');
    assert.match(await page.locator('.account').innerText(), new RegExp(user.email.replace('.', '\\.')));
    await screenshot(page, 'keys');
  });

  let createdKey = '';
  test('creates an API key shown once with a copy button and a warning; the API accepts it', async () => {
    await page.getByLabel('Name').fill('trading bot');
    await page.getByLabel('Expires').selectOption('30d');
    await submit(page.getByRole('button', { name: 'Create API key' }));
    const input = page.getByLabel('API key', { exact: true });
    createdKey = await input.inputValue();
    assert.match(createdKey, KEY);
    assert.match(await page.locator('#new-key-warning').innerText(), /will not be shown again/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    assert.equal(await page.evaluate<string>('navigator.clipboard.readText()'), createdKey);
    await screenshot(page, 'key-created');

    assert.equal((await callApi(createdKey)).status, 200);

    await page.goto(`${app.url}/dashboard/keys`);
    assert.ok(!(await page.content()).includes(createdKey), 'the key is not shown a second time');
    const listed = row(page, 'trading bot');
    assert.match(await listed.innerText(), new RegExp(`wak_${createdKey.slice(4, 8)}_…`));
    assert.match(await listed.innerText(), /Active/);
  });

  test('revoking asks for confirmation, and the API answers 401 on the next request', async () => {
    await submit(row(page, 'trading bot').getByRole('link', { name: 'Revoke API key trading bot' }));
    assert.match(await page.getByRole('heading', { level: 1 }).innerText(), /Revoke API key “trading bot”\?/);
    await screenshot(page, 'revoke-confirm');
    assert.equal((await callApi(createdKey)).status, 200, 'nothing is revoked before confirming');

    await submit(page.getByRole('button', { name: 'Revoke API key' }));
    assert.match(await page.getByRole('status').first().innerText(), /“trading bot”.*is revoked/);
    const res = await callApi(createdKey);
    assert.equal(res.status, 401);
    assert.equal((await res.json()).code, 'UNAUTHORIZED');
    const listed = await row(page, 'trading bot').innerText();
    assert.match(listed, /Revoked/, 'revoked keys stay listed');
    assert.doesNotMatch(listed, /Never used/, 'the call made with it shows as last used');
  });

  test('a state change without the CSRF token is refused and changes nothing', async () => {
    const before = (await app.services.apiKeys.list(user.userId)).length;
    const noToken = await page.request.post(`${app.url}/dashboard/keys`, {
      form: { name: 'sneaky', expires: 'never' },
      maxRedirects: 0,
    });
    assert.equal(noToken.status(), 403);
    assert.match(await noToken.text(), /nothing was changed/);
    const wrongToken = await page.request.post(`${app.url}/dashboard/keys`, {
      form: { _csrf: 'x'.repeat(43), name: 'sneaky', expires: 'never' },
      maxRedirects: 0,
    });
    assert.equal(wrongToken.status(), 403);
    // The same from a script in the page itself (same origin, session cookie attached).
    const fromPage = await page.evaluate(async () => {
      const res = await fetch('/dashboard/keys', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=sneaky&expires=never',
      });
      return res.status;
    });
    assert.equal(fromPage, 403);
    assert.equal((await app.services.apiKeys.list(user.userId)).length, before, 'no key was created');
  });

  test('works with the keyboard: skip link, then creating a key without a mouse', async () => {
    await page.goto(`${app.url}/dashboard/keys`);
    // Strings, not functions: these run in the page, and the tests compile without the DOM library.
    const focused = () =>
      page.evaluate<string>("document.activeElement?.id || document.activeElement?.textContent || ''");
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'Skip to main content');
    await page.keyboard.press('Enter');
    assert.equal(await focused(), 'main');
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'key-name');
    await page.keyboard.type('keyboard key');
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'key-expires');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByLabel('API key', { exact: true }).waitFor();
    const created = (await app.services.apiKeys.list(user.userId)).find((k) => k.name === 'keyboard key');
    assert.equal(created?.status, 'Expiring soon', 'ArrowDown picked 7 days');
  });

  test('the 10-active limit gives a clear message', async () => {
    const active = (await app.services.apiKeys.list(user.userId)).filter((k) =>
      ['Active', 'Expiring soon'].includes(k.status),
    ).length;
    for (let i = active; i < 10; i++) await app.services.apiKeys.create(user.userId, { name: `filler ${i}` });
    await page.goto(`${app.url}/dashboard/keys`);
    assert.match(await page.locator('#limit-notice').innerText(), /10 active API keys, the maximum/);
    await page.getByLabel('Name').fill('eleventh');
    await submit(page.getByRole('button', { name: 'Create API key' }));
    assert.match(await page.getByRole('alert').innerText(), /already has 10 active API keys.*Revoke one/);
    assert.equal(await page.getByLabel('Name').inputValue(), 'eleventh', 'the form keeps what was typed');
    assert.equal(await page.getByLabel('API key', { exact: true }).count(), 0);
  });

  test('wallets page shows the flags and native balances, and turns automation off and on', async () => {
    await page.goto(`${app.url}/dashboard/wallets`);
    const [evm, sol] = await app.services.wallets.list(user.userId);
    assert.ok(evm && sol);
    const evmRow = await row(page, evm.address).innerText();
    assert.match(evmRow, /Default/);
    assert.match(evmRow, /Enabled/);
    assert.match(evmRow, /5 ETH on EVM Localnet/, 'the development network is the default chain');
    assert.match(await row(page, sol.address).innerText(), /2 SOL on Solana Localnet/);
    assert.equal(await page.getByLabel('Balances on (ethereum)').inputValue(), 'evm-localnet');
    await screenshot(page, 'wallets');

    await submit(
      page.getByRole('button', { name: `Turn automation off for ethereum wallet ${evm.address}` }),
    );
    assert.match(await page.getByRole('status').first().innerText(), /Automation is now disabled/);
    assert.match(await row(page, evm.address).innerText(), /Disabled/);
    assert.equal((await app.services.wallets.list(user.userId))[0]?.automationEnabled, false);
    await submit(page.getByRole('button', { name: `Turn automation on for ethereum wallet ${evm.address}` }));
    assert.match(await row(page, evm.address).innerText(), /Enabled/);

    // Another chain, chosen with the picker: base has no RPC here, so the balance is unavailable.
    await page.getByLabel('Balances on (ethereum)').selectOption('base');
    await submit(page.getByRole('button', { name: 'Show balances' }));
    assert.match(await row(page, evm.address).innerText(), /unavailable/);
  });

  test('transactions page shows status, chain, hash and explorer link, and refreshes while one is pending', async () => {
    const records = await app.services.wallets.listAll(user.userId);
    const evm = records.find((w) => w.chainType === 'ethereum')!;
    const txs = transactionsRepository(app.db);
    const base = {
      userId: user.userId,
      walletId: evm.id,
      chainType: 'ethereum' as const,
      kind: 'send' as const,
      fromAddress: evm.address,
      toAddress: '0x000000000000000000000000000000000000dEaD',
      error: null,
      nonce: null,
      details: {},
      payload: {},
      stuckReason: null,
      landedBlock: null,
      landedBlockHash: null,
      attempts: [],
      nextCheckAt: null,
    };
    const at = (minutesAgo: number) => new Date(clock.now().getTime() - minutesAgo * 60_000);
    const confirmedHash = `0x${'ab'.repeat(32)}`;
    await txs.insert(
      {
        ...base,
        id: asTransactionId('tx_dashboard_confirmed'),
        chain: 'base',
        chainId: 8453,
        value: '1500000000000000000',
        status: 'CONFIRMED',
        hash: confirmedHash,
        createdAt: at(10),
        updatedAt: at(9),
      },
      null,
      null,
    );
    await txs.insert(
      {
        ...base,
        id: asTransactionId('tx_dashboard_failed'),
        chain: 'ethereum',
        chainId: 1,
        value: '0',
        status: 'FAILED',
        hash: null,
        error: 'insufficient funds for gas',
        createdAt: at(5),
        updatedAt: at(5),
      },
      null,
      null,
    );
    await txs.insert(
      {
        ...base,
        id: asTransactionId('tx_dashboard_pending'),
        chain: 'evm-localnet',
        chainId: 31337,
        value: '250000000000000000',
        status: 'SUBMITTED',
        hash: `0x${'cd'.repeat(32)}`,
        createdAt: at(1),
        updatedAt: at(1),
      },
      null,
      null,
    );
    await page.goto(`${app.url}/dashboard/transactions`);
    const confirmed = await row(page, 'Base').innerText();
    assert.match(confirmed, /CONFIRMED/);
    assert.match(confirmed, /1\.5 ETH/);
    const link = row(page, 'Base').getByRole('link', { name: /View on explorer/ });
    assert.equal(await link.getAttribute('href'), `https://basescan.org/tx/${confirmedHash}`);
    assert.match(await row(page, 'insufficient funds').innerText(), /FAILED/);
    assert.match(await row(page, 'EVM Localnet').innerText(), /SUBMITTED[\s\S]*no explorer/);
    const region = page.locator('#transactions-region');
    assert.equal(await region.getAttribute('data-auto-refresh'), '5');
    await screenshot(page, 'transactions');

    await txs.transition('tx_dashboard_pending', ['SUBMITTED'], {
      status: 'CONFIRMED',
      nextCheckAt: null,
      now: clock.now(),
    });
    // No reload: the page's script fetches the list again and swaps it in.
    await page
      .locator('tr[data-tx-id="tx_dashboard_pending"]')
      .getByText('CONFIRMED')
      .waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('#transactions-region').getAttribute('data-auto-refresh'), null);
    assert.equal(await page.locator('#refresh-announcer').innerText(), 'Every transaction is now final.');
  });

  test('every page reads well on a phone: no sideways scrolling', async () => {
    const phone = await newContext(browser, 'phone');
    try {
      await phone.page.goto(`${app.url}/dashboard/sign-in`);
      await screenshot(phone.page, 'sign-in-phone');
      await signIn(phone.page, user.email, PASSWORD);
      for (const name of ['keys', 'wallets', 'transactions']) {
        await phone.page.goto(`${app.url}/dashboard/${name}`);
        const overflow = await phone.page.evaluate<number>(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        );
        assert.ok(overflow <= 0, `${name}: ${overflow}px wider than the screen`);
        await screenshot(phone.page, `${name}-phone`);
      }
      assert.deepEqual(phone.problems, []);
    } finally {
      await phone.context.close();
    }
  });

  test('signing out ends the session on the server', async () => {
    const cookie = (await context.cookies()).find((c) => c.name === 'wa_session');
    assert.ok(cookie);
    await page.goto(`${app.url}/dashboard/keys`);
    await submit(page.getByRole('button', { name: 'Sign out' }));
    assert.equal(new URL(page.url()).pathname, '/dashboard/sign-in');
    assert.equal(await page.getByRole('status').innerText(), 'You are signed out.');
    // The old cookie value no longer opens anything, even replayed by hand.
    const replay = await fetch(`${app.url}/dashboard/keys`, {
      headers: { cookie: `wa_session=${cookie.value}` },
      redirect: 'manual',
    });
    assert.equal(replay.status, 303);
    assert.match(replay.headers.get('location') ?? '', /^\/dashboard\/sign-in/);
  });

  test('seeded keys show Expiring soon and Expired (time moved on with the injected clock)', async () => {
    const email = `seeded-${Date.now()}@example.test`;
    const seeded = await app.services.users.create({ email, password: PASSWORD });
    const keys = app.services.apiKeys;
    await keys.create(seeded.id, { name: 'renew me', expires: '30d' });
    const gone = await keys.create(seeded.id, { name: 'old job', expires: '7d' });
    await keys.create(seeded.id, { name: 'forever' });
    const revoked = await keys.create(seeded.id, { name: 'leaked', expires: '90d' });
    await keys.revoke(revoked.apiKey.id, seeded.id);
    clock.advance(24 * DAY);

    await signIn(page, email, PASSWORD);
    const status = async (name: string) => (await row(page, name).locator('.badge').innerText()).trim();
    assert.equal(await status('renew me'), 'Expiring soon');
    assert.equal(await status('old job'), 'Expired');
    assert.equal(await status('forever'), 'Active');
    assert.equal(await status('leaked'), 'Revoked');
    assert.match(await page.locator('#active-count').innerText(), /2 of 10 active/);
    assert.equal((await callApi(gone.key)).status, 401);
    await screenshot(page, 'keys-seeded');
    assert.deepEqual(problems, [], 'no script errors or Content-Security-Policy violations');
  });
});
