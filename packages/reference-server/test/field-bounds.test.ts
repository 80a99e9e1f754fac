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
import { boundedInputs as inputs } from './support/bounded-inputs.js';
import { org1 } from './support/demo.js';
import type { OpenApiDocument, OpenApiNode } from './support/openapi-shapes.js';
import { raw, snapshot, startTestServer, withKey } from './support/server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Characters a person may type, one UTF-16 unit each: letters, accents, CJK, a line break, a bidi control. */
const unit = fc.constantFrom('a', 'Z', '7', ' ', 'é', 'ß', '日', '\n', '\t', '\u202e', '-');

function problemNames(answer: { status: number; body: unknown }, field: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  const problem = answer.body as Problem;
  expect(problem.code).toBe('validation_failed');
  const paths = problem.errors!.map((error) => error.path);
  expect(paths).toContain(field);
  return problem
    .errors!.filter((error) => error.path === field)
    .map((error) => error.message)
    .join('; ');
}

const admin = withKey(org1.admin.apiKey);
const account = encodeURIComponent(org1.admin.accountId);
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('bounded inputs over HTTP', () => {
  it('the document the server serves states each bound it enforces', async () => {
    const document = (await raw<OpenApiDocument>(server, 'GET', '/openapi.json')).body;
    const deref = (schema: OpenApiNode | undefined): OpenApiNode | undefined => (schema?.$ref ? deref(document.components.schemas[schema.$ref.split('/').pop()!]) : schema);
    const operationOf = (id: string) =>
      Object.values(document.paths)
        .flatMap((item) => Object.values(item))
        .find((op) => op.operationId === id)!;
    for (const input of inputs) {
      const operation = operationOf(input.operation);
      // A body field by the name of a path parameter (devices.update's deviceId) is the body's.
      const parameter = input.send('x').json === undefined ? operation.parameters?.find((each) => each.name === input.field) : undefined;
      const schema = parameter ? parameter.schema : deref(deref(operation.requestBody!.content['application/json']!.schema)!.properties![input.field]);
      const stated = [schema, ...(schema!.anyOf ?? [])].map(deref).find((each) => each?.maxLength !== undefined);
      expect(stated?.maxLength, `${input.operation} ${input.field}`).toBe(input.max);
      if (input.text) expect(stated!.pattern, `${input.operation} ${input.field}`).toBeDefined();
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
        const answer = await raw<Record<string, unknown>>(server, method, path, { headers: admin, json });
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
        const answer = await raw<Problem>(server, method, path, { headers: admin, json });
        expect(answer.status, answer.text.slice(0, 300)).toBe(400);
        const paths = answer.body.errors!.map((error) => error.path);
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
        const answer = await raw<Problem>(server, 'POST', '/v1/medications/', { headers: admin, json: { name: 'Keys', ...json } });
        expect(answer.status).toBe(400);
        expect(Problem.safeParse(answer.body).success, answer.text.slice(0, 300)).toBe(true);
        expect(answer.body.detail!.length).toBeLessThanOrEqual(problemTextLimits.detail);
        for (const error of answer.body.errors!) expect(error.message.length).toBeLessThanOrEqual(problemTextLimits.message);
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
