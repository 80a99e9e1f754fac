import type { ReferenceServer, Database } from '@medsched/reference-server';
import { createClient, type ClientOptions, type MedschedClient } from '@medsched/sdk';
import type { UserRole } from '@medsched/sdk/schemas';
import { delay as mswDelay, HttpResponse, type HttpHandler, type RequestHandler } from 'msw';
import { createApiHandler, isApiRequest } from './api-handler.js';
import { demoUser, type DemoUserOptions } from './demo-users.js';
import { InFlightRequests, type Flight, type LifeCycleEvents } from './in-flight.js';
import { RequestJournal } from './journal.js';
import type { ResolvedOptions } from './mock-options.js';
import { MockState } from './mock-state.js';
import { failureResponse, type FailureSpec } from './scenarios/fail.js';
import { respondResponse, type RespondBody, type RespondOptions, type RespondRoute } from './scenarios/respond.js';
import { handlerFor, parseRoute, type RouteSpec } from './scenarios/route-spec.js';
import { SeedFactories, type MockCredential } from './seed-factories.js';

/** Where scenario handlers go: msw's `server.use` / `worker.use` (scoped inside a boundary). */
export interface HandlerHost {
  use(...handlers: RequestHandler[]): void;
  /** Drops the handlers added since start (scenarios, the app's `use`) and keeps the mock's own. */
  resetHandlers(): void;
  /** The handlers in effect where a request runs (inside an msw boundary: the boundary's). */
  listHandlers(): ReadonlyArray<unknown>;
  /** msw's life-cycle events: the journal sees each request as it arrives and as it is answered. */
  readonly events: LifeCycleEvents;
}

/** Every mock's API handler, to tell which mock is in front where a request runs (see `#opens`). */
const apiHandlers = new WeakSet<object>();

export interface AsOptions extends DemoUserOptions {
  /** Options for the SDK client; default `maxRetries: 0`, so that forced failures surface at once. */
  client?: Partial<Omit<ClientOptions, 'apiKey' | 'token'>>;
}

export interface SignInOptions extends AsOptions {
  /** Lifetime of the access token in seconds (default 3600). */
  ttlSeconds?: number;
}

/** A user to call the API as: its credential, ready-made headers and an SDK client. */
export interface MockUser {
  credential: MockCredential;
  headers: Record<string, string>;
  client: MedschedClient;
}

export interface SignedInUser extends MockUser {
  accessToken: string;
  refreshToken: string;
}

export interface ScenarioOptions {
  /** Apply to the next matching request only (msw's `once`). */
  once?: boolean;
}

/** A demo role, or a credential made with `mock.seed.credential(user)`. */
export type Who = UserRole | MockCredential;

/**
 * The test-facing API shared by Node and the browser: data (`seed`, `db`), users (`as`,
 * `signIn`), scenarios (`fail`, `delay`, `networkError`, `expireTokens`, `rateLimit`), the
 * `journal`, and `reset`. Scenarios are msw handlers put in front of the reference server's
 * (or, for rate limits, the reference pipeline's own limiter); none re-implements an endpoint.
 */
export class MockScope {
  /** What the app sent since the last reset. */
  readonly journal: RequestJournal;
  /** Typed factories that store records in the current database and return them. */
  readonly seed: SeedFactories;
  readonly baseUrl: string;
  readonly basePath: string;
  /** The mock's msw handlers; `setupMockApi`/`setupMockWorker` install them for you. */
  readonly handlers: HttpHandler[];
  #state: MockState | undefined;
  #inFlight: InFlightRequests | undefined;

