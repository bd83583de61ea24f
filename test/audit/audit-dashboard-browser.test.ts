// biome-ignore-all lint/performance/useDomNodeTextContent: these are Playwright locators, and innerText (the text as rendered) is what a user reads
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import type { UserId } from '../../src/domain/ids.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';

const PASSWORD = 'correct horse battery staple';

describe('audit trail page in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let user: { userId: UserId; email: string; key: string };
  let agent: { key: string; apiKey: { id: string } };

  const submit = async (target: Locator) => {
    const p = target.page();
    const navigated = p.waitForEvent('framenavigated', { predicate: (f) => f === p.mainFrame() });
    await target.click();
    await navigated;
    await p.waitForLoadState();
  };
  const signIn = async (p: Page) => {
    await p.goto(`${app.url}/dashboard/sign-in`);
    await p.getByLabel('Email').fill(user.email);
    await p.getByLabel('Password').fill(PASSWORD);
    await submit(p.getByRole('button', { name: 'Sign in' }));
  };
  const actions = async (p: Page) =>
    (await p.locator('#audit tbody tr td[data-label="Action"] code').allInnerTexts()).map((t) => t.trim());

  before(async () => {
    app = await startTestApp();
    user = await app.newUser();
    await app.services.users.setPassword(user.email, PASSWORD);
    agent = await app.services.apiKeys.create(user.userId, { name: 'agent', policy: { scopes: ['read'] } });
    // The agent's key tries a write its scope does not allow: refused, and recorded.
    const refused = await app.post(
      '/api/v1/send',
      {
        chain: 'evm-localnet',
        to: '0x000000000000000000000000000000000000dEaD',
        asset: 'native',
        amount: '1',
      },
      agent.key,
      { 'idempotency-key': crypto.randomUUID() },
    );
    assert.equal(refused.status, 403);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  test('the owner reads their trail, filters it by action and key, and downloads it as CSV', async () => {
    const { context, page, problems } = await newContext(browser, 'desktop');
    await signIn(page);
    await submit(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Audit' }));
    assert.equal(new URL(page.url()).pathname, '/dashboard/audit');
    assert.equal(await page.getByRole('link', { name: 'Audit' }).getAttribute('aria-current'), 'page');
    assert.deepEqual(await actions(page), [
      'dashboard.sign_in',
      'write.refused',
      'key.created',
      'user.password_set',
      'key.created',
      'wallet.created',
      'wallet.created',
      'user.created',
    ]);
    const refusal = page.locator('#audit tbody tr', { hasText: 'write.refused' });
    assert.match(await refusal.innerText(), new RegExp(`key agent \\(${agent.apiKey.id}\\)`));
    assert.match(await refusal.innerText(), /refused/);
    assert.match(await refusal.innerText(), /rule: This API key does not have the write scope/);
    await screenshot(page, 'audit-desktop');

    await page.getByLabel('Action').selectOption('key.created');
    await submit(page.getByRole('button', { name: 'Filter' }));
    assert.deepEqual(await actions(page), ['key.created', 'key.created']);
    assert.equal(new URL(page.url()).searchParams.get('action'), 'key.created');

    await page.getByLabel('Action').selectOption('');
    await page.getByLabel('API key').selectOption(agent.apiKey.id);
    await submit(page.getByRole('button', { name: 'Filter' }));
    assert.deepEqual(await actions(page), ['write.refused']);

    // The CSV has the same filter: what the agent's key did.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const download = await downloading;
    assert.match(download.suggestedFilename(), /^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) as string, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    assert.match(lines[0] ?? '', /^at,id,action,outcome,actor_type,/);
    assert.equal(lines.length, 2);
    assert.match(
      lines[1] ?? '',
      new RegExp(`,write\\.refused,refused,key,${user.userId},${agent.apiKey.id},agent,`),
    );
    assert.ok(!csv.includes(agent.key) && !csv.includes(user.key), 'no key in the export');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('on a phone the trail reads as cards, and an unknown filter is refused with a page', async () => {
    const { context, page, problems } = await newContext(browser, 'phone');
    await signIn(page);
    await page.goto(`${app.url}/dashboard/audit`);
    const first = page.locator('#audit tbody tr').first();
    assert.match(await first.innerText(), /dashboard\.sign_in/);
    const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
    assert.ok(width <= 390, `no sideways scrolling (page is ${width}px wide)`);
    await screenshot(page, 'audit-phone');
    const bad = await page.goto(`${app.url}/dashboard/audit?action=nope`);
    assert.equal(bad?.status(), 400);
    assert.match(await page.locator('main').innerText(), /action: must be one of/);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
