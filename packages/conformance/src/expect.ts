import type { ProbeAnswer } from './probe.js';
import { RuleBlocked, RuleFailure } from './outcomes.js';

/** The rule that reports what breaks the contract; blocked rules point at it. */
export const shapeRuleId = 'contract.answer-shapes';

/** The error code of a problem answer, if it has one. */
export function problemCode(answer: ProbeAnswer): string | undefined {
  const code = (answer.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Fails unless the answer has `status` (and, for errors, the problem `code`). The message names
 * the request, what came back and what the rule expected, e.g.
 * `PATCH /calendars/… → 422 (idempotency_key_reused): expected 409 conflict (§3 …)`.
 * When the status is right but the body is no problem document, the code cannot be read: that is
 * reported once by the contract rule, and this rule is blocked rather than failed again.
 */
export function expectStatus(answer: ProbeAnswer, status: number, why: string, code?: string): void {
  const received = problemCode(answer);
  if (answer.status === status && (code === undefined || received === code)) return;
  if (answer.status === status && received === undefined && !answer.shapeOk) {
    throw new RuleBlocked(`blocked: ${answer.line} is no problem document, so its code (expected ${code}) cannot be read; ${shapeRuleId} reports the body`);
  }
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
  const paths = Array.isArray(errors) ? errors.map((error) => String(error?.path)) : [];
  expectThat(
    paths.some((path) => path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}[`)),
    `${answer.line}: the problem's errors[].path should name "${field}", it names ${paths.length ? paths.map((path) => `"${path}"`).join(', ') : 'nothing'}`,
  );
}

/** The answer's body as an array of records (the caller has checked the status). */
export function records(answer: ProbeAnswer): Array<Record<string, unknown>> {
  return Array.isArray(answer.body) ? (answer.body as unknown[]).filter(isRecord) : [];
}

/** The answer's body as one record. */
export function record(answer: ProbeAnswer): Record<string, unknown> {
  return isRecord(answer.body) ? answer.body : {};
}

/** A field of an answer (e.g. a bake result's `data`) as an array of records. */
export function recordsIn(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

type Kinds = { string: string; boolean: boolean; number: number };

/**
 * A field a rule needs, of the type the contract gives it. When the answer does not have it so,
 * the rule cannot judge: it is blocked (a skip naming the field) and the contract rule reports the
 * field once, so that a renamed field is one failure, not one per rule that reads it.
 */
export function field<K extends keyof Kinds>(answer: ProbeAnswer, item: Record<string, unknown>, name: string, kind: K): Kinds[K] {
  const value = item[name];
  if (typeof value === kind) return value as Kinds[K];
  throw new RuleBlocked(`blocked: ${answer.line} answered ${name} ${value === undefined ? 'missing' : `as ${JSON.stringify(value)?.slice(0, 60)}`}, not a ${kind}; ${shapeRuleId} reports the field`);
}

/** A field that may be absent (the real service may leave it out), or undefined when it is not of `kind`. */
export function optionalField<K extends keyof Kinds>(item: Record<string, unknown>, name: string, kind: K): Kinds[K] | undefined {
  const value = item[name];
  return typeof value === kind ? (value as Kinds[K]) : undefined;
}
