import { createClient, type ClientOptions } from '@medsched/sdk';
import { call, type CallAnswer } from './http-call.js';
import { startServer, type RunningServer, type StartServerOptions } from '../../src/node/index.js';

export const adminSecret = 'test-admin-secret';

/** A reference server on a free port with the demo data (one per test file: files run in parallel). */
export async function startTestServer(options: StartServerOptions = {}): Promise<RunningServer> {
  // A kept-alive connection lives 2 minutes here, not 5 s: the server shares the test's process, and
  // synchronous work in a test (a PDF parsed, a property run) on a loaded machine can hold its event
  // loop past 5 s; the server then closed a connection the client had just chosen to reuse
  // (ECONNRESET before the request was parsed). Tests of the idle timeout set their own.
  return startServer({ port: 0, seed: 'demo', adminSecret, onError: () => {}, ...options, timeouts: { idle: 120, ...options.timeouts } });
}

/** An SDK client without retries, so that every request the test makes is one request. */
export function clientFor(server: RunningServer, auth: Pick<ClientOptions, 'apiKey' | 'token'>) {
  return createClient({ baseUrl: server.url, maxRetries: 0, ...auth });
}

export type RawAnswer<Body = unknown> = CallAnswer<Body>;

/** A plain HTTP request, for what the SDK would not send (bad bodies, bad credentials, odd methods). */
export async function raw<Body = unknown>(
  server: RunningServer,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string | Uint8Array; json?: unknown } = {},
): Promise<RawAnswer<Body>> {
  return call<Body>(server.origin, method, path, { headers: init.headers, json: init.json, body: init.body as BodyInit | undefined });
}

export const withKey = (apiKey: string) => ({ 'x-api-key': apiKey });

/**
 * Everything in the store, to compare before and after a refused write. A key's `lastUsedAt`
 * is left out: authenticating a request notes the use, whatever happens to the request.
 */
export function snapshot(server: RunningServer): string {
  const { db } = server.reference;
  const tables = Object.entries(db).map(([name, table]) => [name, table.all()] as const);
  return JSON.stringify(Object.fromEntries(tables), (key, value: unknown) => (key === 'lastUsedAt' ? undefined : value));
}
