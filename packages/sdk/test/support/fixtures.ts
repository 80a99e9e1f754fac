/**
 * Realistic answers of the medsched API, shaped like the reference server's (and checked
 * against the output schemas in resources.test.ts), plus the ids the tests use.
 */
import type { Account, BakeResult, CalendarEntry, Device, DeviceEvent, Medication, Organization, User } from '../../src/schemas/index.js';

export const BASE = 'https://api.medsched.test/v1';

export const ids = {
  organization: '65a1f0c2e4b0a1b2c3d4e500',
  otherOrganization: '65a1f0c2e4b0a1b2c3d4e501',
  patient: '65a1f0c2e4b0a1b2c3d4e5f6',
  otherPatient: '65a1f0c2e4b0a1b2c3d4e5f7',
  calendar: '65a1f0c2e4b0a1b2c3d4e610',
  medication: '65a1f0c2e4b0a1b2c3d4e620',
  device: '65a1f0c2e4b0a1b2c3d4e630',
  event: '65a1f0c2e4b0a1b2c3d4e640',
  user: '65a1f0c2e4b0a1b2c3d4e650',
  account: 'auth0|65a1f0c2e4b0a1b2c3d4e650',
} as const;

const created = '2026-11-22T09:48:28.000Z';

/** `overrides` may carry keys the contract does not list: answers keep them, and tests check they come through. */
export function calendarEntry(overrides: Partial<CalendarEntry> & Record<string, unknown> = {}): CalendarEntry {
  return {
    id: ids.calendar,
    userId: ids.patient,
    date: '2026-11-23',
    startTime: '08:00',
    endTime: '08:30',
    title: 'Metformin 500',
    description: 'Take with breakfast',
    baked: false,
    createdAt: created,
    updatedAt: created,
    patient: ids.patient,
    medication: ids.medication,
    amount: 1,
    unit: 'tablet',
    rrule: 'FREQ=DAILY',
    ...overrides,
  };
}

export function device(overrides: Partial<Device> = {}): Device {
  return {
    id: ids.device,
    name: 'Dispenser kitchen',
    serialNumber: 'MSD-2026-0042',
    status: 'active',
    createdAt: created,
    updatedAt: created,
    patient: ids.patient,
    alarmEnable: 1,
    ...overrides,
  };
}

export function deviceEvent(overrides: Partial<DeviceEvent> = {}): DeviceEvent {
  return {
    id: ids.event,
    deviceId: ids.device,
    type: 'state',
    payload: { from: 'unassigned', to: 'active' },
    timestamp: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

export function medication(overrides: Partial<Medication> = {}): Medication {
  return {
    id: ids.medication,
    name: 'Ibuprofen 400',
    organization: ids.organization,
    meta: { atc: 'M01AE01' },
    date: created,
    ...overrides,
  };
}

export function organization(overrides: Partial<Organization> = {}): Organization {
  return { id: ids.organization, name: 'Linden Pharmacy', email: 'team@linden.example', kind: 'pharmacy', ...overrides };
}

export function user(overrides: Partial<User> = {}): User {
  return {
    id: ids.user,
    name: 'Ada Patient',
    email: 'ada@example.org',
    organization: ids.organization,
    role: 'patient',
    category: 'patient',
    timezone: 'Europe/Berlin',
    ...overrides,
  };
}

export function account(overrides: Partial<Account> = {}): Account {
  return {
    id: ids.account,
    email: 'ada@example.org',
    firstName: 'Ada',
    lastName: 'Patient',
    organizationId: ids.organization,
    roles: ['patient'],
    isMfaEnabled: false,
    createdAt: created,
    updatedAt: created,
    ...overrides,
  };
}

export function bakeResult(overrides: Partial<BakeResult> = {}): BakeResult {
  return {
    data: [
      calendarEntry({ baked: true, rrule: null, seriesId: ids.calendar, id: '65a1f0c2e4b0a1b2c3d4e611' }),
      calendarEntry({ baked: true, rrule: null, seriesId: ids.calendar, id: '65a1f0c2e4b0a1b2c3d4e612', date: '2026-11-24' }),
    ],
    iotDevices: [device()],
    dateNow: '2026-11-22T12:00:00.000Z',
    alarms: [
      { deviceId: ids.device, patient: ids.patient, date: '2026-11-23', time: '08:00', entryIds: ['65a1f0c2e4b0a1b2c3d4e611'] },
      { deviceId: ids.device, patient: ids.patient, date: '2026-11-24', time: '08:00', entryIds: ['65a1f0c2e4b0a1b2c3d4e612'] },
    ],
    allAlarms: [[480], [480]],
    ...overrides,
  };
}

/** An RFC 9457 problem document as the service sends it. */
export function problem(status: number, code: string, detail: string, extra: Record<string, unknown> = {}) {
  return {
    type: `https://docs.medsched.dev/errors/${code}`,
    title: detail,
    status,
    code,
    detail,
    requestId: 'req_from_body',
    ...extra,
  };
}
