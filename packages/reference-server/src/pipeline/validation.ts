import type { ProblemCode } from '@medsched/sdk/schemas';
import { z } from 'zod';
import { ProblemError } from '../domain/operation/problems.js';

/** Parses with an SDK schema (zod/mini) or a classic one; failures become one problem listing every field at fault. */
export function validate<S extends z.core.$ZodType>(schema: S, value: unknown, code: ProblemCode, where: string): z.infer<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.map(String).join('.') : where,
    message: issue.message,
  }));
  const first = errors[0]!;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return fail(new ProblemError(code, `${where} ${first.path === where ? '' : `${first.path}: `}${first.message}${more}`, { errors }));
}

function fail(error: ProblemError): never {
  throw error;
}
