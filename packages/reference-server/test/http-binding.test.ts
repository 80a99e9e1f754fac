/**
 * Issue 18, "too large is readable": a body over the 1 MiB limit gets its 413 problem read by
 * the client, whether the body comes with a Content-Length or in pieces (chunked), because the
 * server reads and drops the rest before it answers and closes (before, `fetch` saw EPIPE or a
 * reset in many tries). Against the built `medsched-server`, with plain `fetch` (what the SDK
 * and the CLI use).
 */
import { createClient, PayloadTooLargeError, type Problem } from '@medsched/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { org1 } from './support/demo.js';
import { call, largeNotification, originOf, type CallAnswer } from './support/http-call.js';
import { startServerBin, type ServerProcess } from './support/server-bin.js';

let server: ServerProcess;
let origin: string;
beforeAll(async () => {
  server = await startServerBin(['--port', '0']);
  origin = originOf(server.url);
});
afterAll(() => server?.kill());

const headers = { 'x-api-key': org1.admin.apiKey, 'content-type': 'application/json' };

function expectTooLarge(answer: CallAnswer) {
  expect(answer.status, answer.text).toBe(413);
  expect(answer.body).toMatchObject({ code: 'payload_too_large', status: 413, limit: 1024 * 1024 });
  expect((answer.body as Problem).detail).toContain('1048576 bytes');
}

/** A JSON body of `bytes` bytes, sent as a stream of 64 KiB pieces with a pause between some. */
function streamed(bytes: number): ReadableStream<Uint8Array> {
  const piece = new TextEncoder().encode('x'.repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode('{"name":"'));
      if (sent >= bytes) {
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
        return;
      }
      if (sent % (512 * 1024) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      controller.enqueue(piece);
      sent += piece.length;
    },
  });
}

describe('a body over the limit gets a readable 413 problem', () => {
  it('with a Content-Length, sent at once: 3 MiB and 12 MiB (the larger one failed with EPIPE in 2 of 10 tries before)', async () => {
    for (const size of [3, 12]) {
      const body = JSON.stringify({ name: 'x'.repeat(size * 1024 * 1024) });
      for (let attempt = 0; attempt < 12; attempt++) expectTooLarge(await call(origin, 'POST', '/v1/medications/', { body, headers }));
    }
  }, 60_000);

  it('over the old 16 MiB drain cap: 8 clients at once sending 20 MiB each all read the 413 (issue 33: 13 of 20 saw EPIPE)', async () => {
    // Bytes, not a string: fetch encodes a string body after it has connected, and eight 20 MiB
    // encodings on loaded cores outlasted the server's 10 s header timeout (408, then EPIPE).
    const body = new TextEncoder().encode(JSON.stringify({ name: 'x'.repeat(20 * 1024 * 1024) }));
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(origin, 'POST', '/v1/medications/', { body, headers })));
    for (const answer of answers) expectTooLarge(answer);
  }, 120_000);

  it('in pieces (chunked transfer encoding, no length), with and without an Idempotency-Key (10 tries)', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const extra: Record<string, string> = attempt % 2 === 0 ? {} : { 'idempotency-key': `too-large-${attempt}` };
      expectTooLarge(await call(origin, 'POST', '/v1/medications/', { body: streamed(2 * 1024 * 1024), headers: { ...headers, ...extra } }));
    }
  }, 60_000);

  it('the SDK turns it into a PayloadTooLargeError naming the limit (5 tries)', async () => {
    const client = createClient({ baseUrl: server.url, apiKey: org1.patient.apiKey, maxRetries: 0 });
    const notification = largeNotification(1_200_000);
    for (let attempt = 0; attempt < 5; attempt++) {
      const error = await client.accounts.update(org1.patient.accountId, { notification }).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(PayloadTooLargeError);
      expect(error).toMatchObject({ status: 413, code: 'payload_too_large', limitBytes: 1024 * 1024 });
      expect((error as Error).message).toContain('1048576 bytes');
    }
  });

  it('before authentication too (a bad key with a large body is a readable 401), and the server keeps serving', async () => {
    const answer = await call(origin, 'POST', '/v1/medications/', { body: streamed(3 * 1024 * 1024), headers: { ...headers, 'x-api-key': 'msk_wrong' } });
    expect(answer.status).toBe(401);
    expect((await call(origin, 'GET', `/v1/organizations/${org1.id}`, { apiKey: org1.admin.apiKey })).status).toBe(200);
  });
});
