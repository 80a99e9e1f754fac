import * as z from 'zod/mini';
import { withMeta } from './meta.js';
import { answerObject, FreeObject, IsoDateTime, ObjectId, openEnum } from './primitives.js';

/** Device status values: assigning a patient makes a device `active`, `patient: null` makes it `unassigned`. */
export const DeviceStatus = z.enum(['unassigned', 'active', 'disabled']);
export type DeviceStatus = z.infer<typeof DeviceStatus>;

/** Device status as answered: the known values, or a newer one the SDK does not know yet. */
export const KnownDeviceStatus = openEnum(DeviceStatus.options);
export type KnownDeviceStatus = z.infer<typeof KnownDeviceStatus>;

/** A pill-dispensing device; fields the real service may leave out are optional, unknown ones pass through. */
export const Device = withMeta(
  answerObject({
    id: withMeta(ObjectId, { description: 'The device\'s object id.' }),
    name: withMeta(z.string(), { description: 'Display name.' }),
    serialNumber: withMeta(z.string(), { description: 'Serial number printed on the device.' }),
    status: withMeta(KnownDeviceStatus, { description: 'unassigned, active or disabled.' }),
    createdAt: withMeta(IsoDateTime, { description: 'When the device was registered, ISO 8601 UTC.' }),
    updatedAt: withMeta(IsoDateTime, { description: 'When the device last changed, ISO 8601 UTC.' }),
    kind: withMeta(z.optional(z.string()), { description: 'Kind of device, e.g. `dispenser`.' }),
    alarmEnable: withMeta(z.optional(z.number()), { description: '1: bakes set alarms for this device; 0: none.' }),
    takeOffsetTime: withMeta(z.optional(z.number()), { description: 'Minutes the patient may take a dose late before the device reports it missed.' }),
    organization: withMeta(z.optional(z.string()), { description: 'The device\'s organization.' }),
    patient: withMeta(z.optional(z.nullable(z.string())), { description: 'The assigned patient, or null when unassigned.' }),
    deviceId: withMeta(z.optional(z.string()), { description: 'Hardware identifier, where set.' }),
    meta: withMeta(z.optional(FreeObject), { description: 'Free-form data kept with the device.' }),
  }),
  { id: 'Device' },
);
export type Device = z.infer<typeof Device>;

/** Body of `PATCH /devices/{deviceId}`. */
export const DeviceUpdate = withMeta(
  z.strictObject({
    intake: z.optional(z.unknown()),
    meta: z.optional(FreeObject),
    organization: z.optional(ObjectId),
    patient: withMeta(z.optional(z.nullable(ObjectId)), { description: 'Assign to a patient (device becomes active) or null (unassigned).' }),
    paper: z.optional(z.nullable(ObjectId)),
    kind: z.optional(z.string().check(z.maxLength(100))),
    deviceId: withMeta(z.optional(z.string().check(z.maxLength(200))), { description: 'Hardware identifier.' }),
    alarmEnable: withMeta(z.optional(z.int()), { description: '1 to set alarms from bakes, 0 for none.' }),
    takeOffsetTime: z.optional(z.int()),
    iotDevice: z.optional(z.unknown()),
    payment: z.optional(z.unknown()),
  }),
  { id: 'DeviceUpdate' },
);
export type DeviceUpdate = z.infer<typeof DeviceUpdate>;

/** Path parameters of `/devices/{deviceId}` and `/devices/events/{deviceId}`. */
export const DeviceIdParams = z.strictObject({ deviceId: withMeta(ObjectId, { description: 'Id of the device (24 lower-case hex characters).' }) });

/**
 * Event types the service itself writes. A device may send any other type (`dispense`,
 * `battery low`), so the set stays open, in answers and in `TypeFilter` alike.
 */
export const deviceEventTypes = ['activate', 'state', 'update'] as const;

/** An event type: the known ones, or any string a device sends. */
export const DeviceEventType = openEnum(deviceEventTypes);
export type DeviceEventType = z.infer<typeof DeviceEventType>;

/** Something a device did or had done to it. */
export const DeviceEvent = withMeta(
  answerObject({
    id: z.string(),
    deviceId: ObjectId,
    type: withMeta(DeviceEventType, { description: 'activate, state, update, or any string a device sends.' }),
    payload: FreeObject,
    timestamp: IsoDateTime,
  }),
  { id: 'DeviceEvent' },
);
export type DeviceEvent = z.infer<typeof DeviceEvent>;

/** Query of `GET /devices/events/{deviceId}`: `DateStart` inclusive, `DateEnd` exclusive. */
export const DeviceEventsQuery = withMeta(
  z.strictObject({
    DateStart: withMeta(z.optional(IsoDateTime), { description: 'Inclusive lower bound.' }),
    DateEnd: withMeta(z.optional(IsoDateTime), { description: 'Exclusive upper bound.' }),
    TypeFilter: withMeta(z.optional(z.string().check(z.maxLength(100)) as z.ZodMiniType<DeviceEventType, DeviceEventType>), { description: 'Exact event type; activate and state are common.' }),
  }).check(z.refine((query) => query.DateStart === undefined || query.DateEnd === undefined || Date.parse(query.DateStart) <= Date.parse(query.DateEnd), {
    path: ['DateEnd'],
    message: 'DateEnd must not be before DateStart',
  })),
  { id: 'DeviceEventsQuery' },
);
export type DeviceEventsQuery = z.infer<typeof DeviceEventsQuery>;
