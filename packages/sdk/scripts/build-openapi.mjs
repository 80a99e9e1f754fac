#!/usr/bin/env node
/**
 * Writes dist/openapi.json: the OpenAPI 3.1 description of the medsched API.
 *
 * Runs after tsup (see the "build" script) and reads the built contract, so that the
 * document is made from exactly the zod schemas and operation catalogue that we ship.
 * Nothing here restates a field: schemas come from zod 4's own `z.toJSONSchema`
 * (JSON Schema draft 2020-12, the dialect of OpenAPI 3.1); this script only adds what
 * the schemas cannot say (HTTP status codes, headers, security, error responses).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { operations } from '../dist/schemas/index.js';
import { examples } from './openapi-examples.mjs';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outFile = resolve(packageDir, 'dist/openapi.json');

const SERVER_URL = 'http://127.0.0.1:4010/v1';
const componentRef = (name) => `#/components/schemas/${name}`;
/** Suffix of a component's request-side variant, used only when it differs from the response side. */
const INPUT_SUFFIX = 'Input';

// ---------------------------------------------------------------------------
// Schemas: zod → JSON Schema 2020-12 → components.schemas
// ---------------------------------------------------------------------------

/** The schema roles of an operation, and which side of the wire each is on. */
const REQUEST_ROLES = ['params', 'query', 'body'];
const RESPONSE_ROLES = ['response'];

/**
 * A registry holding every schema we convert, keyed by component name.
 *
 * Schemas with an `id` in their metadata (`withMeta(schema, { id })`, kept by zod in
 * `z.globalRegistry`) keep that id, so they become components and every use of them a `$ref`.
 * The catalogue also holds schemas without an id (path-parameter objects, `z.array(CalendarEntry)`); they get a private key so that the
 * same single conversion emits them, and are inlined into the operation afterwards.
 * zod offers no public iterator over a registry; `_idmap` is what `z.toJSONSchema` itself reads.
 */
function buildRegistry() {
  const registry = z.registry();
  const keyOf = new Map(); // zod schema → registry key
  for (const [id, schema] of z.globalRegistry._idmap) {
    registry.add(schema, { id });
    keyOf.set(schema, id);
  }
  for (const op of Object.values(operations)) {
    for (const role of [...REQUEST_ROLES, ...RESPONSE_ROLES]) {
      const schema = op[role];
      if (!schema || keyOf.has(schema)) continue;
      const key = `__inline:${op.id}:${role}`;
      registry.add(schema, { id: key });
      keyOf.set(schema, key);
    }
  }
  return { registry, keyOf };
}

const isInlineKey = (key) => key.startsWith('__inline:');

/**
 * OpenAPI 3.1 deprecates the Schema Object's `example` in favour of JSON Schema's
 * `examples` array; our schemas use `withMeta(schema, { example })`, so move it over.
 */
function exampleToExamples({ jsonSchema }) {
  if ('example' in jsonSchema) {
    jsonSchema.examples ??= [jsonSchema.example];
    delete jsonSchema.example;
  }
}

/** One conversion of the whole registry for one direction (`input` for requests, `output` for answers). */
function convert(registry, io, uri) {
  const { schemas } = z.toJSONSchema(registry, {
    io,
    uri,
    target: 'draft-2020-12',
    unrepresentable: 'throw', // a schema that cannot be described must fail the build, not vanish
    cycles: 'throw', // the contract has no cycles; a new one needs a deliberate decision here
    override: exampleToExamples,
  });
  if (schemas.__shared) {
    throw new Error('z.toJSONSchema produced shared $defs (a cycle or an anonymous reused schema); give that schema a meta id');
  }
  // Each entry is a standalone document; inside components.schemas its `$schema` and
  // `$id` (which would be `#/components/...`, a fragment id 2020-12 forbids) must go.
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
    forbidFalse(schema);
  }
  return schemas;
}

/**
 * A property that must be absent (`z.never()`, e.g. `updateAllPatients` beside `patient` in a
 * bake body) comes out of zod as `{ not: {} }`, which generators such as openapi-typescript type
 * as `unknown`, so a generated client would accept both targets at once. JSON Schema's `false`
 * says the same and comes out as `?: never`; its description moves to the object's.
 */