  constructor(
    protected readonly options: ResolvedOptions,
    private readonly host: HandlerHost,
  ) {
    this.baseUrl = options.baseUrl;
    this.basePath = options.basePath;
    this.journal = new RequestJournal(options.basePath);
    this.seed = new SeedFactories(() => this.#current().reference.db);
    const apiHandler = createApiHandler((request, requestId) => this.#flight(request, requestId), options.basePath);
    apiHandlers.add(apiHandler);
    this.handlers = [apiHandler];
  }

  /** The reference server of the current test (database, pipeline, identity provider). */
  get reference(): ReferenceServer {
    return this.#current().reference;
  }

  /** The current in-memory database (@msw/data collections with indexes), e.g. to assert on stored state. */
  get db(): Database {
    return this.#current().reference.db;
  }

  /** Builds the first state; later states come from `reset()`. */
  async init(): Promise<void> {
    this.#state ??= await this.createState();
    this.#inFlight ??= new InFlightRequests(this.host.events, (request, requestId) => this.#open(request, requestId));
  }

  /** Stops following msw's events (an isolated scope at the end of its test). */
  dispose(): void {
    this.#inFlight?.dispose();
    this.#inFlight = undefined;
  }

  /**
   * A fresh database (demo data or empty, as configured), an empty journal, no scenarios, no
   * rate limit, a new identity provider (old tokens are void), and the app's `use` overrides
   * dropped. Call it after each test. It starts a new generation: a request still in flight
   * keeps the database it arrived in, and its late answer shows in no journal of the new one.
   */
  async reset(): Promise<void> {
    this.host.resetHandlers();
    this.journal.clear();
    // Drop the old state before building the next one, so that both are never alive at once.
    this.#state = undefined;
    await this.discardState();
    this.#state = await this.createState();
  }

  /** Builds a generation's state: a fresh seeded database (the browser may restore a saved one). */
  protected async createState(): Promise<MockState> {
    return MockState.create(this.options.seed, this.options.basePath);
  }

  /** Called by `reset()` before the next state is built (the browser forgets what it saved). */
  protected async discardState(): Promise<void> {}

  /**
   * Makes `state` the current generation at once (the browser, when another tab changed the saved
   * database). Requests in flight keep the state they arrived in.
   */
  protected replaceState(state: MockState): void {
    this.#state = state;
  }

  /**
   * Headers and an SDK client for a demo user (`'admin' | 'user' | 'patient' | 'onlyself'`, in
   * `sonnen` unless `organization` says otherwise) or for a credential from `mock.seed.credential()`.
   * @example const { client } = mock.as('user'); await client.calendars.list();
   */
  as(who: Who, options: AsOptions = {}): MockUser {
    const credential = this.#credentialOf(who, options);
    const headers = { 'x-api-key': credential.apiKey };
    return { credential, headers, client: createClient({ baseUrl: this.baseUrl, maxRetries: 0, ...options.client, apiKey: credential.apiKey }) };
  }

  /**
   * Signs a user in with the reference server's identity provider: bearer headers, the token
   * pair, and an SDK client that refreshes through `POST /dev/token/refresh` after a 401.
   */
  async signIn(who: Who, options: SignInOptions = {}): Promise<SignedInUser> {
    const credential = this.#credentialOf(who, options);
    const state = this.#current();
    const pair = await state.reference.identityProvider.issue(credential.accountId, options.ttlSeconds);
    state.tokens.note(pair.accessToken);
    let tokens = { accessToken: pair.accessToken, refreshToken: pair.refreshToken };
    const refresh = async (): Promise<string> => {
      const response = await fetch(new URL('/dev/token/refresh', this.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: tokens.refreshToken }),
      });
      if (!response.ok) throw new Error(`refreshing the token failed with ${response.status}: ${await response.text()}`);
      tokens = (await response.json()) as typeof tokens;
      return tokens.accessToken;
    };
    const client = createClient({ baseUrl: this.baseUrl, maxRetries: 0, ...options.client, token: () => tokens.accessToken, refreshToken: refresh });
    return { credential, ...pair, headers: { authorization: `Bearer ${pair.accessToken}` }, client };
  }

  /**
   * Answers matching requests with an error status and a problem document shaped like the
   * server's, until reset (or once).
   * @example mock.fail('PATCH /calendars/:id', 409)
   * @example mock.fail('calendars.list', { status: 503, headers: { 'retry-after': '1' } })
   */
  fail(route: RouteSpec, failure: FailureSpec, options: ScenarioOptions = {}): void {
    const parsed = parseRoute(route);
    // Checks the status now, so that a bad spec fails where it is written, not at request time.
    failureResponse(failure, route, 'check');
    this.host.use(
      handlerFor(parsed, this.basePath, async ({ request, requestId }) => {
        const response = failureResponse(failure, route, request.headers.get('x-request-id') ?? requestId);
        await this.#settle(request, requestId, response.status);
        return response;
      }, options),
    );
  }

