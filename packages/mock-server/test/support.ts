import { afterAll, afterEach, beforeAll } from 'vitest';
import { setupMockApi, type MockApi } from '../src/index.js';
import type { MockApiOptions } from '../src/index.js';

/** The documented vitest set-up: listen before, reset after each test, close at the end. */
export function useMockApi(options: MockApiOptions = {}): MockApi {
  const mock = setupMockApi(options);
  beforeAll(() => mock.listen());
  afterEach(() => mock.reset());
  afterAll(() => mock.close());
  return mock;
}

export const sonnen = '64d001000000000000000001';
export const lindenhof = '64d001000000000000000002';