function forbidFalse(schema) {
  if (Array.isArray(schema)) return schema.forEach(forbidFalse);
  if (!schema || typeof schema !== 'object') return;
  if (schema.properties) {
    for (const [name, property] of Object.entries(schema.properties)) {
      const { description, not, ...rest } = property ?? {};
      if (not && typeof not === 'object' && Object.keys(not).length === 0 && Object.keys(rest).length === 0) {
        schema.properties[name] = false;
        if (description) schema.description = `${schema.description ?? ''}${schema.description ? ' ' : ''}\`${name}\`: ${description}`;
      }
    }
  }
  for (const child of Object.values(schema)) forbidFalse(child);
}

/** Every `$ref` target named anywhere inside a JSON value. */
function refsIn(value, found = new Set()) {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (value && typeof value === 'object') {
    if (typeof value.$ref === 'string') found.add(value.$ref);
    for (const child of Object.values(value)) refsIn(child, found);
  }
  return found;
}

const componentNameOf = (ref) => (ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined);

/**
 * Converts the contract in both directions and decides the component names.
 *
 * zod describes a schema's input and output differently where they differ (a plain
 * `z.object` forbids extra keys only on output, say). Today every component used on both
 * sides converts identically; should one ever differ, its request-side form is named
 * `<id>Input`, and so is every component that refers to it on the request side.
 */
function convertContract() {
  const { registry, keyOf } = buildRegistry();
  const output = convert(registry, 'output', componentRef);
  const firstInput = convert(registry, 'input', componentRef);

  const differs = new Set(Object.keys(output).filter((key) => JSON.stringify(output[key]) !== JSON.stringify(firstInput[key])));
  // A request-side schema that refers to a renamed one must be renamed too.
  for (let grown = true; grown; ) {
    grown = false;
    for (const [key, schema] of Object.entries(firstInput)) {
      if (differs.has(key)) continue;
      if ([...refsIn(schema)].some((ref) => differs.has(componentNameOf(ref)))) {
        differs.add(key);
        grown = true;
      }
    }
  }
  const inputName = (key) => (differs.has(key) ? `${key}${INPUT_SUFFIX}` : key);
  const input = differs.size === 0 ? firstInput : convert(registry, 'input', (key) => componentRef(inputName(key)));

  return { keyOf, output, input, inputName };
}

// ---------------------------------------------------------------------------
// Reusable pieces: headers, error responses, security
// ---------------------------------------------------------------------------

const headers = {
  XRequestId: {
    description: 'Echo of the request\'s `x-request-id`, or a generated id. Quote it when reporting a problem.',
    schema: { type: 'string' },
  },
  XTotalCount: {
    description: 'Number of records matching the filters, across all pages.',
    schema: { type: 'integer', minimum: 0 },
  },
  Link: {
    description: 'RFC 8288 links to the `first`, `prev`, `next` and `last` pages (`prev`/`next` only where such a page exists).',
    schema: { type: 'string' },
  },
  RetryAfter: {
    description: 'Seconds to wait before retrying.',
    schema: { type: 'integer', minimum: 0 },
  },
  WWWAuthenticate: {
    description: 'The accepted authentication scheme(s).',
    schema: { type: 'string' },
  },
  Allow: {
    description: 'The methods the path accepts.',
    schema: { type: 'string' },
  },
  IdempotentReplayed: {
    description: '`true` when this answer repeats the first answer to the same `Idempotency-Key` (nothing was created this time).',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** The request header of creates (components.parameters). */
const parameters = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'On creates (and optionally on PATCH): makes the call safe to retry: for 24 hours, per credential, a request with the same key gets the first answer again (same status and body, `Idempotent-Replayed: true`) instead of creating twice. The same key with another request: 422 `idempotency_key_reused`; while the first is still running: 409. Failures (4xx problems, 429, 5xx) are not kept. The SDK sends a random key per call, the same on each retry.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
    example: 'idk_3f9a0c4e5b6d7e8f9a0b1c2d3e4f5a6b',
  },
};

const requestIdHeader = { 'x-request-id': { $ref: '#/components/headers/XRequestId' } };

