/**
 * validatePath (pipeline/validation.ts) answers path parameters without zod's per-call work for
 * the usual schema shape: it must agree with zod on every input, for every operation's schema.
 */
import { operations } from '@medsched/sdk/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProblemError } from '../src/domain/operation/problems.js';
import { validate, validatePath } from '../src/pipeline/validation.js';

const withParams = Object.values(operations).flatMap((operation) => {
  const params = (operation as { params?: z.core.$ZodType }).params;
  return params === undefined ? [] : [{ id: operation.id, params }];
});

function outcome(run: () => unknown): unknown {
  try {
    return { ok: run() };
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    return { problem: error.code, detail: error.message, errors: error.errors };
  }
}

describe('validatePath', () => {
  it('agrees with zod on fuzzed path parameters for every operation', () => {
    const value = fc.oneof(
      // oxlint-disable-next-line typescript/no-misused-spread -- one character per code point, on purpose
      fc.string({ unit: fc.constantFrom(...'0123456789abcdefA'), minLength: 23, maxLength: 25 }),
      fc.string({ maxLength: 40 }),
      fc.constantFrom('64d005000000000000000001', 'auth0|64d002000000000000000003', '__proto__', ''),
    );
    for (const operation of withParams) {
      const names = Object.keys((operation.params as unknown as { _zod: { def: { shape: object } } })._zod.def.shape);
      fc.assert(
        fc.property(fc.array(value, { minLength: names.length, maxLength: names.length }), fc.option(fc.string({ maxLength: 8 })), (values, extra) => {
          const params: Record<string, string> = {};
          names.forEach((name, index) => (params[name] = values[index]!));
          if (extra !== null) params[extra] = 'x';
          const fast = outcome(() => validatePath(operation.params, { ...params }));
          const slow = outcome(() => validate(operation.params, { ...params }, 'invalid_id', 'path'));
          expect(fast).toEqual(slow);
        }),
        { numRuns: 200 },
      );
    }
  });

  it('leaves other shapes to zod', () => {
    const schema = z.object({ id: z.string().transform((text) => text.toUpperCase()) });
    expect(validatePath(schema, { id: 'abc' })).toEqual({ id: 'ABC' });
  });
});
