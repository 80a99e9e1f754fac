/**
 * Checks dist/openapi.json, the document scripts/build-openapi.mjs writes after tsup.
 * This test builds nothing: the root `pnpm test` builds first. It compares the document
 * with the operation catalogue in src, so a document left stale by a catalogue change fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../src/schemas/operation.js';
import { operations } from '../src/schemas/operations.js';
import type { OpenApiDocument, OperationObject, ParameterObject, ResponseObject } from './support/openapi-shapes.js';

const documentPath = fileURLToPath(new URL('../dist/openapi.json', import.meta.url));

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

let doc: OpenApiDocument;

beforeAll(() => {
  if (!existsSync(documentPath)) {
    throw new Error(`${documentPath} is missing: build the sdk first (pnpm build, or tsup && node scripts/build-openapi.mjs)`);
  }
  doc = JSON.parse(readFileSync(documentPath, 'utf8')) as OpenApiDocument;
});

/** Every operation of the document as [method, path, operation object]. */
function documentOperations(): [string, string, OperationObject][] {
  return Object.entries(doc.paths).flatMap(([path, item]) => METHODS.filter((method) => item[method]).map((method): [string, string, OperationObject] => [method.toUpperCase(), path, item[method]!]));
}

/** Every `$ref` in a JSON value, with where it was found. */
function collectRefs(value: unknown, at = '#', found: { ref: string; at: string }[] = []) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => collectRefs(item, `${at}/${index}`, found));
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push({ ref: child, at });
      else collectRefs(child, `${at}/${key}`, found);
    }
  }
  return found;
}

/** Follows a local JSON pointer (`#/a/b`), undefined when any step is missing. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** An operation's response, following a `$ref` to components.responses. */
function response(operation: OperationObject, status: number | string): ResponseObject {
  const entry = operation.responses[String(status)];
  return (entry?.$ref ? resolvePointer(doc, entry.$ref) : entry) as ResponseObject;
}

/** Header names declared on a response, following `$ref`s, lower-cased (HTTP header names are case-insensitive). */
function headerNames(res: ResponseObject): string[] {
  return Object.keys(res.headers ?? {}).map((name) => name.toLowerCase());
}

// Read as the common Operation, so that optional parts (`paginated`, `body`) can be asked of every one.
const catalogue: Operation[] = Object.values(operations);