/** The problem responses, by status: component name, description, code(s) and extra headers. */
const problemResponses = {
  400: { name: 'BadRequest', description: 'Malformed JSON, a value that fails validation, an unknown key or query parameter, or a malformed id.', codes: ['invalid_json', 'validation_failed', 'invalid_id'] },
  401: { name: 'Unauthorized', description: 'Credential missing, malformed, unknown, revoked or expired. Checked before anything else.', codes: ['unauthenticated'], headers: { 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } } },
  403: { name: 'Forbidden', description: 'Valid credential, but its role or organization does not allow this operation or record.', codes: ['forbidden'] },
  404: { name: 'NotFound', description: 'A well-formed id that exists in no organization.', codes: ['not_found'] },
  405: { name: 'MethodNotAllowed', description: 'The path exists, but not with this method; `Allow` lists the methods it accepts.', codes: ['method_not_allowed'], headers: { Allow: { $ref: '#/components/headers/Allow' } } },
  409: { name: 'Conflict', description: 'The change conflicts with the record\'s state (a baked entry is final; an e-mail is already used in the organization), or a request with the same `Idempotency-Key` is still running.', codes: ['conflict'] },
  413: { name: 'PayloadTooLarge', description: 'Request body over 1 MiB.', codes: ['payload_too_large'] },
  422: { name: 'IdempotencyKeyReused', description: 'The `Idempotency-Key` was used before with another request (method, path, query or body).', codes: ['idempotency_key_reused'] },
  415: { name: 'UnsupportedMediaType', description: 'Request body sent with a content type other than application/json.', codes: ['unsupported_media_type'] },
  429: { name: 'TooManyRequests', description: 'Over the per-credential rate limit (`RateLimit-*` headers describe it).', codes: ['rate_limited'], headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } },
  500: { name: 'InternalError', description: 'A bug on the server. The body never holds a stack trace or secret.', codes: ['internal'] },
};

/** components.responses: one RFC 9457 problem response per status. */
function problemResponseComponents() {
  const responses = {};
  for (const [status, { name, description, codes, headers: extra }] of Object.entries(problemResponses)) {
    responses[name] = {
      description: `${description} Problem code: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
      headers: { ...requestIdHeader, ...extra },
      content: {
        'application/problem+json': {
          schema: { $ref: componentRef('Problem') },
          // The 400 example shows a validation failure, the most common 400.
          example: problemExample(Number(status), status === '400' ? 'validation_failed' : codes[0]),
        },
      },
    };
  }
  return responses;
}

function problemExample(status, code) {
  const example = {
    type: `https://docs.medsched.dev/errors/${code}`,
    title: code.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase()),
    status,
    code,
    requestId: '5f0c6a1e-8d3b-4c27-9a51-0e6f2b7d4c18',
  };
  if (status === 400) {
    Object.assign(example, { title: 'Request validation failed', detail: 'to must not be before from', errors: [{ path: 'to', message: 'to must not be before from' }] });
  }
  return example;
}

const securitySchemes = {
  apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'API key created in the web application\'s account settings; shown once.' },
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token from the identity provider\'s sign-in flow; expires.' },
};

// ---------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------

/**
 * Notes the schemas cannot carry: cross-field rules (zod refinements do not convert to
 * JSON Schema) and behaviour decided in /work/shared/api-decisions.md.
 */
const operationNotes = {
  'bake.get': 'Reads the baked schedule of one patient over the inclusive range `from`..`to`; changes nothing. `from` after `to`, or a range over 366 days: 400. The parameters may also come in a JSON body (the query string wins).',
  'bake.create': 'Bakes every draft one-off entry dated in the range and materializes one baked entry per occurrence of each series. Target: `patient` alone; `organization` with `updateAllPatients: true`; or `updateAllPatients: true` alone (the caller\'s organization). `patient` with `updateAllPatients` or with `organization`, `organization` without `updateAllPatients`, or no target: 400. `from` after `to`, or a range over 366 days: 400. Baking the same range again changes nothing.',
  'bake.delete': 'Reverts the range for one patient: materialized occurrences are removed, one-off entries return to `baked: false`. Returns the reverted entries. `from` after `to`, or a range over 366 days: 400. The parameters may also come in a JSON body (the query string wins).',
  'calendars.list': 'Paginated. Default order `createdAt` ascending, then `id`. `patient` must name a patient-role user of your organization: another role is 400, an unknown id 404.',
  'calendars.create': 'New entries are drafts (`baked: false`). Unknown keys are kept. `patient` must name a user of role `patient` or `onlyself` (another role: 400). `rrule`, when given, is an RFC 5545 rule string (a non-string: 400) and makes the entry a series starting on `date`.',
  'calendars.replace': 'A baked entry is final: 409. Unknown keys are kept.',
  'calendars.update': 'A baked entry is final: 409. Unknown keys are kept.',
  'devices.update': 'Assigning a patient makes the device `active`; `patient: null` makes it `unassigned`.',
  'devices.events': '`DateStart` inclusive, `DateEnd` exclusive, `TypeFilter` exact; ascending by timestamp, then id. `DateEnd` before `DateStart`: 400.',
  'organizations.update': 'Admin only. The body\'s `organization` must equal the path id (400 otherwise).',
  'users.list': 'Paginated. `organization` is required; another organization\'s id: 403, an unknown one: 404. Default order `createdAt` ascending, then `id`.',
  'users.create': 'Without `name`, the name is the local part of the e-mail. Creating a role above the caller\'s own: 403. Duplicate e-mail in the organization: 409.',
  'pdf.sign': '`urlPath` must be an absolute URL on the configured app_url or web_url (same scheme, host and port; no user info), else 400. The signed link needs no credential and expires.',
};

