import { demoId } from '../../src/seed/index.js';
import { org1, org2, type DemoRole } from './demo.js';

/** One request per operation of the catalogue, aimed at the caller's own organization. */
export interface OperationCall {
  id: string;
  method: string;
  path: string;
  json?: unknown;
}

/** The request of each operation for a caller of `role` in org1, using data the caller owns where ownership matters. */
export function operationCalls(role: DemoRole): OperationCall[] {
  const self = org1[role];
  const ownEntry = role === 'admin' || role === 'user' ? org1.entryOf.patient : org1.entryOf[role];
  const ownDevice = role === 'admin' || role === 'user' ? org1.deviceOf.patient : org1.deviceOf[role];
  const patient = role === 'admin' || role === 'user' ? org1.patient.userId : self.userId;
  const range = `patient=${patient}&from=2026-01-05&to=2026-01-11`;
  return [
    { id: 'accounts.update', method: 'PATCH', path: `/v1/accounts/${encodeURIComponent(self.accountId)}`, json: { language: 'de' } },
    { id: 'bake.get', method: 'GET', path: `/v1/calendars/bake?${range}` },
    { id: 'bake.create', method: 'POST', path: '/v1/calendars/bake', json: { patient, from: '2026-01-05', to: '2026-01-11' } },
    { id: 'bake.delete', method: 'DELETE', path: `/v1/calendars/bake?${range}` },
    { id: 'calendars.list', method: 'GET', path: '/v1/calendars/' },
    { id: 'calendars.create', method: 'POST', path: '/v1/calendars/', json: { patient, name: 'Matrix entry', date: '2026-02-01' } },
    { id: 'calendars.get', method: 'GET', path: `/v1/calendars/${ownEntry}` },
    { id: 'calendars.replace', method: 'POST', path: `/v1/calendars/${ownEntry}`, json: { name: 'Replaced' } },
    { id: 'calendars.update', method: 'PATCH', path: `/v1/calendars/${ownEntry}`, json: { name: 'Updated' } },
    { id: 'devices.update', method: 'PATCH', path: `/v1/devices/${ownDevice}`, json: { kind: 'dispenser' } },
    { id: 'devices.events', method: 'GET', path: `/v1/devices/events/${ownDevice}` },
    { id: 'medications.create', method: 'POST', path: '/v1/medications/', json: { name: 'Matrix medication' } },
    { id: 'medications.get', method: 'GET', path: `/v1/medications/${org1.medication}` },
    { id: 'medications.replace', method: 'POST', path: `/v1/medications/${org1.medication}`, json: { name: 'Ibuprofen 400 mg' } },
    { id: 'medications.update', method: 'PATCH', path: `/v1/medications/${org1.medication}`, json: { meta: { form: 'tablet' } } },
    { id: 'medications.delete', method: 'DELETE', path: `/v1/medications/${demoId(3, role === 'admin' ? 4 : 3)}` },
    { id: 'organizations.get', method: 'GET', path: `/v1/organizations/${org1.id}` },
    { id: 'organizations.update', method: 'PATCH', path: `/v1/organizations/${org1.id}`, json: { organization: org1.id, kind: 'pharmacy' } },
    { id: 'users.list', method: 'GET', path: `/v1/users/?organization=${org1.id}` },
    { id: 'users.create', method: 'POST', path: '/v1/users/', json: { organization: org1.id, role: 'patient', name: `Matrix ${role}` } },
    { id: 'pdf.sign', method: 'GET', path: `/v1/pdf/?urlPath=${encodeURIComponent('https://app.medsched.test/print')}` },
  ];
}

/** Who may call what (api-decisions.md, with the choices in the package README). */
export const allowedRoles: Record<string, readonly DemoRole[]> = {
  'accounts.update': ['admin', 'user', 'patient', 'onlyself'],
  'bake.get': ['admin', 'user', 'patient', 'onlyself'],
  'bake.create': ['admin', 'user'],
  'bake.delete': ['admin', 'user'],
  'calendars.list': ['admin', 'user', 'patient', 'onlyself'],
  'calendars.create': ['admin', 'user'],
  'calendars.get': ['admin', 'user', 'patient', 'onlyself'],
  'calendars.replace': ['admin', 'user'],
  'calendars.update': ['admin', 'user'],
  'devices.update': ['admin', 'user'],
  'devices.events': ['admin', 'user', 'patient', 'onlyself'],
  'medications.create': ['admin', 'user'],
  'medications.get': ['admin', 'user'],
  'medications.replace': ['admin', 'user'],
  'medications.update': ['admin', 'user'],
  'medications.delete': ['admin', 'user'],
  'organizations.get': ['admin', 'user'],
  'organizations.update': ['admin'],
  'users.list': ['admin', 'user'],
  'users.create': ['admin', 'user'],
  'pdf.sign': ['admin', 'user'],
};

/** Requests by an org1 caller at org2's records: each must be 403 without org2's content. */
export const crossTenantCalls: OperationCall[] = [
  { id: 'accounts.update', method: 'PATCH', path: `/v1/accounts/${encodeURIComponent(org2.admin.accountId)}`, json: { language: 'fr' } },
  { id: 'calendars.list', method: 'GET', path: `/v1/calendars/?patient=${org2.patient.userId}` },
  { id: 'calendars.create', method: 'POST', path: '/v1/calendars/', json: { patient: org2.patient.userId, name: 'x' } },
  { id: 'calendars.get', method: 'GET', path: `/v1/calendars/${org2.entry}` },
  { id: 'calendars.replace', method: 'POST', path: `/v1/calendars/${org2.entry}`, json: { name: 'x' } },
  { id: 'calendars.update', method: 'PATCH', path: `/v1/calendars/${org2.entry}`, json: { name: 'x' } },
  { id: 'devices.update', method: 'PATCH', path: `/v1/devices/${org2.device}`, json: { alarmEnable: 0 } },
  { id: 'devices.events', method: 'GET', path: `/v1/devices/events/${org2.device}` },
  { id: 'medications.create', method: 'POST', path: '/v1/medications/', json: { name: 'x', organization: org2.id } },
  { id: 'medications.get', method: 'GET', path: `/v1/medications/${org2.medication}` },
  { id: 'medications.replace', method: 'POST', path: `/v1/medications/${org2.medication}`, json: { name: 'x' } },
  { id: 'medications.update', method: 'PATCH', path: `/v1/medications/${org2.medication}`, json: { name: 'x' } },
  { id: 'medications.delete', method: 'DELETE', path: `/v1/medications/${org2.medication}` },
  { id: 'organizations.get', method: 'GET', path: `/v1/organizations/${org2.id}` },
  { id: 'organizations.update', method: 'PATCH', path: `/v1/organizations/${org2.id}`, json: { organization: org2.id, name: 'x' } },
  { id: 'users.list', method: 'GET', path: `/v1/users/?organization=${org2.id}` },
  { id: 'users.create', method: 'POST', path: '/v1/users/', json: { organization: org2.id, name: 'x' } },
];
