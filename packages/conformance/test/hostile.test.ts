/**
 * The checker against the hostile server (packages/sdk/test/support/hostile-server.ts): a run that
 * cannot start (unreachable, dripping, redirected) is a ConformanceError, never a credential sent
 * elsewhere, and `toJunitFailure` turns it into one failing JUnit case; answers that would
 * exhaust memory fail the rules at 8 MiB; server text in the printed report is inert.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileServer, type HostileServer } from '../../sdk/test/support/hostile-server.js';
import { checkConformance, ConformanceError, formatReport, toJunitFailure } from '../src/index.js';
import { closedPort } from './support/closed-port.js';

const apiKey = 'msk_live_SECRET_conformance_key';
const unsafe = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

let hostile: HostileServer;
beforeAll(async () => (hostile = await startHostileServer()));
afterAll(() => hostile.close());

async function runAgainst(baseUrl: string, timeoutMs = 5_000) {
  return checkConformance({ baseUrl, credentials: { primary: { apiKey } }, readOnly: true, timeoutMs });
}

async function startError(baseUrl: string, timeoutMs?: number): Promise<ConformanceError> {
  const error = await runAgainst(baseUrl, timeoutMs).then(
    () => undefined,
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(ConformanceError);
  return error as ConformanceError;
}

describe('a run that cannot start', () => {
  it.each([301, 302, 303, 307, 308])('a %i to another host: ConformanceError redirected, naming the target; nothing sent there', async (status) => {
    hostile.elsewhere.length = 0;
    const error = await startError(hostile.baseUrl(`redirect-${status}-other-host`));
    expect(error.code).toBe('redirected');
    expect(error.message).toMatch(/redirecting to "http:\/\/127\.0\.0\.2:\d+\/v1\/calendars\//);
    expect(hostile.elsewhere).toEqual([]);
  });

  it('a server that drips past the timeout: unreachable, one failing JUnit case', async () => {
    const error = await startError(hostile.baseUrl('drip'), 300);
    expect(error.code).toBe('unreachable');
    expect(toJunitFailure(hostile.baseUrl('drip'), error)).toContain('<failure message="cannot reach');
  });

  it('nothing listening: unreachable, one failing JUnit case', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    const error = await startError(baseUrl);
    expect(error.code).toBe('unreachable');
    expect(toJunitFailure(baseUrl, error)).toMatch(/<testsuites [^>]*tests="1" failures="1"/);
  });

  it('toJunitFailure: one failing case that says why, valid XML text', async () => {
    const error = await startError(hostile.baseUrl('redirect-302-file'));
    const xml = toJunitFailure(hostile.baseUrl('redirect-302-file'), error);
    expect(xml).toMatch(/<testsuites [^>]*tests="1" failures="1"/);
    expect(xml).toMatch(/<testcase classname="conformance" name="run: the deployment can be checked \(redirected\)"/);
    expect(xml).toContain('file:///etc/passwd');
    expect(xml.match(/<failure /g)).toHaveLength(1);
  });
});

describe('answers a rule cannot use', () => {
  it.each(['gzip-bomb', 'endless'])('%s: the rules fail at 8 MiB each; the run ends', async (mode) => {
    const report = await runAgainst(hostile.baseUrl(mode));
    expect(report.ok).toBe(false);
    const failed = report.results.filter((result) => result.status === 'fail');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.some((result) => result.message?.includes('larger than 8 MiB'))).toBe(true);
  });

  it('escape sequences and bidi overrides in problems: the printed report holds none', async () => {
    const report = await runAgainst(hostile.baseUrl('escapes'));
    expect(report.ok).toBe(false);
    const printed = formatReport(report);
    expect(printed).toMatch(/\(bad.*code\)/); // the problem's code reached the report, made inert
    expect(printed.replace(/\n/g, '')).not.toMatch(unsafe);
  });
});
