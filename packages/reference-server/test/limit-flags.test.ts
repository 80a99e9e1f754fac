import { describe, expect, it } from 'vitest';
import { readLimitFlags } from '../src/node/commands/limit-flags.js';

describe('serve flags for limits', () => {
  it('reads flags over environment variables and leaves absent ones to the defaults', () => {
    expect(readLimitFlags({}, {})).toEqual({ timeouts: {}, limits: {} });
    expect(
      readLimitFlags(
        { headerTimeout: '3', maxBakeEntries: '500', publicUrl: 'https://api.example.test/base', authFailureLimit: 'off' },
        { MEDSCHED_HEADER_TIMEOUT: '9', MEDSCHED_SEND_TIMEOUT: '7', MEDSCHED_AUTH_FAILURE_LIMIT: '5/10' },
      ),
    ).toEqual({ timeouts: { headers: 3, send: 7 }, limits: { bakeEntries: 500 }, publicUrl: 'https://api.example.test', failedAuthenticationLimit: false });
    expect(readLimitFlags({ authFailureLimit: '5/10' }, {}).failedAuthenticationLimit).toEqual({ limit: 5, windowSeconds: 10 });
    expect(readLimitFlags({}, { MEDSCHED_MAX_CONNECTIONS_PER_CLIENT: '64' }).maxConnectionsPerClient).toBe(64);
  });

  it.each([
    [{ headerTimeout: '0' }, '--header-timeout'],
    [{ idleTimeout: 'soon' }, '--idle-timeout'],
    [{ maxBakeEntries: '-1' }, '--max-bake-entries'],
    [{ publicUrl: 'ftp://x' }, '--public-url'],
    [{ publicUrl: 'not a url' }, '--public-url'],
    [{ authFailureLimit: '0' }, '--auth-failure-limit'],
    [{ maxConnectionsPerClient: '0' }, '--max-connections-per-client'],
  ])('refuses %o naming %s', (flags, name) => {
    expect(() => readLimitFlags(flags, {})).toThrow(name);
  });
});
