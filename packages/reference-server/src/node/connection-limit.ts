import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { ProblemError } from '../domain/operation/problems.js';
import { problemResponse } from '../pipeline/problem-response.js';

/** Most connections one client address may hold open at once. Default 256. */
export const defaultConnectionsPerClient = 256;

/**
 * The answer to a connection over the limit, written before its request is read: the pipeline's
 * 429 problem document (the client has too many open, not the server too few), then the
 * connection closes.
 */
function tooManyConnections(limit: number): string {
  const error = new ProblemError('rate_limited', `at most ${limit} open connections per client address; close some (or reuse them with keep-alive) and try again`, {
    headers: { 'retry-after': '1', connection: 'close' },
  });
  const { status, headers, body } = problemResponse(error, crypto.randomUUID());
  const text = String(body);
  const head = Object.entries({ ...headers, 'content-length': String(Buffer.byteLength(text)) }).map(([name, value]) => `${name}: ${value}`);
  return [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...head, '', text].join('\r\n');
}

/**
 * Caps the connections one address holds open. The connection timeouts cut stalled clients off
 * after seconds, but within those seconds one client could still open thousands of half-sent
 * requests and use up the file descriptors that every other tenant needs.
 */
export function limitConnectionsPerClient(server: Server, limit: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limit) {
      socket.end(tooManyConnections(limit));
      // A client that does not read the answer is not kept waiting for.
      setTimeout(() => socket.destroy(), 1000).unref();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
