import type { FailedAuthenticationLimitOptions } from '../../domain/access/failed-authentication-limit.js';
import type { OperationLimits } from '../../domain/operation/limits.js';
import type { ConnectionTimeouts } from '../connection-timeouts.js';
import { UsageError } from '../usage-error.js';
import type { IdempotencyOptions } from '../../pipeline/idempotency.js';
import type { StorageQuotaLimits } from '../../domain/operation/storage-quota.js';

/** The serve flags that bound what clients can make the server do (README, "Limits"). */
export interface LimitFlags {
  publicUrl?: string | undefined;
  maxBakeEntries?: string | undefined;
  authFailureLimit?: string | undefined;
  headerTimeout?: string | undefined;
  bodyTimeout?: string | undefined;
  idleTimeout?: string | undefined;
  sendTimeout?: string | undefined;
  maxConnectionsPerClient?: string | undefined;
  idempotencyMb?: string | undefined;
  idempotencyCredentialMb?: string | undefined;
  idempotencyTtl?: string | undefined;
  quotaEntries?: string | undefined;
  quotaMb?: string | undefined;
  journalCompactMb?: string | undefined;
}

/** Flags win over environment variables, which win over defaults. */
const fromEnv = {
  publicUrl: 'MEDSCHED_PUBLIC_URL',
  maxBakeEntries: 'MEDSCHED_MAX_BAKE_ENTRIES',
  authFailureLimit: 'MEDSCHED_AUTH_FAILURE_LIMIT',
  headerTimeout: 'MEDSCHED_HEADER_TIMEOUT',
  bodyTimeout: 'MEDSCHED_BODY_TIMEOUT',
  idleTimeout: 'MEDSCHED_IDLE_TIMEOUT',
  sendTimeout: 'MEDSCHED_SEND_TIMEOUT',
  maxConnectionsPerClient: 'MEDSCHED_MAX_CONNECTIONS_PER_CLIENT',
  idempotencyMb: 'MEDSCHED_IDEMPOTENCY_MB',
  idempotencyCredentialMb: 'MEDSCHED_IDEMPOTENCY_CREDENTIAL_MB',
  idempotencyTtl: 'MEDSCHED_IDEMPOTENCY_TTL',
  quotaEntries: 'MEDSCHED_QUOTA_ENTRIES',
  quotaMb: 'MEDSCHED_QUOTA_MB',
  journalCompactMb: 'MEDSCHED_JOURNAL_COMPACT_MB',
} as const satisfies Record<keyof LimitFlags, string>;

const flagNames: Record<keyof LimitFlags, string> = {
  publicUrl: '--public-url',
  maxBakeEntries: '--max-bake-entries',
  authFailureLimit: '--auth-failure-limit',
  headerTimeout: '--header-timeout',
  bodyTimeout: '--body-timeout',
  idleTimeout: '--idle-timeout',
  sendTimeout: '--send-timeout',
  maxConnectionsPerClient: '--max-connections-per-client',
  idempotencyMb: '--idempotency-mb',
  idempotencyCredentialMb: '--idempotency-credential-mb',
  idempotencyTtl: '--idempotency-ttl',
  quotaEntries: '--quota-entries',
  quotaMb: '--quota-mb',
  journalCompactMb: '--journal-compact-mb',
};

function wholeNumber(name: keyof LimitFlags, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) throw new UsageError(`${flagNames[name]} must be a whole number from ${min} to ${max}, not ${value}`);
  return number;
}

/** `--public-url https://medsched.example.test`: an absolute http(s) URL; its origin is used. */
function publicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--public-url must be an absolute URL such as https://medsched.example.test, not ${value}`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) throw new UsageError(`--public-url must be an http(s) URL without user info, not ${value}`);
  return url.origin;
}

/** `--auth-failure-limit 30` (a minute), `30/60` (per 60 s) or `off`. */
function authFailureLimit(value: string): FailedAuthenticationLimitOptions | false {
  if (value === 'off') return false;
  const match = /^(\d+)(?:\/(\d+)s?)?$/.exec(value);
  if (!match || Number(match[1]) < 1 || match[2] === '0') throw new UsageError(`--auth-failure-limit must be failures per minute (30), failures/seconds (30/60) or off, not ${value}`);
  return { limit: Number(match[1]), windowSeconds: Number(match[2] ?? 60) };
}

/** The server options the limit flags (or their variables) ask for; absent ones keep the defaults. */
export function readLimitFlags(flags: LimitFlags, environment: NodeJS.ProcessEnv = process.env) {
  const value = (name: keyof LimitFlags) => flags[name] ?? environment[fromEnv[name]];
  const seconds = (name: keyof LimitFlags) => {
    const text = value(name);
    return text === undefined ? undefined : wholeNumber(name, text, 1, 3600);
  };
  const timeouts: Partial<ConnectionTimeouts> = {};
  for (const [name, key] of [
    ['headerTimeout', 'headers'],
    ['bodyTimeout', 'body'],
    ['idleTimeout', 'idle'],
    ['sendTimeout', 'send'],
  ] as const) {
    const given = seconds(name);
    if (given !== undefined) timeouts[key] = given;
  }
  const bakeEntries = value('maxBakeEntries');
  const limits: Partial<OperationLimits> = bakeEntries === undefined ? {} : { bakeEntries: wholeNumber('maxBakeEntries', bakeEntries, 1, 1_000_000) };
  const connections = value('maxConnectionsPerClient');
  const publicUrlText = value('publicUrl');
  const authFailures = value('authFailureLimit');
  const whole = (name: keyof LimitFlags, min: number, max: number) => {
    const text = value(name);
    return text === undefined ? undefined : wholeNumber(name, text, min, max);
  };
  const mebibytes = 1024 * 1024;
  const replayMb = whole('idempotencyMb', 1, 65_536);
  const replayCredentialMb = whole('idempotencyCredentialMb', 1, 65_536);
  const replayTtl = whole('idempotencyTtl', 1, 7 * 24 * 3600);
  const idempotency: IdempotencyOptions = {
    ...(replayMb !== undefined && { maxBytes: replayMb * mebibytes }),
    ...(replayCredentialMb !== undefined && { maxBytesPerCredential: replayCredentialMb * mebibytes }),
    ...(replayTtl !== undefined && { keepMs: replayTtl * 1000 }),
  };
  const quotaEntries = whole('quotaEntries', 1, 100_000_000);
  const quotaMb = whole('quotaMb', 1, 1_048_576);
  const storageQuota: Partial<StorageQuotaLimits> = {
    ...(quotaEntries !== undefined && { calendarEntries: quotaEntries }),
    ...(quotaMb !== undefined && { bytes: quotaMb * mebibytes }),
  };
  const journalCompactMb = whole('journalCompactMb', 1, 1_048_576);
  return {
    idempotency,
    storageQuota,
    ...(journalCompactMb !== undefined && { journalCompactBytes: journalCompactMb * mebibytes }),
    timeouts,
    limits,
    ...(publicUrlText !== undefined && { publicUrl: publicUrl(publicUrlText) }),
    ...(authFailures !== undefined && { failedAuthenticationLimit: authFailureLimit(authFailures) }),
    ...(connections !== undefined && { maxConnectionsPerClient: wholeNumber('maxConnectionsPerClient', connections, 1, 100_000) }),
  };
}
