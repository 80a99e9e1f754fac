import { operations, type OperationId } from '@medsched/sdk/schemas';
import * as z from 'zod';

/** Where a request carries a field: the path, the query string or the JSON body. */
export type FieldPlace = 'params' | 'query' | 'body';

export interface ContractField {
  operation: OperationId;
  place: FieldPlace;
  /** The field's path, e.g. `['notification', 'email']`. */
  path: string[];
}

type JsonSchema = { $ref?: string; properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[]; $defs?: Record<string, JsonSchema> };

/**
 * Every field of every operation's input, read from the SDK's contract (its JSON Schema, with
 * references and unions followed, nested objects included), so that a field added to the
 * contract is covered without touching the test.
 */
export function contractFields(): ContractField[] {
  const fields: ContractField[] = [];
  for (const [operation, definition] of Object.entries(operations) as Array<[OperationId, (typeof operations)[OperationId]]>) {
    for (const place of ['params', 'query', 'body'] as const) {
      const schema = (definition as Partial<Record<FieldPlace, z.core.$ZodType>>)[place];
      if (!schema) continue;
      const document = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      const seen = new Set<string>();
      collect(document, document, [], (path) => {
        const key = path.join('.');
        if (!seen.has(key)) {
          seen.add(key);
          fields.push({ operation, place, path });
        }
      });
    }
  }
  return fields;
}

function collect(root: JsonSchema, schema: JsonSchema, path: string[], found: (path: string[]) => void, depth = 0): void {
  if (depth > 6) return;
  if (schema.$ref) {
    const name = schema.$ref.replace('#/$defs/', '');
    const target = root.$defs?.[name];
    if (target) collect(root, target, path, found, depth + 1);
  }
  for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) collect(root, variant, path, found, depth + 1);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    found([...path, name]);
    collect(root, property, [...path, name], found, depth + 1);
  }
}

/** The names of `Object.prototype`'s members: what a lookup keyed by client input could reach. */
export const prototypeNames: readonly string[] = Object.getOwnPropertyNames(Object.prototype);
