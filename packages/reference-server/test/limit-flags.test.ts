import { describe, expect, it } from 'vitest';
import { readLimitFlags } from '../src/node/commands/limit-flags.js';

describe('serve flags for limits', () => {
  it('reads flags over environment variables and leaves absent ones to the defaults', () => {
    expect(readLimitFlags({}, {})).toEqual({ timeouts: {}, limits: {}, idempotency: {}, storageQuota: {} });
    expect(
      readLimitFlags(
        { headerTimeout: '3', maxBakeEntries: '500', publicUrl: 'https://api.example.test/base', authFailureLimit: 'off' },
        { MEDSCHED_HEADER_TIMEOUT: '9', MEDSCHED_SEND_TIMEOUT: '7', MEDSCHED_AUTH_FAILURE_LIMIT: '5/10' },
      ),
    ).toEqual({ timeouts: { headers: 3, send: 7 }, limits: { bakeEntries: 500 }, idempotency: {}, storageQuota: {}, publicUrl: 'https://api.example.test', failedAuthenticationLimit: false });
    expect(readLimitFlags({ authFailureLimit: '5/10' }, {}).failedAuthenticationLimit).toEqual({ limit: 5, windowSeconds: 10 });
    expect(readLimitFlags({}, { MEDSCHED_MAX_CONNECTIONS_PER_CLIENT: '64' }).maxConnectionsPerClient).toBe(64);
    const mib = 1024 * 1024;
    expect(
      readLimitFlags(
        { idempotencyMb: '32', quotaEntries: '500', journalCompactMb: '2' },
        { MEDSCHED_IDEMPOTENCY_MB: '1', MEDSCHED_IDEMPOTENCY_CREDENTIAL_MB: '4', MEDSCHED_IDEMPOTENCY_TTL: '60', MEDSCHED_QUOTA_MB: '10' },
      ),
    ).toMatchObject({
      idempotency: { maxBytes: 32 * mib, maxBytesPerCredential: 4 * mib, keepMs: 60_000 },
      storageQuota: { calendarEntries: 500, bytes: 10 * mib },
      journalCompactBytes: 2 * mib,
    });
  });

  it.each([
    [{ headerTimeout: '0' }, '--header-timeout'],
    [{ idleTimeout: 'soon' }, '--idle-timeout'],
    [{ maxBakeEntries: '-1' }, '--max-bake-entries'],
    [{ publicUrl: 'ftp://x' }, '--public-url'],
    [{ publicUrl: 'not a url' }, '--public-url'],
    [{ authFailureLimit: '0' }, '--auth-failure-limit'],
    [{ maxConnectionsPerClient: '0' }, '--max-connections-per-client'],
    [{ idempotencyMb: '0' }, '--idempotency-mb'],
    [{ idempotencyCredentialMb: '1.5' }, '--idempotency-credential-mb'],
    [{ idempotencyTtl: '-5' }, '--idempotency-ttl'],
    [{ quotaEntries: 'many' }, '--quota-entries'],
    [{ quotaMb: '0' }, '--quota-mb'],
    [{ journalCompactMb: '' }, '--journal-compact-mb'],
  ])('refuses %o naming %s', (flags, name) => {
    expect(() => readLimitFlags(flags, {})).toThrow(name);
  });
});
