import type { ProbeAnswer } from './probe.js';
import { RuleFailure } from './rule.js';

/** The error code of a problem answer, if it has one. */
export function problemCode(answer: ProbeAnswer): string | undefined {
  const code = (answer.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Fails unless the answer has `status` (and, for errors, the problem `code`). The message names
 * the request, what came back and what the rule expected, e.g.
 * `PATCH /calendars/… → 422 (idempotency_key_reused): expected 409 conflict (§3 …)`.
 */
export function expectStatus(answer: ProbeAnswer, status: number, why: string, code?: string): void {
  const received = problemCode(answer);
  if (answer.status === status && (code === undefined || received === code)) return;
  const got = received === undefined ? '' : ` (${received})`;
  throw new RuleFailure(`${answer.line}${got}: expected ${status}${code ? ` ${code}` : ''}: ${why}`);
}

/** Fails with `message` unless `condition` holds. */
export function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new RuleFailure(message);
}

/** Fails unless a 400 problem names `field` in its `errors[].path` (every refused input names its field). */
export function expectFieldNamed(answer: ProbeAnswer, field: string): void {
  const errors = (answer.body as { errors?: Array<{ path?: unknown }> } | undefined)?.errors ?? [];
  const paths = errors.map((error) => String(error.path));
  expectThat(paths.some((path) => path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}[`)), `${answer.line}: the problem's errors[].path should name "${field}", it names ${paths.length ? paths.map((path) => `"${path}"`).join(', ') : 'nothing'}`);
}

/** The answer's body as an array of records (the caller has checked the status and shape). */
export function records(answer: ProbeAnswer): Array<Record<string, unknown>> {
  return Array.isArray(answer.body) ? (answer.body as Array<Record<string, unknown>>) : [];
}

/** The answer's body as one record. */
export function record(answer: ProbeAnswer): Record<string, unknown> {
  return (answer.body ?? {}) as Record<string, unknown>;
}

/** A field of an answer (e.g. a bake result's `data`) as an array of records. */
export function recordsIn(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
}
