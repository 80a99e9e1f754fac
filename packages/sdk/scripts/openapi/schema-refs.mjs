/** Where an operation's request and answer schemas sit in the document: a component `$ref`, or inline. */
import { isInlineKey } from './contract.mjs';
import { componentNameOf, componentRef, INPUT_SUFFIX } from './refs.mjs';

/** A request-side schema: the component `$ref` when it has an id, else the inline schema. */
export function requestSchema(zodSchema, contract) {
  const key = contract.keyOf.get(zodSchema);
  return isInlineKey(key) ? contract.input[key] : { $ref: componentRef(contract.inputName(key)) };
}

/** An answer-side schema: the component `$ref` when it has an id, else the inline schema. */
export function responseSchema(zodSchema, contract) {
  const key = contract.keyOf.get(zodSchema);
  return isInlineKey(key) ? contract.output[key] : { $ref: componentRef(key) };
}

/** The JSON Schema object behind a `$ref` to a component, or the schema itself. */
export function derefComponent(schema, components) {
  const name = schema.$ref && componentNameOf(schema.$ref);
  if (!name) return schema;
  // Request-side components that differ from their answer-side form carry the Input suffix
  // in their name, but sit under their registry id in the converted map.
  return components[name] ?? (name.endsWith(INPUT_SUFFIX) ? components[name.slice(0, -INPUT_SUFFIX.length)] : undefined);
}
