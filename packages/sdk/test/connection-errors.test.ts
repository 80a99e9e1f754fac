/**
 * A ConnectionError names the attempt (its request id) and where the connection failed: before
 * any answer, or after the server had answered (status and headers) and the body was cut, when
 * the server has acted on the request. A raw server on port 0 fails each way on purpose.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionError, createClient } from '../src/index.js';

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.includes('cut-body')) {
      // The answer begins (status, headers, part of the body), then the connection goes.
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"id":"');
      setImmediate(() => response.socket?.destroy());
      return;
    }
    request.socket.destroy(); // no answer at all
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(path: string, requestId: string): Promise<ConnectionError> {
  const client = createClient({ baseUrl, apiKey: 'msk_test_key', maxRetries: 0 });
  const error = await client.request({ method: 'GET', path }, { headers: { 'x-request-id': requestId } }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConnectionError);
  return error as ConnectionError;
}

describe('ConnectionError', () => {
  it('a connection closed before any answer: phase connect, the request id, "could not reach"', async () => {
    const error = await failure('/calendars/no-answer', 'req_no_answer_1');
    expect(error).toMatchObject({ code: 'connection_error', phase: 'connect', requestId: 'req_no_answer_1' });
    expect(error.message).toMatch(new RegExp(`^could not reach ${baseUrl.replace(/\./g, '\\.')}: .+ \\(request req_no_answer_1\\)$`));
  });

  it('a body cut after the headers: phase body, the status, and that the server acted on it; not "could not reach"', async () => {
    const error = await failure('/calendars/cut-body', 'req_cut_body_1');
    expect(error).toMatchObject({ code: 'connection_error', phase: 'body', requestId: 'req_cut_body_1' });
    expect(error.message).toMatch(
      /^the answer from http:\/\/127\.0\.0\.1:\d+\/v1 \(status 200\) was cut after its headers: .+; the server had answered, so it acted on the request \(request req_cut_body_1\)$/,
    );
    expect(error.message).not.toContain('could not reach');
  });
});
