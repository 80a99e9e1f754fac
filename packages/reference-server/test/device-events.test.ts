import { PermissionDeniedError, type Device, type DeviceEvent } from '@medsched/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1, org2 } from './support/demo.js';
import { adminSecret, clientFor, raw, startTestServer, withKey } from './support/server.js';

/**
 * Device events (api-decisions.md, "Devices and events"): what device updates record, what a
 * simulated device posts through the administration route, and the filters of
 * GET /devices/events/{id}. The server runs on a clock the tests move, so timestamps are known.
 */

let server: RunningServer;
let staff: ReturnType<typeof clientFor>;
let clock = Date.parse('2026-09-01T10:00:00.000Z');
const tick = (ms = 60_000) => (clock += ms);
const at = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock) });
  staff = clientFor(server, { apiKey: org1.user.apiKey });
});
afterAll(() => server.close());

const admin = (method: string, path: string, json?: unknown, secret: string | null = adminSecret) => raw(server, method, path, { json, headers: secret === null ? {} : { 'x-admin-secret': secret } });

let serial = 0;
async function register(fields: Record<string, unknown> = {}): Promise<Device> {
  serial += 1;
  const answer = await admin('POST', '/dev/admin/devices', { organization: org1.id, name: `Test dispenser ${serial}`, serialNumber: `T-${serial}`, ...fields });
  expect(answer.status).toBe(201);
  return answer.body as Device;
}

async function postEvent(deviceId: string, json: Record<string, unknown>): Promise<DeviceEvent> {
  const answer = await admin('POST', `/dev/admin/devices/${deviceId}/events`, json);
  expect(answer.status, answer.text).toBe(201);
  return answer.body as DeviceEvent;
}

