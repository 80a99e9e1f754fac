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

/** A quick yes for path parameters, or undefined where only zod can tell (see {@link validatePath}). */
type PathCheck = (params: Record<string, string>) => boolean;

const pathChecks = new WeakMap<object, PathCheck | null>();

/**
 * The same check as zod for the usual path schema, a strict object of strings with regex
 * checks only (the ids of `/calendars/{calendarId}` and the like), without zod's per-call work;
 * undefined for any other shape. Only what is read from the schema is checked, so anything
 * unexpected (another check, a transform, a default) leaves the schema to zod.
 */
function compilePathCheck(schema: z.core.$ZodType): PathCheck | undefined {
  const def = schema._zod.def as unknown as { type: string; shape?: Record<string, z.core.$ZodType>; catchall?: z.core.$ZodType; checks?: unknown[] };
  if (def.type !== 'object' || !def.shape || def.catchall?._zod.def.type !== 'never' || (def.checks?.length ?? 0) > 0) return undefined;
  const fields: { name: string; patterns: RegExp[] }[] = [];
  for (const [name, field] of Object.entries(def.shape)) {
    const fieldDef = field._zod.def as unknown as Record<string, unknown> & { type: string; checks?: { _zod: { def: Record<string, unknown> } }[] };
    const known = new Set(['type', 'checks', 'coerce']);
    if (fieldDef.type !== 'string' || fieldDef.coerce === true || Object.keys(fieldDef).some((key) => !known.has(key) && fieldDef[key] !== undefined)) return undefined;
    const patterns: RegExp[] = [];
    for (const check of fieldDef.checks ?? []) {
      const checkDef = check._zod.def;
      const pattern = checkDef.pattern;
      if (checkDef.check !== 'string_format' || checkDef.format !== 'regex' || !(pattern instanceof RegExp) || pattern.global || pattern.sticky) return undefined;
      patterns.push(pattern);
    }
    fields.push({ name, patterns });
  }
  return (params) => {
    let count = 0;
    for (const key in params) {
      if (!Object.hasOwn(params, key)) return false;
      count++;
    }
    if (count !== fields.length) return false;
    for (const { name, patterns } of fields) {
      const value = Object.hasOwn(params, name) ? params[name] : undefined;
      if (typeof value !== 'string') return false;
      for (const pattern of patterns) if (!pattern.test(value)) return false;
    }
    return true;
  };
}

/**
 * {@link validate} for the path parameters the router found (a fresh object per request): a
 * schema of the usual shape answers them as they are once its own regexes pass, as zod would;
 * anything else, and every failure (for zod's problem details), goes through zod.
 */
export function validatePath<S extends z.core.$ZodType>(schema: S, params: Record<string, string>): z.infer<S> {
  let check = pathChecks.get(schema);
  if (check === undefined) pathChecks.set(schema, (check = compilePathCheck(schema) ?? null));
  if (check !== null && check(params)) return params as z.infer<S>;
  return validate(schema, params, 'invalid_id', 'path');
}