describe('dist/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
  });

  it('names the local sandbox (internal, http on loopback) and a production placeholder (https), each with its audience', () => {
    expect(doc.servers).toEqual([
      expect.objectContaining({ url: 'http://127.0.0.1:4010/v1', 'x-internal': true, description: expect.stringMatching(/^Local sandbox/) as unknown }),
      expect.objectContaining({
        url: expect.stringMatching(/^https:\/\/[^/]+\.example\//) as unknown,
        'x-internal': false,
        description: expect.stringMatching(/^Production \(placeholder\)/) as unknown,
      }),
    ]);
  });

  it('lists exactly the operations of the catalogue (method, path, operationId)', () => {
    const inDocument = documentOperations().map(([method, path, operation]) => `${method} ${path} ${operation.operationId}`);
    const inCatalogue = catalogue.map((op) => `${op.method} ${op.path} ${op.id}`);
    expect(catalogue).toHaveLength(21);
    expect(inDocument.sort()).toEqual(inCatalogue.sort());
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(catalogue.map((op) => op.path))].sort());
  });

  it('gives each operation its summary, tag, success status and request body as in the catalogue', () => {
    for (const op of catalogue) {
      const operation = doc.paths[op.path]![op.method.toLowerCase()]!;
      expect(operation.summary, op.id).toBe(op.summary);
      expect(operation.tags, op.id).toEqual([op.id.split('.')[0]]);
      expect(
        Object.keys(operation.responses).filter((status) => status.startsWith('2')),
        op.id,
      ).toEqual([String(op.status)]);
      expect(response(operation, op.status).content!['application/json']!.schema, op.id).toBeDefined();
      if (op.body) {
        expect(operation.requestBody?.content?.['application/json']?.schema, op.id).toBeDefined();
        expect(Object.keys(operation.responses), op.id).toEqual(expect.arrayContaining(['413', '415']));
      } else {
        expect(operation.requestBody, op.id).toBeUndefined();
      }
    }
  });

  it('declares one parameter per property of the params and query schemas', () => {
    const keysOf = (schema: unknown) => Object.keys((schema as { shape?: object } | undefined)?.shape ?? {});
    for (const op of catalogue) {
      const parameters: ParameterObject[] = doc.paths[op.path]![op.method.toLowerCase()]!.parameters ?? [];
      const named = (location: string) =>
        parameters
          .filter((p) => p.in === location)
          .map((p) => p.name)
          .sort();
      expect(named('path'), op.id).toEqual(keysOf(op.params).sort());
      expect(named('query'), op.id).toEqual(keysOf(op.query).sort());
      expect(
        parameters.filter((p) => p.in === 'path').every((p) => p.required === true),
        op.id,
      ).toBe(true);
    }
    // The bake routes read their parameters from the query string, all three required.
    for (const method of ['get', 'delete']) {
      const parameters = doc.paths['/calendars/bake']![method]!.parameters!;
      expect(parameters.map((p) => [p.name, p.in, p.required])).toEqual([
        ['patient', 'query', true],
        ['from', 'query', true],
        ['to', 'query', true],
      ]);
    }
  });

  it('has both security schemes, accepted as alternatives on every operation', () => {
    expect(doc.components.securitySchemes.apiKey).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-api-key' }));
    expect(doc.components.securitySchemes.bearerAuth).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }));
    // The RFC 8725 practices the server's token check follows, stated where a reviewer reads them.
    expect(doc.components.securitySchemes.bearerAuth!.description).toMatch(/RFC8725.*HS256.*`alg: none`.*`iss` and `aud`.*`token_use`/s);
    expect(doc.security).toEqual([{ apiKey: [] }, { bearerAuth: [] }]);
    for (const [method, path, operation] of documentOperations()) {
      expect(operation.security, `${method} ${path} must not override the global security`).toBeUndefined();
    }
  });

  it('declares X-Total-Count and Link on paginated operations, and x-request-id everywhere', () => {
    const paginated = catalogue.filter((op) => op.paginated);
    expect(paginated.map((op) => op.id).sort()).toEqual(['calendars.list', 'users.list']);
    for (const op of catalogue) {
      const operation = doc.paths[op.path]![op.method.toLowerCase()]!;
      const names = headerNames(response(operation, op.status));
      expect(names, op.id).toContain('x-request-id');
      if (op.paginated) expect(names, op.id).toEqual(expect.arrayContaining(['x-total-count', 'link']));
      else expect(names, op.id).not.toContain('x-total-count');
    }
  });

  it('declares the rate-limit fields on successes and 429s, and the CORS headers on every answer', () => {
    for (const [method, path, operation] of documentOperations()) {
      for (const status of Object.keys(operation.responses)) {
        const names = headerNames(response(operation, status));
        const where = `${method} ${path} ${status}`;
        expect(names, where).toEqual(expect.arrayContaining(['x-request-id', 'access-control-allow-origin', 'access-control-expose-headers']));
        const limited = status.startsWith('2') || status === '429';
        for (const field of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(names.includes(field), `${where} ${field}`).toBe(limited);
      }
    }
    for (const [name, header] of Object.entries(doc.components.headers)) {
      if (header.schema.type === 'integer') expect(header.schema, name).toEqual(expect.objectContaining({ format: 'int64', minimum: expect.any(Number) as unknown, maximum: Number.MAX_SAFE_INTEGER }));
      else expect(header.schema.enum ?? header.schema.maxLength, name).toBeDefined();
    }
  });

  it('answers errors with problem documents: 401 everywhere, 429 with Retry-After', () => {
    for (const [method, path, operation] of documentOperations()) {
      const where = `${method} ${path}`;
      for (const status of ['400', '401', '403', '429', '500']) expect(Object.keys(operation.responses), where).toContain(status);
      for (const [status, entry] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const res = response(operation, status);
        expect(res.content!['application/problem+json']!.schema, `${where} ${status}`).toEqual({ $ref: '#/components/schemas/Problem' });
        expect(headerNames(res), `${where} ${status}`).toContain('x-request-id');
        expect(entry.$ref, `${where} ${status} should reuse components.responses`).toMatch(/^#\/components\/responses\//);
      }
      expect(headerNames(response(operation, 429)), where).toContain('retry-after');
    }
  });

  it('resolves every $ref inside the document', () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(0);
    const broken = refs.filter(({ ref }) => resolvePointer(doc, ref) === undefined);
    expect(broken).toEqual([]);
  });

  it('keeps the schema components free of standalone-document keywords', () => {
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect(schema.$schema, name).toBeUndefined();
      expect(schema.$id, name).toBeUndefined();
    }
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Problem', 'ObjectId', 'CalendarEntry', 'BakeResult', 'Alarm']));
  });
});
