/**
 * Every bounded input, through the running server over real HTTP: a value one or more characters
 * over its bound, or text with NUL or an unpaired surrogate, is 400 naming the field (and, for a
 * length, the bound) and changes nothing; a value exactly at the bound is stored as sent. The
 * bounds come from the SDK's schemas (`textLimits`), which the OpenAPI document states too, and
 * the SDK refuses the same values itself, before sending.
 */
import { createClient, ValidationError } from '@medsched/sdk';
import { Problem, problemTextLimits, textLimits } from '@medsched/sdk/schemas';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1 } from './support/demo.js';
import { raw, snapshot, startTestServer, withKey } from './support/server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Client = ReturnType<typeof createClient>;

/** One bounded input: how to send a value in it raw, and through the SDK. */
interface BoundedInput {
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

const inputs: BoundedInput[] = [
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

/** Characters a person may type, one UTF-16 unit each: letters, accents, CJK, a line break, a bidi control. */
const unit = fc.constantFrom('a', 'Z', '7', ' ', 'é', 'ß', '日', '\n', '\t', '\u202e', '-');

function problemNames(answer: { status: number; body: any }, field: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.code).toBe('validation_failed');
  const paths = (answer.body.errors as { path: string }[]).map((error) => error.path);
  expect(paths).toContain(field);
  return (answer.body.errors as { path: string; message: string }[])
    .filter((error) => error.path === field)
    .map((error) => error.message)
    .join('; ');
}

const admin = withKey(org1.admin.apiKey);

describe('bounded inputs over HTTP', () => {
  it('the document the server serves states each bound it enforces', async () => {
    const document = (await raw(server, 'GET', '/openapi.json')).body;
    const deref = (schema: any): any => (schema?.$ref ? deref(document.components.schemas[schema.$ref.split('/').pop()]) : schema);
    const operationOf = (id: string): any =>
      Object.values(document.paths)
        .flatMap((item: any) => Object.values(item))
        .find((op: any) => op.operationId === id);
    for (const input of inputs) {
      const operation = operationOf(input.operation);
      // A body field by the name of a path parameter (devices.update's deviceId) is the body's.
      const parameter = input.send('x').json === undefined ? operation.parameters?.find((each: any) => each.name === input.field) : undefined;
      const schema = parameter ? parameter.schema : deref(deref(operation.requestBody.content['application/json'].schema).properties[input.field]);
      const stated = [schema, ...(schema.anyOf ?? [])].map(deref).find((each: any) => each?.maxLength !== undefined);
      expect(stated?.maxLength, `${input.operation} ${input.field}`).toBe(input.max);
      if (input.text) expect(stated.pattern, `${input.operation} ${input.field}`).toBeDefined();
    }
  });

  it('a value over its bound is 400 naming the field and the bound, and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...inputs), fc.integer({ min: 1, max: 300 }), fc.array(unit, { minLength: 1, maxLength: 8 }), async (input, over, units) => {
        // The email's local part makes the address over its bound by `over`.
        const length = input.field === 'email' ? input.max - '@example.org'.length + over : input.max + over;
        // In a query string ASCII only: a long address of percent-escaped CJK would meet Node's header size limit first.
        const usable = input.send('').method === 'GET' ? units.map((each) => (each.charCodeAt(0) < 0x80 ? each : 'a')) : units;
        const value = Array.from({ length }, (_, index) => usable[index % usable.length]).join('');
        const before = snapshot(server);
        const { method, path, json } = input.send(value);
        const answer = await raw(server, method, path, { headers: admin, json });
        const message = problemNames(answer, input.field);
        expect(message).toContain(String(input.max));
        expect(snapshot(server)).toBe(before);
      }),
      { numRuns: 60 },
    );
  });

  it('text with NUL or an unpaired surrogate is 400 naming the field, and changes nothing', async () => {
    const bad = fc.constantFrom('\u0000', '\ud800', '\udfff', 'a\ud83dz');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...inputs.filter((input) => input.text)), fc.string({ maxLength: 20 }), bad, fc.string({ maxLength: 20 }), async (input, head, wrong, tail) => {
        // An unpaired surrogate cannot travel in a URL: encoding it (URLSearchParams, encodeURIComponent) makes it U+FFFD or throws.
        const value = `${head}${input.send('').method === 'GET' ? '\u0000' : wrong}${tail}`;
        const before = snapshot(server);
        const { method, path, json } = input.send(value);
        const answer = await raw(server, method, path, { headers: admin, json });
        const said = problemNames(answer, input.field);
        if (!said.includes('NUL characters or unpaired surrogates')) expect(said).toContain(input.nulSays);
        expect(snapshot(server)).toBe(before);
      }),
      { numRuns: 60 },
    );
  });

  it('a value exactly at its bound is taken and stored as sent, emoji pairs included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...inputs.filter((input) => input.atLimit)), fc.array(unit, { minLength: 1, maxLength: 8 }), fc.boolean(), async (input, units, emoji) => {
        // A surrogate pair counts two: a value that ends in one is still exactly at the bound.
        const head = Array.from({ length: input.max - (emoji ? 2 : 0) }, (_, index) => units[index % units.length]).join('');
        const value = emoji ? `${head}💊` : head;
        expect(value.length).toBe(input.max);
        const { method, path, json } = input.send(value);
        const answer = await raw(server, method, path, { headers: admin, json });
        expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(300);
        if (input.stored) expect(input.stored(answer.body)).toBe(value);
      }),
      { numRuns: 40 },
    );
  });

  it('the SDK refuses the same values with its ValidationError, before sending anything', async () => {
    let sent = 0;
    const client = createClient({ baseUrl: server.url, apiKey: org1.admin.apiKey, maxRetries: 0, fetch: (request, init) => (sent++, fetch(request, init)) });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...inputs), fc.integer({ min: 1, max: 50 }), async (input, over) => {
        const value = 'x'.repeat(input.field === 'email' ? input.max - '@example.org'.length + over : input.max + over);
        const error = await input.sdk(client, value).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error, input.field).toBeInstanceOf(ValidationError);
        const issue = (error as ValidationError).issues.find((each) => each.path === input.field);
        expect(issue?.message, input.field).toContain(input.sdkSays ?? String(input.max));
      }),
      { numRuns: 40 },
    );
    expect(sent).toBe(0);
  });
});

