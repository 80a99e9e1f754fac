import { failureResponse, type FailureSpec } from './fail.js';
import { respondResponse } from './respond.js';
import { parseRoute, type RouteSpec } from './route-spec.js';

/** The longest `mock.delay()`: setTimeout's own limit (about 24.8 days); a longer wait would fire at once. */
export const maxDelayMs = 2 ** 31 - 1;

/** `delay(ms)` or `delay(route, ms)` as a route and a checked latency. */
export function delayArguments(routeOrMs: RouteSpec | number, maybeMs: number | undefined): [RouteSpec, number] {
  const [route, ms] = typeof routeOrMs === 'number' ? (['*', routeOrMs] as const) : ([routeOrMs, maybeMs] as const);
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > maxDelayMs) {
    throw new RangeError(`mock.delay: give the latency in milliseconds, from 0 to ${maxDelayMs} (got ${ms})`);
  }
  parseRoute(route);
  return [route, ms];
}

export function checkRateLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`mock.rateLimit: limit must be a whole number of requests (got ${limit})`);
}

/**
 * Checks a scenario call's arguments without a running mock, as the mock itself would: the
 * Playwright remote runs this in the test before a call travels to the page, so that a mistake
 * throws at the test's own line instead of stopping the page's mock.
 */
export function checkScenarioCall(method: string, args: readonly unknown[]): void {
  switch (method) {
    case 'fail':
      parseRoute(args[0] as RouteSpec);
      failureResponse(args[1] as FailureSpec, String(args[0]), 'check');
      return;
    case 'respond':
      respondResponse(String(args[0]), parseRoute(args[0] as RouteSpec), args[1], args[2] ?? {});
      return;
    case 'delay':
      delayArguments(args[0] as RouteSpec | number, args[1] as number | undefined);
      return;
    case 'networkError':
      parseRoute((args[0] ?? '*') as RouteSpec);
      return;
    case 'rateLimit':
      checkRateLimit(args[0] as number);
      return;
  }
}
