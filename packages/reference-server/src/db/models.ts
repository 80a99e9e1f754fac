/**
 * The stored records. Each model is the SDK's output schema extended by what the server keeps
 * besides (tenant, owner, timestamps), so that the contract is written once, in the SDK.
 */
import { z } from 'zod';
import {
  Account,
  AccountId,
  AccountUpdate,
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

export const OrganizationRecord = Organization.extend({ meta: FreeObject, ...timestamps });
export type OrganizationRecord = z.infer<typeof OrganizationRecord>;

/** The identity-provider side of a user; `userId` links it to its user record. */
export const AccountRecord = Account.extend({
  userId: ObjectId,
  ...AccountUpdate.pick({ language: true, gender: true, debug: true, demo: true, notification: true }).shape,
});
export type AccountRecord = z.infer<typeof AccountRecord>;

export const UserRecord = User.extend({
  organization: ObjectId,
  role: UserRole,
  category: UserCategory.nullable(),
  timezone: z.string(),
  meta: FreeObject,
  apps: FreeObject,
  /** The account that signs in as this user; null for users who never sign in (most patients). */
  accountId: AccountId.nullable(),
  ...timestamps,
});
export type UserRecord = z.infer<typeof UserRecord>;

export const MedicationRecord = Medication.extend(timestamps);
export type MedicationRecord = z.infer<typeof MedicationRecord>;

export const DeviceRecord = Device.extend({
  ...DeviceUpdate.omit({ organization: true, patient: true }).shape,
  status: DeviceStatus,
  organization: ObjectId,
  patient: ObjectId.nullable(),
});
export type DeviceRecord = z.infer<typeof DeviceRecord>;

/**
 * A device event as stored: `assignee` is the patient the device belonged to when it happened
 * (null when unassigned; absent in data written before it was recorded), so that a patient sees
 * the events of its own periods only. Never part of an answer.
 */
export const DeviceEventRecord = DeviceEvent.extend({ assignee: ObjectId.nullable().optional() });
export type DeviceEventRecord = z.infer<typeof DeviceEventRecord>;

/**
 * A calendar entry as stored: the client's input fields (unknown keys kept), plus the tenant,
 * the bake state and, for occurrences materialized by a bake, the series they came from.
 */
export const CalendarEntryRecord = CalendarEntryCreate.extend({
  id: ObjectId,
  organization: ObjectId,
  date: z.iso.date(),
  baked: z.boolean(),
  seriesId: ObjectId.nullable(),
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
  lastUsedAt: IsoDateTime.nullable(),
  revokedAt: IsoDateTime.nullable(),
});
export type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;
