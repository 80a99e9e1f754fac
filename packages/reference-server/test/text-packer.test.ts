/**
 * Issue 18, memory after a flood: the node:http server reads a body as text and hashes it as it
 * arrives (no joined buffer), and keeps large answers for Idempotency-Key replays as deflated
 * pieces in strings (node/text-packer.ts). Text split anywhere (a multi-byte character across
 * chunks, a surrogate pair across pieces) comes back the same, byte for byte.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { zlibTextPacker } from '../src/node/text-packer.js';
import { IdempotencyStep } from '../src/pipeline/idempotency.js';
import type { Caller } from '../src/domain/access/caller.js';
import { org1 } from './support/demo.js';
import { startTestServer } from './support/server.js';
import type { Account } from '@medsched/sdk';

/** Text of about `length` characters mixing ASCII, two-, three- and four-byte characters. */
const mixed = (length: number) => {
  const parts = ['plain ascii ', 'Grüße ', '服药 ', '💊 ', 'é'];
  let text = '';
  for (let index = 0; text.length < length; index++) text += parts[index % parts.length]! + index;
  return text;
};

describe('zlibTextPacker', () => {
  it('packs text into latin1 strings and unpacks it unchanged, surrogate pairs across piece boundaries included', async () => {
    for (const text of [mixed(200_000), '💊'.repeat(40_000), 'x'.repeat(32 * 1024 - 1) + '💊' + 'y', `{"a":"${'Take with water. '.repeat(40_000)}"}`]) {
      const pieces = await zlibTextPacker.pack(text);
      for (const piece of pieces) expect(/^[\x00-\xff]*$/.test(piece)).toBe(true);
      expect(await zlibTextPacker.unpack(pieces)).toBe(text);
    }
  });

  it('keeps a large answer compactly with the packer and replays it byte for byte', async () => {
    const step = new IdempotencyStep({ packer: zlibTextPacker });
    const caller = { credential: { kind: 'api-key', keyId: 'c' }, user: { id: '64d002000000000000000001' } } as Caller;
    const request = {
      method: 'POST',
      pathname: '/v1/medications/',
      search: '',
      origin: 'http://x.test',
      header: (name: string) => (name === 'idempotency-key' ? 'k' : undefined),
      readBody: () => Promise.resolve({ kind: 'none' as const }),
    };
    const body = JSON.stringify({ notification: { text: 'Take with water. '.repeat(40_000) } });
    await step.run(request, caller, 'r1', () => Promise.resolve({ status: 200, headers: {}, body }));
    expect(step.store.bytes).toBeLessThan(body.length / 20);
    const again = await step.run(request, caller, 'r2', () => Promise.resolve({ status: 500, headers: {}, body: 'ran again' }));
    expect(again.body).toBe(body);
  });
});

describe('bodies read as text over HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** Sends `bytes` in chunks of `size` bytes (a multi-byte character cut between two chunks). */
  const patch = (key: string, bytes: Uint8Array, size: number) =>
    fetch(`${server.url}/accounts/${encodeURIComponent(org1.patient.accountId)}`, {
      method: 'PATCH',
      headers: { 'x-api-key': org1.patient.apiKey, 'content-type': 'application/json', 'idempotency-key': key },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);

  it('decodes multi-byte characters cut between chunks, and replays the answer under the same key byte for byte', async () => {
    // Strings of at most 10,000 characters (json-limits.ts): 40 of 8,000.
    const notification: Record<string, string> = {};
    for (let index = 0; index < 40; index++) notification[`k${index}`] = mixed(8_000).slice(index % 5, 8_000);
    const bytes = new TextEncoder().encode(JSON.stringify({ notification }));
    const first = await patch('mixed-1', bytes, 7_777);
    const firstText = await first.text();
    expect(first.status, firstText).toBe(200);
    expect((JSON.parse(firstText) as Account).notification).toEqual(notification);
    const again = await patch('mixed-1', bytes, 65_536);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(firstText))).toBe(true);
    // Another body under the same key: 422, told apart by the hash of its bytes.
    const other = await patch('mixed-1', new TextEncoder().encode(JSON.stringify({ notification: { text: 'other' } })), 3);
    expect(other.status).toBe(422);
  });

  it('answers 400 to a body that is not UTF-8, with or without a key', async () => {
    const bytes = Uint8Array.from([...new TextEncoder().encode('{"notification":{"a":"'), 0xc3, 0x28, ...new TextEncoder().encode('"}}')]);
    for (const key of ['bad-utf8', 'bad-utf8']) {
      const answer = await patch(key, bytes, 5);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: 'invalid_json', detail: 'the body is not valid UTF-8' });
    }
  });
});
