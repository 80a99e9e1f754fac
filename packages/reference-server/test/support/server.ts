import { createClient, type ClientOptions } from '@medsched/sdk';
import { startServer, type RunningServer, type StartServerOptions } from '../../src/node/index.js';

export const adminSecret = 'test-admin-secret';

/** A reference server on a free port with the demo data (one per test file: files run in parallel). */
export async function startTestServer(options: StartServerOptions = {}): Promise<RunningServer> {
  return startServer({ port: 0, seed: 'demo', adminSecret, onError: () => {}, ...options });
}

/** An SDK client without retries, so that every request the test makes is one request. */
export function clientFor(server: RunningServer, auth: Pick<ClientOptions, 'apiKey' | 'token'>) {
  return createClient({ baseUrl: server.url, maxRetries: 0, ...auth });
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** A plain HTTP request, for what the SDK would not send (bad bodies, bad credentials, odd methods). */
export async function raw(server: RunningServer, method: string, path: string, init: { headers?: Record<string, string>; body?: string | Uint8Array; json?: unknown } = {}): Promise<RawAnswer> {
  const headers = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${server.origin}${path}`, { method, headers, body: body as BodyInit | undefined });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

export const withKey = (apiKey: string) => ({ 'x-api-key': apiKey });

/**
 * Everything in the store, to compare before and after a refused write. A key's `lastUsedAt`
 * is left out: authenticating a request notes the use, whatever happens to the request.
 */
export function snapshot(server: RunningServer): string {
  const { db } = server.reference;
  const tables = Object.entries(db).map(([name, table]) => [name, table.all()] as const);
  return JSON.stringify(Object.fromEntries(tables), (key, value) => (key === 'lastUsedAt' ? undefined : value));
}
