import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readProxyLimitFlags, type ProxyLimitFlags } from '../src/node/commands/proxy-limit-flags.js';
import { UsageError } from '../src/node/usage-error.js';
import { defaultUpstreamLimits } from '../src/node/proxy/upstream-gate.js';

const flagNames: Record<keyof ProxyLimitFlags, string> = {
  maxInFlight: '--max-in-flight',
  maxInFlightPerClient: '--max-in-flight-per-client',
  maxBodyMb: '--max-body-mb',
  upstreamTimeout: '--upstream-timeout',
  queueTimeout: '--queue-timeout',
};

describe('proxy flags for its upstream work', () => {
  it('keeps the defaults when no flag is given, and reads each given one', () => {
    expect(readProxyLimitFlags({})).toEqual(defaultUpstreamLimits);
    expect(readProxyLimitFlags({ maxInFlight: '4' })).toMatchObject({ maxInFlight: 4, maxInFlightPerClient: 4 });
    expect(readProxyLimitFlags({ maxInFlight: '64', maxInFlightPerClient: '4', maxBodyMb: '0.5', upstreamTimeout: '5', queueTimeout: '2' })).toEqual({
      maxInFlight: 64,
      maxInFlightPerClient: 4,
      maxBodyBytes: 512 * 1024,
      upstreamTimeoutMs: 5000,
      queueTimeoutMs: 2000,
    });
  });

  it.each([
    [{ maxInFlight: '0' }, '--max-in-flight'],
    [{ maxInFlight: '1e3' }, '--max-in-flight'],
    [{ maxInFlightPerClient: '9', maxInFlight: '8' }, '--max-in-flight-per-client'],
    [{ maxBodyMb: '0' }, '--max-body-mb'],
    [{ maxBodyMb: '2048' }, '--max-body-mb'],
    [{ upstreamTimeout: 'soon' }, '--upstream-timeout'],
    [{ queueTimeout: '601' }, '--queue-timeout'],
  ])('refuses %o naming %s', (flags, name) => {
    expect(() => readProxyLimitFlags(flags)).toThrow(name);
  });

  it('property: any text for any flag is either read within its bounds or a UsageError naming that flag', () => {
    const junk = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer({ min: -10, max: 20_000 }).map(String),
      fc.double({ noNaN: false }).map(String),
      fc.constantFrom('', ' 8', '8 ', '0x10', '١٢', '+5', '-0', '1.', '.5', 'Infinity'),
    );
    fc.assert(
      fc.property(fc.constantFrom(...(Object.keys(flagNames) as Array<keyof ProxyLimitFlags>)), junk, (flag, value) => {
        let limits;
        try {
          limits = readProxyLimitFlags({ [flag]: value });
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expect((error as Error).message).toContain(flagNames[flag]);
          return;
        }
        expect(limits.maxInFlight).toBeGreaterThanOrEqual(1);
        expect(limits.maxInFlightPerClient).toBeGreaterThanOrEqual(1);
        expect(limits.maxInFlightPerClient).toBeLessThanOrEqual(limits.maxInFlight);
        expect(limits.maxBodyBytes).toBeGreaterThanOrEqual(1);
        expect(limits.maxBodyBytes).toBeLessThanOrEqual(1024 * 1024 * 1024);
        expect(Number.isInteger(limits.maxBodyBytes)).toBe(true);
        expect(limits.upstreamTimeoutMs).toBeGreaterThanOrEqual(1000);
        expect(limits.queueTimeoutMs).toBeGreaterThanOrEqual(1000);
        expect(Object.values(limits).every(Number.isSafeInteger)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
