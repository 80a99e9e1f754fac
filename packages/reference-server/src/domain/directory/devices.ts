import { itemLimits, type Device, type DeviceEvent, type DeviceEventsQuery, type DeviceUpdate } from '@medsched/sdk/schemas';
import type { DeviceEventRecord, DeviceRecord } from '../../db/models.js';
import type { OperationContext } from '../operation/context.js';
import { findInOrganization, findPatient } from './lookups.js';
import { forbidden, invalid } from '../operation/problems.js';
import { isPatientRole } from '../access/tenancy.js';

const what = 'device';

export const toDevice = (record: DeviceRecord): Device => ({ ...record });

/** The answer shape: the stored event without its assignee. */
export const toDeviceEvent = (record: DeviceEventRecord): DeviceEvent => {
  const { assignee: _assignee, ...event } = record;
  return event;
};

/**
 * Appends an event to a device's history (assignment `activate`, status `state`, else
 * `update`), noting the patient the device is assigned to now (after the change that caused it).
 */
export async function recordDeviceEvent(ctx: Pick<OperationContext, 'db' | 'newId' | 'now'>, deviceId: string, type: string, payload: Record<string, unknown>): Promise<DeviceEvent> {
  const assignee = ctx.db.devices.get(deviceId)?.patient ?? null;
  return toDeviceEvent(await ctx.db.deviceEvents.create({ id: ctx.newId(), deviceId, type, payload, timestamp: ctx.now().toISOString(), assignee }));
}

/**
 * `paper` names a record by id: one of another organization is 403, as for ids in paths, so that
 * no device points at (and no client learns through it) another organization's record. An id
 * that names no record here is kept (a paper the server does not hold).
 */
function checkOwnReference(ctx: OperationContext, id: string): void {
  const { db } = ctx;
  if (db.organizations.get(id) !== undefined && id !== ctx.caller.organizationId) throw forbidden('paper must be a record of your organization');
  for (const table of [db.users, db.medications, db.devices, db.calendarEntries] as Array<{ get(id: string): { organization: string } | undefined }>) {
    const record = table.get(id);
    if (record !== undefined && record.organization !== ctx.caller.organizationId) throw forbidden('paper must be a record of your organization');
  }
}

export async function updateDevice(ctx: OperationContext, id: string, body: DeviceUpdate): Promise<Device> {
  const device = findInOrganization(ctx, ctx.db.devices, id, what);
  if (body.organization !== undefined && body.organization !== device.organization) {
    throw forbidden('a device cannot move to another organization');
  }
  if (typeof body.patient === 'string') findPatient(ctx, body.patient);
  if (typeof body.paper === 'string') checkOwnReference(ctx, body.paper);

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

/**
 * `DateStart` inclusive, `DateEnd` exclusive, `TypeFilter` exact; by timestamp, then id. The answer
 * is not paged, so it holds at most `itemLimits.deviceEvents` events: a longer history is 400,
 * asking for a shorter range, rather than an answer cut short.
 */
export function listDeviceEvents(ctx: OperationContext, id: string, query: DeviceEventsQuery): DeviceEvent[] {
  const device = findInOrganization(ctx, ctx.db.devices, id, what);
  let history = ctx.db.deviceEvents.group('device', id);
  if (isPatientRole(ctx.caller.role)) {
    // A patient sees the events of the periods the device was its own, past ones included.
    const own = history.filter((event) => event.assignee === ctx.caller.user.id);
    if (own.length === 0 && device.patient !== ctx.caller.user.id) throw forbidden(`a ${ctx.caller.role} may only read the events of its own devices`);
    history = own;
  }
  const start = query.DateStart === undefined ? -Infinity : Date.parse(query.DateStart);
  const end = query.DateEnd === undefined ? Infinity : Date.parse(query.DateEnd);
  const matching = history.filter((event) => {
    const at = Date.parse(event.timestamp);
    return at >= start && at < end && (query.TypeFilter === undefined || event.type === query.TypeFilter);
  });
  if (matching.length > itemLimits.deviceEvents) {
    throw invalid('DateEnd', `the range holds ${matching.length} events; at most ${itemLimits.deviceEvents} are answered at once: give a shorter DateStart..DateEnd or a TypeFilter`);
  }
  return matching.sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map(toDeviceEvent);
}
