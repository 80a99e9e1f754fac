import { setupMockWorker, type MockWorker } from '@medsched/mock-server/browser';

/**
 * Serves the medsched API from msw's service worker with the demo data. Exposed on `window`
 * so that a browser test can add scenarios (`window.medschedMock.fail(...)`).
 */
export async function startMockApi(): Promise<MockWorker> {
  const mock = setupMockWorker();
  await mock.start({ quiet: true });
  (globalThis as { medschedMock?: MockWorker }).medschedMock = mock;
  return mock;
}
