/**
 * The bounded inputs of the API, as field-bounds.test.ts sends them: each operation's field, its
 * bound from the SDK's schemas (`textLimits`), and how to send a value raw and through the SDK.
 */
import type { createClient } from '@medsched/sdk';
import { textLimits } from '@medsched/sdk/schemas';
import { org1 } from './demo.js';

type Client = ReturnType<typeof createClient>;

/** One bounded input: how to send a value in it raw, and through the SDK. */
export interface BoundedInput {
  /** The operation, by its id in the catalogue and the OpenAPI document. */
  operation: string;
  field: string;
  max: number;
  /** Whether the field is whole text (NUL and unpaired surrogates refused). */
  text: boolean;
  /** Whether a value exactly at the bound can be written (some fields also need a known value or a unique one). */
  atLimit: boolean;
  /** What the SDK's refusal says instead of the bound, where its input type is narrower (an enum). */
  sdkSays?: string;
  /** What the server's refusal of NUL may say instead, where a check of its own can come first. */
  nulSays?: string;
  send: (value: string) => { method: string; path: string; json?: unknown };
  /** The stored value as answered, when the write answers the record. */
  stored?: (answer: Record<string, unknown>) => unknown;
  sdk: (client: Client, value: string) => Promise<unknown>;
}

const account = encodeURIComponent(org1.admin.accountId);
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** Every bounded input the tests send over its bound, with NUL, and exactly at its bound. */
export const boundedInputs: BoundedInput[] = [
  {
    field: 'name',
    max: textLimits.title,
    text: true,
    atLimit: true,
    operation: 'medications.create',
    send: (name) => ({ method: 'POST', path: '/v1/medications/', json: { name } }),
    stored: (answer) => answer.name,
    sdk: (client, name) => client.medications.create({ name }),
  },
  {
    field: 'name',
    max: textLimits.title,
    text: true,
    atLimit: true,
    operation: 'medications.update',
    send: (name) => ({ method: 'PATCH', path: `/v1/medications/${org1.medication}`, json: { name } }),
    stored: (answer) => answer.name,
    sdk: (client, name) => client.medications.update(org1.medication, { name }),
  },
  {
    field: 'name',
    max: textLimits.title,
    text: true,
    atLimit: true,
    operation: 'organizations.update',
    send: (name) => ({ method: 'PATCH', path: `/v1/organizations/${org1.id}`, json: { organization: org1.id, name } }),
    stored: (answer) => answer.name,
    sdk: (client, name) => client.organizations.update(org1.id, { organization: org1.id, name }),
  },
  {
    field: 'kind',
    max: textLimits.label,
    text: true,
    atLimit: true,
    operation: 'organizations.update',
    send: (kind) => ({ method: 'PATCH', path: `/v1/organizations/${org1.id}`, json: { organization: org1.id, kind } }),
    stored: (answer) => answer.kind,
    sdk: (client, kind) => client.organizations.update(org1.id, { organization: org1.id, kind }),
  },
  {
    field: 'name',
    max: textLimits.personName,
    text: true,
    atLimit: true,
    operation: 'users.create',
    send: (name) => ({ method: 'POST', path: '/v1/users/', json: { organization: org1.id, name } }),
    stored: (answer) => answer.name,
    sdk: (client, name) => client.users.create({ organization: org1.id, name }),
  },
  {
    field: 'given_name',
    max: textLimits.personName,
    text: true,
    atLimit: true,
    operation: 'accounts.update',
    send: (given_name) => ({ method: 'PATCH', path: `/v1/accounts/${account}`, json: { given_name } }),
    stored: (answer) => answer.firstName,
    sdk: (client, given_name) => client.accounts.update(org1.admin.accountId, { given_name }),
  },
  {
    field: 'family_name',
    max: textLimits.personName,
    text: true,
    atLimit: true,
    operation: 'accounts.update',
    send: (family_name) => ({ method: 'PATCH', path: `/v1/accounts/${account}`, json: { family_name } }),
    stored: (answer) => answer.lastName,
    sdk: (client, family_name) => client.accounts.update(org1.admin.accountId, { family_name }),
  },
  {
    field: 'gender',
    max: textLimits.gender,
    text: true,
    atLimit: true,
    operation: 'accounts.update',
    send: (gender) => ({ method: 'PATCH', path: `/v1/accounts/${account}`, json: { gender } }),
    stored: (answer) => answer.gender,
    sdk: (client, gender) => client.accounts.update(org1.admin.accountId, { gender }),
  },
  ...(['name', 'instruction', 'unit', 'subTray', 'batchNumber', 'medication', 'abdaMedication'] as const).map((field): BoundedInput => {
    const max = {
      name: textLimits.title,
      instruction: textLimits.note,
      unit: textLimits.label,
      subTray: textLimits.label,
      batchNumber: textLimits.label,
      medication: textLimits.reference,
      abdaMedication: textLimits.reference,
    }[field];
    return {
      field,
      max,
      text: true,
      atLimit: true,
      operation: 'calendars.create',
      send: (value) => ({ method: 'POST', path: '/v1/calendars/', json: { patient: org1.patient.userId, date: '2026-06-01', [field]: value } }),
      stored: (answer) => answer[field],
      sdk: (client, value) => client.calendars.create({ patient: org1.patient.userId, date: '2026-06-01', [field]: value }),
    };
  }),
  {
    field: 'unit',
    max: textLimits.label,
    text: true,
    atLimit: true,
    operation: 'calendars.update',
    send: (unit) => ({ method: 'PATCH', path: `/v1/calendars/${org1.entryOf.patient2}`, json: { unit } }),
    stored: (answer) => answer.unit,
    sdk: (client, unit) => client.calendars.update(org1.entryOf.patient2, { unit }),
  },
  // A time category is one of four words: only its length bound and text are checked here.
  {
    field: 'timeCategory',
    max: textLimits.label,
    text: true,
    atLimit: false,
    sdkSays: 'expected one of',
    operation: 'calendars.create',
    send: (timeCategory) => ({ method: 'POST', path: '/v1/calendars/', json: { patient: org1.patient.userId, timeCategory } }),
    sdk: (client, timeCategory) => client.calendars.create({ patient: org1.patient.userId, timeCategory: timeCategory as 'morning' }),
  },
  {
    field: 'kind',
    max: textLimits.label,
    text: true,
    atLimit: true,
    operation: 'devices.update',
    send: (kind) => ({ method: 'PATCH', path: `/v1/devices/${org1.spareDevice}`, json: { kind } }),
    stored: (answer) => answer.kind,
    sdk: (client, kind) => client.devices.update(org1.spareDevice, { kind }),
  },
  {
    field: 'deviceId',
    max: textLimits.hardwareId,
    text: true,
    atLimit: true,
    operation: 'devices.update',
    send: (deviceId) => ({ method: 'PATCH', path: `/v1/devices/${org1.spareDevice}`, json: { deviceId } }),
    stored: (answer) => answer.deviceId,
    sdk: (client, deviceId) => client.devices.update(org1.spareDevice, { deviceId }),
  },
  {
    field: 'search',
    max: textLimits.filter,
    text: true,
    atLimit: true,
    operation: 'calendars.list',
    send: (search) => ({ method: 'GET', path: `/v1/calendars/?${query({ search })}` }),
    sdk: (client, search) => client.calendars.list({ search }),
  },
  {
    field: 'name',
    max: textLimits.filter,
    text: true,
    atLimit: true,
    operation: 'users.list',
    send: (name) => ({ method: 'GET', path: `/v1/users/?${query({ organization: org1.id, name })}` }),
    sdk: (client, name) => client.users.list({ organization: org1.id, name }),
  },
  {
    field: 'TypeFilter',
    max: textLimits.label,
    text: true,
    atLimit: true,
    operation: 'devices.events',
    send: (TypeFilter) => ({ method: 'GET', path: `/v1/devices/events/${org1.deviceOf.patient}?${query({ TypeFilter })}` }),
    sdk: (client, TypeFilter) => client.devices.events(org1.deviceOf.patient, { TypeFilter }),
  },
  // An allowed page address is checked after its length: over the bound only.
  {
    field: 'urlPath',
    max: textLimits.url,
    text: true,
    atLimit: false,
    nulSays: 'must be an absolute http(s) URL',
    operation: 'pdf.sign',
    send: (urlPath) => ({ method: 'GET', path: `/v1/pdf/?${query({ urlPath })}` }),
    sdk: (client, urlPath) => client.pdf.sign(urlPath),
  },
  {
    field: 'email',
    max: textLimits.email,
    text: false,
    atLimit: false,
    operation: 'users.create',
    send: (local) => ({ method: 'POST', path: '/v1/users/', json: { organization: org1.id, email: `${local}@example.org` } }),
    sdk: (client, local) => client.users.create({ organization: org1.id, email: `${local}@example.org` }),
  },
];