describe('events recorded by device updates', () => {
  it('assignment is activate, a status change is state, other fields are update', async () => {
    const device = await register();
    expect(device).toMatchObject({ status: 'unassigned', patient: null });
    expect(await staff.devices.events(device.id)).toEqual([]);

    tick();
    const assignedAt = at(clock);
    expect(await staff.devices.update(device.id, { patient: org1.patient2.userId })).toMatchObject({ status: 'active', patient: org1.patient2.userId });
    tick();
    await staff.devices.update(device.id, { alarmEnable: 1, takeOffsetTime: 15 });
    tick();
    await staff.devices.update(device.id, { patient: org1.patient2.userId }); // no change: no event
    tick();
    await staff.devices.update(device.id, { patient: org1.patient.userId }); // reassigned, still active
    tick();
    const unassignedAt = at(clock);
    expect(await staff.devices.update(device.id, { patient: null })).toMatchObject({ status: 'unassigned', patient: null });

    const events = await staff.devices.events(device.id);
    expect(events.map((event) => [event.type, event.payload])).toEqual([
      ['activate', { patient: org1.patient2.userId }],
      ['state', { from: 'unassigned', to: 'active' }],
      ['update', { fields: ['alarmEnable', 'takeOffsetTime'] }],
      ['activate', { patient: org1.patient.userId }],
      ['state', { from: 'active', to: 'unassigned' }],
    ]);
    expect(events.every((event) => event.deviceId === device.id)).toBe(true);
    expect(events[0]!.timestamp).toBe(assignedAt);
    expect(events.at(-1)!.timestamp).toBe(unassignedAt);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });

  it('after a reassignment each patient reads only the events of its own periods; staff read all', async () => {
    const device = await register();
    const first = clientFor(server, { apiKey: org1.patient.apiKey });
    const second = clientFor(server, { apiKey: org1.patient2.apiKey });
    tick();
    await staff.devices.update(device.id, { patient: org1.patient.userId });
    tick();
    await postEvent(device.id, { type: 'intake', payload: { entry: 'first patient dose' } });
    tick();
    await staff.devices.update(device.id, { patient: org1.patient2.userId });
    tick();
    await postEvent(device.id, { type: 'intake', payload: { entry: 'second patient dose' } });

    const payloads = (events: DeviceEvent[]) => events.map((event) => JSON.stringify(event.payload));
    const ofFirst = await first.devices.events(device.id);
    const ofSecond = await second.devices.events(device.id);
    expect(payloads(ofFirst)).toContain(JSON.stringify({ entry: 'first patient dose' }));
    expect(payloads(ofFirst)).not.toContain(JSON.stringify({ entry: 'second patient dose' }));
    expect(payloads(ofSecond)).toContain(JSON.stringify({ entry: 'second patient dose' }));
    expect(payloads(ofSecond)).not.toContain(JSON.stringify({ entry: 'first patient dose' }));
    expect(ofFirst.every((event) => !('assignee' in event))).toBe(true);
    expect(await staff.devices.events(device.id)).toHaveLength(ofFirst.length + ofSecond.length);
    // A patient that never had the device is refused.
    await expect(clientFor(server, { apiKey: org1.onlyself.apiKey }).devices.events(device.id)).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it('registering a device for a patient records its activation', async () => {
    tick();
    const device = await register({ patient: org1.patient.userId, alarmEnable: 1 });
    expect(device).toMatchObject({ status: 'active', patient: org1.patient.userId, alarmEnable: 1 });
    const events = await staff.devices.events(device.id);
    expect(events.map((event) => [event.type, event.payload, event.timestamp])).toEqual([['activate', { patient: org1.patient.userId }, at(clock)]]);
  });
});

describe('events posted by a simulated device', () => {
  it('appear in the list, with their own timestamp or the server time', async () => {
    const device = await register();
    const posted = await postEvent(device.id, { type: 'dispense', payload: { slot: 3, taken: true }, timestamp: '2026-09-02T06:00:00.000Z' });
    expect(posted).toMatchObject({ deviceId: device.id, type: 'dispense', payload: { slot: 3, taken: true }, timestamp: '2026-09-02T06:00:00.000Z' });
    tick();
    const now = await postEvent(device.id, { type: 'heartbeat' });
    expect(now).toMatchObject({ type: 'heartbeat', payload: {}, timestamp: at(clock) });
    expect(await staff.devices.events(device.id)).toEqual([now, posted]);
  });

  it('the administration route needs the admin secret and a known device', async () => {
    const device = await register();
    expect((await admin('POST', `/dev/admin/devices/${device.id}/events`, { type: 'x' }, null)).status).toBe(401);
    expect((await admin('POST', `/dev/admin/devices/${device.id}/events`, { type: 'x' }, 'wrong-secret')).status).toBe(401);
    expect((await admin('POST', '/dev/admin/devices/ffffffffffffffffffffffff/events', { type: 'x' })).status).toBe(404);
    expect((await admin('POST', `/dev/admin/devices/${device.id}/events`, { type: '' })).status).toBe(400);
    expect((await admin('POST', `/dev/admin/devices/${device.id}/events`, { type: 'x', timestamp: 'yesterday' })).status).toBe(400);
    expect(await staff.devices.events(device.id)).toEqual([]);
  });
});

describe('filters and order', () => {
  const t = (minute: number) => `2026-09-03T08:${String(minute).padStart(2, '0')}:00.000Z`;
  let device: Device;
  let events: DeviceEvent[];

  beforeAll(async () => {
    device = await register();
    // Posted out of order; two share a timestamp.
    const plan: [number, string][] = [
      [30, 'dispense'],
      [10, 'dispense'],
      [20, 'Dispense'],
      [40, 'battery low'],
      [20, 'state'],
      [0, 'dispensed'],
      [50, 'dispense'],
    ];
    events = [];
    for (const [minute, type] of plan) events.push(await postEvent(device.id, { type, timestamp: t(minute), payload: { minute } }));
  });

  const ids = (list: DeviceEvent[]) => list.map((event) => event.id);
  const expected = (filter: (event: DeviceEvent) => boolean) => ids(events.filter(filter).sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id)));

  it('ascending by timestamp, then id', async () => {
    const listed = await staff.devices.events(device.id);
    expect(listed.map((event) => event.payload.minute)).toEqual([0, 10, 20, 20, 30, 40, 50]);
    expect(ids(listed)).toEqual(expected(() => true));
  });

  it('DateStart is inclusive, DateEnd exclusive', async () => {
    expect(ids(await staff.devices.events(device.id, { DateStart: t(20) }))).toEqual(expected((event) => event.timestamp >= t(20)));
    expect(ids(await staff.devices.events(device.id, { DateEnd: t(20) }))).toEqual(expected((event) => event.timestamp < t(20)));
    const window = await staff.devices.events(device.id, { DateStart: t(10), DateEnd: t(30) });
    expect(window.map((event) => event.payload.minute)).toEqual([10, 20, 20]);
    expect(await staff.devices.events(device.id, { DateStart: t(20), DateEnd: t(20) })).toEqual([]);
    // A bound with an offset is the same instant.
    const offset = await staff.devices.events(device.id, { DateStart: '2026-09-03T10:10:00.000+02:00', DateEnd: '2026-09-03T10:30:00.001+02:00' });
    expect(offset.map((event) => event.payload.minute)).toEqual([10, 20, 20, 30]);
  });

  it('TypeFilter is exact and takes any string', async () => {
    expect((await staff.devices.events(device.id, { TypeFilter: 'dispense' })).map((event) => event.payload.minute)).toEqual([10, 30, 50]);
    expect((await staff.devices.events(device.id, { TypeFilter: 'Dispense' })).map((event) => event.payload.minute)).toEqual([20]);
    expect((await staff.devices.events(device.id, { TypeFilter: 'battery low' })).map((event) => event.payload.minute)).toEqual([40]);
    expect(await staff.devices.events(device.id, { TypeFilter: 'dispens' })).toEqual([]);
    expect(await staff.devices.events(device.id, { TypeFilter: 'activate' })).toEqual([]);
    const combined = await staff.devices.events(device.id, { TypeFilter: 'dispense', DateStart: t(10), DateEnd: t(50) });
    expect(combined.map((event) => event.payload.minute)).toEqual([10, 30]);
  });

  it('DateEnd before DateStart or a bad date: 400', async () => {
    const headers = withKey(org1.user.apiKey);
    expect((await raw(server, 'GET', `/v1/devices/events/${device.id}?DateStart=${t(30)}&DateEnd=${t(10)}`, { headers })).status).toBe(400);
    expect((await raw(server, 'GET', `/v1/devices/events/${device.id}?DateStart=yesterday`, { headers })).status).toBe(400);
    const filtered = await raw(server, 'GET', `/v1/devices/events/${device.id}?TypeFilter=${encodeURIComponent('battery low')}`, { headers });
    expect(filtered.status).toBe(200);
    expect(filtered.body).toHaveLength(1);
  });
});

