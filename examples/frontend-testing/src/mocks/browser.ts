import { setupMockWorker, type MockWorker } from '@medsched/mock-server/browser';

/**
 * Serves the medsched API from msw's service worker with the demo data; with `persist` the
 * database survives reloads and is shared by the tabs. Exposed on `window` so that a browser test
 * can add scenarios (`window.medschedMock.fail(...)`); the Playwright fixture
 * (`@medsched/mock-server/playwright`) needs nothing of this file.
 */
export async function startMockApi(options: { persist: boolean }): Promise<MockWorker> {
  const mock = setupMockWorker({ persist: options.persist });
  await mock.start({ quiet: true });
  (globalThis as { medschedMock?: MockWorker }).medschedMock = mock;
  return mock;
}
