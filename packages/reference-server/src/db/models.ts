/**
 * The stored records. Each model is the SDK's output schema extended by what the server keeps
 * besides (tenant, owner, timestamps), so that the contract is written once, in the SDK.
 */
import { z } from 'zod';
// The SDK's schemas are zod/mini (a small browser bundle): their shapes spread into classic
// objects here, and mini's functional pick/omit take parts of them.
import { omit, pick } from 'zod/mini';
import {
  Account,
  AccountId,
  AccountUpdate,
  CalendarEntry,
  CalendarEntryCreate,
  Device,
  DeviceEvent,
  DeviceStatus,
  DeviceUpdate,
  FreeObject,
  IsoDateTime,
  Medication,
  ObjectId,
  Organization,
  User,
  UserCategory,
  UserRole,
} from '@medsched/sdk/schemas';

const timestamps = { createdAt: IsoDateTime, updatedAt: IsoDateTime };

export const OrganizationRecord = z.looseObject({ ...Organization.shape, meta: FreeObject, ...timestamps });
export type OrganizationRecord = z.infer<typeof OrganizationRecord>;

/** The identity-provider side of a user; `userId` links it to its user record. */
export const AccountRecord = z.looseObject({
  ...Account.shape,
  userId: ObjectId,
  // language and gender as answered (any text): values stored before the input took only BCP 47 codes must still load.
  ...pick(AccountUpdate, { debug: true, demo: true, notification: true }).shape,
});
export type AccountRecord = z.infer<typeof AccountRecord>;

export const UserRecord = z.looseObject({
  ...User.shape,
  organization: ObjectId,
  role: UserRole,
  category: z.nullable(UserCategory),
  timezone: z.string(),
  meta: FreeObject,
  apps: FreeObject,
  /** The account that signs in as this user; null for users who never sign in (most patients). */
  accountId: z.nullable(AccountId),
  ...timestamps,
});
export type UserRecord = z.infer<typeof UserRecord>;

export const MedicationRecord = z.looseObject({ ...Medication.shape, ...timestamps });
export type MedicationRecord = z.infer<typeof MedicationRecord>;

export const DeviceRecord = z.looseObject({
  ...Device.shape,
  // kind, deviceId, alarmEnable and takeOffsetTime as answered: values stored before the input bounds must still load.
  ...omit(DeviceUpdate, { organization: true, patient: true, kind: true, deviceId: true, alarmEnable: true, takeOffsetTime: true }).shape,
  status: DeviceStatus,
  organization: ObjectId,
  patient: z.nullable(ObjectId),
});
export type DeviceRecord = z.infer<typeof DeviceRecord>;

/**
 * A device event as stored: `assignee` is the patient the device belonged to when it happened
 * (null when unassigned; absent in data written before it was recorded), so that a patient sees
 * the events of its own periods only. Never part of an answer.
 */
export const DeviceEventRecord = z.looseObject({ ...DeviceEvent.shape, assignee: z.nullable(ObjectId).optional() });
export type DeviceEventRecord = z.infer<typeof DeviceEventRecord>;

/**
 * A calendar entry as stored: the client's input fields (unknown keys kept), plus the tenant,
 * the bake state and, for occurrences materialized by a bake, the series they came from.
 */
export const CalendarEntryRecord = z.looseObject({
  ...CalendarEntryCreate.shape,
  // As answered (text of up to 10,000 characters): data files written before these inputs were
  // bounded must still load.
  ...pick(CalendarEntry, { abdaMedication: true, medication: true, unit: true, subTray: true, batchNumber: true }).shape,
  id: ObjectId,
  organization: ObjectId,
  date: z.iso.date(),
  baked: z.boolean(),
  seriesId: z.nullable(ObjectId),
  // Any string, whatever the input accepts: data files written before the input was limited to
  // the four categories (some with `constructor`) must still load; answers show it as stored.
  timeCategory: z.string().optional(),
  intake: z.unknown().optional(),
  ...timestamps,
});
export type CalendarEntryRecord = z.infer<typeof CalendarEntryRecord>;

/** An API key: only its SHA-256 hash is kept; the raw key is shown once, at creation. */
export const ApiKeyRecord = z.object({
  id: ObjectId,
  accountId: AccountId,
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The first characters of the key, so that people can tell their keys apart. */
  prefix: z.string(),
  description: z.string(),
  createdAt: IsoDateTime,
  lastUsedAt: z.nullable(IsoDateTime),
  revokedAt: z.nullable(IsoDateTime),
});
export type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;
