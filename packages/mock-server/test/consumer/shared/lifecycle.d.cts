/** See lifecycle.cjs. */
export function defineLifecycleTests(runner: {
  setupMockApi: (options?: Record<string, unknown>) => unknown;
  it: (name: string, test: () => unknown) => unknown;
  expect: unknown;
  beforeAll: (hook: () => unknown) => unknown;
  afterAll: (hook: () => unknown) => unknown;
  afterEach: (hook: () => unknown) => unknown;
}): void;
