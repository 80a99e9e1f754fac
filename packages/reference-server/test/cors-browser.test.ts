import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Browsers, PDF parsing and npm installs on two shared cores: well over vitest's 5 s default.
vi.setConfig({ testTimeout: 60000, hookTimeout: 180_000 });
import type { RunningServer } from '../src/node/index.js';
import { launchRecordingBrowser, type RecordingBrowser } from './support/browser.js';
import { org1 } from './support/demo.js';
import { startTestServer } from './support/server.js';
import type * as sdk from '@medsched/sdk';
import type { TokenPair } from './support/answer-shapes.js';

/** The page's window once the SDK bundle has run: the SDK's exports as `window.medsched`. */
type SdkWindow = { medsched: { createClient: typeof sdk.createClient; ApiError: typeof sdk.ApiError } };

/**
 * A web app on another origin (a dev server on http://localhost:<port>) calls the standalone server
 * on http://127.0.0.1:<port> through the SDK, in headless Chromium: the browser's own CORS checks
 * decide, not our reading of the headers.
 */

let api: RunningServer;
let closedApi: RunningServer;
let app: Server;
let appOrigin: string;
let browser: RecordingBrowser;

/** The SDK bundled for the browser as a front-end build would, exposed as `window.medsched`. */
async function bundleSdk(): Promise<string> {
  const result = await build({
    stdin: {
      contents: "import { createClient, ApiError } from '@medsched/sdk'; Object.assign(window, { medsched: { createClient, ApiError } });",
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

beforeAll(async () => {
  [api, closedApi] = await Promise.all([startTestServer(), startTestServer({ cors: { origins: [] } })]);
  const sdk = await bundleSdk();
  app = createServer((request, response) => {
    if (request.url === '/sdk.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(sdk);
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>dev server</title><script src="/sdk.js"></script><h1>front end</h1>');
  });
  await new Promise<void>((resolve) => app.listen(0, 'localhost', resolve));
  appOrigin = `http://localhost:${(app.address() as AddressInfo).port}`;
  browser = await launchRecordingBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => app?.close(resolve));
  await Promise.all([api?.close(), closedApi?.close()]);
});

describe('a page on another origin, through the SDK', () => {
  it('reads, lists with the exposed headers, writes with a preflight, and sees problem details', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${appOrigin}/`);
    expect(new URL(page.url()).origin).not.toBe(api.origin);
    const result = await page.evaluate(
      async ({ baseUrl, organization, apiKey }) => {
        const { createClient, ApiError } = (window as unknown as SdkWindow).medsched;
        const client = createClient({ baseUrl, apiKey, maxRetries: 0 });
        const org = await client.organizations.get(organization);
        const users = await client.users.list({ organization, limit: 2 });
        // PATCH with a JSON body and x-api-key: a non-simple request, so the browser sends a preflight.
        const renamed = await client.organizations.update(organization, { organization, name: 'Sonnen-Apotheke (browser)' });
        let problem: { status: number; code: string; requestId: string | undefined } | undefined;
        try {
          await client.organizations.get('64d0010000000000000000ff');
        } catch (error) {
          if (error instanceof ApiError) {
            const apiError = error as { status: number; code: string; requestId: string | undefined };
            problem = { status: apiError.status, code: apiError.code, requestId: apiError.requestId };
          }
        }
        const tokenAnswer = await fetch(baseUrl.replace(/\/v1$/, '/dev/token'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiKey, ttlSeconds: 60 }) });
        const { accessToken } = (await tokenAnswer.json()) as TokenPair;
        const bearer = createClient({ baseUrl, token: accessToken, maxRetries: 0 });
        const viaToken = await bearer.organizations.get(organization);
        return { name: org.name, usersOnPage: users.items.length, total: users.total, hasMore: users.hasMore, renamed: renamed.name, problem, viaToken: viaToken.id };
      },
      { baseUrl: api.url, organization: org1.id, apiKey: org1.admin.apiKey },
    );
    expect(result.name).toBe('Sonnen-Apotheke');
    expect(result.usersOnPage).toBe(2);
    // x-total-count and link are only readable by the page because they are exposed.
    expect(result.total).toBeGreaterThan(2);
    expect(result.hasMore).toBe(true);
    expect(result.renamed).toBe('Sonnen-Apotheke (browser)');
    expect(result.problem).toMatchObject({ status: 404, code: 'not_found' });
    expect(result.problem?.requestId).toBeTruthy();
    expect(result.viaToken).toBe(org1.id);
    await page.close();
  });

  it('is blocked by the browser when the server allows no other origin', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${appOrigin}/`);
    const outcome = await page.evaluate(
      async ({ baseUrl, organization, apiKey }) => {
        const { createClient } = (window as unknown as SdkWindow).medsched;
        try {
          await createClient({ baseUrl, apiKey, maxRetries: 0 }).organizations.get(organization);
          return 'answered';
        } catch (error) {
          return (error as Error).name;
        }
      },
      { baseUrl: closedApi.url, organization: org1.id, apiKey: org1.admin.apiKey },
    );
    expect(outcome).toBe('ConnectionError');
    await page.close();
  });
});
