import type { SharedTestRunner } from './runner.cjs';

/** See other-msw.cjs. */
export function defineOtherMswTests(
  runner: Pick<SharedTestRunner, 'setupMockApi' | 'it' | 'expect'> & {
    setupServer: (...handlers: never[]) => unknown;
    http: unknown;
    HttpResponse: unknown;
  },
): void;