/** Operations whose decided behaviour includes a 409 (see `problemResponses[409]`). */
const conflictOperations = new Set(['calendars.replace', 'calendars.update', 'users.create']);

/** The JSON Schema object behind a `$ref` to a component, or the schema itself. */
function derefComponent(schema, components) {
  const name = schema.$ref && componentNameOf(schema.$ref);
  if (!name) return schema;
  // Request-side components that differ from their answer-side form carry the Input suffix
  // in their name, but sit under their registry id in the converted map.
  return components[name] ?? (name.endsWith(INPUT_SUFFIX) ? components[name.slice(0, -INPUT_SUFFIX.length)] : undefined);
}

/**
 * OpenAPI wants one Parameter Object per path or query parameter, so the object schema of
 * `params` / `query` is taken apart property by property. A property's description moves up
 * to the parameter, where documentation tools show it.
 */
function parametersFrom(objectSchema, location, components) {
  const object = derefComponent(objectSchema, components);
  if (object?.type !== 'object' || !object.properties) {
    throw new Error(`${location} parameters must be an object schema`);
  }
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).map(([name, property]) => {
    const { description, ...schema } = wireParameter(property);
    return {
      name,
      in: location,
      // Path parameters are always required (OpenAPI demands `required: true`).
      required: location === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema,
    };
  });
}

/**
 * The integer parameters (`limit`, `offset`, `page`) accept numbers from SDK users and digits
 * from a query string; on the wire both are the integer, so the document says integer with
 * its bounds (generators would otherwise make them number | string).
 */
function wireParameter(property) {
  const branches = property.anyOf?.flatMap((branch) => branch.anyOf ?? [branch]) ?? [];
  const integer = branches.find((branch) => branch.type === 'integer');
  if (!integer) return property;
  const { anyOf, ...rest } = property;
  // `offset` may also be null (its default), written `offset=null` in a query string.
  const nullable = branches.some((branch) => branch.type === 'null' || branch.const === 'null');
  return nullable ? { ...rest, ...integer, type: ['integer', 'null'] } : { ...rest, ...integer };
}

/** A request-side schema: the component `$ref` when it has an id, else the inline schema. */
function requestSchema(zodSchema, contract) {
  const key = contract.keyOf.get(zodSchema);
  return isInlineKey(key) ? contract.input[key] : { $ref: componentRef(contract.inputName(key)) };
}

function responseSchema(zodSchema, contract) {
  const key = contract.keyOf.get(zodSchema);
  return isInlineKey(key) ? contract.output[key] : { $ref: componentRef(key) };
}

function successResponse(op, contract) {
  const example = examples[op.id]?.response;
  const responseHeaders = { ...requestIdHeader };
  if (op.paginated) {
    responseHeaders['X-Total-Count'] = { $ref: '#/components/headers/XTotalCount' };
    responseHeaders.Link = { $ref: '#/components/headers/Link' };
  }
  return {
    description: op.status === 201 ? 'Created.' : 'OK.',
    headers: responseHeaders,
    content: { 'application/json': { schema: responseSchema(op.response, contract), ...(example !== undefined && { example }) } },
  };
}

/**
 * The problem statuses an operation can answer with. 401, 403, 429 and 500 can happen to
 * any call; 400 to any call with input (every operation has some, and unknown query
 * parameters are 400 everywhere); 404 where a record is named by id; 413 and 415 only where
 * a body is read.
 */
