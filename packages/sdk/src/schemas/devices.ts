import * as z from 'zod';
import { FreeObject, IsoDateTime, ObjectId, openEnum } from './primitives.js';

/** Device status values: assigning a patient makes a device `active`, `patient: null` makes it `unassigned`. */
export const DeviceStatus = z.enum(['unassigned', 'active', 'disabled']);
export type DeviceStatus = z.infer<typeof DeviceStatus>;

/** Device status as answered: the known values, or a newer one the SDK does not know yet. */
export const KnownDeviceStatus = openEnum(DeviceStatus.options);
export type KnownDeviceStatus = z.infer<typeof KnownDeviceStatus>;

/** A pill-dispensing device; fields the real service may leave out are optional, unknown ones pass through. */
export const Device = z
  .looseObject({
    id: ObjectId.meta({ description: 'The device\'s object id.' }),
    name: z.string().meta({ description: 'Display name.' }),
    serialNumber: z.string().meta({ description: 'Serial number printed on the device.' }),
    status: KnownDeviceStatus.meta({ description: 'unassigned, active or disabled.' }),
    createdAt: IsoDateTime.meta({ description: 'When the device was registered, ISO 8601 UTC.' }),
    updatedAt: IsoDateTime.meta({ description: 'When the device last changed, ISO 8601 UTC.' }),
    kind: z.string().optional().meta({ description: 'Kind of device, e.g. `dispenser`.' }),
    alarmEnable: z.number().optional().meta({ description: '1: bakes set alarms for this device; 0: none.' }),
    takeOffsetTime: z.number().optional().meta({ description: 'Minutes the patient may take a dose late before the device reports it missed.' }),
    organization: z.string().optional().meta({ description: 'The device\'s organization.' }),
    patient: z.string().nullable().optional().meta({ description: 'The assigned patient, or null when unassigned.' }),
    deviceId: z.string().optional().meta({ description: 'Hardware identifier, where set.' }),
    meta: FreeObject.optional().meta({ description: 'Free-form data kept with the device.' }),
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof Device>;

/** Body of `PATCH /devices/{deviceId}`. */
export const DeviceUpdate = z
  .strictObject({
    intake: z.unknown().optional(),
    meta: FreeObject.optional(),
    organization: ObjectId.optional(),
    patient: ObjectId.nullable().optional().meta({ description: 'Assign to a patient (device becomes active) or null (unassigned).' }),
    paper: ObjectId.nullable().optional(),
    kind: z.string().max(100).optional(),
    deviceId: z.string().max(200).optional().meta({ description: 'Hardware identifier.' }),
    alarmEnable: z.number().int().optional().meta({ description: '1 to set alarms from bakes, 0 for none.' }),
    takeOffsetTime: z.number().int().optional(),
    iotDevice: z.unknown().optional(),
    payment: z.unknown().optional(),
  })
  .meta({ id: 'DeviceUpdate' });
export type DeviceUpdate = z.infer<typeof DeviceUpdate>;

/** Path parameters of `/devices/{deviceId}` and `/devices/events/{deviceId}`. */
export const DeviceIdParams = z.strictObject({ deviceId: ObjectId.meta({ description: 'Id of the device (24 lower-case hex characters).' }) });

/** Something a device did or had done to it. */
export const DeviceEvent = z
  .looseObject({
    id: z.string(),
    deviceId: ObjectId,
    type: openEnum(['activate', 'state', 'update']).meta({ description: 'activate, state, update, or any string a device sends.' }),
    payload: FreeObject,
    timestamp: IsoDateTime,
  })
  .meta({ id: 'DeviceEvent' });
export type DeviceEvent = z.infer<typeof DeviceEvent>;

/** Query of `GET /devices/events/{deviceId}`: `DateStart` inclusive, `DateEnd` exclusive. */
export const DeviceEventsQuery = z
  .strictObject({
    DateStart: IsoDateTime.optional().meta({ description: 'Inclusive lower bound.' }),
    DateEnd: IsoDateTime.optional().meta({ description: 'Exclusive upper bound.' }),
    TypeFilter: z.string().max(100).optional().meta({ description: 'Exact event type; activate and state are common.' }),
  })
  .refine((query) => query.DateStart === undefined || query.DateEnd === undefined || Date.parse(query.DateStart) <= Date.parse(query.DateEnd), {
    path: ['DateEnd'],
    message: 'DateEnd must not be before DateStart',
  })
  .meta({ id: 'DeviceEventsQuery' });
export type DeviceEventsQuery = z.infer<typeof DeviceEventsQuery>;