describe('shaped inputs over HTTP', () => {
  it('a language, time zone, date-time or meta key of the wrong shape is 400 naming the field, and changes nothing', async () => {
    const wrong = fc.oneof(
      fc
        .constantFrom('en_US', 'de CH', '-de', 'de--CH', 'x'.repeat(36), 'de\u0000')
        .map((language) => ({ field: 'language', method: 'PATCH', path: `/v1/accounts/${account}`, json: { language } as unknown })),
      fc
        .constantFrom('+01:00', 'Europe/Berlin ', '../etc/passwd', 'Mars/Olympus_Mons', `Europe/${'x'.repeat(60)}`)
        .map((timezone) => ({ field: 'timezone', method: 'POST', path: '/v1/users/', json: { organization: org1.id, timezone } as unknown })),
      // 15 or more fraction digits make a date-time longer than 35 characters.
      fc.integer({ min: 15, max: 80 }).map((digits) => ({
        field: 'DateStart',
        method: 'GET',
        path: `/v1/devices/events/${org1.deviceOf.patient}?${query({ DateStart: `2026-01-01T00:00:00.${'1'.repeat(digits)}Z` })}`,
        json: undefined as unknown,
      })),
      fc
        .integer({ min: textLimits.filter + 1, max: 2_000 })
        .map((length) => ({ field: 'meta', method: 'POST', path: '/v1/medications/', json: { name: 'Keyed', meta: { ['k'.repeat(length)]: 1 } } as unknown })),
    );
    await fc.assert(
      fc.asyncProperty(wrong, async ({ field, method, path, json }) => {
        const before = snapshot(server);
        const answer = await raw(server, method, path, { headers: admin, json });
        expect(answer.status, answer.text.slice(0, 300)).toBe(400);
        const paths = (answer.body.errors as { path: string }[]).map((error) => error.path);
        expect(
          paths.some((each) => each === field || each.startsWith(`${field}.`)),
          paths.join(', '),
        ).toBe(true);
        expect(snapshot(server)).toBe(before);
      }),
      { numRuns: 40 },
    );
  });
});

describe('problems within their bounds', () => {
  it('a problem that quotes long unknown keys, or NUL, stays within the Problem schema: detail cut with …, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1_000, max: 5_000 }), fc.constantFrom('k', '\u0000', '\ud800'), async (keys, length, filler) => {
        // At most 30 keys of 5,000 characters: an escaped surrogate takes 6 bytes, and the body stays under 1 MiB.
        const json = Object.fromEntries(Array.from({ length: keys }, (_, index) => [`${index}${filler.repeat(length)}`, 1]));
        const answer = await raw(server, 'POST', '/v1/medications/', { headers: admin, json: { name: 'Keys', ...json } });
        expect(answer.status).toBe(400);
        expect(Problem.safeParse(answer.body).success, answer.text.slice(0, 300)).toBe(true);
        expect(answer.body.detail.length).toBeLessThanOrEqual(problemTextLimits.detail);
        for (const error of answer.body.errors) expect(error.message.length).toBeLessThanOrEqual(problemTextLimits.message);
      }),
      { numRuns: 15 },
    );
  });
});

describe('bounded numbers over HTTP', () => {
  const device = `/v1/devices/${org1.spareDevice}`;
  it('alarmEnable is 0 or 1 and takeOffsetTime 0 to 1440 minutes: anything else is 400 naming it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.record({ alarmEnable: fc.integer().filter((n) => n < 0 || n > 1) }), fc.record({ takeOffsetTime: fc.integer().filter((n) => n < 0 || n > 1_440) })),
        async (body) => {
          const before = snapshot(server);
          const answer = await raw(server, 'PATCH', device, { headers: admin, json: body });
          problemNames(answer, Object.keys(body)[0]!);
          expect(snapshot(server)).toBe(before);
        },
      ),
      { numRuns: 40 },
    );
    for (const body of [{ alarmEnable: 0 }, { alarmEnable: 1 }, { takeOffsetTime: 0 }, { takeOffsetTime: 1_440 }]) {
      const answer = await raw(server, 'PATCH', device, { headers: admin, json: body });
      expect(answer.status, JSON.stringify(body)).toBe(200);
      expect(answer.body).toMatchObject(body);
    }
  });
});
