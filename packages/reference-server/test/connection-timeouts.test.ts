import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1 } from './support/demo.js';
import { raw, startTestServer, withKey } from './support/server.js';
import type { User } from '@medsched/sdk';

/**
 * Stalled clients (issue 9, "Connections"): half a header, a body that never ends, an answer
 * never read, an idle keep-alive. Each is cut off after its timeout while the server keeps
 * answering others. The timeouts are short here (1–3 s); the bounds the test waits for are
 * generous, and nothing is timed: the test only waits until the connections are gone.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ timeouts: { headers: 2, body: 3, idle: 1, send: 2 } });
});
afterAll(() => server.close());

const openConnections = () => new Promise<number>((resolve, reject) => server.httpServer.getConnections((error, count) => (error ? reject(error) : resolve(count))));

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`still waiting for: ${what}`);
}

function openSocket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, server.host, () => resolve(socket));
    socket.on('error', () => {}); // a reset by the server is the expected outcome
    socket.once('error', reject);
  });
}

const stillServes = async () => {
  const answer = await raw(server, 'GET', `/v1/organizations/${org1.id}`, { headers: withKey(org1.admin.apiKey) });
  expect(answer.status).toBe(200);
};

describe('stalled clients are cut off and the server keeps serving', () => {
  it('half a header, a body that never ends, an idle keep-alive', async () => {
    const halfHeader = await openSocket();
    halfHeader.write(`GET /v1/organizations/${org1.id} HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${org1.admin.apiKey}\r\n`);
    const halfBody = await openSocket();
    halfBody.write(`POST /v1/medications/ HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${org1.admin.apiKey}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"name":`);
    const idle = await openSocket();
    idle.write(`GET /v1/organizations/${org1.id} HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${org1.admin.apiKey}\r\n\r\n`);
    // Reading (and dropping) what the server sends, so that its close is seen.
    const closed = (socket: Socket) => new Promise<void>((resolve) => socket.resume().once('close', () => resolve()));
    const allClosed = Promise.all([closed(halfHeader), closed(halfBody), closed(idle)]);
    await stillServes();
    await allClosed;
    await stillServes();
    await until(async () => (await openConnections()) === 0, 'every stalled connection closed');
  });

  it('a client that never reads its answers (cut by the send timeout alone)', async () => {
    // Its own server whose other timeouts are long: only the send timeout can end this connection.
    // The set-up bakes megabytes, which on loaded cores can keep the server busy, and the test's own
    // connection silent, for longer than a short send timeout: it runs under a long one, and the
    // short one (the same socket timeout that `send` sets) is set for the client that never reads.
    const main = server;
    server = await startTestServer({ timeouts: { headers: 60, body: 60, idle: 60, send: 60 } });
    expect(server.httpServer.timeout).toBe(60_000);
    try {
      await neverReads();
    } finally {
      await server.close();
      server = main;
    }
  });
});

async function neverReads(): Promise<void> {
  {
    // A patient with a big baked schedule: each read of it is megabytes.
    const patient = await raw<User>(server, 'POST', '/v1/users/', { headers: withKey(org1.admin.apiKey), json: { organization: org1.id, role: 'patient', name: 'Big schedule', timezone: 'UTC' } });
    await raw(server, 'POST', '/v1/calendars/', {
      headers: withKey(org1.admin.apiKey),
      json: { patient: patient.body.id, name: 'Hourly', date: '2026-01-01', intakeTime: '00:00', rrule: 'FREQ=HOURLY', instruction: 'x'.repeat(2000) },
    });
    const baked = await raw(server, 'POST', '/v1/calendars/bake', { headers: withKey(org1.admin.apiKey), json: { patient: patient.body.id, from: '2026-01-01', to: '2026-03-31' } });
    expect(baked.status).toBe(200);
    // Long enough that the small answers of `stillServes` beside four answers of megabytes being
    // built are not cut on loaded cores; the client that never reads is still cut, after this long.
    server.httpServer.setTimeout(10_000);

    // The server's end of the connection, to see that it is cut and its pending megabytes freed.
    const serverSide = new Promise<import('node:net').Socket>((resolve) => {
      const onConnection = (socket: import('node:net').Socket) => {
        server.httpServer.off('connection', onConnection);
        resolve(socket);
      };
      server.httpServer.on('connection', onConnection);
    });
    const reader = await openSocket();
    reader.pause(); // never reads
    const request = `GET /v1/calendars/bake?patient=${patient.body.id}&from=2026-01-01&to=2026-03-31 HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${org1.admin.apiKey}\r\n\r\n`;
    // Four answers of megabytes each: far more than the socket buffers hold.
    for (let count = 0; count < 4; count++) reader.write(request);
    await stillServes();
    const socket = await serverSide;
    await until(() => socket.writableLength > 1_000_000, 'megabytes waiting for the client');
    const closed = new Promise((resolve) => (socket.closed ? resolve(undefined) : socket.once('close', resolve)));
    await until(() => socket.destroyed, 'the connection of the client that does not read cut off');
    // `destroyed` is set at once; the buffered megabytes are let go on a later tick, by 'close'.
    await closed;
    await until(() => socket.writableLength === 0, 'its pending megabytes freed');
    await stillServes();
    reader.destroy();
  }
}

describe('the built medsched-server with timeout flags (issue 18, slow senders)', () => {
  it('cuts half a header and a half body after the flagged timeouts and keeps serving; --help shows the defaults', async () => {
    const { startServerBin, serverBin } = await import('./support/server-bin.js');
    const { execFileSync } = await import('node:child_process');
    const help = execFileSync(process.execPath, [serverBin, '--help'], { encoding: 'utf8' });
    for (const flag of [
      '--header-timeout 10',
      '--body-timeout 30',
      '--idle-timeout 5',
      '--send-timeout 30',
      '--idempotency-mb 64',
      '--idempotency-credential-mb 8',
      '--idempotency-ttl 86400',
      '--quota-entries 100000',
      '--quota-mb 100',
      '--journal-compact-mb 16',
      'MEDSCHED_<FLAG>',
    ])
      expect(help).toContain(flag);

    const bin = await startServerBin(['--port', '0', '--header-timeout', '1', '--body-timeout', '2', '--idle-timeout', '1', '--send-timeout', '2']);
    try {
      const { port, hostname } = new URL(bin.url);
      const open = () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(Number(port), hostname, () => resolve(socket));
          socket.on('error', () => {});
          socket.once('error', reject);
        });
      const closed = (socket: Socket) => new Promise<void>((resolve) => socket.resume().once('close', () => resolve()));
      const halfHeader = await open();
      halfHeader.write(`GET /v1/organizations/${org1.id} HTTP/1.1\r\nHost: localhost\r\nx-api-`);
      const halfBody = await open();
      halfBody.write(`POST /v1/medications/ HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${org1.admin.apiKey}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"na`);
      const all = Promise.all([closed(halfHeader), closed(halfBody)]);
      const served = await fetch(`${bin.url}/organizations/${org1.id}`, { headers: withKey(org1.admin.apiKey) });
      expect(served.status).toBe(200);
      await all; // both cut off by the server (the test's own timeout bounds the wait)
      const after = await fetch(`${bin.url}/organizations/${org1.id}`, { headers: withKey(org1.admin.apiKey) });
      expect(after.status).toBe(200);
    } finally {
      bin.kill();
    }
  });
});
