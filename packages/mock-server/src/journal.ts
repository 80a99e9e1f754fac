import { matchRequestUrl } from 'msw';
import type { HttpMethod, OperationId, operations } from '@medsched/sdk/schemas';

/** Headers whose values are secrets: the journal keeps that they were sent, never their value. */
const secretHeaders = new Set(['x-api-key', 'authorization', 'cookie', 'x-admin-secret', 'proxy-authorization']);
/** Body fields of the development routes that carry secrets (`/dev/token`, `/dev/token/refresh`). */
const secretBodyFields = new Set(['apiKey', 'accessToken', 'refreshToken', 'password']);
export const redacted = '[redacted]';

/** How a journaled request ended: an HTTP status, a forced network error, or still open. */
export type JournalOutcome = number | 'network-error' | 'pending';

/** One request as the app sent it, secrets redacted. Plain data, so `toMatchObject` works on it. */
export interface JournalEntry<Body = unknown> {
  /** msw's id of the request. */
  id: string;
  method: string;
  url: string;
  /** The URL's path, e.g. `/v1/calendars/64d0…`. */
  path: string;
  query: Record<string, string>;
  /** Lower-case names; `x-api-key`, `authorization`, `cookie` and `x-admin-secret` read `[redacted]`. */
  headers: Record<string, string>;
  /** Parsed JSON, else the text, else undefined (no body). */
  body: Body;
  /** The API operation the request addressed (the reference server's router decides), if any. */
  operation: OperationId | undefined;
  /** The status of the answer, `network-error`, or `pending` while it is being answered. */
  outcome: JournalOutcome;
  /** When the request arrived (ISO 8601), by the mock's clock (`setupMockApi({ now })`), as `createdAt` of what it wrote. */
  at: string;
}

type InputOf<S> = S extends { '~standard': { types?: infer T } } ? (NonNullable<T> extends { input: infer I } ? I : unknown) : undefined;

/** The body type of an operation's requests, from the SDK's schema (Standard Schema types, no zod import). */
export type OperationBody<Id extends OperationId> = InputOf<(typeof operations)[Id] extends { body: infer B } ? B : undefined>;

export interface JournalFilter {
  /** `GET`, `POST`, … (any case). */
  method?: HttpMethod | Lowercase<HttpMethod> | (string & {});
  /**
   * msw path syntax or an OpenAPI template, relative to the API base (`/calendars/:id`,
   * `/calendars/{calendarId}`) or absolute (`/v1/calendars/:id`, `/dev/token`);
   * or a RegExp tested against the path.
   */
  path?: string | RegExp;
  operation?: OperationId;
}

/** A journal read's answer: the value itself in Node and in the page, a promise of it from a Playwright test. */
export type JournalRead<T, Remote extends boolean> = Remote extends true ? Promise<T> : T;

/**
 * The journal's reads, typed once for Node and the browser (`mock.journal`, answers at once) and
 * for Playwright (`mockApi.journal`, answers with promises). Written with `await`, the same lines
 * work in all three: `expect(await journal.count({ operation: 'calendars.update' })).toBe(1)`.
 */
export interface JournalReads<Remote extends boolean = false> {
  /** Every entry since the last reset, oldest first (a copy). */
  all(): JournalRead<JournalEntry[], Remote>;
  /** The entries that match the filter, oldest first. */
  find(filter?: JournalFilter): JournalRead<JournalEntry[], Remote>;
  /** The requests of one operation, with the body typed from the SDK's schema. */
  calls<Id extends OperationId>(operation: Id): JournalRead<JournalEntry<OperationBody<Id>>[], Remote>;
  /** The newest entry that matches the filter. */
  last(filter?: JournalFilter): JournalRead<JournalEntry | undefined, Remote>;
  /** How many entries match the filter. */
  count(filter?: JournalFilter): JournalRead<number, Remote>;
}

/**
 * What the app sent, in order, for WireMock-style verification:
 * `expect(mock.journal.find({ method: 'PATCH', path: '/calendars/:id' })).toHaveLength(1)`.
 */
