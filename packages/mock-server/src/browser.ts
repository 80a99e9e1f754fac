/**
 * @medsched/mock-server/browser: the medsched API served by msw's service worker.
 *
 * @example
 * import { setupMockWorker } from '@medsched/mock-server/browser';
 * const mock = setupMockWorker();
 * await mock.start();
 */
export { setupMockWorker, MockWorker, type MockWorkerOptions, type WorkerStartOptions } from './browser/setup-mock-worker.js';
export type { PersistOptions } from './browser/persisted-state.js';
export * from './shared-exports.js';
