import type { Device, DeviceEvent, DeviceEventsQuery, DeviceUpdate } from '@medsched/sdk/schemas';
import type { DeviceRecord } from '../../db/models.js';
import type { OperationContext } from '../operation/context.js';
import { findInOrganization, findPatient } from './lookups.js';
import { forbidden } from '../operation/problems.js';
import { assertOwnPatientData } from '../access/tenancy.js';

const what = 'device';

export const toDevice = (record: DeviceRecord): Device => ({ ...record });

/** Appends an event to a device's history (assignment `activate`, status `state`, else `update`). */
export async function recordDeviceEvent(ctx: Pick<OperationContext, 'db' | 'newId' | 'now'>, deviceId: string, type: string, payload: Record<string, unknown>): Promise<DeviceEvent> {
  return ctx.db.deviceEvents.create({ id: ctx.newId(), deviceId, type, payload, timestamp: ctx.now().toISOString() });
}

export async function updateDevice(ctx: OperationContext, id: string, body: DeviceUpdate): Promise<Device> {
  const device = findInOrganization(ctx, ctx.db.devices, id, what);
  if (body.organization !== undefined && body.organization !== device.organization) {
    throw forbidden('a device cannot move to another organization');
  }
  if (typeof body.patient === 'string') findPatient(ctx, body.patient);

  const { organization: _organization, patient, ...fields } = body;
  const nextStatus = patient === undefined ? device.status : patient === null ? 'unassigned' : 'active';
  const stored = await ctx.db.devices.update(device, (draft) => {
    Object.assign(draft, fields);
    if (patient !== undefined) draft.patient = patient;
    draft.status = nextStatus;
    draft.updatedAt = ctx.now().toISOString();
  });

  if (typeof patient === 'string' && patient !== device.patient) await recordDeviceEvent(ctx, id, 'activate', { patient });
  if (nextStatus !== device.status) await recordDeviceEvent(ctx, id, 'state', { from: device.status, to: nextStatus });
  const changed = Object.keys(fields);
  if (changed.length > 0) await recordDeviceEvent(ctx, id, 'update', { fields: changed });
  return toDevice(stored);
}

/** `DateStart` inclusive, `DateEnd` exclusive, `TypeFilter` exact; by timestamp, then id. */
export function listDeviceEvents(ctx: OperationContext, id: string, query: DeviceEventsQuery): DeviceEvent[] {
  const device = findInOrganization(ctx, ctx.db.devices, id, what);
  assertOwnPatientData(ctx.caller, device.patient, 'devices');
  const start = query.DateStart === undefined ? -Infinity : Date.parse(query.DateStart);
  const end = query.DateEnd === undefined ? Infinity : Date.parse(query.DateEnd);
  return ctx.db.deviceEvents
    .group('device', id)
    .filter((event) => {
      const at = Date.parse(event.timestamp);
      return at >= start && at < end && (query.TypeFilter === undefined || event.type === query.TypeFilter);
    })
    .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
