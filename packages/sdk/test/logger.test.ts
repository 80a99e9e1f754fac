/** The logger hook: what it sees of each attempt, and what it must never see. */
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BadRequestError, type LogEntry } from '../src/index.js';
import { calendarEntry, ids, medication } from './support/fixtures.js';
import { sequence } from './support/record.js';
import { API_KEY, leaks, TOKEN } from './support/secrets.js';
import { loggedClient, problemResponse, useServer } from './support/server.js';
import { failure } from './support/failure.js';

useServer();

describe('logger', () => {
  it('sees operation, method, path, status, duration, request id and attempt', async () => {
    sequence(() => HttpResponse.json(calendarEntry()));
    const { client, logs } = loggedClient();
    await client.calendars.get(ids.calendar);
    expect(logs).toHaveLength(1);
    const entry = logs[0]!;
    expect(entry).toMatchObject({ operation: 'calendars.get', method: 'GET', path: `/calendars/${ids.calendar}`, status: 200, attempt: 0 });
    expect(typeof entry.durationMs).toBe('number');
    expect(Number.isFinite(entry.durationMs)).toBe(true);
    expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    expect(entry.requestId).toMatch(/^req_[0-9a-f]{24}$/);
    expect(entry.retryInMs).toBeUndefined();
    expect(entry.error).toBeUndefined();
  });

  it('logs the query string with the path', async () => {
    sequence(() => HttpResponse.json([]));
    const { client, logs } = loggedClient();
    await client.calendars.list({ patient: ids.patient, limit: 10 });
    const [path, query] = logs[0]!.path.split('?');
    expect(path).toBe('/calendars/');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({ patient: ids.patient, limit: '10' });
  });

  it('logs one entry per attempt, HTTP errors with their status, connection errors with their code', async () => {
    sequence((n) => (n === 1 ? problemResponse(503, 'internal') : n === 2 ? HttpResponse.error() : HttpResponse.json(medication())));
    const { client, logs } = loggedClient();
    await client.medications.update(ids.medication, { name: 'Ibuprofen 600' });
    expect(logs.map((e) => [e.method, e.status, e.attempt, e.error])).toEqual([
      ['PATCH', 503, 0, undefined],
      ['PATCH', undefined, 1, 'connection_error'],
      ['PATCH', 200, 2, undefined],
    ]);
    expect(typeof logs[0]!.retryInMs).toBe('number');
    expect(typeof logs[1]!.retryInMs).toBe('number');
    expect(logs[2]!.retryInMs).toBeUndefined();
  });

  it('logs a final error answer too', async () => {
    sequence(() => problemResponse(400, 'validation_failed'));
    const { client, logs } = loggedClient();
    expect(await failure(client.medications.get(ids.medication))).toBeInstanceOf(BadRequestError);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: 400, attempt: 0 });
  });

  it('redacts x-api-key and authorization in the logged headers, keeps the others', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    const { client, logs } = loggedClient({ apiKey: API_KEY, token: TOKEN, headers: { 'x-tenant-hint': 'linden' } });
    await client.medications.get(ids.medication, { headers: { cookie: 'session=SECRET_cookie' } });
    // the server did get the credentials…
    expect(calls[0]!.headers.get('x-api-key')).toBe(API_KEY);
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    // …the logger did not
    const headers = logs[0]!.headers;
    expect(headers['x-api-key']).toBe('[redacted]');
    expect(headers.authorization).toBe('[redacted]');
    expect(headers.cookie).toBe('[redacted]');
    expect(headers['x-tenant-hint']).toBe('linden');
    expect(headers['x-request-id']).toBe(logs[0]!.requestId);
    expect(JSON.stringify(logs)).not.toContain(API_KEY);
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
    expect(leaks(logs)).toEqual([]);
  });

  it('never sees a refreshed token either', async () => {
    sequence((_, request) => (request.headers.get('authorization') === `Bearer ${TOKEN}-new` ? HttpResponse.json(medication()) : problemResponse(401, 'unauthenticated')));
    const { client, logs } = loggedClient({ apiKey: undefined, token: TOKEN, refreshToken: () => Promise.resolve(`${TOKEN}-new`) });
    await client.medications.get(ids.medication);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({ status: 401 });
    expect(logs.every((e) => e.headers.authorization === '[redacted]')).toBe(true);
    expect(leaks(logs, [TOKEN, 'SECRET_'])).toEqual([]);
  });

  it('redacts signed-link query strings (signature, expires, token) in logged paths and error paths', async () => {
    sequence(() => problemResponse(400, 'validation_failed', 'urlPath is not on the app URL'));
    const { client, logs } = loggedClient({ maxRetries: 0 });
    const signedLink = 'https://app.medsched.test/print?page=plan&expires=1795000000&signature=SECRET_hmac_5e1f&token=SECRET_tok';
    const error = (await failure(client.pdf.sign(signedLink))) as BadRequestError;
    const logged = decodeURIComponent(logs[0]!.path);
    expect(logged).toContain('/pdf/?urlPath=');
    expect(logged).toContain('page=plan');
    expect(logged).toContain('signature=[redacted]');
    expect(logged).toContain('expires=[redacted]');
    expect(logged).toContain('token=[redacted]');
    expect(logs[0]!.path).not.toContain('SECRET_');
    expect(logged).not.toContain('SECRET_');
    expect(logged).not.toContain('1795000000');
    expect(error.path).not.toContain('SECRET_');
    expect(decodeURIComponent(error.path)).not.toContain('SECRET_');
    expect(leaks(error, ['SECRET_'])).toEqual([]);
  });

  it('leaves ordinary query values alone', async () => {
    sequence(() => HttpResponse.json({ signed: 'https://api.medsched.test/pdf/render?x=1' }));
    const { client, logs } = loggedClient();
    await client.pdf.sign('https://app.medsched.test/patients/65a1f0c2e4b0a1b2c3d4e5f6/plan?week=48');
    expect(decodeURIComponent(logs[0]!.path)).toBe('/pdf/?urlPath=https://app.medsched.test/patients/65a1f0c2e4b0a1b2c3d4e5f6/plan?week=48');
  });

  it('is optional: a client without logger works', async () => {
    sequence(() => HttpResponse.json(medication()));
    const { client } = loggedClient({ logger: undefined });
    await expect(client.medications.get(ids.medication)).resolves.toEqual(medication());
  });

  it('sees the same request id on every attempt', async () => {
    sequence((n) => (n < 3 ? problemResponse(500, 'internal') : HttpResponse.json(medication())));
    const { client, logs } = loggedClient();
    await client.medications.get(ids.medication);
    const idsSeen = new Set(logs.map((e: LogEntry) => e.requestId));
    expect(logs).toHaveLength(3);
    expect(idsSeen.size).toBe(1);
  });
});
