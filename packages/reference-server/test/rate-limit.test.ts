import { createClient, RateLimitError, type LogEntry, type LoggerEntry } from '@medsched/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1 } from './support/demo.js';
import { adminSecret, raw, startTestServer, withKey } from './support/server.js';
import type { CreatedKey } from './support/answer-shapes.js';

/**
 * The per-credential rate limit (api-decisions.md, "Rate limits"): 3 requests per 1-second
 * window. Each test takes fresh API keys from the administration route, so every test starts
 * with full budgets whatever ran before it. The server's clock stands still unless a test moves
 * it: which window a request falls in never depends on how fast the machine is.
 */

let server: RunningServer;
let unlimited: RunningServer;
const windowMs = 1000;
let clock = Date.parse('2026-01-05T09:00:00.000Z');

beforeAll(async () => {
  [server, unlimited] = await Promise.all([startTestServer({ rateLimit: { limit: 3, windowSeconds: 1 }, now: () => new Date(clock) }), startTestServer()]);
});
afterAll(() => Promise.all([server.close(), unlimited.close()]));

async function freshKey(email = 'user@sonnen.example'): Promise<string> {
  const answer = await raw<CreatedKey>(server, 'POST', '/dev/admin/keys', { json: { email }, headers: { 'x-admin-secret': adminSecret } });
  expect(answer.status).toBe(201);
  return answer.body.apiKey;
}

const organization = (target: RunningServer, apiKey: string) => raw(target, 'GET', `/v1/organizations/${org1.id}`, { headers: withKey(apiKey) });

/** Uses up a key's budget: three requests, all answered. */
async function exhaust(apiKey: string): Promise<void> {
  for (let i = 0; i < 3; i++) expect((await organization(server, apiKey)).status).toBe(200);
}

function loggingClient(apiKey: string, options: { maxRetries?: number; maxRetryAfter?: number } = {}) {
  const attempts: LogEntry[] = [];
  // When the SDK starts waiting, the server's clock moves by the wait, as the wait itself would.
  const logger = (entry: LoggerEntry) => (entry.type === 'retry-wait' ? (clock += entry.ms) : attempts.push(entry));
  const client = createClient({ baseUrl: server.url, apiKey, maxRetries: 2, retryDelays: { initialMs: 10, maxMs: 50 }, logger, ...options });
  return { client, attempts };
}

describe('429 answers', () => {
  it('the 4th request in a window is 429 with Retry-After and RateLimit-* headers', async () => {
    const apiKey = await freshKey();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await organization(server, apiKey));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((answer) => answer.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
    for (const answer of answers) {
      expect(answer.headers.get('ratelimit-limit')).toBe('3');
      expect(Number(answer.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
      expect(Number(answer.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(1);
    }
    const limited = answers[3]!;
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(limited.body).toMatchObject({ status: 429, code: 'rate_limited' });
    // Still limited for the rest of the window, whatever the operation.
    expect((await raw(server, 'GET', '/v1/calendars/', { headers: withKey(apiKey) })).status).toBe(429);
  });

  it('the budget comes back after the window', async () => {
    const apiKey = await freshKey();
    await exhaust(apiKey);
    const limited = await organization(server, apiKey);
    expect(limited.status).toBe(429);
    clock += Number(limited.headers.get('retry-after')) * 1000;
    const again = await organization(server, apiKey);
    expect(again.status).toBe(200);
    expect(again.headers.get('ratelimit-remaining')).toBe('2');
  });

  it('separate credentials have separate budgets', async () => {
    const first = await freshKey();
    const second = await freshKey(); // the same account, another key
    const other = await freshKey('admin@sonnen.example');
    await exhaust(first);
    expect((await organization(server, first)).status).toBe(429);
    expect((await organization(server, second)).status).toBe(200);
    expect((await organization(server, other)).status).toBe(200);
    expect((await organization(server, second)).headers.get('ratelimit-remaining')).toBe('1');
    expect((await organization(server, first)).status).toBe(429);
  });

  it('off by default: no limit and no RateLimit-* headers', async () => {
    for (let i = 0; i < 10; i++) {
      const answer = await organization(unlimited, org1.user.apiKey);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-limit')).toBeNull();
    }
  });
});

describe('the SDK honours Retry-After', () => {
  it('retries after the window and succeeds: one 429 attempt, then success', async () => {
    const apiKey = await freshKey();
    const { client, attempts } = loggingClient(apiKey);
    await exhaust(apiKey);
    const organizationRecord = await client.organizations.get(org1.id);
    expect(organizationRecord.id).toBe(org1.id);
    expect(attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [0, 429],
      [1, 200],
    ]);
    // The wait is the server's Retry-After (1 s), not the 10 ms back-off.
    expect(attempts[0]!.retryInMs).toBe(windowMs);
    expect(attempts[1]!.retryInMs).toBeUndefined();
    expect(attempts[0]!.requestId).toBe(attempts[1]!.requestId);
  });

  it('a Retry-After above maxRetryAfter raises RateLimitError at once', async () => {
    const apiKey = await freshKey();
    const { client, attempts } = loggingClient(apiKey, { maxRetryAfter: 500 });
    await exhaust(apiKey);
    const error = await client.organizations.get(org1.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfter: 1 });
    expect(attempts.map((attempt) => [attempt.attempt, attempt.status, attempt.retryInMs])).toEqual([[0, 429, undefined]]);
  });

  it('with maxRetries 0 the 429 is raised without a retry', async () => {
    const apiKey = await freshKey();
    const { client, attempts } = loggingClient(apiKey, { maxRetries: 0 });
    await exhaust(apiKey);
    await expect(client.organizations.get(org1.id)).rejects.toBeInstanceOf(RateLimitError);
    expect(attempts).toHaveLength(1);
  });
});
