import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1 } from './support/demo.js';
import { startTestServer } from './support/server.js';

/**
 * One client address cannot hold more than its share of connections (issue 9, "Connections"):
 * half-sent requests within the header timeout would otherwise use up the file descriptors of
 * every tenant. Another address (127.0.0.2, also this machine's loopback) is served meanwhile.
 */

const limit = 5;
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ maxConnectionsPerClient: limit });
});
afterAll(() => server.close());

function openSocket(localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: server.port, host: server.host, localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on a connection until it closes it. */
function readUntilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.once('close', () => resolve(text));
  });
}

function getOrganization(localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request({ host: server.host, port: server.port, path: `/v1/organizations/${org1.id}`, localAddress, agent: false, headers: { 'x-api-key': org1.admin.apiKey } }, (answer) => {
      answer.resume();
      answer.once('end', () => resolve(answer.statusCode ?? 0));
    });
    call.once('error', reject);
    call.end();
  });
}

describe('connections per client address', () => {
  it('answers one connection over the limit with a 429 problem and closes it, while other addresses are served', async () => {
    const stalled = await Promise.all(Array.from({ length: limit }, () => openSocket()));
    for (const socket of stalled) socket.write(`GET /v1/organizations/${org1.id} HTTP/1.1\r\nHost: localhost\r\n`);

    const extra = await openSocket();
    const answer = await readUntilClosed(extra);
    expect(answer).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
    expect(answer).toContain('content-type: application/problem+json');
    const problem = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { status: number; code: string; detail: string };
    expect(problem).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(problem.detail).toContain(`at most ${limit} open connections per client address`);

    expect(await getOrganization('127.0.0.2')).toBe(200);

    const closed = stalled.map((socket) => new Promise((resolve) => socket.once('close', resolve)));
    for (const socket of stalled) socket.destroy();
    await Promise.all(closed);
    // Counted down on close: the same address is served again.
    let status = 0;
    // The server counts a connection down when it sees it close, which a loaded machine may take a while to do: a generous bound, not a window.
    for (let tries = 0; tries < 400 && status !== 200; tries += 1) {
      status = await getOrganization('127.0.0.1');
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(200);
  });
});
