/**
 * The contract as JSON Schema: the zod schemas of the operation catalogue converted by zod 4's
 * own `z.toJSONSchema` (draft 2020-12, the dialect of OpenAPI 3.1), once per direction, with the
 * component names decided. Nothing here restates a field.
 */
import { z } from 'zod';
import { operations } from '../../dist/schemas/index.js';
import { componentNameOf, componentRef, INPUT_SUFFIX, refsIn } from './refs.mjs';

/** The schema roles of an operation, and which side of the wire each is on. */
export const REQUEST_ROLES = ['params', 'query', 'body'];
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

export const isInlineKey = (key) => key.startsWith('__inline:');

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

/**
 * Converts the contract in both directions and decides the component names.
 *
 * zod describes a schema's input and output differently where they differ (a plain
 * `z.object` forbids extra keys only on output, say). Today every component used on both
 * sides converts identically; should one ever differ, its request-side form is named
 * `<id>Input`, and so is every component that refers to it on the request side.
 */
export function convertContract() {
  const { registry, keyOf } = buildRegistry();
  const output = convert(registry, 'output', componentRef);
  const firstInput = convert(registry, 'input', componentRef);

  const differs = new Set(Object.keys(output).filter((key) => JSON.stringify(output[key]) !== JSON.stringify(firstInput[key])));
  // A request-side schema that refers to a renamed one must be renamed too.
  for (let grown = true; grown;) {
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
