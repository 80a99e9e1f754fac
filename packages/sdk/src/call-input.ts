import type * as z from 'zod/mini';
import { ValidationError } from './errors.js';

/** Checks one part of a call's input against its schema; the parsed value, or a ValidationError naming the fields. */
export function validate(schema: z.ZodMiniType | undefined, value: unknown, what: string): unknown {
  if (schema === undefined) return undefined;
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new ValidationError(what, parsed.error.issues);
  return parsed.data;
}

/** Each path template split once into its text and parameter names: `['calendars/', 'calendarId', '']`. */
const pathParts = new Map<string, string[]>();

/** The path under the base URL, without its leading `/` (ky's `prefixUrl` ends in one), parameters encoded. */
export function buildPath(template: string, params: Record<string, string> | undefined): string {
  let parts = pathParts.get(template);
  if (parts === undefined) {
    parts = template.slice(1).split(/\{(\w+)\}/);
    // client.request() paths are the caller's: keep only the catalogue's templates (a few dozen).
    if (pathParts.size < 256) pathParts.set(template, parts);
  }
  let path = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) path += encodeURIComponent(params?.[parts[i]!] ?? '') + parts[i + 1]!;
  return path;
}

/** Query values as ky's `searchParams`, undefined and null left out; undefined when none remain. */
export function searchOf(query: Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (query === undefined) return undefined;
  let out: Record<string, string> | undefined;
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) (out ??= {})[name] = String(value);
  }
  return out;
}

/** Header names in lower case, so that `X-Request-Id` and `x-request-id` are one header. */
export function lowerCaseNames(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  if (headers === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

/** JSON, or the text itself when it is not JSON; undefined for an empty body. */
export function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
