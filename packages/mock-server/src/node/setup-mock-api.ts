import * as mswNode from 'msw/node';
import { setupServer, type SetupServer } from 'msw/node';
import { resolveOptions, type MockApiOptions } from '../mock-options.js';
import { MockScope } from '../mock-scope.js';
import { InterceptorWatch, refuseOtherInterceptors } from '../other-interceptors.js';
import { unhandledRequestOptions, type UnhandledRequestStrategy } from '../unhandled-requests.js';
import { callSite, claimListening, releaseListening } from './one-mock-per-process.js';

export interface ListenOptions {
  /**
   * What to do with a request no handler answers (another host, a typo'd path outside the API).
   * Default `'error'`: msw prints the method and URL, and the app's fetch rejects. (A strategy
   * function that throws would turn the request into a 500 answer instead of a rejection.)
   */
  onUnhandledRequest?: UnhandledRequestStrategy;
}

/** The mock API in Node (vitest, jest): msw's `setupServer` running the reference server's behaviour. */
export class MockApi extends MockScope {
  /** The msw server: `mock.server.use(...)` adds the app's own handlers in front of the mock's. */
  readonly server: SetupServer;
  /** Where this mock was set up, for the error about a second listening mock. */
  readonly #createdAt = callSite();
  #listening = false;
  /** The realm's msw interceptors as the mock's listen() left them: another server's change shows. */
  #interceptors: InterceptorWatch | undefined;

  constructor(options: MockApiOptions = {}) {
    let server: SetupServer | undefined;
    super(resolveOptions(options, 'https://api.medsched.test/v1'), {
      use: (...handlers) => server!.use(...handlers),
      resetHandlers: () => server!.resetHandlers(),
      listHandlers: () => server!.listHandlers(),
      get events() {
        return server!.events;
      },
    });
    server = setupServer(...this.handlers);
    this.server = server!;
  }

  /**
   * Builds the first database and starts intercepting. Call it in `beforeAll`. Fails with
   * `MockApiError` code `already_listening` while another mock listens in this process (two
   * would both answer and journal every request): share one, or close the other first. Fails
   * with `other_msw` while a plain msw server listens here (it would take the mock's requests
   * over); one that starts listening later fails the mock's next call (`reset()`, a scenario, a
   * seed, `mock.db`) the same way.
   */
  async listen(options: ListenOptions = {}): Promise<void> {
    claimListening(this, this.#createdAt);
    try {
      refuseOtherInterceptors('process', sharedSources());
      await this.init();
      this.server.listen(unhandledRequestOptions(options.onUnhandledRequest ?? 'error'));
      this.#interceptors = new InterceptorWatch('process', sharedSources());
      this.#listening = true;
    } catch (error) {
      releaseListening(this);
      throw error;
    }
  }

  /**
   * Stops intercepting. Call it in `afterAll`. Harmless when the mock does not listen (never
   * started, or closed already), under msw 3 too, whose `close()` then throws.
   */
  close(): void {
    if (!this.#listening) return;
    this.#listening = false;
    this.#interceptors = undefined;
    this.server.close();
    releaseListening(this);
  }

  protected override checkInterception(what: string): void {
    this.#interceptors?.check(what);
  }

  /**
   * Runs a test in its own msw boundary with its own mock (database, journal, scenarios), so that
   * concurrent tests (`it.concurrent`) never see each other's data, failures or requests. The
   * app's `mock.server.use(...)` inside the test is scoped to it too.
   * @example it.concurrent('x', mock.isolated(async (api) => { api.fail('calendars.list', 500); ... }))
   */
  isolated<Args extends unknown[], R>(test: (scope: MockScope, ...args: Args) => R | Promise<R>): (...args: Args) => Promise<R> {
    return this.server.boundary(async (...args: Args) => {
      const scope: MockScope = new MockScope(this.options, {
        use: (...handlers) => this.server.use(...handlers),
        // Inside a boundary, resetHandlers goes back to the handlers at its start: put the scope's back.
        resetHandlers: () => {
          this.server.resetHandlers();
          this.server.use(...scope.handlers);
        },
        listHandlers: () => this.server.listHandlers(),
        events: this.server.events,
      });
      await scope.init();
      this.server.use(...scope.handlers);
      try {
        return await test(scope, ...args);
      } finally {
        scope.dispose();
      }
    });
  }
}

/**
 * msw 3's network sources, shared by every `setupServer()` of the process (`defaultNetworkOptions`
 * of msw/node; absent in msw 2): a server's `listen()` replaces their listener with its own.
 */
function sharedSources(): readonly unknown[] {
  const options = (mswNode as { defaultNetworkOptions?: { sources?: unknown } }).defaultNetworkOptions;
  return Array.isArray(options?.sources) ? options.sources : [];
}

/**
 * The medsched API for tests in Node, on a fresh in-memory database per test.
 * @example
 * const mock = setupMockApi();
 * beforeAll(() => mock.listen());
 * afterEach(() => mock.reset());
 * afterAll(() => mock.close());
 */
export function setupMockApi(options: MockApiOptions = {}): MockApi {
  return new MockApi(options);
}
