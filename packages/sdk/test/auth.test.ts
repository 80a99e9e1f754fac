/** Credentials: API key, bearer token (string or function), a refresh hook that throws (refresh on 401: auth-refresh.test.ts). */
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AuthenticationError } from '../src/index.js';
import { acceptOnly } from './support/accept-only.js';
import { ids, medication } from './support/fixtures.js';
import { sequence } from './support/record.js';
import { testClient, useServer } from './support/server.js';
import { failure } from './support/failure.js';

useServer();

describe('API key', () => {
  it('is sent as x-api-key, with no Authorization header', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    await testClient({ apiKey: 'msk_abc' }).medications.get(ids.medication);
    expect(calls[0]!.headers.get('x-api-key')).toBe('msk_abc');
    expect(calls[0]!.headers.has('authorization')).toBe(false);
  });

  it('with a token too, both headers are sent', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    await testClient({ apiKey: 'msk_abc', token: 'tok_1' }).medications.get(ids.medication);
    expect(calls[0]!.headers.get('x-api-key')).toBe('msk_abc');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok_1');
  });

  it('without any credential, neither header is sent', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    await testClient({ apiKey: undefined }).medications.get(ids.medication);
    expect(calls[0]!.headers.has('x-api-key')).toBe(false);
    expect(calls[0]!.headers.has('authorization')).toBe(false);
  });
});

describe("credentials over a call's own headers", () => {
  it("the client's token and API key are sent, not the call's authorization or x-api-key header", async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    const client = testClient({ apiKey: 'msk_client', token: () => Promise.resolve('tok_client') });
    await client.medications.get(ids.medication, { headers: { Authorization: 'Bearer tok_call', 'X-Api-Key': 'msk_call', 'X-Trace': 't1' } });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok_client');
    expect(calls[0]!.headers.get('x-api-key')).toBe('msk_client');
    expect(calls[0]!.headers.get('x-trace')).toBe('t1');
  });

  it("the client's token is sent, not an authorization header among the client's headers", async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    const client = testClient({ apiKey: undefined, token: 'tok_client', headers: { Authorization: 'Bearer tok_header' } });
    await client.medications.get(ids.medication);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok_client');
  });
});

describe('bearer token', () => {
  it('a string is sent as Authorization: Bearer, without x-api-key', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    await testClient({ apiKey: undefined, token: 'tok_string' }).medications.get(ids.medication);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok_string');
    expect(calls[0]!.headers.has('x-api-key')).toBe(false);
  });

  it('an async function is called for each request and its value sent', async () => {
    let n = 0;
    const token = vi.fn(() => Promise.resolve(`tok_fn_${++n}`));
    const calls = sequence(() => HttpResponse.json(medication()));
    const client = testClient({ apiKey: undefined, token });
    await client.medications.get(ids.medication);
    await client.medications.get(ids.medication);
    expect(token).toHaveBeenCalledTimes(2);
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer tok_fn_1', 'Bearer tok_fn_2']);
  });

  it('a sync function works too', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    await testClient({ apiKey: undefined, token: () => 'tok_sync' }).medications.get(ids.medication);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok_sync');
  });
});
describe('a refresh hook that throws', () => {
  it('surfaces as AuthenticationError with the hook error as cause, after one call', async () => {
    const calls = acceptOnly('never');
    const hookError = new Error('refresh endpoint said invalid_grant');
    const client = testClient({ apiKey: undefined, token: 'expired', refreshToken: () => Promise.reject(hookError) });
    const error = await failure(client.medications.get(ids.medication));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated', cause: hookError });
    expect((error as Error).message).toContain('the refresh hook failed: refresh endpoint said invalid_grant');
    expect(calls).toHaveLength(1);
  });

  it('a hook that throws synchronously too', async () => {
    acceptOnly('never');
    const client = testClient({
      apiKey: undefined,
      token: 'expired',
      refreshToken: () => {
        throw new TypeError('session is undefined');
      },
    });
    const error = await failure(client.medications.get(ids.medication));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });
});
