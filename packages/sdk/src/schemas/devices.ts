import * as z from 'zod/mini';
import { int32, text, textLimits } from './bounds.js';
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
    id: withMeta(ObjectId, { description: "The device's object id." }),
    name: withMeta(text(textLimits.answered), { description: 'Display name.' }),
    serialNumber: withMeta(text(textLimits.answered), { description: 'Serial number printed on the device.' }),
    status: withMeta(KnownDeviceStatus, { description: 'unassigned, active or disabled.' }),
    createdAt: withMeta(IsoDateTime, { description: 'When the device was registered, ISO 8601 UTC.' }),
    updatedAt: withMeta(IsoDateTime, { description: 'When the device last changed, ISO 8601 UTC.' }),
    kind: withMeta(z.optional(text(textLimits.answered)), { description: 'Kind of device, e.g. `dispenser`.' }),
    alarmEnable: withMeta(z.optional(z.number()), { description: '1: bakes set alarms for this device; 0: none.' }),
    takeOffsetTime: withMeta(z.optional(z.number()), { description: 'Minutes the patient may take a dose late before the device reports it missed.' }),
    organization: withMeta(z.optional(ObjectId), { description: "The device's organization." }),
    patient: withMeta(z.optional(z.nullable(ObjectId)), { description: 'The assigned patient, or null when unassigned.' }),
    deviceId: withMeta(z.optional(text(textLimits.answered)), { description: 'Hardware identifier, where set.' }),
    meta: withMeta(z.optional(FreeObject), { description: 'Free-form data kept with the device.' }),
  }),
  { id: 'Device' },
);
export type Device = z.infer<typeof Device>;

/** The longest grace for a late dose: a day; a later dose is the next day's. */
const maxTakeOffsetMinutes = 1_440;

/** Body of `PATCH /devices/{deviceId}`. */
export const DeviceUpdate = withMeta(
  z.strictObject({
    intake: z.optional(z.unknown()),
    meta: z.optional(FreeObject),
    organization: z.optional(ObjectId),
    patient: withMeta(z.optional(z.nullable(ObjectId)), { description: 'Assign to a patient (device becomes active) or null (unassigned).' }),
    paper: z.optional(z.nullable(ObjectId)),
    kind: z.optional(text(textLimits.label)),
    deviceId: withMeta(z.optional(text(textLimits.hardwareId)), { description: 'Hardware identifier.' }),
    alarmEnable: withMeta(z.optional(int32(0, 1)), { description: '1 to set alarms from bakes, 0 for none.' }),
    takeOffsetTime: withMeta(z.optional(int32(0, maxTakeOffsetMinutes)), { description: 'Minutes the patient may take a dose late before the device reports it missed: 0 to 1440 (a day).' }),
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
    id: ObjectId,
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
  z
    .strictObject({
      DateStart: withMeta(z.optional(IsoDateTime), { description: 'Inclusive lower bound.' }),
      DateEnd: withMeta(z.optional(IsoDateTime), { description: 'Exclusive upper bound.' }),
      TypeFilter: withMeta(z.optional(text(textLimits.label) as z.ZodMiniType<DeviceEventType, DeviceEventType>), { description: 'Exact event type; activate and state are common.' }),
    })
    .check(
      z.refine((query) => query.DateStart === undefined || query.DateEnd === undefined || Date.parse(query.DateStart) <= Date.parse(query.DateEnd), {
        path: ['DateEnd'],
        message: 'DateEnd must not be before DateStart',
      }),
    ),
  { id: 'DeviceEventsQuery' },
);
export type DeviceEventsQuery = z.infer<typeof DeviceEventsQuery>;
