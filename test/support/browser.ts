import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's chromium (installed by .ci/run); playwright-core never downloads a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const SCREENSHOT_DIR = join(process.cwd(), 'test-output', 'screenshots');

export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `chromium not found at ${CHROMIUM_PATH}: install the chromium package (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh browser profile (its own cookies) on a viewport. Problems the page reports (script errors,
 * Content-Security-Policy violations, stylesheets or scripts that fail to load) are collected, so a
 * test can assert there were none.
 */
export async function newContext(
  browser: Browser,
  viewport: ViewportName = 'desktop',
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    ...VIEWPORTS[viewport],
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    // Chrome also logs every 4xx/5xx response here, including pages a test means to get refused;
    // failed subresources are caught below instead.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource: the server responded'))
      problems.push(`console error: ${msg.text()}`);
  });
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (['stylesheet', 'script', 'image', 'font'].includes(type) && res.status() >= 400)
      problems.push(`${type} ${res.url()} answered ${res.status()}`);
  });
  page.on('requestfailed', (req) => {
    // Aborted: the test navigated on while a request was in flight, which is not a page problem.
    const reason = req.failure()?.errorText ?? '';
    if (!reason.includes('ERR_ABORTED')) problems.push(`request failed: ${req.url()} ${reason}`);
  });
  return { context, page, problems };
}

/** Saves a full-page screenshot to test-output/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
