import { createClient } from '@medsched/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer } from '../src/index.js';
import { org1 } from './support/demo.js';
import { readPdf } from './support/pdf-reader.js';

const reference = await createReferenceServer({ seed: 'demo' });
const mock = setupServer(...reference.handlers);
beforeAll(() => mock.listen({ onUnhandledRequest: 'error' }));
afterAll(() => mock.close());

describe('the msw binding', () => {
  it('answers on any origin through the same pipeline', async () => {
    const answer = await fetch(`https://api.example.test/v1/organizations/${org1.id}`, { headers: { 'x-api-key': org1.admin.apiKey } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id: org1.id, name: 'Sonnen-Apotheke' });
    expect(answer.headers.get('x-request-id')).toBeTruthy();
  });

  it('routes /calendars/bake before /calendars/{id}, with and without the trailing slash', async () => {
    const headers = { 'x-api-key': org1.user.apiKey };
    expect((await fetch('https://x.test/v1/calendars/bake?patient=' + org1.patient.userId + '&from=2026-01-01&to=2026-01-02', { headers })).status).toBe(200);
    expect((await fetch('https://x.test/v1/calendars', { headers })).status).toBe(200);
    expect((await fetch('https://x.test/v1/calendars/', { headers })).status).toBe(200);
  });

  it('answers 401, 404 and 405 like the HTTP server', async () => {
    expect((await fetch('https://x.test/v1/calendars/')).status).toBe(401);
    expect((await fetch('https://x.test/v1/nowhere', { headers: { 'x-api-key': org1.user.apiKey } })).status).toBe(404);
    const wrongMethod = await fetch(`https://x.test/v1/organizations/${org1.id}`, { method: 'DELETE', headers: { 'x-api-key': org1.admin.apiKey } });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, PATCH, HEAD');
  });

  it('answers HEAD as the GET, with its length and no body', async () => {
    const headers = { 'x-api-key': org1.admin.apiKey };
    const get = await fetch(`https://x.test/v1/organizations/${org1.id}`, { headers });
    const length = (await get.arrayBuffer()).byteLength;
    const head = await fetch(`https://x.test/v1/organizations/${org1.id}`, { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('creates through the handlers into the shared db', async () => {
    const answer = await fetch('https://x.test/v1/medications/', {
      method: 'POST',
      headers: { 'x-api-key': org1.user.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Via msw' }),
    });
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    expect(reference.db.medications.get(id)?.name).toBe('Via msw');
  });

  it('serves the signed PDF links it hands out: the plan, drawn by the same writer as the HTTP server', async () => {
    const staff = createClient({ baseUrl: 'https://x.test/v1', apiKey: org1.user.apiKey, maxRetries: 0 });
    const medication = await staff.medications.create({ name: 'Żółć Ωμέγα Щёлково', organization: org1.id });
    await staff.calendars.create({ patient: org1.patient.userId, medication: medication.id, date: '2026-11-24', timeCategory: 'noon', amount: 0.5, unit: 'tablet' });
    await staff.calendars.bake.create({ patient: org1.patient.userId, from: '2026-11-23', to: '2026-11-29' });
    const { signed } = await staff.pdf.sign(`https://app.medsched.test/patients/${org1.patient.userId}/plan?from=2026-11-23&to=2026-11-29`);
    expect(signed.startsWith('https://x.test/files/pdf?')).toBe(true);
    const answer = await fetch(signed);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const [first] = await readPdf(new Uint8Array(await answer.arrayBuffer()));
    expect(
      first!.lines.some((line) => `${line} `.startsWith('Żółć Ωμέγα Щёлково ')),
      first!.lines.join('\n'),
    ).toBe(true);
    // The forgery changes the signature's first character to a different one: a fixed replacement would
    // be the real link whenever the signature already began with it (1 time in 64).
    const forged = signed.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    expect(forged).not.toBe(signed);
    expect((await fetch(forged)).status).toBe(403);
  });
});
