/**
 * One example request and one success answer per operation, for the OpenAPI document, taken
 * from the reference server's demo data. Build-time only (not shipped in the SDK's code), and
 * checked against the operation's own zod schemas by test/openapi.test.ts, so they cannot drift.
 */

const organization = '64d001000000000000000001';
const patient = '64d002000000000000000003';
const medicationId = '64d003000000000000000001';
const deviceId = '64d004000000000000000001';
const entryId = '64d005000000000000000001';
const created = '2026-01-01T08:09:00.000Z';

const entry = {
  id: entryId,
  userId: patient,
  date: '2026-11-23',
  startTime: '08:00',
  endTime: '08:30',
  title: 'Metformin 500 mg',
  description: 'With breakfast',
  baked: false,
  createdAt: created,
  updatedAt: created,
  seriesId: null,
  patient,
  medication: medicationId,
  organization,
  name: 'Metformin 500 mg',
  instruction: 'With breakfast',
  amount: 1,
  unit: 'tablet',
  intakeTime: '08:00',
  rrule: 'FREQ=DAILY',
};

const bakedEntry = {
  ...entry,
  id: '6b0366f61c54664bc252de7d',
  baked: true,
  bakedAt: '2026-11-22T22:04:38.416Z',
  seriesId: entryId,
  rrule: null,
};

const device = {
  id: deviceId,
  name: 'Dispenser of Clara Claus',
  serialNumber: 'DSP-SONNEN-0001',
  status: 'active',
  createdAt: '2026-01-01T08:08:00.000Z',
  updatedAt: '2026-11-22T09:00:00.000Z',
  kind: 'dispenser',
  alarmEnable: 1,
  takeOffsetTime: 15,
  organization,
  patient,
};

const medication = {
  id: medicationId,
  name: 'Ibuprofen 400 mg',
  organization,
  meta: { form: 'tablet' },
  date: '2026-01-01T08:01:00.000Z',
  createdAt: '2026-01-01T08:01:00.000Z',
  updatedAt: '2026-01-01T08:01:00.000Z',
};

const user = {
  id: patient,
  name: 'Clara Claus',
  email: null,
  organization,
  role: 'patient',
  category: 'patient',
  timezone: 'Europe/Berlin',
  meta: {},
  apps: {},
  accountId: null,
  createdAt: '2026-01-01T08:07:00.000Z',
  updatedAt: '2026-01-01T08:07:00.000Z',
};

const bakeResult = {
  data: [bakedEntry],
  iotDevices: [device],
  dateNow: '2026-11-22T22:04:38.420Z',
  alarms: [{ deviceId, patient, date: '2026-11-23', time: '08:00', entryIds: [bakedEntry.id] }],
  allAlarms: [[480]],
};

const range = { from: '2026-11-23', to: '2026-11-29' };

/** operation id → { params?, query?, request?: body, response: success body }. */
export const examples = {
  'accounts.update': {
    params: { accountId: 'auth0|64d002000000000000000001' },
    request: { language: 'de', notification: { email: true, push: false } },
    response: {
      id: 'auth0|64d002000000000000000001',
      email: 'admin@sonnen.example',
      firstName: 'Anna',
      lastName: 'Adler',
      organizationId: organization,
      roles: ['admin'],
      isMfaEnabled: false,
      createdAt: '2026-01-01T08:05:00.000Z',
      updatedAt: '2026-11-22T21:31:22.079Z',
      language: 'de',
      notification: { email: true, push: false },
    },
  },
  'bake.get': { query: { patient, ...range }, response: bakeResult },
  'bake.create': { request: { patient, ...range }, response: bakeResult },
  'bake.delete': { query: { patient, ...range }, response: [{ ...entry, id: '64d005000000000000000002', rrule: null, name: 'Evening tablet', title: 'Evening tablet' }] },
  'calendars.list': { query: { patient, limit: 20, page: 1, sortBy: 'date:asc,startTime' }, response: [entry] },
  'calendars.create': {
    request: { patient, name: 'Metformin 500 mg', date: '2026-11-23', intakeTime: '08:00', rrule: 'FREQ=DAILY', medication: medicationId, amount: 1, unit: 'tablet', instruction: 'With breakfast' },
    response: entry,
  },
  'calendars.get': { params: { calendarId: entryId }, response: entry },
  'calendars.replace': {
    params: { calendarId: entryId },
    request: { patient, name: 'Metformin 850 mg', date: '2026-11-23', timeCategory: 'morning', amount: 1, unit: 'tablet' },
    response: { ...entry, name: 'Metformin 850 mg', title: 'Metformin 850 mg', timeCategory: 'morning', instruction: '', description: '', rrule: null },
  },
  'calendars.update': { params: { calendarId: entryId }, request: { amount: 2 }, response: { ...entry, amount: 2 } },
  'devices.update': { params: { deviceId }, request: { patient, alarmEnable: 1 }, response: device },
  'devices.events': {
    params: { deviceId },
    query: { TypeFilter: 'state', DateStart: '2026-01-01T00:00:00.000Z', DateEnd: '2026-02-01T00:00:00.000Z' },
    response: [
      { id: '64d006000000000000000001', deviceId, type: 'activate', payload: { patient }, timestamp: '2026-01-01T08:08:00.000Z' },
      { id: '64d006000000000000000002', deviceId, type: 'state', payload: { from: 'unassigned', to: 'active' }, timestamp: '2026-01-01T09:08:00.000Z' },
    ],
  },
  'medications.create': { request: { name: 'Ibuprofen 400 mg', meta: { form: 'tablet' } }, response: medication },
  'medications.get': { params: { medicationId }, response: medication },
  'medications.replace': { params: { medicationId }, request: { name: 'Ibuprofen 600 mg', meta: { form: 'tablet' } }, response: { ...medication, name: 'Ibuprofen 600 mg' } },
  'medications.update': { params: { medicationId }, request: { name: 'Ibuprofen 600 mg' }, response: { ...medication, name: 'Ibuprofen 600 mg' } },
  'medications.delete': { params: { medicationId }, response: medication },
  'organizations.get': {
    params: { organizationId: organization },
    response: {
      id: organization,
      name: 'Sonnen-Apotheke',
      email: 'info@sonnen.example',
      kind: 'pharmacy',
      meta: { timezone: 'Europe/Berlin' },
      createdAt: '2026-01-01T08:00:00.000Z',
      updatedAt: '2026-01-01T08:00:00.000Z',
    },
  },
  'organizations.update': {
    params: { organizationId: organization },
    request: { organization, name: 'Sonnen-Apotheke am Markt' },
    response: {
      id: organization,
      name: 'Sonnen-Apotheke am Markt',
      email: 'info@sonnen.example',
      kind: 'pharmacy',
      meta: { timezone: 'Europe/Berlin' },
      createdAt: '2026-01-01T08:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
    },
  },
  'users.list': { query: { organization, role: 'patient', limit: 50 }, response: [user] },
  'users.create': { request: { organization, name: 'Clara Claus', role: 'patient', category: 'patient', timezone: 'Europe/Berlin' }, response: user },
  // On the reference server's default app_url, so that example-driven tools get a 200 from it.
  'pdf.sign': {
    query: { urlPath: `https://app.medsched.test/patients/${patient}/plan` },
    response: { signed: 'http://127.0.0.1:4010/files/pdf?url=https%3A%2F%2Fapp.medsched.test%2Fpatients%2F64d002000000000000000003%2Fplan&expires=1795430400&signature=3f1c…' },
  },
};