function problemStatuses(op, contract) {
  const namesARecord = op.params !== undefined || REQUEST_ROLES.some((role) => op[role] && mentions(requestSchema(op[role], contract), 'ObjectId', contract.input));
  return [
    400,
    401,
    403,
    ...(namesARecord || op.paginated ? [404] : []),
    405,
    ...(conflictOperations.has(op.id) || createsWithKey(op) ? [409] : []),
    ...(op.body ? [413, 415] : []),
    ...(createsWithKey(op) ? [422] : []),
    429,
    500,
  ];
}

/** Creates: POSTs that are not idempotent by themselves; an Idempotency-Key makes them so. */
const createsWithKey = (op) => op.method === 'POST' && !op.idempotent;

/** Whether `schema` refers to the component `name`, directly or through other components. */
function mentions(schema, name, components, visited = new Set()) {
  for (const ref of refsIn(schema)) {
    const target = componentNameOf(ref);
    if (target === undefined || visited.has(target)) continue;
    if (target === name) return true;
    visited.add(target);
    if (mentions(components[target], name, components, visited)) return true;
  }
  return false;
}

function buildOperation(op, contract) {
  const [tag] = op.id.split('.');
  const parameters = [
    ...(op.params ? parametersFrom(requestSchema(op.params, contract), 'path', contract.input) : []),
    ...(op.query ? parametersFrom(requestSchema(op.query, contract), 'query', contract.input) : []),
  ].map((parameter) => {
    // The operation's example request, parameter by parameter.
    const example = examples[op.id]?.[parameter.in === 'path' ? 'params' : 'query']?.[parameter.name];
    return example === undefined ? parameter : { ...parameter, example };
  });
  if (createsWithKey(op) || op.method === 'PATCH') parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  const responses = { [op.status]: successResponse(op, contract) };
  if (createsWithKey(op) || op.method === 'PATCH') responses[op.status].headers['Idempotent-Replayed'] = { $ref: '#/components/headers/IdempotentReplayed' };
  for (const status of problemStatuses(op, contract)) {
    responses[status] = { $ref: `#/components/responses/${problemResponses[status].name}` };
  }
  const retry = op.method === 'PATCH'
    ? 'Idempotent: it sets the given fields to the given values, so sending it again leaves the same state; safe to retry after a network error or a 408, 429 or 5xx answer (the SDK does, without a key). An `Idempotency-Key` is optional and honoured as for creates: a repeat with the same key gets the first answer again (`Idempotent-Replayed: true`), e.g. its `updatedAt`.'
    : op.idempotent
    ? 'Idempotent: safe to retry after a network error or a 408, 429 or 5xx answer (the SDK does).'
    : 'Creates a record: send an `Idempotency-Key` to make retries safe (the SDK does, and then retries it like the other calls).';
  return {
    operationId: op.id, // the catalogue id; dots are legal in an operationId and keep the SDK and the document in step
    summary: op.summary,
    description: [operationNotes[op.id], retry].filter(Boolean).join('\n\n'),
    tags: [tag],
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: requestSchema(op.body, contract), ...(examples[op.id]?.request !== undefined && { example: examples[op.id].request }) } },
          },
        }
      : {}),
    responses,
    'x-idempotent': op.idempotent,
  };
}

/** `paths`: keys are the catalogue's paths verbatim; catalogue order is kept within each path. */
function buildPaths(contract) {
  const paths = {};
  for (const op of Object.values(operations)) {
    paths[op.path] ??= {};
    const method = op.method.toLowerCase();
    if (paths[op.path][method]) throw new Error(`two operations for ${op.method} ${op.path}`);
    paths[op.path][method] = buildOperation(op, contract);
  }
  return paths;
}

/**
 * components.schemas: only the components the document refers to (directly or through
 * other components), so that request-only query objects and unused ids do not clutter it.
 */
