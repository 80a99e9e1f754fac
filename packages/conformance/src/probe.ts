import { operations, Problem, type OperationId } from '@medsched/sdk/schemas';
import type { ConformanceCredential, CredentialRole } from './options.js';
import { RuleFailure } from './outcomes.js';
import type { ShapeLedger } from './shape-ledger.js';

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
  /** False when the answer broke its schema (2xx) or is no problem document (4xx, 5xx); the ledger has the details. */
  shapeOk: boolean;
}

/** What the probe needs to send. */
export interface ProbeOptions {
  baseUrl: string;
  credentials: Partial<Record<Exclude<CredentialRole, 'none'>, ConformanceCredential>>;
  /** Refuse (as a bug in the rule) any request but GET. */
  readOnly: boolean;
  timeoutMs?: number | undefined;
  fetch?: typeof globalThis.fetch | undefined;
  headers?: Record<string, string> | undefined;
  ledger: ShapeLedger;
}

/** A credential role in words, for messages. */
export function describeRole(role: CredentialRole): string {
  return { primary: 'main credential', patient: 'patient credential', otherOrganization: "other organization's credential", none: 'no credential' }[role];
}

/**
 * Sends the rules' requests with raw fetch rather than the SDK's resources: a rule must see the
 * exact status, headers and body the deployment sends (the SDK would turn them into errors and
 * retry 5xx and 429), and must be able to send what the SDK refuses (bad ids, bounds). The
 * contract still comes from the SDK: every 2xx answer is checked against the operation's schema,
 * every error against the problem document, and what breaks them goes to the ledger.
 */
export class Probe {
  readonly baseUrl: string;
  readonly #basePath: string;
  readonly #options: ProbeOptions;
  #log: string[] = [];

  constructor(options: ProbeOptions) {
    this.#options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    // With a root base URL (`https://host/`) the shown paths keep their leading slash.
    this.#basePath = new URL(this.baseUrl).pathname.replace(/\/+$/, '');
  }

  /** Whether a credential of this kind was given. */
  has(role: CredentialRole): boolean {
    return role === 'none' || this.#options.credentials[role] !== undefined;
  }

  /** The credential of a role, when given. */
  credential(role: Exclude<CredentialRole, 'none'>): ConformanceCredential | undefined {
    return this.#options.credentials[role];
  }

  get readOnly(): boolean {
    return this.#options.readOnly;
  }

  /** The requests sent since the last call, and starts a new log. */
  takeLog(): string[] {
    const log = this.#log;
    this.#log = [];
    return log;
  }

  /** Sends one request. Throws only when the answer cannot be read at all (too large); a broken shape goes to the ledger. */
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
    const shownPath = url.pathname.slice(this.#basePath.length) + url.search;
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
    const line = `${request.method} ${shownPath}${who(request)} → ${response.status}`;
    this.#log.push(line);
    let shapeOk = true;
    if (response.ok && request.operation) {
      const operation = operations[request.operation];
      const parsed = operation.response.safeParse(body);
      if (!parsed.success) {
        shapeOk = false;
        this.#options.ledger.record(request.operation, `${operation.method} ${operation.path}`, line, parsed.error.issues);
      }
    }
    if (response.status >= 400) {
      const parsed = Problem.safeParse(body);
      if (!parsed.success) {
        shapeOk = false;
        this.#options.ledger.record('problem', 'the problem document (§7; docs/api-reference.md "Errors")', line, parsed.error.issues);
      }
    }
    return { status: response.status, headers: response.headers, body, text, line, shapeOk };
  }
}

/** ` (as the patient credential)`, or what was sent instead of a role's credential (an unknown key). */
function who(request: ProbeRequest): string {
  const role = request.as ?? 'primary';
  if (role === 'none') {
    const sent = request.headers ?? {};
    if (sent['x-api-key'] !== undefined) return ' (with an unknown API key)';
    if (sent.authorization !== undefined) return ' (with an unknown bearer token)';
    return ' (without a credential)';
  }
  return role === 'primary' ? '' : ` (as the ${describeRole(role)})`;
}

/** The most of one answer a rule reads: far above any page the rules ask for (limit ≤ 100). */
const maxAnswerBytes = 8 * 1024 * 1024;

/** The answer's text, or a `RuleFailure` once it passes `maxAnswerBytes` (a deployment must not make the checker run out of memory). */
async function readBounded(response: Response, what: string): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxAnswerBytes) {
      await reader.cancel();
      throw new RuleFailure(`${what} → ${response.status}: the answer is larger than ${maxAnswerBytes / 1024 / 1024} MiB`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
