import type { ReferenceServer } from '@medsched/reference-server';
import { HttpResponse, type HttpHandler } from 'msw';
import { rememberedApiKeyHashes } from './api-key-hashes.js';
import { demoUser, type DemoUserOptions } from './demo-users.js';
import { GenerationGate } from './generation-gate.js';
import { Generations } from './generations.js';
import type { HandlerHost } from './handler-host.js';
import { RequestJournal } from './journal.js';
import { MockClock } from './mock-clock.js';
import { mockDatabaseOf, type MockDatabase } from './mock-db/mock-database.js';
import type { ResolvedOptions } from './mock-options.js';
import type { MockState } from './mock-state.js';
import { MockAnswers } from './mock-answers.js';
import { ApiKeyClients, refreshingClient, type AsOptions, type MockUser, type SignedInUser, type SignInOptions, type Who } from './mock-users.js';
import { ScenarioBase, type BaseOptions } from './scenario-base.js';
import { snapshotOf } from './scenario-snapshot.js';
import { failureResponse, type FailureSpec } from './scenarios/fail.js';
import { respondResponse, type RespondBody, type RespondOptions, type RespondRoute } from './scenarios/respond.js';
import { Latency } from './scenarios/latency.js';
import { checkRateLimit, delayArguments } from './scenarios/scenario-checks.js';
import { parseRoute, type RouteSpec } from './scenarios/route-spec.js';
import { scenarioHandler, type ScenarioOptions } from './scenarios/scenario-handler.js';
import { SeedFactories, type MockCredential } from './seed-factories.js';