  /**
   * Answers matching requests with a success body of your choosing, typed and checked against
   * the contract's response schema of that operation, until reset (or once). Beside `fail`, for
   * the one answer a test needs that the database would not give.
   * @example mock.respond('GET /calendars/:id', { ...entry, name: 'Changed elsewhere' })
   * @example mock.respond('calendars.list', [], { headers: { 'x-total-count': '0' } })
   */
  respond<Route extends RespondRoute>(route: Route, body: RespondBody<Route>, options: RespondOptions & ScenarioOptions = {}): void {
    const parsed = parseRoute(route);
    // Checks the body now, so that a wrong one fails where it is written, not at request time.
    const answer = respondResponse(route, parsed, body, options);
    this.host.use(
      handlerFor(parsed, this.basePath, async ({ request, requestId }) => {
        const response = answer(request.headers.get('x-request-id') ?? requestId);
        await this.#settle(request, requestId, response.status);
        return response;
      }, { once: options.once }),
    );
  }

  /**
   * Adds latency before matching requests are answered (by the reference server or a scenario).
   * @example mock.delay(300)  @example mock.delay('POST /calendars/bake', 2000)
   */
  delay(ms: number): void;
  delay(route: RouteSpec, ms: number, options?: ScenarioOptions): void;
  delay(routeOrMs: RouteSpec | number, maybeMs?: number, options: ScenarioOptions = {}): void {
    const [route, ms] = typeof routeOrMs === 'number' ? (['*', routeOrMs] as const) : ([routeOrMs, maybeMs] as const);
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw new RangeError(`mock.delay: give the latency in milliseconds (got ${ms})`);
    // Resolving with nothing hands the request on to the next handler, after the wait.
    this.host.use(handlerFor(parseRoute(route), this.basePath, async () => void (await mswDelay(ms)), options));
  }

  /**
   * Fails matching requests at the network level: the app's fetch rejects (TypeError), as when
   * the device is offline.
   */
  networkError(route: RouteSpec = '*', options: ScenarioOptions = {}): void {
    this.host.use(
      handlerFor(parseRoute(route), this.basePath, async ({ request, requestId }) => {
        await this.#settle(request, requestId, 'network-error');
        return HttpResponse.error();
      }, options),
    );
  }

  /**
   * Expires every bearer token issued or seen so far: the next request with one gets the
   * reference server's own 401 (`invalid_token`); tokens issued afterwards (a refresh) work.
   */
  expireTokens(): void {
    this.#current().tokens.expireAll();
  }

  /**
   * Switches on the reference server's per-credential rate limit: `limit` requests per window,
   * then 429 with `Retry-After` and `RateLimit-*` headers. Counting starts now.
   */
  rateLimit(limit: number, options: { windowSeconds?: number } = {}): void {
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`mock.rateLimit: limit must be a whole number of requests (got ${limit})`);
    this.#current().reference.pipeline.limitRate({ limit, windowSeconds: options.windowSeconds ?? 60 });
  }

  /** A request's flight: the generation it arrived in and its journal entry. */
  #flight(request: Request, requestId: string): Flight | undefined {
    return this.#inFlight?.of(request, requestId);
  }

  /** Sets the outcome of a request a scenario answered, once its journal entry is complete. */
  async #settle(request: Request, requestId: string, outcome: number | 'network-error'): Promise<void> {
    const flight = this.#flight(request, requestId);
    if (!flight) return;
    await flight.body;
    flight.entry.outcome = outcome;
  }

  /**
   * Journals an API request in the current generation, if this mock is the one in front where the
   * request runs (with `isolated`, the test's own scope, not the shared mock behind it).
   */
  #open(request: Request, requestId: string): Flight | undefined {
    const state = this.#state;
    if (!state || !isApiRequest(request, this.basePath)) return undefined;
    const front = this.host.listHandlers().find((handler) => typeof handler === 'object' && handler !== null && apiHandlers.has(handler));
    if (front !== undefined && front !== this.handlers[0]) return undefined;
    const { entry, body } = this.journal.open(request, requestId, state.operationOf(request));
    return { state, entry, body };
  }

  #credentialOf(who: Who, options: DemoUserOptions): MockCredential {
    return typeof who === 'string' ? demoUser(this.#current().reference.db, who, options) : who;
  }

  #current(): MockState {
    if (!this.#state) {
      throw new Error('the mock API is not started: call `await mock.listen()` (Node) or `await mock.start()` (browser) first, e.g. in beforeAll');
    }
    return this.#state;
  }
}
