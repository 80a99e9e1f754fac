import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { mockApiFixture, type MockApiRemote } from '@medsched/mock-server/playwright';

const test = base.extend<{ mockApi: MockApiRemote }>({ mockApi: mockApiFixture });

/** One request per operation (written by the workspace's test from its own list). */
interface OperationCall {
  id: string;
  method: string;
  path: string;
  json?: unknown;
}
const calls = JSON.parse(readFileSync(new URL('./operation-calls.json', import.meta.url), 'utf8')) as { apiKey: string; calls: OperationCall[] };
const neverEnds = 2 ** 31 - 1;

async function ready(page: Page): Promise<void> {
  await expect(page.locator('#status')).toHaveText('Ready');
}

test('switches scenarios from the console without a reload; the journal reads as in Node', async ({ page, mockApi }) => {
  await page.goto('/?mock');
  await ready(page);
  await page.evaluate(() => (window as any).medschedMock.fail('calendars.list', 503));
  await page.click('#reload');
  await expect(page.locator('#status')).toHaveText('Failed: 503');
  // A delay without end: were it still there after the switch, the list would never load.
  await page.evaluate((ms) => (window as any).medschedMock.delay('calendars.list', ms), neverEnds);
  await page.evaluate(() => (window as any).medschedMock.clearScenarios());
  await page.click('#reload');
  await ready(page);
  expect(await mockApi.journal.count({ operation: 'calendars.list' })).toBe(3);
  expect((await mockApi.journal.all()).map((entry) => entry.outcome)).toEqual([200, 503, 200]);
});

test('switches from the panel; the saved data survives the switch and a reload, until "Reset data"', async ({ page }) => {
  await page.goto('/?mock');
  await ready(page);
  await page.click('#rename');
  await expect(page.locator('#entries li').first()).toHaveText('Renamed in development');

  const panel = page.getByRole('region', { name: 'Mock API' });
  await panel.getByLabel('Mock API scenario').selectOption('Offline');
  await page.click('#reload');
  await expect(page.locator('#status')).toHaveText('Failed: ConnectionError');
  await panel.getByLabel('Mock API scenario').selectOption('Server unavailable (503)');
  await page.click('#reload');
  await expect(page.locator('#status')).toHaveText('Failed: 503');

  // The scenario is remembered across a reload, and the saved data is still the written one.
  await page.reload();
  await expect(page.locator('#status')).toHaveText('Failed: 503');
  await expect(panel.getByLabel('Mock API scenario')).toHaveValue('Server unavailable (503)');
  await panel.getByLabel('Mock API scenario').selectOption('Normal');
  await page.click('#reload');
  await ready(page);
  await expect(page.locator('#entries li').first()).toHaveText('Renamed in development');
  expect(await page.evaluate(() => (window as any).medschedMockPanel.current)).toBe('Normal');

  await panel.getByRole('button', { name: 'Reset data' }).click();
  await page.click('#reload');
  await ready(page);
  await expect(page.locator('#entries li').first()).not.toHaveText('Renamed in development');
});

test('a scenario on one operation leaves every other operation alone, in the browser (every pair)', async ({ page }) => {
  await page.goto('/?mock&fresh');
  await ready(page);
  const stray = await page.evaluate(
    async ({ apiKey, calls, neverEnds }) => {
      const mock = (window as any).medschedMock;
      const base = `${location.origin}/v1`;
      const marker = 'x-scenario-of';
      const send = async (call: OperationCall) => {
        const headers: Record<string, string> = { 'x-api-key': apiKey };
        if (call.json !== undefined) headers['content-type'] = 'application/json';
        try {
          const response = await fetch(base + call.path, { method: call.method, headers, body: call.json === undefined ? undefined : JSON.stringify(call.json) });
          const text = await response.text();
          return { status: response.status, marker: response.headers.get(marker), text };
        } catch {
          return 'network-error' as const;
        }
      };
      await mock.reset();
      const bodies = new Map<string, unknown>();
      for (const call of calls) {
        const result = await send(call);
        if (result === 'network-error' || result.status >= 300) return [`baseline ${call.id}: ${JSON.stringify(result)}`];
        bodies.set(call.id, result.text === '' ? undefined : JSON.parse(result.text));
      }
      const kinds: Record<string, { apply: (id: string) => void; hits: (result: Awaited<ReturnType<typeof send>>, id: string) => boolean; skipA?: boolean }> = {
        fail: { apply: (id) => mock.fail(id, { status: 599, headers: { [marker]: id } }), hits: (result) => result !== 'network-error' && result.status === 599 },
        networkError: { apply: (id) => mock.networkError(id), hits: (result) => result === 'network-error' },
        respond: { apply: (id) => mock.respond(id, bodies.get(id), { headers: { [marker]: id } }), hits: (result, id) => result !== 'network-error' && result.marker === id },
        delay: { apply: (id) => mock.delay(id, neverEnds), hits: () => true, skipA: true },
      };
      const stray: string[] = [];
      for (const [kind, { apply, hits, skipA }] of Object.entries(kinds)) {
        for (const { id: scenarioOn } of calls) {
          await mock.reset();
          apply(scenarioOn);
          // All of a scenario's calls at once: one after another, the service worker's round trips left
          // Chromium and the test waiting for 25 of this test's 27 s. Each answer is judged on its own.
          const sent = calls.filter((call) => !(skipA && call.id === scenarioOn));
          const results = await Promise.all(sent.map(send));
          for (const [index, call] of sent.entries()) {
            const result = results[index]!;
            if (call.id === scenarioOn) {
              if (!hits(result, scenarioOn)) stray.push(`${kind}: ${scenarioOn} missed itself`);
            } else if (result === 'network-error' || result.marker !== null || result.status === 599) {
              stray.push(`${kind}: ${scenarioOn} → ${call.id}`);
            }
          }
        }
      }
      return stray;
    },
    { ...calls, neverEnds },
  );
  expect(stray).toEqual([]);
});