/**
 * The test-facing API shared by Node and the browser: data (`seed`, `db`), users (`as`,
 * `signIn`), scenarios (`fail`, `delay`, `networkError`, `expireTokens`, `rateLimit`), the
 * `journal`, and `reset`. Scenarios are msw handlers put in front of the reference server's
 * pipeline (or, for rate limits, the pipeline's own limiter); none re-implements an endpoint.
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
  readonly #clock: MockClock;
  readonly #generations: Generations;
  /** One signing key for the mock's life: tokens from `signIn()` survive `reset()`. */
  readonly #tokenSecret = Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  readonly #hashApiKey = rememberedApiKeyHashes();
  readonly #clients: ApiKeyClients;
  readonly #gate: GenerationGate;
  readonly #answers: MockAnswers;
  /** `mock.delay()`: applied before every answer of the mock, whatever the order of the calls. */
  readonly #latency: Latency;

  constructor(
    protected readonly options: ResolvedOptions,
    private readonly host: HandlerHost,
  ) {
    this.baseUrl = options.baseUrl;
    this.basePath = options.basePath;
    this.#clock = new MockClock(options.now);
    this.journal = new RequestJournal(options.basePath, () => this.#clock.now());
    this.#latency = new Latency(options.basePath);
    this.#generations = new Generations({
      build: (first) => this.buildBase(first),
      inUse: (generation) => this.#answers.inUse(generation),
      revertInPlace: () => this.revertInPlace(),
      beforeReset: () => this.beforeReset(),
    });
    this.#gate = new GenerationGate(this.#generations, (what) => this.checkInterception(what));
    this.#clients = new ApiKeyClients(options.baseUrl);
    this.seed = new SeedFactories({ ready: () => this.#gate.ready('mock.seed'), now: () => this.#clock.now() });
    this.#answers = new MockAnswers({ basePath: options.basePath, generations: this.#generations, latency: this.#latency, journal: this.journal, host });
    this.handlers = [this.#answers.handler];
  }

  /** The reference server of the current test (database, pipeline, identity provider). */
  get reference(): ReferenceServer {
    return this.#gate.settled('mock.reference').reference;
  }

  /**
   * The current in-memory database, e.g. to assert on stored state: one collection per table with
   * @msw/data's query API (`findFirst`, `findMany`, `count`, `update`, `delete`, …) over all its
   * shards, and reads by key (`get`, `group`). Writes through it keep the indexes in step, and
   * `reset()` undoes them. The reference server's own tables: `mock.reference.db`.
   * @example mock.db.calendarEntries.findMany((q) => q.where({ patient: patientId }))
   */
  get db(): MockDatabase {
    return mockDatabaseOf(this.#gate.settled('mock.db').db);
  }

  /** The mock's clock now (`setupMockApi({ now })`; the real time by default). */
  now(): Date {
    return this.#clock.now();
  }

  /** Builds the first state; later states come from `reset()`. */
  async init(): Promise<void> {
    this.#answers.follow();
    await this.#generations.start();
  }

  /** Resolves when a running `reset()` (or the start) has made the current test's world. */
  async ready(): Promise<void> {
    await this.#gate.ready('mock.ready()');
  }

  /** Stops following msw's events (an isolated scope at the end of its test). */
  dispose(): void {
    this.#answers.dispose();
  }

  /**
   * The scenario's data again (demo data or empty, as configured), an empty journal, no
   * scenarios, no rate limit, the clock restarted, and the app's `use` overrides dropped. Call it
   * after (or before) each test; awaiting it is optional: from the moment it is called, requests,
   * `mock.seed.*`, `signIn()` and `ready()` wait until the data is back, and none reaches the
   * network in between. Signed-in users stay signed in when they are part of the scenario.
   *
   * It is cheap: the scenario is seeded once per process, and a reset undoes what the test
   * wrote. A request still in flight from the test before keeps the world it arrived in (its
   * late answer lands in no journal of the next test); then the next world is a new copy.
   */
  reset(): Promise<void> {
    this.checkInterception('mock.reset()');
    this.host.resetHandlers();
    this.journal.clear();
    this.#latency.clear();
    this.#clock.restart();
    return this.#generations.reset().then(() => undefined);
  }

  /**
   * Ends every scenario and keeps the data: `fail`, `respond`, `networkError` and the app's `use`
   * overrides are dropped, `delay`s end (a request already waiting keeps its wait), tokens expired
   * with `expireTokens()` work again and the rate limit is off. The database (and, in the browser,
   * the saved one), the journal, the clock and signed-in users stay as they are: switching
   * scenarios in a running app or between steps of a test. `reset()` is the way back to the seed.
   * @example mock.fail('calendars.list', 503); …; mock.clearScenarios(); // the list loads again, with the data the app wrote
   */
  clearScenarios(): void {
    this.#gate.mustBeStarted('mock.clearScenarios()');
    this.host.resetHandlers();
    this.#latency.clear();
    this.#gate.whenSettled((state) => {
      state.tokens.clear();
      state.reference.pipeline.limitRate(undefined);
    });
  }

  /** Builds a base with the scenario's data (the browser may restore a saved database instead). */
  protected async buildBase(_first: boolean): Promise<ScenarioBase> {
    return ScenarioBase.fromSnapshot(await snapshotOf(this.options.seed), this.baseOptions);
  }

  /** What every base of this mock shares: base path, clock, signing key, key hashes. */
  protected get baseOptions(): BaseOptions {
    return { basePath: this.options.basePath, now: () => this.#clock.now(), tokenSecret: this.#tokenSecret, hashApiKey: this.#hashApiKey };
  }

  /**
   * Throws `MockApiError` `other_msw` when another msw server took the mock's requests over since it
   * started (Node's `MockApi` watches the realm's interceptors; a scope inside a boundary does not).
   */
  protected checkInterception(_what: string): void {}

  /** Whether `reset()` may undo the test's writes in place (not for the browser's saved database). */
  protected revertInPlace(): boolean {
    return true;
  }

  /** Called by `reset()` before the next state is made (the browser forgets what it saved). */
  protected beforeReset(): void {}

  /**
   * Makes a state on `base` the current generation at once (the browser, when another tab changed
   * the saved database). Requests in flight keep the state they arrived in.
   */
  protected replaceBase(base: ScenarioBase): void {
    this.#generations.replace(base);
  }

  /**
   * Headers and an SDK client for a demo user (`'admin' | 'user' | 'patient' | 'onlyself'`, in
   * `sonnen` unless `organization` says otherwise) or for a credential from `mock.seed.credential()`.
   * Works during a `reset()` too: the client's requests wait for it.
   * @example const { client } = mock.as('user'); await client.calendars.list();
   */
  as(who: Who, options: AsOptions = {}): MockUser {
    const credential = this.#credentialOf(who, options, this.#generations.settled);
    const headers = { 'x-api-key': credential.apiKey };
    return { credential, headers, client: this.#clients.for(credential.apiKey, options.client) };
  }

  /**
   * Signs a user in with the reference server's identity provider: bearer headers, the token
   * pair, and an SDK client that refreshes through `POST /dev/token/refresh` after a 401.
   * The session survives `reset()` for users of the scenario (same ids, same signing key); a
   * user made in a test ends with it (the server answers 401, and the refresh says so).
   */
  async signIn(who: Who, options: SignInOptions = {}): Promise<SignedInUser> {
    const state = await this.#gate.ready('mock.signIn()');
    const credential = this.#credentialOf(who, options, state);
    const pair = await state.reference.identityProvider.issue(credential.accountId, options.ttlSeconds);
    state.tokens.note(pair.accessToken);
    const client = refreshingClient(this.baseUrl, credential, pair, options.client);
    return { credential, ...pair, headers: { authorization: `Bearer ${pair.accessToken}` }, client };
  }

  /**
   * Answers matching requests with an error status and a problem document shaped like the
   * server's, until reset (or once).
   * @example mock.fail('PATCH /calendars/:id', 409)
   * @example mock.fail('calendars.list', { status: 503, headers: { 'retry-after': '1' } })
   */
  fail(route: RouteSpec, failure: FailureSpec, options: ScenarioOptions = {}): void {
    this.#gate.mustBeStarted(`mock.fail("${route}")`);
    const parsed = parseRoute(route);
    // Checks the status now, so that a bad spec fails where it is written, not at request time.
    failureResponse(failure, route, 'check');
    this.host.use(this.#scenario(parsed, (request, requestId) => failureResponse(failure, route, request.headers.get('x-request-id') ?? requestId), options));
  }

  /**
   * Answers matching requests with a success body of your choosing, typed and checked against
   * the contract's response schema of that operation, until reset (or once). Beside `fail`, for
   * the one answer a test needs that the database would not give.
   * @example mock.respond('GET /calendars/:id', { ...entry, name: 'Changed elsewhere' })
   * @example mock.respond('calendars.list', [], { headers: { 'x-total-count': '0' } })
   */
  respond<Route extends RespondRoute>(route: Route, body: RespondBody<Route>, options: RespondOptions & ScenarioOptions = {}): void {
    this.#gate.mustBeStarted(`mock.respond("${route}")`);
    const parsed = parseRoute(route);
    // Checks the body now, so that a wrong one fails where it is written, not at request time.
    const answer = respondResponse(route, parsed, body, options);
    this.host.use(this.#scenario(parsed, (request, requestId) => answer(request.headers.get('x-request-id') ?? requestId), { once: options.once }));
  }

  /**
   * Adds latency before matching requests are answered, by the reference server or by a
   * scenario (`fail`, `respond`, `networkError`), whatever the order of the calls: `delay` then
   * `fail` and `fail` then `delay` both wait, then fail. Matching delays add up; `once` delays
   * are used up by the next matching request. Handlers of your own (`server.use`) are not delayed.
   * @example mock.delay(300)  @example mock.delay('POST /calendars/bake', 2000)
   */
  delay(ms: number): void;
  delay(route: RouteSpec, ms: number, options?: ScenarioOptions): void;
  delay(routeOrMs: RouteSpec | number, maybeMs?: number, options: ScenarioOptions = {}): void {
    this.#gate.mustBeStarted(typeof routeOrMs === 'number' ? `mock.delay(${routeOrMs})` : `mock.delay("${routeOrMs}")`);
    const [route, ms] = delayArguments(routeOrMs, maybeMs);
    this.#latency.add(parseRoute(route), ms, options.once ?? false);
  }

  /**
   * Fails matching requests at the network level: the app's fetch rejects (TypeError), as when
   * the device is offline.
   */
  networkError(route: RouteSpec = '*', options: ScenarioOptions = {}): void {
    this.#gate.mustBeStarted(`mock.networkError("${route}")`);
    this.host.use(this.#scenario(parseRoute(route), () => HttpResponse.error(), options));
  }

  /**
   * Expires every bearer token issued or seen so far: the next request with one gets the
   * reference server's own 401 (`invalid_token`); tokens issued afterwards (a refresh) work.
   */
  expireTokens(): void {
    this.#gate.whenSettled((state) => state.tokens.expireAll());
  }

  /**
   * Switches on the reference server's per-credential rate limit: `limit` requests per window,
   * then 429 with `Retry-After` and `RateLimit-*` headers. Counting starts now.
   */
  rateLimit(limit: number, options: { windowSeconds?: number } = {}): void {
    checkRateLimit(limit);
    this.#gate.whenSettled((state) => state.reference.pipeline.limitRate({ limit, windowSeconds: options.windowSeconds ?? 60 }));
  }

  /** A scenario's handler: latency, its answer, the outcome in the request's journal entry. */
  #scenario(route: ReturnType<typeof parseRoute>, answer: (request: Request, requestId: string) => Response, options: ScenarioOptions): HttpHandler {
    return scenarioHandler(route, this.basePath, this.#latency, (request, requestId, outcome) => this.#answers.settle(request, requestId, outcome), answer, options);
  }

  /**
   * The credential of a demo role (checked against `state`'s database when there is one; during a
   * reset, against the seed the reset restores) or the credential given.
   */
  #credentialOf(who: Who, options: DemoUserOptions, state: MockState | undefined): MockCredential {
    return typeof who === 'string' ? demoUser(state?.db, this.options.seed, who, options) : who;
  }
}
