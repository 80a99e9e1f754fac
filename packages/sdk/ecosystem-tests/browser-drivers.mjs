// Opening a page in a real browser and reading the scenario's checks from it. Never a downloaded
// browser: Chromium is Debian's or the one inside @sparticuz/chromium (scripts/chromium.mjs),
// driven by playwright-core from the workspace; Firefox ESR is Debian's `firefox-esr`, driven over
// WebDriver BiDi by puppeteer-core installed in the cell's project (playwright-core only drives
// its own patched Firefox builds, which would have to be downloaded).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumExecutable } from '../../../scripts/chromium.mjs';

/** Where Debian's firefox-esr package puts the browser. */
export const firefoxBinary = process.env.MEDSCHED_FIREFOX ?? '/usr/bin/firefox-esr';
/** How long a page may take to load and run the scenario (its calls are local; a wedged page fails, not hangs). */
const pageTimeoutMs = 90_000;

// A function, not a string: the drivers evaluate a string with eval inside the page, which the CSP forbids.
const readChecks = () => window.__ecosystemResult;

/** Runs the page at `url` in headless Chromium; resolves with its checks. */
export async function checksInChromium(url) {
  const { chromium } = await import('playwright-core');
  const { executablePath, args } = await chromiumExecutable();
  const browser = await chromium.launch({ executablePath, args, headless: true });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(url);
    try {
      await page.waitForFunction(readChecks, undefined, { timeout: pageTimeoutMs });
    } catch (error) {
      throw new Error(`the page gave no result: ${errors.join('; ') || error.message}`);
    }
    return await page.evaluate(readChecks);
  } finally {
    await browser.close();
  }
}

/** Runs the page at `url` in headless Firefox ESR through puppeteer-core from the project in `dir`. */
export async function checksInFirefox(url, dir) {
  if (!existsSync(firefoxBinary)) throw new Error(`no Firefox at ${firefoxBinary}: apt-get install -y firefox-esr (or set MEDSCHED_FIREFOX)`);
  const entry = createRequire(join(dir, 'package.json')).resolve('puppeteer-core');
  const puppeteer = (await import(pathToFileURL(entry).href)).default;
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxBinary, headless: true, protocol: 'webDriverBiDi' });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(url);
    try {
      await page.waitForFunction(readChecks, { timeout: pageTimeoutMs });
    } catch (error) {
      throw new Error(`the page gave no result: ${errors.join('; ') || error.message}`);
    }
    return await page.evaluate(readChecks);
  } finally {
    await browser.close();
  }
}
