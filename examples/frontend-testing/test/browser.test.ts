import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../scripts/chromium.mjs';
import { serveStatic } from './static-server.js';

const exampleDir = fileURLToPath(new URL('..', import.meta.url));
const outputDir = join(exampleDir, 'test-output');

describe('the page in headless Chromium, the API served by the mock service worker', () => {
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    site = await serveStatic([join(exampleDir, 'dist'), join(exampleDir, 'public')]);
    // Debian's Chromium when installed, else the one inside the npm package @sparticuz/chromium.
    browser = await launchChromium();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('lists the calendar, bakes the week on click and shows the result', async () => {
    await page.goto(`${site.url}/?mock`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });

    // The static server has no API: these answers came from the service worker.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${site.url}/mockServiceWorker.js`);
    expect(await page.textContent('[data-testid="status"]')).toBe('Ready');
    expect(await page.locator('[data-testid="entries"] li').allTextContents()).toEqual([
      '2026-01-05 08:00 Morning tablet (draft)',
      '2026-01-05 08:00 Daily dose (series)',
      '2026-01-06 18:00 Evening tablet (draft)',
    ]);

    await page.click('[data-testid="bake"]');
    await page.waitForFunction(() => /^(Baked|Bake failed)/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''), undefined, { timeout: 30_000 });

    mkdirSync(outputDir, { recursive: true });
    await page.screenshot({ path: join(outputDir, 'after-bake.png'), fullPage: true });

    expect(await page.textContent('[data-testid="status"]')).toMatch(/^Baked 9 entries; \d+ alarms on 1 devices$/);
    const baked = await page.locator('[data-testid="entries"] li[data-baked="true"]').allTextContents();
    expect(baked).toHaveLength(9);
    expect(baked).toContain('2026-01-11 08:00 Daily dose (baked)');
    expect(consoleErrors).toEqual([]);
  });

  it('shows a forced conflict set through the worker mock on the page', async () => {
    await page.evaluate(() => (window as unknown as { medschedMock: { fail: (route: string, status: number) => void } }).medschedMock.fail('POST /calendars/bake', 409));
    await page.click('[data-testid="bake"]');
    await page.waitForFunction(() => (document.querySelector('[data-testid="status"]')?.textContent ?? '').startsWith('Bake failed'), undefined, { timeout: 30_000 });
    expect(await page.textContent('[data-testid="status"]')).toContain('forced by mock.fail');
  });
});
