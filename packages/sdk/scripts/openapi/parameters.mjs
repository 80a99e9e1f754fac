/**
 * Parameters: the path and query parameters taken apart from the catalogue's object schemas, and
 * the one reusable request header (components.parameters).
 */
import { derefComponent } from './schema-refs.mjs';

/** The request header of creates and PATCH (components.parameters). */
export const parameters = {
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

/**
 * OpenAPI wants one Parameter Object per path or query parameter, so the object schema of
 * `params` / `query` is taken apart property by property. A property's description moves up
 * to the parameter, where documentation tools show it.
 */
export function parametersFrom(objectSchema, location, components) {
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
