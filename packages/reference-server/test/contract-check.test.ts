import { describe, expect, it } from 'vitest';
import { checkExchange } from '../src/node/proxy/contract-check.js';
import { Router } from '../src/routes/router.js';
import { routeTable } from '../src/routes/table.js';

// The proxy's violations say what the contract expected and what came, for every kind of issue,
// not only those whose schema message happens to say it (a union says only "Invalid input").
const router = new Router(routeTable);

function exchange(overrides: Partial<Parameters<typeof checkExchange>[1]>): Parameters<typeof checkExchange>[1] {
  return { method: 'GET', path: '/calendars/64d005000000000000000001', query: {}, requestBody: undefined, status: 200, headers: new Headers(), responseBody: {}, ...overrides };
}

describe('the contract check of the proxy', () => {
  it('an error body whose code is missing names the expected type and the received value', () => {
    const { violations } = checkExchange(router, exchange({ status: 404, responseBody: { type: 'about:blank', title: 'Not found', status: 404 } }), '/v1/calendars/64d005000000000000000001');
    expect(violations).toEqual([expect.objectContaining({ field: 'problem.code', expected: 'Invalid input: expected string, received undefined', received: 'undefined' })]);
  });

  it('a code of the wrong type names it as received', () => {
    const { violations } = checkExchange(router, exchange({ status: 404, responseBody: { type: 'about:blank', title: 'Not found', status: 404, code: 42 } }), '/x');
    expect(violations).toEqual([expect.objectContaining({ field: 'problem.code', expected: 'Invalid input: expected string, received 42', received: '42' })]);
  });

  it('a bound names the value that broke it; a wrong status names the status that came', () => {
    const limit = checkExchange(
      router,
      exchange({ path: '/calendars/', query: { limit: '0' }, status: 400, responseBody: { type: 'about:blank', title: 'Bad', status: 400, code: 'validation_failed' } }),
      '/x',
    );
    expect(limit.violations).toEqual([expect.objectContaining({ field: 'query.limit', expected: 'Too small: expected number to be >=1, received "0"', received: '"0"' })]);
    const created = checkExchange(router, exchange({ method: 'POST', path: '/calendars/', requestBody: { patient: '64d002000000000000000003' }, status: 200, responseBody: undefined }), '/x');
    expect(created.violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'status', expected: '201', received: '200' })]));
  });
});
