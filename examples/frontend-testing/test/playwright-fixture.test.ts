import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectMockApi } from '@medsched/mock-server/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../scripts/chromium.mjs';
import { serveStatic } from './static-server.js';

const exampleDir = fileURLToPath(new URL('..', import.meta.url));
const outputDir = join(exampleDir, 'test-output');

const status = (page: Page) => page.textContent('[data-testid="status"]');
const entries = (page: Page, selector = 'li') => page.locator(`[data-testid="entries"] ${selector}`).allTextContents();

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
}

async function bake(page: Page): Promise<void> {
  await page.click('[data-testid="bake"]');
  await page.waitForFunction(() => /^(Baked|Bake failed)/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''), undefined, { timeout: 30_000 });
}

describe("the page's own mock, driven from the test (@medsched/mock-server/playwright), and persistence", () => {
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Awaited<ReturnType<typeof launchChromium>>;

  beforeAll(async () => {
    site = await serveStatic([join(exampleDir, 'dist'), join(exampleDir, 'public')]);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it("seeds and fails before the app's first request, then reads the journal", async () => {
    const page = await browser.context.newPage();
    const mockApi = connectMockApi(page);
    // Before the first navigation: applied when the page starts its mock, before the app's first request.
    const patient = await mockApi.seed.patient({ name: 'Paula Playwright' });
    await mockApi.seed.calendarEntry({ patient: patient.id, name: 'Seeded tablet', date: '2026-01-06', intakeTime: '09:30' });
    await mockApi.fail('POST /calendars/bake', 409);

    await open(page, `${site.url}/?mock&patient=${patient.id}`);
    expect(await entries(page)).toEqual(['2026-01-06 09:30 Seeded tablet (draft)']);

    await bake(page);
    expect(await status(page)).toContain('forced by mock.fail');
    const bakes = await mockApi.journal.find({ method: 'POST', path: '/calendars/bake' });
    expect(bakes).toHaveLength(1);
    expect(bakes[0]).toMatchObject({ operation: 'bake.create', outcome: 409, body: { patient: patient.id } });

    // Once the page runs, calls go straight into it and return what the page's mock returns.
    const medication = await mockApi.seed.medication({ name: 'Stored in the page' });
    expect(medication).toMatchObject({ name: 'Stored in the page', organization: '64d001000000000000000001' });
    expect(await mockApi.journal.count({ operation: 'calendars.list' })).toBeGreaterThan(0);
    await mockApi.reset();
    expect(await mockApi.journal.entries()).toEqual([]);
    await page.close();
  });

  it('keeps the database across reloads and tabs with persist, until reset', async () => {
    const page = await browser.context.newPage();
    const mockApi = connectMockApi(page);
    const url = `${site.url}/?mock&persist`;
    await open(page, url);
    expect(await entries(page, 'li[data-baked="true"]')).toEqual([]);
    const other = await browser.context.newPage();
    await open(other, url);

    await bake(page);
    expect(await status(page)).toMatch(/^Baked 9 entries/);
    // The other tab follows the shared database without a reload.
    await other.waitForFunction(
      () => (globalThis as unknown as { medschedMock: { db: { calendarEntries: { all(): { baked: boolean }[] } } } }).medschedMock.db.calendarEntries.all().filter((entry) => entry.baked).length === 9,
      undefined,
      { timeout: 30_000 },
    );

    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    expect(await entries(page, 'li[data-baked="true"]')).toHaveLength(9);
    mkdirSync(outputDir, { recursive: true });
    await page.screenshot({ path: join(outputDir, 'after-reload.png'), fullPage: true });

    await mockApi.reset();
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    expect(await entries(page, 'li[data-baked="true"]')).toEqual([]);
    await other.close();
    await page.close();
  });
});
