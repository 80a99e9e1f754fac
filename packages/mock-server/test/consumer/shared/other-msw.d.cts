/** See other-msw.cjs. */
export function defineOtherMswTests(runner: {
  setupMockApi: (options?: Record<string, unknown>) => unknown;
  setupServer: (...handlers: never[]) => unknown;
  http: unknown;
  HttpResponse: unknown;
  it: (name: string, test: () => unknown) => unknown;
  expect: unknown;
}): void;
