import { randomBytes } from 'node:crypto';

/**
 * One answer. `body` is the parsed JSON as the caller names it (`call<Problem>(…)`): nothing
 * checks the shape, so a test names only what it reads; unnamed, it stays `unknown`.
 */
export interface CallAnswer<Body = unknown> {
  status: number;
  headers: Headers;
  body: Body;
  text: string;
}

/** One request to a server process by its origin (`http://127.0.0.1:port`), JSON in and out. */
export async function call<Body = unknown>(
  origin: string,
  method: string,
  path: string,
  init: { apiKey?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<CallAnswer<Body>> {
  const headers: Record<string, string> = { ...(init.apiKey && { 'x-api-key': init.apiKey }), ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${origin}${path}`, { method, headers, body, ...(body instanceof ReadableStream && { duplex: 'half' }) });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed as Body, text };
}

/**
 * A notification settings object of about `bytes` bytes of JSON, in strings of 1,000 random hex
 * characters (within the server's JSON shape limits, and not shrunk much by compression).
 */
export function largeNotification(bytes: number): Record<string, string> {
  const notification: Record<string, string> = {};
  for (let index = 0; index * 1010 < bytes; index++) notification[`k${index}`] = randomBytes(500).toString('hex');
  return notification;
}

/** The origin of a base URL such as `http://127.0.0.1:41234/v1`. */
export const originOf = (url: string) => new URL(url).origin;
