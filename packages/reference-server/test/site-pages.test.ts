import fc from 'fast-check';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Browsers, PDF parsing and npm installs on two shared cores: well over vitest's 5 s default.
vi.setConfig({ testTimeout: 60000, hookTimeout: 180_000 });
import type { Page } from 'playwright-core';
import type { RunningServer } from '../src/node/index.js';
import { createReferenceServer } from '../src/reference-server.js';
import { ensureOutputDir, isLocal, launchRecordingBrowser, type RecordingBrowser } from './support/browser.js';
import { credentials, org1 } from './support/demo.js';
import { raw, startTestServer } from './support/server.js';
import type { OpenApiDocument } from './support/openapi-shapes.js';

/**
 * The pages a person opens: the home page at `/`, the API reference at `/reference` (Swagger UI from
 * the installed package) and `/openapi.json`. Checked in headless Chromium, with a screenshot in
 * test/output/ and every request the pages make recorded: none may leave the machine.
 */

let demo: RunningServer;
let empty: RunningServer;
let withData: RunningServer;
let dataDir: string;
let browser: RecordingBrowser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'medsched-pages-'));
  [demo, empty, withData] = await Promise.all([startTestServer(), startTestServer({ seed: 'empty' }), startTestServer({ data: join(dataDir, 'sandbox.data') })]);
  browser = await launchRecordingBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([demo?.close(), empty?.close(), withData?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Everything that goes wrong on a page: script errors, console errors, and every request that
 * failed or was answered 4xx/5xx (a browser asks for /favicon.ico on its own, for one).
 */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('requestfailed', (request) => errors.push(`${request.url()} failed: ${request.failure()?.errorText}`));
  page.on('response', (response) => response.status() >= 400 && errors.push(`${response.url()} answered ${response.status()}`));
  return errors;
}

describe('home page', () => {
  it('tells a newcomer what the server is, its base URL, the demo users with keys, tokens and where the reference is', async () => {
    const page = await browser.context.newPage();
    const errors = recordErrors(page);
    const response = await page.goto(`${demo.origin}/`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('medsched reference server');
    const text = await page.locator('body').innerText();
    expect(text).toContain(demo.url);
    expect(text).toContain('Sonnen-Apotheke');
    expect(text).toContain('Haus Lindenhof');
    for (const credential of credentials) {
      expect(text).toContain(credential.email);
      expect(text).toContain(credential.apiKey);
    }
    expect(text).toContain('/dev/token');
    expect(await page.locator('a[href="/reference"]').count()).toBe(1);
    expect(await page.locator('a[href="/openapi.json"]').count()).toBe(1);
    await page.screenshot({ path: join(ensureOutputDir(), 'home-page.png'), fullPage: true });
    expect(errors).toEqual([]);

    // The links lead somewhere real.
    await page.locator('a[href="/openapi.json"]').click();
    // The click returns once the navigation starts: wait until the document has loaded, not a part of it.
    await page.waitForURL(`${demo.origin}/openapi.json`, { waitUntil: 'load' });
    const document = JSON.parse(await page.locator('body').innerText()) as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\.1/);
    await page.close();
  });

  it('shows no keys for --seed empty or a --data sandbox, where keys are real', async () => {
    for (const [server, reason] of [
      [empty, '--seed empty'],
      [withData, 'sandbox.data'],
    ] as const) {
      const page = await browser.context.newPage();
      await page.goto(`${server.origin}/`);
      const text = await page.locator('body').innerText();
      expect(text).toContain(server.url);
      expect(text).toContain(reason);
      expect(text).not.toContain('msk_demo');
      expect(await page.locator('table').count()).toBe(0);
      await page.close();
      // Nor does the reference fill one in.
      expect((await raw(server, 'GET', '/reference/init.js')).text).toContain('var demoApiKey = null;');
    }
  });
});

describe('API reference', () => {
  it('renders our OpenAPI document offline and "try it" calls this server with the demo key', async () => {
    const page = await browser.context.newPage();
    const errors = recordErrors(page);
    await page.goto(`${demo.origin}/reference`);
    const operation = page.locator('#operations-organizations-organizations\\.get, .opblock-get:has-text("/organizations/{organizationId}")').first();
    await operation.waitFor({ timeout: 30_000 });
    const text = await page.locator('#swagger-ui').innerText();
    expect(text).toContain('medsched API');
    for (const path of ['/calendars/bake', '/devices/events/{deviceId}', '/pdf/', '/users/']) expect(text).toContain(path);
    await page.screenshot({ path: join(ensureOutputDir(), 'api-reference.png'), fullPage: false });

    // Try it: GET /organizations/{organizationId} with the pre-filled demo key.
    await operation.locator('.opblock-summary').click();
    // tryItOutEnabled opens the form at once (its button then says Cancel); click only an offered "Try it out".
    await operation.locator('button.try-out__btn').waitFor();
    const tryButton = operation.locator('button.try-out__btn:has-text("Try it out")');
    if ((await tryButton.count()) > 0) await tryButton.click();
    await operation.locator('input[placeholder="organizationId"], tr[data-param-name="organizationId"] input').first().fill(org1.id);
    const answer = page.waitForResponse((response) => response.url().includes(`/v1/organizations/${org1.id}`));
    await operation.locator('button.execute').click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['x-api-key']).toBe(org1.admin.apiKey);
    await operation.locator('.live-responses-table .response-col_status').first().waitFor();
    expect(await operation.locator('.live-responses-table').innerText()).toContain('Sonnen-Apotheke');
    await operation.screenshot({ path: join(ensureOutputDir(), 'api-reference-try-it.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves the document with this server as its server, and the assets from the installed package', async () => {
    const document = (await raw<OpenApiDocument>(demo, 'GET', '/openapi.json')).body;
    expect(document.servers).toEqual([{ url: '/v1', description: 'this reference server' }]);
    expect(Object.keys(document.paths).length).toBeGreaterThan(5);
    const css = await raw(demo, 'GET', '/reference/swagger-ui.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect((await raw(demo, 'GET', '/reference/../package.json')).status).toBe(404);
    expect((await raw(demo, 'GET', '/reference/index.html')).status).toBe(404);
    for (const path of ['/favicon.svg', '/favicon.ico']) {
      const icon = await raw(demo, 'GET', path);
      expect(icon.status, path).toBe(200);
      expect(icon.headers.get('content-type')).toBe('image/svg+xml');
      expect(icon.text).toContain('<svg');
    }
    const post = await raw(demo, 'POST', '/openapi.json');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('where the pages are not', () => {
  it('they are outside /v1 and absent from the in-process msw handlers', async () => {
    expect((await raw(demo, 'GET', '/v1/openapi.json', { headers: { 'x-api-key': org1.admin.apiKey } })).status).toBe(404);
    const reference = await createReferenceServer({ seed: 'empty' });
    for (const path of ['/', '/reference', '/openapi.json']) {
      const answer = await reference.pipeline.handle({
        method: 'GET',
        pathname: path,
        search: '',
        origin: 'http://x.test',
        header: () => undefined,
        readBody: () => Promise.resolve({ kind: 'none' }),
      });
      expect(answer.status, path).toBe(404);
    }
  });

  it('any path or method outside /v1 is a page, an asset or a 404 problem, never a 5xx (fuzzed)', async () => {
    const segment = fc.oneof(fc.constantFrom('reference', 'openapi.json', 'index.html', '..', '%2e%2e', 'swagger-ui.css', 'init.js', 'dev', 'files'), fc.string({ maxLength: 20 }));
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { maxLength: 4 }), fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'OPTIONS'), async (segments, method) => {
        const pathname = `/${segments.join('/')}`;
        const answer = await demo.reference.pipeline.handle({ method, pathname, search: '', origin: demo.origin, header: () => undefined, readBody: () => Promise.resolve({ kind: 'none' }) });
        expect(answer.status, `${method} ${pathname}`).toBeLessThan(500);
        expect(answer.headers['x-request-id']).toBeTruthy();
      }),
      { numRuns: 500 },
    );
  });

  it('no page made a request off the machine', () => {
    expect(browser.requests.length).toBeGreaterThan(5);
    expect(browser.requests.filter((url) => !isLocal(url))).toEqual([]);
  });
});
