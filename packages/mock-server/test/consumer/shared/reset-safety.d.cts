/** See reset-safety.cjs. */
export function defineResetSafetyTests(runner: {
  setupMockApi: (options?: { baseUrl?: string }) => unknown;
  it: (name: string, test: () => unknown) => unknown;
  expect: unknown;
  beforeAll: (hook: () => unknown) => unknown;
  afterAll: (hook: () => unknown) => unknown;
  afterEach: (hook: () => unknown) => unknown;
}): void;
