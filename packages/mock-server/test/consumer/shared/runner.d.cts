/**
 * What a runner (the mock server's own Vitest, Vitest in a consumer app, Jest) hands the shared
 * tests: its own test functions and hooks, and `setupMockApi` as its users import it.
 */
export interface SharedTestRunner<Options = Record<string, unknown>> {
  setupMockApi: (options?: Options) => unknown;
  it: (name: string, test: () => unknown) => unknown;
  expect: unknown;
  beforeAll: (hook: () => unknown) => unknown;
  afterAll: (hook: () => unknown) => unknown;
  afterEach: (hook: () => unknown) => unknown;
}
