import { compileSchema } from '#schema-compiler';
import type { StandardSchema } from './standard-schema.js';

/**
 * Uses of a schema before it is compiled: a one-shot CLI command checks each schema once or twice
 * and should not pay for compiling it (a few milliseconds each); a long-running client compiles
 * each schema it keeps using, and checks every later answer several times faster (bench/sdk.mjs).
 */
const usesBeforeCompiling = 8;

const uses = new WeakMap<object, number>();
const compiled = new WeakMap<object, StandardSchema>();

/**
 * The parser to check a value with: the schema itself for its first uses, then its compiled
 * clone (on Node; elsewhere the schema itself). Answers, issues and error messages are the same.
 */
export function parserOf<S extends StandardSchema>(schema: S): S {
  const done = compiled.get(schema);
  if (done !== undefined) return done as S;
  const count = (uses.get(schema) ?? 0) + 1;
  if (count < usesBeforeCompiling) {
    uses.set(schema, count);
    return schema;
  }
  const parser = compileSchema(schema as never) as S;
  compiled.set(schema, parser);
  uses.delete(schema);
  return parser;
}
