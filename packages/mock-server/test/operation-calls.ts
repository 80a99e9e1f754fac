import { demoCredentials, demoId } from '@medsched/reference-server';
import type { OperationId } from '@medsched/sdk/schemas';

/** One request per operation of the catalogue, by sonnen's admin, that the reference server answers with success. */
export interface OperationCall {
  id: OperationId;
  method: string;
  /** Under the API base (`/calendars/…`). */
  path: string;
  json?: unknown;
}

const sonnen = demoId(1, 1);
const admin = demoCredentials().find((credential) => credential.email === 'admin@sonnen.example')!;
const patient = demoCredentials().find((credential) => credential.email === 'patient1@sonnen.example')!.userId;
const range = `patient=${patient}&from=2026-01-05&to=2026-01-11`;

/** The admin's API key, for the calls below. */
export const adminApiKey = admin.apiKey;

/**
 * Every operation, in an order where each call still succeeds after the ones before it (the bake
 * is made before it is read and removed). Aimed at the `/calendars/bake` versus
 * `/calendars/{calendarId}` pairs on purpose: same method, a path msw's patterns both match.
 */
export const operationCalls: readonly OperationCall[] = [
  { id: 'accounts.update', method: 'PATCH', path: `/accounts/${encodeURIComponent(admin.accountId)}`, json: { language: 'de' } },
  { id: 'bake.create', method: 'POST', path: '/calendars/bake', json: { patient, from: '2026-01-05', to: '2026-01-11' } },
  { id: 'bake.get', method: 'GET', path: `/calendars/bake?${range}` },
  { id: 'bake.delete', method: 'DELETE', path: `/calendars/bake?${range}` },
  { id: 'calendars.list', method: 'GET', path: '/calendars/' },
  { id: 'calendars.create', method: 'POST', path: '/calendars/', json: { patient, name: 'Pair entry', date: '2026-02-01' } },
  { id: 'calendars.get', method: 'GET', path: `/calendars/${demoId(5, 1)}` },
  { id: 'calendars.replace', method: 'POST', path: `/calendars/${demoId(5, 1)}`, json: { name: 'Replaced' } },
  { id: 'calendars.update', method: 'PATCH', path: `/calendars/${demoId(5, 1)}`, json: { name: 'Updated' } },
  { id: 'devices.update', method: 'PATCH', path: `/devices/${demoId(4, 1)}`, json: { kind: 'dispenser' } },
  { id: 'devices.events', method: 'GET', path: `/devices/events/${demoId(4, 1)}` },
  { id: 'medications.create', method: 'POST', path: '/medications/', json: { name: 'Pair medication' } },
  { id: 'medications.get', method: 'GET', path: `/medications/${demoId(3, 1)}` },
  { id: 'medications.replace', method: 'POST', path: `/medications/${demoId(3, 1)}`, json: { name: 'Ibuprofen 400 mg' } },
  { id: 'medications.update', method: 'PATCH', path: `/medications/${demoId(3, 1)}`, json: { meta: { form: 'tablet' } } },
  { id: 'medications.delete', method: 'DELETE', path: `/medications/${demoId(3, 4)}` },
  { id: 'organizations.get', method: 'GET', path: `/organizations/${sonnen}` },
  { id: 'organizations.update', method: 'PATCH', path: `/organizations/${sonnen}`, json: { organization: sonnen, kind: 'pharmacy' } },
  { id: 'users.list', method: 'GET', path: `/users/?organization=${sonnen}` },
  { id: 'users.create', method: 'POST', path: '/users/', json: { organization: sonnen, role: 'patient', name: 'Pair patient' } },
  { id: 'pdf.sign', method: 'GET', path: `/pdf/?urlPath=${encodeURIComponent('https://app.medsched.test/print')}` },
];

/** The fetch arguments of a call against a mock at `baseUrl`. */
export function requestOf(call: OperationCall, baseUrl: string): [string, RequestInit] {
  const headers: Record<string, string> = { 'x-api-key': adminApiKey };
  if (call.json !== undefined) headers['content-type'] = 'application/json';
  return [`${baseUrl}${call.path}`, { method: call.method, headers, ...(call.json === undefined ? {} : { body: JSON.stringify(call.json) }) }];
}
