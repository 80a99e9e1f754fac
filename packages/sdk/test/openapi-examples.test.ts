/**
 * The OpenAPI document's examples (scripts/openapi-examples.mjs) are checked against the zod
 * schemas of their operation, so that an example can never show what the contract refuses.
 */
import { describe, expect, it } from 'vitest';
import { operations, type OperationId } from '../src/schemas/operations.js';
// @ts-expect-error a build script without declarations
import { examples as untyped } from '../scripts/openapi-examples.mjs';

type Example = { params?: unknown; query?: unknown; request?: unknown; response: unknown };
const examples = untyped as Record<OperationId, Example>;

describe('OpenAPI examples', () => {
  it('exist for every operation: a success answer, and a body, path and query example where the operation takes them', () => {
    for (const op of Object.values(operations)) {
      const example = examples[op.id];
      expect(example, op.id).toBeDefined();
      expect(example.response, op.id).toBeDefined();
      if ('body' in op) expect(example.request, `${op.id} body`).toBeDefined();
      if ('params' in op) expect(example.params, `${op.id} params`).toBeDefined();
      if ('query' in op) expect(example.query, `${op.id} query`).toBeDefined();
    }
  });

  it.each(Object.values(operations).map((op) => [op.id, op] as const))('%s: each example satisfies its schema', (_, op) => {
    const example = examples[op.id];
    const check = (schema: { safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } } } | undefined, value: unknown, what: string) => {
      if (schema === undefined) return;
      const result = schema.safeParse(value);
      expect(result.success ? [] : result.error?.issues, `${op.id} ${what}`).toEqual([]);
    };
    check('params' in op ? op.params : undefined, example.params, 'params');
    check('query' in op ? op.query : undefined, example.query, 'query');
    check('body' in op ? op.body : undefined, example.request, 'body');
    check(op.response, JSON.parse(JSON.stringify(example.response)), 'response');
  });
});
