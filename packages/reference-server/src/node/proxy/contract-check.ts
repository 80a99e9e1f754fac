import { Problem, type OperationId } from '@medsched/sdk/schemas';
import type { Router } from '../../routes/router.js';

/** One way an exchange broke the contract (the SDK's schemas). */
export interface Violation {
  /** The operation id, e.g. `calendars.get`, or `(unknown)` for a path the interface does not have. */
  operation: string;
  /** Whether the client's request or the service's answer broke it. */
  side: 'request' | 'response';
  method: string;
  /** The request's path and query, as sent. */
  path: string;
  status: number;
  /** Where: `query.limit`, `body.patient`, `[3].baked`, `status`, `header x-total-count`. */
  field: string;
  /** What the contract expects there and, where the schema's message does not say it, what came: `Invalid input: expected string, received undefined`. */
  expected: string;
  /** What came instead, e.g. `undefined`, `42`, `"nope"` (absent for a status or header). */
  received?: string;
}

/** One request and its answer, as the proxy saw them. */
export interface Exchange {
  method: string;
  /** Path under the API's base path, e.g. `/calendars/64d0…`. */
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body, or undefined. */
  requestBody: unknown;
  status: number;
  headers: Headers;
  responseBody: unknown;
  /** The answer was too large to hold and passed on unchecked: its body is not checked (its status and headers are). */
  responseUnchecked?: boolean;
}

type Issue = { path: ReadonlyArray<PropertyKey>; message: string; code?: string; expected?: string; values?: readonly unknown[]; errors?: ReadonlyArray<readonly Issue[]> };

/** The value at `path` inside `value`, or undefined. */
function valueAt(value: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current = value;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = Object.hasOwn(current, part) ? (current as Record<PropertyKey, unknown>)[part] : undefined;
  }
  return current;
}

/** A received value for a message: JSON, cut at 80 characters. */
function showValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  // oxlint-disable-next-line typescript/no-base-to-string -- only what JSON cannot write (a function, a symbol) gets here
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/**
 * What an issue expected, in words: zod says it for a type (`expected boolean, received
 * undefined`) but only `Invalid input` for a union (an open enum such as a problem's `code`):
 * there the branches' expectations are named.
 */
function expectationOf(issue: Issue): string | undefined {
  if (issue.code === 'invalid_type' && issue.expected) return issue.expected;
  if (issue.code === 'invalid_value' && issue.values) return `one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
  if (issue.code === 'invalid_union' && issue.errors) {
    const branches = new Set(issue.errors.flatMap((branch) => branch.map(expectationOf)).filter((text): text is string => text !== undefined));
    // An open enum accepts any string: its list of known values says nothing more.
    if (branches.has('string')) return 'string';
    return branches.size ? [...branches].join(' or ') : undefined;
  }
  return undefined;
}

function fieldOf(prefix: string, path: ReadonlyArray<PropertyKey>): string {
  let out = prefix;
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out === '' ? '' : '.'}${String(part)}`;
  return out === '' ? '(body)' : out;
}

/**
 * Checks one exchange against the operation the route table finds for it: the request's path
 * parameters, query and body against the operation's input schemas, a success against its
 * status and response schema (and pagination headers), an error against the problem document.
 */
export function checkExchange(router: Router, exchange: Exchange, shownPath: string): { operation: OperationId | undefined; violations: Violation[] } {
  const violations: Violation[] = [];
  const base = { method: exchange.method, path: shownPath, status: exchange.status };
  const match = router.match(exchange.method, exchange.path);
  if (match.kind !== 'route') {
    if (exchange.status < 400)
      violations.push({
        ...base,
        operation: '(unknown)',
        side: 'response',
        field: 'status',
        expected: `an error: ${exchange.method} ${exchange.path} is no operation of the interface, yet it answered ${exchange.status}`,
      });
    return { operation: undefined, violations };
  }
  const { operation } = match.route;
  const id = operation.id as OperationId;
  const add = (side: Violation['side'], prefix: string, issues: readonly Issue[], checked: unknown) => {
    for (const issue of issues.slice(0, 20)) {
      const received = showValue(valueAt(checked, issue.path));
      const expectation = expectationOf(issue);
      // Every violation names what was expected and what came, whether or not zod's message does.
      const expected = /received/.test(issue.message)
        ? issue.message
        : /expected/.test(issue.message)
          ? `${issue.message}, received ${received}`
          : `${issue.message}: expected ${expectation ?? 'another value'}, received ${received}`;
      violations.push({ ...base, operation: id, side, field: fieldOf(prefix, issue.path), expected, received });
    }
  };
  const check = (schema: { safeParse(value: unknown): { success: boolean; error?: { issues: readonly Issue[] } } } | undefined, value: unknown, side: Violation['side'], prefix: string) => {
    if (!schema) return;
    const parsed = schema.safeParse(value);
    if (!parsed.success) add(side, prefix, parsed.error?.issues ?? [], value);
  };
  check(operation.params, match.params, 'request', 'path');
  check(operation.query, exchange.query, 'request', 'query');
  if (operation.body) check(operation.body, exchange.requestBody ?? {}, 'request', 'body');
  if (exchange.status >= 200 && exchange.status < 300) {
    if (exchange.status !== operation.status) violations.push({ ...base, operation: id, side: 'response', field: 'status', expected: `${operation.status}`, received: `${exchange.status}` });
    if (!exchange.responseUnchecked) check(operation.response, exchange.responseBody, 'response', '');
    if (operation.paginated && !/^\d+$/.test(exchange.headers.get('x-total-count') ?? ''))
      violations.push({ ...base, operation: id, side: 'response', field: 'header x-total-count', expected: 'the total count of the list (a paginated operation)' });
  } else if (exchange.status >= 400) {
    if (!exchange.responseUnchecked) check(Problem, exchange.responseBody, 'response', 'problem');
  }
  return { operation: id, violations };
}
