/**
 * What the public API cannot do, for the `medsched-server keys|devices` commands and for
 * simulated devices: create and revoke API keys, register devices, post device events.
 */
import { AccountId, FreeObject, IsoDateTime, ObjectId, type Device, type DeviceEvent } from '@medsched/sdk/schemas';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import type { ApiKeyRecord, UserRecord } from '../db/models.js';
import { apiKeyPrefix, generateApiKey, hashApiKey } from '../domain/access/api-keys.js';
import { recordDeviceEvent, toDevice } from '../domain/directory/devices.js';
import { ProblemError, invalid, notFound } from '../domain/operation/problems.js';
import { isPatientRole } from '../domain/access/tenancy.js';

export interface AdminContext {
  db: Database;
  now: () => Date;
  newId: () => string;
}

export const KeyCreateBody = z.strictObject({
  email: z.string().min(3),
  organizationId: z.optional(ObjectId),
  description: z.string().max(200).optional(),
  /** A chosen key (seeds and tests); otherwise a random one. */
  apiKey: z
    .string()
    .regex(/^msk_[A-Za-z0-9_]{8,200}$/)
    .optional(),
});

export const KeyRevokeBody = z.union([z.strictObject({ id: ObjectId }), z.strictObject({ apiKey: z.string() })]);

export const DeviceRegisterBody = z.strictObject({
  organization: ObjectId,
  name: z.string().min(1).max(200),
  serialNumber: z.string().min(1).max(200),
  patient: z.nullable(ObjectId).optional(),
  alarmEnable: z.number().int().optional(),
  kind: z.string().max(100).optional(),
});

export const DeviceEventBody = z.strictObject({
  type: z.string().min(1).max(100),
  payload: z.optional(FreeObject),
  timestamp: z.optional(IsoDateTime),
});

/** The key as listed: never the hash, never the key itself. */
export const toKeyListing = ({ hash: _hash, ...key }: ApiKeyRecord) => key;

/**
 * The user behind an e-mail address. Addresses are unique across the service now; a data file
 * written before may still hold one address in two organizations: `organizationId` settles it.
 */
export function findUserByEmail(db: Database, email: string, organizationId?: string): UserRecord {
  const matches = db.users.group('email', email.toLowerCase()).filter((user) => !organizationId || user.organization === organizationId);
  if (matches.length === 0) throw notFound('user with e-mail', email);
  if (matches.length > 1) throw invalid('organizationId', `${email} is used in ${matches.length} organizations; name one`);
  return matches[0]!;
}

/** A user's account, created on first need (users made through the API have none yet). */
async function accountOf(ctx: AdminContext, user: UserRecord): Promise<string> {
  if (user.accountId) return user.accountId;
  const accountId = AccountId.parse(`local|${user.id}`);
  const now = ctx.now().toISOString();
  const [firstName = user.name, ...rest] = user.name.split(' ');
  await ctx.db.accounts.create({
    id: accountId,
    userId: user.id,
    email: user.email ?? `${user.id}@users.medsched.local`,
    firstName,
    lastName: rest.join(' '),
    organizationId: user.organization,
    roles: [user.role],
    isMfaEnabled: false,
    createdAt: now,
    updatedAt: now,
  });
  await ctx.db.users.update(user, (draft) => {
    draft.accountId = accountId;
  });
  return accountId;
}

export async function createApiKey(ctx: AdminContext, body: z.infer<typeof KeyCreateBody>) {
  const user = findUserByEmail(ctx.db, body.email, body.organizationId);
  const accountId = await accountOf(ctx, user);
  const apiKey = body.apiKey ?? generateApiKey();
  const hash = await hashApiKey(apiKey);
  if (ctx.db.apiKeys.group('hash', hash).length > 0) throw new ProblemError('conflict', 'this API key exists already');
  const record = await ctx.db.apiKeys.create({
    id: ctx.newId(),
    accountId,
    hash,
    prefix: apiKeyPrefix(apiKey),
    description: body.description ?? '',
    createdAt: ctx.now().toISOString(),
    lastUsedAt: null,
    revokedAt: null,
  });
  // The only time the raw key leaves the server.
  return { ...toKeyListing(record), apiKey, userId: user.id, organizationId: user.organization, email: user.email };
}

export async function revokeApiKey(ctx: AdminContext, body: z.infer<typeof KeyRevokeBody>) {
  const record = 'id' in body ? ctx.db.apiKeys.get(body.id) : ctx.db.apiKeys.group('hash', await hashApiKey(body.apiKey))[0];
  if (!record) throw notFound('API key', 'id' in body ? body.id : apiKeyPrefix(body.apiKey));
  if (record.revokedAt) return toKeyListing(record);
  const revoked = await ctx.db.apiKeys.update(record, (draft) => {
    draft.revokedAt = ctx.now().toISOString();
  });
  return toKeyListing(revoked);
}

export function listApiKeys(ctx: AdminContext, email: string, organizationId?: string) {
  const user = findUserByEmail(ctx.db, email, organizationId);
  return user.accountId ? ctx.db.apiKeys.group('account', user.accountId).map(toKeyListing) : [];
}

export async function registerDevice(ctx: AdminContext, body: z.infer<typeof DeviceRegisterBody>): Promise<Device> {
  if (!ctx.db.organizations.get(body.organization)) throw notFound('organization', body.organization);
  if (body.patient) {
    const patient = ctx.db.users.get(body.patient);
    if (!patient || patient.organization !== body.organization || !isPatientRole(patient.role)) {
      throw invalid('patient', 'must be a patient (role patient or onlyself) of the same organization');
    }
  }
  const now = ctx.now().toISOString();
  const device = await ctx.db.devices.create({
    id: ctx.newId(),
    name: body.name,
    serialNumber: body.serialNumber,
    organization: body.organization,
    patient: body.patient ?? null,
    status: body.patient ? 'active' : 'unassigned',
    alarmEnable: body.alarmEnable ?? 0,
    kind: body.kind ?? 'dispenser',
    createdAt: now,
    updatedAt: now,
  });
  if (device.patient) await recordDeviceEvent(ctx, device.id, 'activate', { patient: device.patient });
  return toDevice(device);
}

export async function postDeviceEvent(ctx: AdminContext, deviceId: string, body: z.infer<typeof DeviceEventBody>): Promise<DeviceEvent> {
  if (!ctx.db.devices.get(deviceId)) throw notFound('device', deviceId);
  const at = body.timestamp ? new Date(body.timestamp) : ctx.now();
  return recordDeviceEvent({ ...ctx, now: () => at }, deviceId, body.type, body.payload ?? {});
}
