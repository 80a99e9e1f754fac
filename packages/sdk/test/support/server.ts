/**
 * One msw server per test file (vitest isolates files): unhandled requests fail the test,
 * handlers are reset after each test.
 */
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createClient, type ClientOptions, type LogEntry, type RetryWaitEntry } from '../../src/index.js';
import { BASE, problem } from './fixtures.js';

export const server = setupServer();

/** Starts the msw server for the calling test file. */
export function useServer(): typeof server {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A client against the test base URL, with back-off short enough for tests. */
export function testClient(options: Partial<ClientOptions> = {}) {
  return createClient({ baseUrl: BASE, apiKey: 'msk_test_key', retryDelays: { initialMs: 1, maxMs: 5 }, ...options });
}

/** A client that also records what its logger sees: attempts in `logs`, waits in `waits`. */
export function loggedClient(options: Partial<ClientOptions> = {}) {
  const logs: LogEntry[] = [];
  const waits: RetryWaitEntry[] = [];
  const client = testClient({ ...options, logger: (entry) => (entry.type === 'retry-wait' ? waits.push(entry) : logs.push(entry)) });
  return { client, logs, waits };
}

/** A problem+json answer. */
export function problemResponse(status: number, code: string, detail = code, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
  return HttpResponse.json(problem(status, code, detail, extra), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });
}
