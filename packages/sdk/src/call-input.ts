import type * as z from 'zod/mini';
import { parserOf } from './compiled-schemas.js';
import { ValidationError } from './errors.js';

/**
 * Checks one part of a call's input against its schema; the parsed value, or a ValidationError
 * naming the fields. An unknown key gets the known key it most likely misspells:
 * `Unrecognized key: "intaketime" (did you mean "intakeTime"?)`.
 */
export function validate(schema: z.ZodMiniType | undefined, value: unknown, what: string): unknown {
  if (schema === undefined) return undefined;
  const parsed = parserOf(schema).safeParse(value ?? {});
  if (!parsed.success)
    throw new ValidationError(
      what,
      parsed.error.issues.map((issue) => withSuggestion(issue, schema)),
    );
  return parsed.data;
}

function withSuggestion(issue: z.core.$ZodIssue, schema: z.ZodMiniType): z.core.$ZodIssue {
  if (issue.code !== 'unrecognized_keys' || issue.path.length > 0) return issue;
  const shape = (schema as { _zod: { def: { shape?: Record<string, unknown> } } })._zod.def.shape;
  if (shape === undefined) return issue;
  const known = Object.keys(shape);
  const hints = issue.keys.flatMap((key) => {
    const match = known.find((name) => name.toLowerCase() === key.toLowerCase()) ?? known.find((name) => editDistance(name.toLowerCase(), key.toLowerCase()) <= 2);
    return match === undefined ? [] : [`"${key}": did you mean "${match}"?`];
  });
  return hints.length === 0 ? issue : { ...issue, message: `${issue.message} (${hints.join('; ')})` };
}

/** Levenshtein distance, for keys of at most a few dozen characters. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
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
    // oxlint-disable-next-line typescript/no-base-to-string -- query values are scalars by the operation's schema; String() is how they go on the wire
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

/**
 * Checks a value against one of the SDK's input schemas (e.g. `CalendarEntryCreateInput`) exactly
 * as a call would, before anything is sent: the parsed value, or the same `ValidationError` the
 * call would throw, naming each field (with "did you mean" for a misspelled key). For tools that
 * collect input first and must refuse it before asking anyone to confirm a write (the CLI).
 */
export function checkInput<S extends z.ZodMiniType>(schema: S, value: unknown, what: string): z.output<S> {
  return validate(schema, value, what) as z.output<S>;
}
