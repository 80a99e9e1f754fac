import { operations, type OperationId } from '@medsched/sdk/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a build script of the SDK without declarations
import { examples as untyped } from '../../sdk/scripts/openapi-examples.mjs';
import type { RunningServer } from '../src/node/index.js';
import { raw, startTestServer, withKey } from './support/server.js';

// Tools that drive a deployment from the OpenAPI document's examples (Portman, Dredd) send them
// as they are: against the reference server with its default settings (demo data, default PDF
// hosts), every read operation's example must succeed, or such a tool raises a false alarm.
type Example = { params?: Record<string, string>; query?: Record<string, string | number> };
const examples = untyped as Record<OperationId, Example>;

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const reads = Object.values(operations).filter((operation) => operation.method === 'GET');

describe('the OpenAPI examples against the reference server defaults', () => {
  it.each(reads.map((operation) => [operation.id, operation] as const))('%s: the example request succeeds', async (id, operation) => {
    const example = examples[id as OperationId];
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(example.params?.[name] ?? ''));
    const query = new URLSearchParams(Object.entries(example.query ?? {}).map(([name, value]) => [name, String(value)]));
    const answer = await raw(server, 'GET', `/v1${path}${query.size ? `?${query}` : ''}`, { headers: withKey('msk_demo_sonnen_admin') });
    expect(answer.status, answer.text).toBe(200);
  });
});