function usedComponents(document, contract) {
  const schemaOf = (name) => {
    if (name in contract.output) return contract.output[name];
    const base = name.endsWith(INPUT_SUFFIX) ? name.slice(0, -INPUT_SUFFIX.length) : undefined;
    if (base !== undefined && contract.inputName(base) === name) return contract.input[base];
    throw new Error(`unresolvable component ${name}`);
  };
  const used = {};
  const pending = [...refsIn(document)].map(componentNameOf).filter(Boolean);
  while (pending.length) {
    const name = pending.pop();
    if (name in used) continue;
    if (isInlineKey(name)) throw new Error(`a schema refers to the id-less catalogue schema ${name}`);
    used[name] = schemaOf(name);
    for (const ref of refsIn(used[name])) {
      const next = componentNameOf(ref);
      if (next) pending.push(next);
    }
  }
  return Object.fromEntries(Object.keys(used).sort().map((name) => [name, used[name]]));
}

// ---------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------

const description = `Typed toolkit contract for the medsched medication-scheduling API, generated from the zod schemas of \`@medsched/sdk\`. Where the service interface is silent, these decisions hold (details in docs/api-reference.md):

- **Authentication**: every operation takes an API key in \`x-api-key\` or a JWT in \`Authorization: Bearer\`. When both are sent, both must be valid and name the same account. A missing or bad credential is 401 before any other check; a valid one without access to the organization or record is 403.
- **Errors**: every error is an RFC 9457 problem document (\`application/problem+json\`) with \`type\`, \`title\`, \`status\`, \`code\`, \`detail\`, \`requestId\` and, for validation, \`errors[]\` of \`{path, message}\`.
- **Identifiers**: ids are 24 lower-case hex characters; a malformed id is 400, an unknown one 404, another organization's 403. Account ids are identity-provider subjects.
- **Pagination** (\`GET /calendars/\`, \`GET /users/\`): \`limit\` default 50, \`page\` default 1 (1-based), \`offset\` wins over \`page\`; bounds 1..100000 (offset 0..100000). The body is a bare array; \`X-Total-Count\` and an RFC 8288 \`Link\` header (first, prev, next, last) describe the pages. Default order \`createdAt\` ascending, then \`id\`.
- **Input**: JSON bodies only (415 otherwise, 413 above 1 MiB). Unknown body keys and unknown query parameters are 400, except in calendar entry input, whose extra keys are kept.
- **Every response** carries \`x-request-id\`.`;

/** One line per tag (the resource groups of the SDK, `client.<tag>`). */
const tagDescriptions = {
  accounts: 'Accounts: the identity-provider side of users (language, notification settings).',
  bake: 'Baking: finalizing calendar entries over an inclusive date range, reading and reverting it.',
  calendars: "Calendar entries: a patient's medication intakes, one-off or recurring (RFC 5545 rules).",
  devices: 'Pill-dispensing devices, their assignment to patients and the events they report.',
  medications: 'Medications of an organization.',
  organizations: 'Organizations: the tenants every record belongs to.',
  users: 'Users of an organization: staff and patients.',
  pdf: 'Signed, expiring links to PDFs rendered from allowed pages.',
};

function buildDocument() {
  const contract = convertContract();
  const pkg = JSON.parse(readFileSync(resolve(packageDir, 'package.json'), 'utf8'));
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'medsched API',
      version: pkg.version,
      description,
      license: { name: pkg.license, identifier: pkg.license },
      contact: { name: 'medsched maintainers', url: pkg.bugs?.url ?? pkg.homepage },
    },
    servers: [{ url: SERVER_URL, description: 'Reference server (local)' }],
    // Either credential suffices: two alternatives, not one requirement with both.
    security: [{ apiKey: [] }, { bearerAuth: [] }],
    tags: [...new Set(Object.values(operations).map((op) => op.id.split('.')[0]))].map((name) => ({ name, description: tagDescriptions[name] })),
    paths: buildPaths(contract),
    components: {
      securitySchemes,
      parameters,
      headers,
      responses: problemResponseComponents(),
    },
  };
  document.components.schemas = usedComponents(document, contract);
  // The bake targets exclude each other (strict objects with disjoint required keys): exactly one matches.
  for (const name of ['BakeCreate', `BakeCreate${INPUT_SUFFIX}`]) {
    const schema = document.components.schemas[name];
    if (schema?.anyOf) {
      schema.oneOf = schema.anyOf;
      delete schema.anyOf;
    }
  }
  return document;
}

const document = buildDocument();
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, `${JSON.stringify(document, null, 2)}\n`);
console.log(`openapi: wrote ${Object.keys(document.paths).length} paths, ${Object.values(operations).length} operations to ${outFile}`);
