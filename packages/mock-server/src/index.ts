/**
 * @medsched/mock-server: the medsched API in front-end tests. This entry is for Node (msw/node);
 * `@medsched/mock-server/browser` has `setupMockWorker()` for the browser.
 *
 * @example
 * import { setupMockApi } from '@medsched/mock-server';
 * const mock = setupMockApi();
 * beforeAll(() => mock.listen());
 * afterEach(() => mock.reset());
 * afterAll(() => mock.close());
 */
export { setupMockApi, MockApi, type ListenOptions } from './node/setup-mock-api.js';
export * from './shared-exports.js';
