import { describe, expect, it } from 'vitest';
import { MockApiError, setupMockApi } from '../src/index.js';
import { setupMockWorker } from '../src/browser.js';

describe('setupMockApi() options', () => {
  it('refuses an unknown option at compile time and at run time, naming it and the known ones', () => {
    // @ts-expect-error `nwo` is not an option
    const call = () => setupMockApi({ nwo: '2026-05-04' });
    expect(call).toThrow(MockApiError);
    expect(call).toThrow('setupMockApi(): unknown option "nwo"; the options are seed, baseUrl, now');
    // @ts-expect-error the browser's `persist` is not an option in Node
    expect(() => setupMockApi({ persist: true })).toThrow(expect.objectContaining({ code: 'unknown_option' }));
    // @ts-expect-error `quiet` belongs to mock.start()
    expect(() => setupMockWorker({ quiet: true })).toThrow('setupMockWorker(): unknown option "quiet"; the options are seed, baseUrl, now, persist');
  });

  it('refuses a seed or a clock it cannot use', () => {
    // @ts-expect-error not a seed
    expect(() => setupMockApi({ seed: 'demos' })).toThrow(expect.objectContaining({ code: 'invalid_option' }));
    expect(() => setupMockApi({ now: 'next tuesday' })).toThrow(/setupMockApi\(\{ now \}\): next tuesday is not an instant/);
    expect(() => setupMockApi({ now: { from: Number.NaN } })).toThrow(expect.objectContaining({ code: 'invalid_option' }));
  });
});