export class RequestJournal implements JournalReads {
  #entries: JournalEntry[] = [];

  constructor(
    private readonly basePath: string,
    /** The mock's clock: one time for the journal and the records (default: real time). */
    private readonly now: () => Date = () => new Date(),
  ) {}

  all(): JournalEntry[] {
    return [...this.#entries];
  }

  /**
   * Every entry since the last reset, oldest first (a copy).
   * @deprecated Use `journal.all()`, which reads the same in Node, the browser and Playwright (there `entries()` is a method).
   */
  get entries(): JournalEntry[] {
    return this.all();
  }

  /** @deprecated Use `journal.count()`, which Playwright's journal has too. */
  get size(): number {
    return this.#entries.length;
  }

  find(filter: JournalFilter = {}): JournalEntry[] {
    return this.#entries.filter((entry) => this.#matches(entry, filter));
  }

  calls<Id extends OperationId>(operation: Id): JournalEntry<OperationBody<Id>>[] {
    return this.find({ operation }) as JournalEntry<OperationBody<Id>>[];
  }

  last(filter: JournalFilter = {}): JournalEntry | undefined {
    return this.find(filter).at(-1);
  }

  count(filter: JournalFilter = {}): number {
    return this.find(filter).length;
  }

  /** Drops every entry: the old entries become garbage at once (the mock calls this on reset). */
  clear(): void {
    this.#entries = [];
  }

  /** Records a request (reads a clone of its body) and returns the entry, to set its outcome later. */
  async record(request: Request, id: string, operation: OperationId | undefined): Promise<JournalEntry> {
    const { entry, body } = this.open(request, id, operation);
    await body;
    return entry;
  }

  /**
   * Records a request the moment it arrives, as `pending`, so that a test sees requests that are
   * still being answered (a delayed one, say). Its body is read from a clone in the background:
   * await `body` before relying on `entry.body`.
   */
  open(request: Request, id: string, operation: OperationId | undefined): { entry: JournalEntry; body: Promise<void> } {
    const url = new URL(request.url);
    const entry: JournalEntry = {
      id,
      method: request.method,
      url: request.url,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: redactHeaders(request.headers),
      body: undefined,
      operation,
      outcome: 'pending',
      at: this.now().toISOString(),
    };
    this.#entries.push(entry);
    const body = readBody(request).then(
      (value) => void (entry.body = value),
      // A body the app already consumed or that cannot be cloned stays undefined in the journal.
      () => undefined,
    );
    return { entry, body };
  }

  #matches(entry: JournalEntry, filter: JournalFilter): boolean {
    if (filter.method && entry.method !== filter.method.toUpperCase()) return false;
    if (filter.operation && entry.operation !== filter.operation) return false;
    if (filter.path instanceof RegExp) return filter.path.test(entry.path);
    if (filter.path !== undefined) {
      // Trailing slashes do not matter, as in the reference server's router.
      const strip = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
      const url = new URL(strip(entry.path), 'http://journal');
      const matches = (pattern: string) => matchRequestUrl(url, strip(pattern), 'http://journal').matches;
      // OpenAPI templates (`/calendars/{calendarId}`, as the API reference writes paths) in msw's syntax.
      const pattern = filter.path.replace(/\{(\w+)\}/g, ':$1');
      // Relative to the API base (`/calendars/:id`), or absolute (`/v1/calendars/:id`, `/dev/token`).
      return matches(`${this.basePath}${pattern}`) || matches(pattern);
    }
    return true;
  }
}

function redactHeaders(headers: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    result[name] = secretHeaders.has(name) ? redacted : value;
  });
  return result;
}

async function readBody(request: Request): Promise<unknown> {
  if (!request.body) return undefined;
  const text = await request.clone().text();
  if (text === '') return undefined;
  try {
    return redactBody(JSON.parse(text));
  } catch {
    return text;
  }
}

function redactBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, secretBodyFields.has(key) ? redacted : value]));
}
