import { operations, Problem, type OperationId } from '@medsched/sdk';
import { RuleFailure, type ConformanceCredential, type CredentialRole } from './rule.js';

/** One request a rule sends. */
export interface ProbeRequest {
  /** Which credential goes with it (default `primary`). */
  as?: CredentialRole;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path under the base URL, starting with `/`, ids already in it. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** The operation of the contract: a 2xx answer is checked against its response schema. */
  operation?: OperationId;
}

/** What came back. */
export interface ProbeAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
  text: string;
  /** `GET /calendars/?limit=1 → 200`, for messages. */
  line: string;
}

export interface ProbeOptions {
  /** The API's base address, ending in /v1. */
  baseUrl: string;
  credentials: Partial<Record<Exclude<CredentialRole, 'none'>, ConformanceCredential>>;
  /** Refuse (as a bug in the rule) any request but GET. */
  readOnly: boolean;
  /** Milliseconds one request may take. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  /** Extra headers on every request, e.g. the CLI's client name. */
  headers?: Record<string, string>;
}

/**
 * Sends the rules' requests with raw fetch rather than the SDK's resources: a rule must see the
 * exact status, headers and body the deployment sends (the SDK would turn them into errors and
 * retry 5xx and 429), and must be able to send what the SDK refuses (bad ids, bounds). The
 * contract still comes from the SDK: every 2xx answer is checked against the operation's schema,
 * every error against the problem document.
 */
export class Probe {
  readonly baseUrl: string;
  readonly #options: ProbeOptions;
  #log: string[] = [];

  constructor(options: ProbeOptions) {
    this.#options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** Whether a credential of this kind was given. */
  has(role: CredentialRole): boolean {
    return role === 'none' || this.#options.credentials[role] !== undefined;
  }

  /** The requests sent since the last call, and starts a new log. */
  takeLog(): string[] {
    const log = this.#log;
    this.#log = [];
    return log;
  }

  /** Sends one request; throws `RuleFailure` when a 2xx answer breaks the operation's schema or an error is no problem document. */
  async send(request: ProbeRequest): Promise<ProbeAnswer> {
    if (this.#options.readOnly && request.method !== 'GET') {
      // A rule that writes must say so (`writes: true`) and is not run in read-only mode.
      throw new Error(`bug: ${request.method} ${request.path} in read-only mode`);
    }
    const url = new URL(this.baseUrl + request.path);
    for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { accept: 'application/json', ...this.#options.headers, ...request.headers };
    const credential = request.as === 'none' ? undefined : this.#options.credentials[request.as ?? 'primary'];
    if (credential && 'apiKey' in credential) headers['x-api-key'] = credential.apiKey;
    if (credential && 'token' in credential) headers.authorization = `Bearer ${credential.token}`;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const shownPath = url.pathname.slice(new URL(this.baseUrl).pathname.length) + url.search;
    const response = await (this.#options.fetch ?? fetch)(url, {
      method: request.method,
      headers,
      ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
      // The API never redirects; following one would send x-api-key to wherever it points.
      redirect: 'manual',
      signal: AbortSignal.timeout(this.#options.timeoutMs ?? 15_000),
    });
    const text = await readBounded(response, `${request.method} ${shownPath}`);
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    const who = request.as && request.as !== 'primary' ? ` (as ${describeRole(request.as)})` : '';
    const line = `${request.method} ${shownPath}${who} → ${response.status}`;
    this.#log.push(line);
    const answer: ProbeAnswer = { status: response.status, headers: response.headers, body, text, line };
    if (response.ok && request.operation) checkShape(answer, request.operation);
    if (response.status >= 400) checkProblem(answer);
    return answer;
  }
}

/** The most of one answer a rule reads: far above any page the rules ask for (limit ≤ 100). */
const maxAnswerBytes = 8 * 1024 * 1024;

/** The answer's text, or a `RuleFailure` once it passes `maxAnswerBytes` (a deployment must not make the checker run out of memory). */
async function readBounded(response: Response, what: string): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxAnswerBytes) {
      await reader.cancel();
      throw new RuleFailure(`${what} → ${response.status}: the answer is larger than ${maxAnswerBytes / 1024 / 1024} MiB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A credential role in words. */
export function describeRole(role: CredentialRole): string {
  return { primary: 'main credential', patient: 'patient credential', otherOrganization: "another organization's credential", none: 'no credential' }[role];
}

/**
 * `path.to[0].field: message` for each schema issue, at most five. The same issue in many items
 * of a list is said once, with how many items have it: a renamed field breaks every entry alike.
 */
export function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  const groups = new Map<string, { first: string; count: number }>();
  for (const issue of issues) {
    const path = formatPath(issue.path);
    const key = `${path.replace(/\[\d+\]/g, '[*]')}\u0000${issue.message}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { first: `${path}: ${issue.message}`, count: 1 });
  }
  const shown = [...groups.values()].slice(0, 5).map((group) => (group.count > 1 ? `${group.first} (and in ${group.count - 1} more items)` : group.first));
  if (groups.size > 5) shown.push(`and ${groups.size - 5} more issues`);
  return shown.join('; ');
}

function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let text = '';
  for (const part of path) text += typeof part === 'number' ? `[${part}]` : `${text === '' ? '' : '.'}${String(part)}`;
  return text === '' ? '(body)' : text;
}

function checkShape(answer: ProbeAnswer, operationId: OperationId): void {
  const operation = operations[operationId];
  const parsed = operation.response.safeParse(answer.body);
  if (!parsed.success) {
    throw new RuleFailure(`${answer.line}: the answer breaks the contract of ${operationId} (${operation.method} ${operation.path}): ${describeIssues(parsed.error.issues)}`);
  }
}

function checkProblem(answer: ProbeAnswer): void {
  const parsed = Problem.safeParse(answer.body);
  if (!parsed.success) {
    throw new RuleFailure(`${answer.line}: the error is not a problem document (§7; docs/api-reference.md "Errors"): ${describeIssues(parsed.error.issues)}`);
  }
}
