import { Credentials, type TokenSource } from './auth.js';
import { MedschedError } from './errors.js';
import { Accounts } from './resources/accounts.js';
import { Calendars } from './resources/calendars.js';
import { Devices } from './resources/devices.js';
import { Medications } from './resources/medications.js';
import { Organizations } from './resources/organizations.js';
import { Pdf } from './resources/pdf.js';
import { Users } from './resources/users.js';
import { defaultRetryDelays, type RetryDelays } from './retry.js';
import { Transport, type LogEntry } from './transport.js';

export interface ClientOptions {
  /** The API's base address, ending in `/v1`, e.g. `http://127.0.0.1:4010/v1`. */
  baseUrl: string;
  /** An API key, sent as `x-api-key`. */
  apiKey?: string | undefined;
  /** A bearer token or a function returning the current one, sent as `Authorization: Bearer`. */
  token?: TokenSource | undefined;
  /** Called once when a bearer request gets 401; the request is retried with the token it returns. */
  refreshToken?: (() => string | Promise<string>) | undefined;
  /** Milliseconds for one attempt, reading the body included. Default 30 000. */
  timeout?: number;
  /** Retries of idempotent operations after connection errors, 408, 429 and 5xx. Default 2. */
  maxRetries?: number;
  /** Longest `Retry-After` to wait for, in milliseconds; a longer one raises `RateLimitError` at once. Default 60 000. */
  maxRetryAfter?: number;
  /** Back-off between retries. Default: 500 ms doubling up to 8 s, with jitter. */
  retryDelays?: Partial<RetryDelays>;
  /** Check every answer against the contract. Default true. */
  validateResponses?: boolean;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof globalThis.fetch;
  /** Sees each attempt: method, path, status, duration; credentials redacted. */
  logger?: (entry: LogEntry) => void;
}

/** The medsched API, one property per resource group. */
export class MedschedClient {
  readonly accounts: Accounts;
  readonly calendars: Calendars;
  readonly devices: Devices;
  readonly medications: Medications;
  readonly organizations: Organizations;
  readonly users: Users;
  readonly pdf: Pdf;
  /** The base address requests go to. */
  readonly baseUrl: string;

  constructor(options: ClientOptions) {
    if (!options || typeof options.baseUrl !== 'string' || !/^https?:\/\//.test(options.baseUrl)) {
      throw new MedschedError('createClient needs a baseUrl such as http://127.0.0.1:4010/v1', 'invalid_options');
    }
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    const transport = new Transport({
      baseUrl: this.baseUrl,
      credentials: new Credentials(options),
      timeout: options.timeout ?? 30_000,
      maxRetries: options.maxRetries ?? 2,
      maxRetryAfterMs: options.maxRetryAfter ?? 60_000,
      retryDelays: { ...defaultRetryDelays, ...options.retryDelays },
      validateResponses: options.validateResponses ?? true,
      headers: options.headers ?? {},
      fetch: options.fetch,
      logger: options.logger,
    });
    this.accounts = new Accounts(transport);
    this.calendars = new Calendars(transport);
    this.devices = new Devices(transport);
    this.medications = new Medications(transport);
    this.organizations = new Organizations(transport);
    this.users = new Users(transport);
    this.pdf = new Pdf(transport);
  }
}

/**
 * Creates a client for the medsched API.
 * @example
 * const client = createClient({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: process.env.MEDSCHED_API_KEY });
 * const entry = await client.calendars.get('65a1f0c2e4b0a1b2c3d4e5f6');
 */
export function createClient(options: ClientOptions): MedschedClient {
  return new MedschedClient(options);
}