describe('who sees which events', () => {
  it("a patient sees its own devices' events only", async () => {
    const own = await register({ patient: org1.patient.userId });
    await postEvent(own.id, { type: 'dispense' });
    const other = await register({ patient: org1.patient2.userId });
    const unassigned = await register();
    const patient = clientFor(server, { apiKey: org1.patient.apiKey });
    expect((await patient.devices.events(own.id)).map((event) => event.type)).toEqual(['activate', 'dispense']);
    expect((await patient.devices.events(org1.deviceOf.patient)).length).toBeGreaterThan(0);
    await expect(patient.devices.events(other.id)).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(patient.devices.events(unassigned.id)).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(patient.devices.events(org1.deviceOf.patient2)).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(patient.devices.update(own.id, { alarmEnable: 0 })).rejects.toBeInstanceOf(PermissionDeniedError);
    const onlyself = clientFor(server, { apiKey: org1.onlyself.apiKey });
    await expect(onlyself.devices.events(own.id)).rejects.toBeInstanceOf(PermissionDeniedError);
    expect((await onlyself.devices.events(org1.deviceOf.onlyself)).length).toBeGreaterThan(0);
  });

  it("another organization's device: 403 without its events", async () => {
    const answer = await raw(server, 'GET', `/v1/devices/events/${org2.device}`, { headers: withKey(org1.admin.apiKey) });
    expect(answer.status).toBe(403);
    expect(answer.text).not.toContain(org2.device.slice(-6) + '"');
    expect(answer.text).not.toMatch(/"timestamp"/);
    await expect(staff.devices.events(org2.device)).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(staff.devices.update(org2.device, { alarmEnable: 1 })).rejects.toBeInstanceOf(PermissionDeniedError);
    const admin2 = clientFor(server, { apiKey: org2.admin.apiKey });
    expect((await admin2.devices.events(org2.device)).every((event) => event.type !== 'update')).toBe(true);
  });
});
