import type { Server } from 'node:http';

/**
 * How long a connection may take over each phase, in seconds. A local sandbox answers in
 * milliseconds, so these are seconds, not minutes: enough for a slow CI machine, short enough
 * that clients which stall (half a header, a body that never ends, an answer never read, an idle
 * keep-alive) cannot pile up until the server runs out of file descriptors or memory.
 */
export interface ConnectionTimeouts {
  /** From the connection (or the end of the last answer) to the end of the request headers. Default 10. */
  headers: number;
  /** From the connection to the end of the request body. Default 30. */
  body: number;
  /** A kept-alive connection with no request. Default 5. */
  idle: number;
  /** No progress while sending an answer (a client that does not read), or anything else. Default 30. */
  send: number;
}

export const defaultConnectionTimeouts: ConnectionTimeouts = { headers: 10, body: 30, idle: 5, send: 30 };

/** Node's own options for createServer; Node checks them every `connectionsCheckingInterval`. */
export function serverTimeoutOptions(timeouts: ConnectionTimeouts) {
  return {
    headersTimeout: timeouts.headers * 1000,
    // Node requires requestTimeout >= headersTimeout (or 0).
    requestTimeout: Math.max(timeouts.body, timeouts.headers) * 1000,
    keepAliveTimeout: timeouts.idle * 1000,
    // Node's default checks every 30 s, which would let a stalled header live 30 s past its limit.
    connectionsCheckingInterval: Math.min(1000, timeouts.headers * 1000),
  };
}

/** A socket with no progress in either direction for `send` seconds is destroyed (Node's default action). */
export function applySocketTimeout(server: Server, timeouts: ConnectionTimeouts): void {
  server.setTimeout(timeouts.send * 1000);
}
